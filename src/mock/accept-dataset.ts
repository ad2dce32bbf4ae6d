// Accepts a dataset only if it passes the conformance checker: contract errors refuse it (one
// line naming the first fault and the count); warnings (nulls, naive timestamps) are what the
// real service sends, so they are served. No file system: the MSW handlers use it in browsers.
import { checkDataset } from "../check/check-dataset.js";
import type { Finding } from "../check/finding.js";
import { plural } from "../check/format-findings.js";
import type { Dataset } from "../types/dataset.js";
import { ToolkitError } from "../errors.js";

/** Contract errors of a dataset, with paths from the document root (`$.evaluations[3].status`); duplicate ids too. */
export function datasetErrors(value: unknown): Finding[] {
  return checkDataset(value).filter((f) => f.severity === "error");
}

/** The value as a Dataset, or E_DATA_INVALID naming `source`, the first fault and the count. */
export function acceptDataset(value: unknown, source: string): Dataset {
  const errors = datasetErrors(value);
  const first = errors[0];
  if (first) {
    const more = errors.length > 1 ? ` (and ${plural(errors.length - 1, "more error")})` : "";
    throw new ToolkitError("E_DATA_INVALID", `${source} is refused: ${first.path}: ${first.rule}: ${first.message}${more}`);
  }
  return value as Dataset;
}
