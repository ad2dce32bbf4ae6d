// validate of a JSON document too large to hold, record by record (src/io/json-record-reader.ts cuts
// the records out of the bytes), with the findings the same document gets in memory
// (validate-document.ts): the same paths (`$.evaluations[123].status.value`), rules, messages,
// strict mode and folding, the same dataset checks (the lists' shapes, duplicate human evaluation
// ids) and the same words for what it holds. One difference: findings come in the file's order, so
// a dataset whose `human_evaluations` come before its `evaluations` lists them first (the same
// findings). Pure: runs in browsers too.
import { ToolkitError } from "../errors.js";
import type { RecordHandler, RecordRead, ValueKind } from "../io/json-record-reader.js";
import type { ResourceName } from "../schemas/names.js";
import { isPlainObject } from "../types/json.js";
import { DATASET_LISTS } from "./check-dataset.js";
import type { FindingSink } from "./finding-sink.js";
import type { Finding } from "./finding.js";
import { plural } from "./format-findings.js";
import { oversizedNumberRestorer, showsOversizedNumber } from "./oversized-numbers.js";
import { createRecordChecker, type RecordChecker } from "./record-checker.js";
import { DATASET, type ValidateSchema } from "./validate-document.js";

export interface RecordStreamValidation extends RecordHandler {
  /** The document is complete: the dataset's last checks; E_USAGE when no schema was named and it is no dataset. */
  finish(): void;
  /** The schema it was checked against. */
  schema(): ValidateSchema;
  /** What it held, in words (describeRecords). */
  records(): string;
}

const LIST_SCHEMAS = new Map<string, ResourceName>(DATASET_LISTS);

const listShape = (key: string): Finding => ({
  severity: "error",
  path: `$.${key}`,
  rule: "dataset-shape",
  message: `must be an array of ${LIST_SCHEMAS.get(key)!}`,
});

/**
 * Checks the records of the document `source` names into `sink`, against `named` or, when undefined,
 * as a dataset if it is one; `schemaNeeded` is the error when it is not.
 */
export function createRecordStreamValidation(
  source: string,
  sink: FindingSink,
  named: ValidateSchema | undefined,
  schemaNeeded: () => Error,
): RecordStreamValidation {
  const schema: ValidateSchema = named ?? DATASET;
  let root: ValueKind = "scalar";
  /** Records read: of the root array, or of each list. */
  let items = 0;
  /** Each list's last value: its records' count when it was an array, "other" when it was not. */
  const lists = new Map<string, number | "other">();
  const checkers = new Map<string, RecordChecker>();
  const humanIds = new Set<string>();
  const duplicates: Finding[] = [];
  // The record being reported: its text and where its findings' paths start.
  let text: string | undefined;
  let base = "$";
  let restore: ReturnType<typeof oversizedNumberRestorer> | undefined;

  /** A finding of the record: a number too large for a double shown as written (the text's paths start at the record). */
  const found = (f: Finding, pattern?: string): void => {
    if (text !== undefined && showsOversizedNumber(f.message)) {
      restore ??= oversizedNumberRestorer(text);
      f.message = restore({ ...f, path: `$${f.path.slice(base.length)}` }).message;
    }
    sink.found(f, pattern);
  };

  const valueOf = (read: RecordRead, where: string): unknown => {
    if ("value" in read) return read.value;
    if ("tooLarge" in read) return undefined;
    try {
      return JSON.parse(read.text) as unknown;
    } catch (error) {
      throw new ToolkitError(
        "E_JSON_PARSE",
        `${source} is not valid JSON: ${(error as Error).message} (in ${where}, the value at byte offset ${read.offset})`,
      );
    }
  };

  const check = (name: ResourceName, read: RecordRead, key: string): void => {
    base = key;
    const value = valueOf(read, key);
    if ("tooLarge" in read) {
      const limit = read.tooLarge.toLocaleString("en-US");
      sink.found({
        severity: "error",
        path: key,
        rule: "record-size",
        message: `larger than ${limit} bytes, the largest record read: not checked`,
      });
      return;
    }
    let checker = checkers.get(name);
    if (checker === undefined) checkers.set(name, (checker = createRecordChecker(name)));
    text = "text" in read ? read.text : undefined;
    restore = undefined;
    if (checker.check(value)) checker.report(key, found, sink.counted);
    if (name === "HumanEvaluation") {
      // GET /human-evaluations/{id} must return the record the list shows: ids must be unique (check-dataset.ts).
      const id = isPlainObject(value) && typeof value["id"] === "string" ? value["id"] : undefined;
      if (id === undefined) return;
      if (humanIds.has(id))
        duplicates.push({ severity: "error", path: `${key}.id`, rule: "duplicate-id", message: `id "${id}" is used twice` });
      humanIds.add(id);
    }
  };

  return {
    root(kind) {
      root = kind;
      if (schema !== DATASET) return kind === "array" ? "items" : "record";
      if (kind === "object") return "members";
      if (named === undefined) throw schemaNeeded();
      sink.found({
        severity: "error",
        path: "$",
        rule: "dataset-shape",
        message: "must be an object {evaluations: [...], human_evaluations: [...]}",
      });
      // The items of an array are counted for the words, not checked.
      return kind === "array" ? "items" : "skip";
    },
    member(key, kind) {
      if (key === undefined || !LIST_SCHEMAS.has(key)) return "skip";
      lists.set(key, kind === "array" ? 0 : "other");
      if (kind === "array") return "items";
      // Said where the list is, as in memory; a list left out is said at the end.
      if (named !== undefined) sink.found(listShape(key));
      return "skip";
    },
    record(read, list, index) {
      items++;
      if (schema !== DATASET) return check(schema, read, root === "array" ? `$[${index}]` : "$");
      if (list === undefined) return;
      lists.set(list, index + 1);
      check(LIST_SCHEMAS.get(list)!, read, `$.${list}[${index}]`);
    },
    finish() {
      if (schema !== DATASET || root !== "object") return;
      const isDataset = DATASET_LISTS.every(([key]) => typeof lists.get(key) === "number");
      if (named === undefined && !isDataset) throw schemaNeeded();
      for (const [key] of DATASET_LISTS) if (!lists.has(key)) sink.found(listShape(key));
      for (const f of duplicates) sink.found(f);
    },
    schema: () => schema,
    records() {
      if (schema !== DATASET) return root === "array" ? plural(items, `${schema} record`) : `1 ${schema}`;
      if (root === "array") return plural(items, "Dataset record");
      const [evaluations, human] = DATASET_LISTS.map(([key]) => lists.get(key));
      if (typeof evaluations !== "number" || typeof human !== "number") return "1 Dataset";
      return `${plural(evaluations, "Evaluation record")}, ${plural(human, "HumanEvaluation record")}`;
    },
  };
}
