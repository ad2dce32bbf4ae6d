// buildDataset: records into a Dataset the mock and the MSW handlers serve. A whole record that
// passes the checker is taken as it is (a copy); a partial one is built, in the dataset's app
// (DEFAULT_APP_ID, where every record built without an app_id is) unless it names its own, so an
// app's list shows all of them. Ids must be unique: GET /human-evaluations/{id} finds one record.
import { recordErrors } from "../check/record-errors.js";
import { didYouMean } from "../did-you-mean.js";
import { ToolkitError } from "../errors.js";
import type { Dataset } from "../types/dataset.js";
import type { Evaluation, HumanEvaluation } from "../types/schemas.js";
import { evaluationRecord } from "./evaluation.js";
import { humanEvaluationRecord } from "./human-evaluation.js";
import { assertJsonData, isPlainData, kindOf, shown } from "./json-data.js";
import { assertKnownValues } from "./known-values.js";
import { mergeOver } from "./merge.js";
import { optionsOf, type DeepPartial } from "./options.js";

export interface BuildDatasetInput {
  /** Built records, or partial ones (overrides) that are built here. */
  evaluations?: readonly DeepPartial<Evaluation>[];
  human_evaluations?: readonly DeepPartial<HumanEvaluation>[];
}

/** buildDataset's options: `allowUnknown` as the record builders take it (BuildOptions). */
export interface BuildDatasetOptions {
  /** Takes a status, Result type or evaluation_type that is none of the known values; default false (E_DATA_INVALID). */
  allowUnknown?: boolean;
}

const FN = "buildDataset";
const LISTS = ["evaluations", "human_evaluations"] as const;

function list<T extends { id: string }>(
  input: Record<string, unknown>,
  key: (typeof LISTS)[number],
  build: (item: unknown, path: string) => T,
): T[] {
  const items = input[key] ?? [];
  if (!Array.isArray(items)) throw new ToolkitError("E_USAGE", `${FN}: ${key} must be an array of records, got ${kindOf(items)}`);
  // One by one, not map: a hole of a sparse array is refused at once, whatever the array's length.
  const records: T[] = [];
  for (let i = 0; i < items.length; i++) records.push(build(items[i], `$.${key}[${i}]`));
  const seen = new Map<string, number>();
  records.forEach((record, i) => {
    const earlier = seen.get(record.id);
    if (earlier !== undefined)
      throw new ToolkitError(
        "E_DATA_INVALID",
        `${FN}: $.${key}[${i}].id: duplicate-id: ${shown(record.id)} is also the id of $.${key}[${earlier}] (ids are unique: give another id, or leave it out)`,
      );
    seen.set(record.id, i);
  });
  return records;
}

function complete<T>(
  name: "Evaluation" | "HumanEvaluation",
  item: unknown,
  path: string,
  build: (fn: string, item: unknown, options: { allowUnknown: boolean }, path: string) => T,
  allowUnknown: boolean,
): T {
  if (!isPlainData(item))
    throw new ToolkitError("E_DATA_INVALID", `${FN}: ${path}: must be a record or a partial record (a plain object), got ${kindOf(item)}`);
  assertJsonData(FN, item, path);
  if (recordErrors(name, item).length > 0) return build(FN, item, { allowUnknown }, path);
  if (!allowUnknown) assertKnownValues(FN, name, item, path);
  return mergeOver({}, item) as T;
}

/**
 * A Dataset of these records (none: empty lists); see the module's header. A status or type none of
 * the known values is E_DATA_INVALID unless `options.allowUnknown`, whole records included.
 */
export function buildDataset(input: BuildDatasetInput = {}, options?: BuildDatasetOptions): Dataset {
  const allowUnknown = optionsOf<BuildDatasetOptions>(FN, options, ["allowUnknown"]).allowUnknown === true;
  if (!isPlainData(input))
    throw new ToolkitError("E_USAGE", `${FN}: takes a plain object { evaluations?, human_evaluations? }, got ${kindOf(input)}`);
  for (const key of Object.keys(input))
    if (!(LISTS as readonly string[]).includes(key)) {
      const near = didYouMean(key, LISTS);
      throw new ToolkitError(
        "E_USAGE",
        `${FN}: unknown key ${shown(key)}${near ? ` (did you mean "${near}"?)` : ""}; it takes evaluations and human_evaluations`,
      );
    }
  return {
    evaluations: list(input, "evaluations", (item, path) => complete("Evaluation", item, path, evaluationRecord, allowUnknown)),
    human_evaluations: list(input, "human_evaluations", (item, path) =>
      complete("HumanEvaluation", item, path, humanEvaluationRecord, allowUnknown),
    ),
  };
}
