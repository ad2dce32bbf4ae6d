// buildHumanEvaluation: one human evaluation (seed 2.5) as the real service makes it, in the
// service's field order, showing the client cases asked for, the overrides merged over it, checked.
import type { HumanEvaluation } from "../types/schemas.js";
import { ENTITY, objectId } from "../generate/object-id.js";
import { Rng } from "../generate/rng.js";
import { appParts, DEFAULT_APP_ID, ID_MASK } from "./app-parts.js";
import { EVALUATION_CASES, HUMAN_EVALUATION_CASES, HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES, resolveCases } from "./cases.js";
import { checked } from "./checked.js";
import { mergeOver, overridesOf } from "./merge.js";
import { optionsOf, resolveNow, resolveSeed, type DeepPartial, type HumanEvaluationBuildOptions } from "./options.js";
import { timesOf } from "./times.js";

const MINUTE_MS = 60_000;

/** The record for buildHumanEvaluation and buildDataset (`path`: where a fault is reported). */
export function humanEvaluationRecord(
  fn: string,
  overrides: unknown,
  options: HumanEvaluationBuildOptions | undefined,
  path: string,
): HumanEvaluation {
  const given = overridesOf(fn, overrides, path);
  const opts = optionsOf(fn, options);
  const cases = resolveCases(fn, HUMAN_EVALUATION_CASES, { fn: "buildEvaluation", table: EVALUATION_CASES }, opts.case, {
    status: HUMAN_EVALUATION_STATUSES,
    type: HUMAN_EVALUATION_TYPES,
  });
  const seed = resolveSeed(fn, "humanEvaluation", opts.seed);
  const nowMs = resolveNow(fn, opts.now);
  const rng = new Rng(seed, 0x4855);
  const appId = typeof given.app_id === "string" ? given.app_id : DEFAULT_APP_ID;
  const app = appParts(appId);
  const { status, type } = cases;

  const user = rng.pick(app.users);
  // human_a_b_testing compares two variants, single_model_test rates one (domain notes).
  const first = rng.int(app.variants.length);
  const variants = type === "human_a_b_testing" ? [first, (first + 1 + rng.int(app.variants.length - 1)) % app.variants.length] : [first];
  const chosen = variants.map((v) => {
    const variant = app.variants[v]!;
    return [variant, rng.pick(variant.revisions)] as const;
  });

  // People rate over days; one still open was touched minutes ago, one not started never since created.
  let createdMs: number;
  let updatedMs: number;
  if (status === "EVALUATION_FINISHED") {
    createdMs = nowMs - rng.between(2 * 60 * MINUTE_MS, 30 * 24 * 60 * MINUTE_MS);
    updatedMs = createdMs + rng.int(60 * MINUTE_MS);
  } else if (status === "EVALUATION_INITIALIZED") createdMs = updatedMs = nowMs - rng.between(MINUTE_MS, 60 * MINUTE_MS);
  else {
    createdMs = nowMs - rng.between(60 * MINUTE_MS, 3 * 24 * 60 * MINUTE_MS);
    updatedMs = nowMs - rng.int(10 * MINUTE_MS);
  }

  const deletedTestset = cases.ids.has("human-testset-deleted");
  const record = {
    id: objectId(Math.floor(createdMs / 1000), ID_MASK, ENTITY.humanEvaluation, 0xffff, seed >>> 0),
    app_id: appId,
    user_id: user.id,
    user_username: user.username,
    evaluation_type: type,
    variant_ids: chosen.map(([variant]) => variant.id),
    variant_names: chosen.map(([variant]) => variant.name),
    // Spelled variants_revision_ids here, variant_revision_ids in Evaluation (seed 2.1 note).
    variants_revision_ids: chosen.map(([, [revisionId]]) => revisionId),
    revisions: chosen.map(([, [, revision]]) => revision),
    testset_id: deletedTestset ? "" : app.testset.id,
    testset_name: deletedTestset ? "" : app.testset.name,
    status,
    ...timesOf(createdMs, updatedMs, given),
  };
  return checked(fn, "HumanEvaluation", mergeOver(record, given), path, opts.allowUnknown);
}

/**
 * A HumanEvaluation as the real service sends it: a finished A/B test unless `options.case` asks for
 * another case; `overrides` merged over it (plain objects merged, arrays replaced). Checked: an
 * override that breaks the contract is E_DATA_INVALID; an unknown case E_USAGE.
 */
export const buildHumanEvaluation = (overrides?: DeepPartial<HumanEvaluation>, options?: HumanEvaluationBuildOptions): HumanEvaluation =>
  humanEvaluationRecord("buildHumanEvaluation", overrides, options, "$");
