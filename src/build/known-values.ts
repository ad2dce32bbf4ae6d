// A built record's open values are the known ones (src/contract/statuses.ts): a status, a Result's
// type or a human evaluation's type that is not is E_DATA_INVALID with a did-you-mean ("EVALUATION_FAILD"
// is a typo, not a new status), unless the caller asks for new ones (`allowUnknown: true`: the seed
// leaves these values open, and a test of a client's tolerance needs them).
import { EVALUATION_STATUSES, HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES, RESULT_TYPES } from "../contract/statuses.js";
import { didYouMean } from "../did-you-mean.js";
import { ToolkitError } from "../errors.js";
import { shown } from "./json-data.js";
import { isPlainObject, type Json } from "./merge.js";
import type { RecordName } from "../check/record-errors.js";

function known(fn: string, path: string, what: string, value: unknown, values: readonly string[]): void {
  // Not a string: the contract's check names it (this one runs after it).
  if (typeof value !== "string" || values.includes(value)) return;
  const near = didYouMean(value, values);
  throw new ToolkitError(
    "E_DATA_INVALID",
    `${fn}: ${path}: unknown ${what} ${shown(value)}${near ? ` (did you mean "${near}"?)` : ""}; known: ${values.join(", ")} (or options.allowUnknown)`,
  );
}

function result(fn: string, path: string, value: unknown, statusValue: boolean): void {
  if (!isPlainObject(value)) return;
  known(fn, `${path}.type`, "Result type", value.type, RESULT_TYPES);
  if (statusValue && value.type === "status") known(fn, `${path}.value`, "status", value.value, EVALUATION_STATUSES);
}

/** Throws on the first unknown value of `record` (a checked `name` record at `path`). */
export function assertKnownValues(fn: string, name: RecordName, record: Json, path: string): void {
  if (name === "HumanEvaluation") {
    known(fn, `${path}.status`, "status", record.status, HUMAN_EVALUATION_STATUSES);
    known(fn, `${path}.evaluation_type`, "evaluation_type", record.evaluation_type, HUMAN_EVALUATION_TYPES);
    return;
  }
  result(fn, `${path}.status`, record.status, true);
  for (const field of ["average_cost", "total_cost", "average_latency"]) result(fn, `${path}.${field}`, record[field], false);
  const aggregates = record.aggregated_results;
  if (Array.isArray(aggregates))
    aggregates.forEach((aggregate: unknown, i) => {
      if (isPlainObject(aggregate)) result(fn, `${path}.aggregated_results[${i}].result`, aggregate.result, false);
    });
}
