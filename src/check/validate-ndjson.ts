// validate of NDJSON (src/io/ndjson-lines.ts hands over the lines): each line is a document of its
// own, checked as validate checks a file (a record, an array of records, a dataset) against the
// schema named or, when none is, the one it shows (record-kind.ts): the fixtures' `{"kind": ...,
// "record": ...}` lines are unwrapped. Findings name their line (`line 1204: $.status.value`); a line
// that is not JSON, not UTF-8 or too long is a finding on that line, and the run goes on. Pure:
// runs in browsers too.
import { MAX_JSON_DEPTH, exceedsJsonDepth, tooDeepMessage } from "../io/json-depth.js";
import type { ResourceName } from "../schemas/names.js";
import { looksLikeDataset, visitDataset } from "./check-dataset.js";
import type { FindingSink } from "./finding-sink.js";
import type { Finding } from "./finding.js";
import { plural } from "./format-findings.js";
import { oversizedNumberRestorer, showsOversizedNumber } from "./oversized-numbers.js";
import { createRecordChecker, type RecordChecker } from "./record-checker.js";
import { recordKindOf, unwrapFixtureLine } from "./record-kind.js";
import { DATASET, VALIDATE_SCHEMAS, type ValidateSchema } from "./validate-document.js";

export interface NdjsonValidation {
  /** A line that is not blank (its number counts every line, from 1). */
  line(text: string, number: number): void;
  /** A line that could not be read: not UTF-8 (`json-syntax`), or too long (`record-size`). */
  fault(number: number, kind: "utf-8" | "too-long", reason: string): void;
  /** The schema the lines were checked against: the one named, the one every record showed, or Dataset for a mix. */
  schema(): ValidateSchema;
  /** What the lines held, in words: `1,000 Evaluation records, 20 HumanEvaluation records`. */
  records(): string;
}

/** Checks NDJSON lines into `sink`, against `named` or, when undefined, the schema each line shows. */
export function createNdjsonValidation(sink: FindingSink, named?: ValidateSchema): NdjsonValidation {
  const checkers = new Map<ResourceName, RecordChecker>();
  const counts = new Map<ValidateSchema, number>();
  const count = (schema: ValidateSchema, n = 1): void => void counts.set(schema, (counts.get(schema) ?? 0) + n);
  // The line being checked: its text and number, whether it is a fixtures line.
  let text = "";
  let lineNumber = 0;
  let wrapped = false;
  let restore: ReturnType<typeof oversizedNumberRestorer> | undefined;

  const lineError = (number: number, rule: string, message: string): void =>
    sink.found({ severity: "error", path: `line ${number}: $`, rule, message });

  /** A finding of the line's value (made afresh: changed in place): a number too large for a double shown as written, the path the line's. */
  const found = (f: Finding, pattern?: string): void => {
    if (showsOversizedNumber(f.message)) {
      restore ??= oversizedNumberRestorer(text);
      // The text's paths start at the line: a fixtures line's record is `$.record`.
      f.message = restore({ ...f, path: wrapped ? `$.record${f.path.slice(1)}` : f.path }).message;
    }
    f.path = `line ${lineNumber}: ${f.path}`;
    sink.found(f, pattern);
  };

  const checkRecord = (schema: ResourceName, value: unknown, base: string): void => {
    let checker = checkers.get(schema);
    if (checker === undefined) checkers.set(schema, (checker = createRecordChecker(schema)));
    count(schema);
    if (checker.check(value)) checker.report(base, found, sink.counted);
  };

  const checkDataset = (value: unknown): void => {
    if (looksLikeDataset(value)) {
      const dataset = value as { evaluations: unknown[]; human_evaluations: unknown[] };
      count("Evaluation", dataset.evaluations.length);
      count("HumanEvaluation", dataset.human_evaluations.length);
    } else count(DATASET);
    visitDataset(value, found, sink.counted);
  };

  /** One value of the line (an item of its array: `base` `$[2]`) against the schema it shows. */
  const checkShown = (value: unknown, base: string): void => {
    if (looksLikeDataset(value)) return checkDataset(value);
    const kind = recordKindOf(value);
    if (kind !== undefined) return checkRecord(kind, value, base);
    found({
      severity: "error",
      path: base,
      rule: "record-kind",
      message: "neither an Evaluation nor a HumanEvaluation by its properties: name the schema (--schema)",
    });
  };

  return {
    line(lineText, number) {
      let value: unknown;
      try {
        value = JSON.parse(lineText) as unknown;
      } catch (error) {
        lineError(number, "json-syntax", `not JSON: ${(error as Error).message}`);
        return;
      }
      // Deeper than the limit needs two brackets a level: a short line cannot be.
      if (lineText.length > 2 * MAX_JSON_DEPTH && exceedsJsonDepth(value)) {
        lineError(number, "max-depth", tooDeepMessage(`line ${number}`));
        return;
      }
      text = lineText;
      lineNumber = number;
      restore = undefined;
      const fixture = unwrapFixtureLine(value);
      wrapped = fixture !== undefined;
      const record = fixture === undefined ? value : fixture.record;
      const base = "$";
      const schema = named ?? fixture?.kind;
      if (schema === DATASET) return checkDataset(record);
      if (schema !== undefined) {
        if (!Array.isArray(record)) return checkRecord(schema, record, base);
        record.forEach((item: unknown, i) => checkRecord(schema, item, `${base}[${i}]`));
        return;
      }
      if (!Array.isArray(record)) return checkShown(record, base);
      record.forEach((item: unknown, i) => checkShown(item, `${base}[${i}]`));
    },
    fault(number, kind, reason) {
      lineError(number, kind === "too-long" ? "record-size" : "json-syntax", reason);
    },
    schema() {
      if (named !== undefined) return named;
      const seen = VALIDATE_SCHEMAS.filter((schema) => counts.has(schema));
      return seen.length === 1 ? seen[0]! : DATASET;
    },
    records() {
      const held = VALIDATE_SCHEMAS.filter((schema) => counts.has(schema)).map((schema) => plural(counts.get(schema)!, `${schema} record`));
      return held.length === 0 ? "0 records" : held.join(", ");
    },
  };
}
