// A built record passes the toolkit's checker or is refused: an override that breaks the contract is
// E_DATA_INVALID, naming each fault's JSON path, rule and message. Errors only: what the real service
// sends (null optionals, naive timestamps) is a warning, and built records send it on purpose.
import { recordErrors, type RecordName } from "../check/record-errors.js";
import { ToolkitError } from "../errors.js";

export function checked<T>(fn: string, name: RecordName, record: unknown, path = "$"): T {
  const errors = recordErrors(name, record, path);
  if (errors.length === 0) return record as T;
  const faults = errors.map((f) => `${f.path}: ${f.rule}: ${f.message}`).join("; ");
  throw new ToolkitError("E_DATA_INVALID", `${fn}: the ${name} breaks the contract: ${faults}`);
}
