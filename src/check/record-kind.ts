// Which resource a record is when no schema is named (validate of NDJSON). The fixtures' NDJSON lines
// say it: `{"kind": "evaluation" | "human_evaluation", "record": {...}}` (what `fixtures --format
// ndjson` writes: src/generate/fixture-text.ts). A bare record is told by the properties only one of
// Evaluation and HumanEvaluation declares (read from the schemas: `aggregated_results`,
// `evaluation_type`, `variant_revision_ids` against `variants_revision_ids`, ...), as a dataset's
// records are told by the list they are in. Pure: runs in browsers too.
import { getSchema } from "../schemas/catalog.js";
import { isPlainObject } from "../types/json.js";

export type RecordKind = "Evaluation" | "HumanEvaluation";

/** The fixtures' NDJSON `kind` of each resource (the dataset's list names, singular). */
const FIXTURE_KINDS: Readonly<Record<string, RecordKind>> = { evaluation: "Evaluation", human_evaluation: "HumanEvaluation" };

/** A fixtures NDJSON line's record and its resource; undefined for anything else. */
export function unwrapFixtureLine(value: unknown): { record: unknown; kind: RecordKind } | undefined {
  if (!isPlainObject(value) || typeof value["kind"] !== "string" || !Object.hasOwn(value, "record")) return undefined;
  const kind = Object.hasOwn(FIXTURE_KINDS, value["kind"]) ? FIXTURE_KINDS[value["kind"]] : undefined;
  return kind === undefined ? undefined : { record: value["record"], kind };
}

let marks: { evaluation: ReadonlySet<string>; human: ReadonlySet<string> } | undefined;

/** The properties each of the two resources declares and the other does not. */
function ownProperties(): { evaluation: ReadonlySet<string>; human: ReadonlySet<string> } {
  if (marks === undefined) {
    const keys = (name: RecordKind): string[] => Object.keys((getSchema(name)["properties"] ?? {}) as object);
    const evaluation = keys("Evaluation");
    const human = keys("HumanEvaluation");
    marks = {
      evaluation: new Set(evaluation.filter((key) => !human.includes(key))),
      human: new Set(human.filter((key) => !evaluation.includes(key))),
    };
  }
  return marks;
}

/** Evaluation or HumanEvaluation, by the properties only one of them has; undefined when they do not tell. */
export function recordKindOf(value: unknown): RecordKind | undefined {
  if (!isPlainObject(value)) return undefined;
  const { evaluation, human } = ownProperties();
  let score = 0;
  for (const key in value) {
    if (evaluation.has(key)) score++;
    else if (human.has(key)) score--;
  }
  return score > 0 ? "Evaluation" : score < 0 ? "HumanEvaluation" : undefined;
}
