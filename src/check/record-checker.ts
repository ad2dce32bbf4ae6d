// One schema's records checked one at a time, wherever they come from (an array in memory, NDJSON
// lines, a document streamed record by record), with the same findings. Real-service data (null
// optionals, naive timestamps) warns on nearly every record, and then the spotless pre-check is
// wasted work: it is switched on only after a trial of full checks found most records spotless.
import type { SchemaName } from "../schemas/catalog.js";
import { visitFindings, type Counted } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { getValidators } from "./registry.js";
import { validateCollecting, type RawWarning } from "./warning-sink.js";

/** The first this many records are checked in full; the pre-check takes over if most were spotless. */
const PRE_CHECK_TRIAL = 64;

export interface RecordChecker {
  /** Checks one record: true when it has findings, which report() then hands over. */
  check(record: unknown): boolean;
  /** The findings of the record checked last, at `base` (its JSONPath: `$[3]`, `line 7: $`). */
  report(base: string, visit: (finding: Finding, pattern?: string) => void, counted?: Counted): void;
}

export function createRecordChecker(name: SchemaName): RecordChecker {
  const { check, spotless } = getValidators(name);
  let preCheck = false;
  let seen = 0;
  let clean = 0;
  let valid = true;
  let warnings: RawWarning[] = [];
  return {
    check(record) {
      seen++;
      if (preCheck && spotless(record)) return false;
      if (warnings.length > 0) warnings = [];
      valid = validateCollecting(check, record, warnings);
      const spotlessNow = valid && warnings.length === 0;
      if (spotlessNow) clean++;
      if (seen === PRE_CHECK_TRIAL) preCheck = clean * 2 > PRE_CHECK_TRIAL;
      return !spotlessNow;
    },
    report(base, visit, counted) {
      visitFindings(valid ? [] : (check.errors ?? []), warnings, base, visit, counted);
    },
  };
}
