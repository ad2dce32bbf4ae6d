// A dataset file ({"evaluations": [...], "human_evaluations": [...]}, what `fixtures` writes and the
// mock serves) checked as a whole: each list against its resource, paths from the document root.
import { visitDocument } from "./check-resource.js";
import type { Counted } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { isPlainObject } from "../types/json.js";

export const DATASET_LISTS = [
  ["evaluations", "Evaluation"],
  ["human_evaluations", "HumanEvaluation"],
] as const;

/** True when `value` has the dataset's shape: an object with both lists as arrays. */
export const looksLikeDataset = (value: unknown): boolean =>
  isPlainObject(value) && DATASET_LISTS.every(([key]) => Array.isArray(value[key]));

/** Every finding of a dataset (`$.evaluations[3].status`); a wrong shape is a `dataset-shape` error. */
export function checkDataset(value: unknown): Finding[] {
  const findings: Finding[] = [];
  visitDataset(value, (f) => findings.push(f));
  return findings;
}

/** Each finding of a dataset handed to `visit` as it is found (see visitDocument). */
export function visitDataset(value: unknown, visit: (finding: Finding, pattern?: string) => void, counted?: Counted): void {
  if (!isPlainObject(value)) {
    visit({
      severity: "error",
      path: "$",
      rule: "dataset-shape",
      message: "must be an object {evaluations: [...], human_evaluations: [...]}",
    });
    return;
  }
  for (const [key, schema] of DATASET_LISTS) {
    const list = value[key];
    if (!Array.isArray(list)) {
      visit({ severity: "error", path: `$.${key}`, rule: "dataset-shape", message: `must be an array of ${schema}` });
      continue;
    }
    const prefix = `$.${key}`;
    visitDocument(
      schema,
      list,
      (f, pattern) => {
        // Each finding is made afresh for this call: re-rooted in place, not copied.
        f.path = prefix + f.path.slice(1);
        visit(f, pattern);
      },
      counted,
    );
  }
  // GET /human-evaluations/{id} must return the record the list shows: ids must be unique.
  const seen = new Set<unknown>();
  const human = value["human_evaluations"];
  if (Array.isArray(human))
    human.forEach((e: unknown, i) => {
      const id = isPlainObject(e) && typeof e["id"] === "string" ? e["id"] : undefined;
      if (id === undefined) return;
      if (seen.has(id))
        visit({
          severity: "error",
          path: `$.human_evaluations[${i}].id`,
          rule: "duplicate-id",
          message: `id "${id}" is used twice`,
        });
      seen.add(id);
    });
}
