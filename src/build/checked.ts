// A built record passes the toolkit's checker or is refused: an override that breaks the contract is
// E_DATA_INVALID, naming each fault's JSON path, rule and message. Errors only: what the real service
// sends (null optionals, naive timestamps) is a warning, and built records send it on purpose. A
// status or type the toolkit does not know is refused too (known-values.ts), unless `allowUnknown`.
import { recordErrors, type RecordName } from "../check/record-errors.js";
import { ToolkitError } from "../errors.js";
import { clip } from "./json-data.js";
import { assertKnownValues } from "./known-values.js";
import type { Json } from "./merge.js";

/** Faults a message lists (then how many more), each cut short: one line, whatever the overrides. */
const SHOWN_FAULTS = 5;
const SHOWN_FAULT_LENGTH = 200;

/** `record` as a `name`, or E_DATA_INVALID: a contract error, or an unknown status or type unless `allowUnknown`. */
export function checked<T>(fn: string, name: RecordName, record: Json, path = "$", allowUnknown = false): T {
  const errors = recordErrors(name, record, path);
  if (errors.length === 0) {
    if (!allowUnknown) assertKnownValues(fn, name, record, path);
    return record as T;
  }
  const faults = errors
    .slice(0, SHOWN_FAULTS)
    .map((f) => clip(`${f.path}: ${f.rule}: ${f.message}`, SHOWN_FAULT_LENGTH))
    .join("; ");
  const more = errors.length > SHOWN_FAULTS ? `; and ${errors.length - SHOWN_FAULTS} more` : "";
  throw new ToolkitError("E_DATA_INVALID", `${fn}: the ${name} breaks the contract: ${faults}${more}`);
}
