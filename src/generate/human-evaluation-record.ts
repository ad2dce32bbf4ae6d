// One realistic human evaluation (seed 2.5) of an app, drawn from the same pool as its
// automatic evaluations.
import type { HumanEvaluation } from "../types/schemas.js";
import { createdAtMs, pickLive, pickVariants, variantArrays, type StreamContext } from "./evaluation-record.js";
import { ENTITY, objectId } from "./object-id.js";
import type { HumanEvaluationCase } from "./survival-cases.js";
import { formatTimestamp } from "./timestamp.js";

import { HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES } from "../contract/statuses.js";

export { HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES };

// HUMAN_EVALUATION_STATUSES order; people leave human evaluations half done, so many stay started.
const WEIGHTS = [55, 22, 13, 6, 0];
const TOTAL = WEIGHTS.reduce((a, b) => a + b, 0);

export function buildHumanEvaluation(ctx: StreamContext, i: number, forced: HumanEvaluationCase | undefined): HumanEvaluation {
  const { app, rng } = ctx;
  const created = createdAtMs(ctx, i);
  const fraction = i / ctx.count;
  const allowDeleted = fraction < 0.6 || forced === "deleted-variant" || forced === "testset-deleted";

  let type: (typeof HUMAN_EVALUATION_TYPES)[number] = rng.chance(0.6) ? "human_a_b_testing" : "single_model_test";
  if (forced === "single-model") type = "single_model_test";
  else if (forced === "a-b-test" || forced === "comparison-run-started") type = "human_a_b_testing";

  let status: string = HUMAN_EVALUATION_STATUSES[rng.weighted(WEIGHTS, TOTAL)]!;
  // Old data (the first fifth of an app's timeline) may still carry the legacy A/B status.
  if (type === "human_a_b_testing" && fraction < 0.2 && rng.chance(0.1)) status = "COMPARISON_RUN_STARTED";
  if (forced === "comparison-run-started") status = "COMPARISON_RUN_STARTED";
  else if (forced === "failed") status = "EVALUATION_FAILED";
  else if (forced === "finished") status = "EVALUATION_FINISHED";
  else if (forced === "queued") status = "EVALUATION_INITIALIZED";
  else if (forced === "running") status = "EVALUATION_STARTED";

  let user = rng.pick(app.users);
  if (forced === "empty-username") user = app.users.find((u) => u.username === "") ?? user;

  // human_a_b_testing compares two variants, single_model_test rates one (domain notes).
  let variants = pickVariants(rng, app, type === "human_a_b_testing" ? 2 : 1, allowDeleted);
  if (forced === "deleted-variant") {
    const deleted = app.variants.find((v) => v.deleted);
    if (deleted) variants = type === "human_a_b_testing" ? [variants.find((v) => v !== deleted) ?? app.variants[0]!, deleted] : [deleted];
  }
  const arrays = variantArrays(rng, variants);
  let testset = pickLive(rng, app.testsets, app.live.testsets, allowDeleted);
  if (forced === "testset-deleted") testset = app.testsets.find((t) => t.deleted) ?? testset;

  const finished = status === "EVALUATION_FINISHED";
  // Under a day: records end a day before the window does (time-window.ts).
  const updated = created + (status === "EVALUATION_INITIALIZED" ? 0 : rng.int(finished ? 20 * 3_600_000 : 3_600_000));
  return {
    id: objectId(Math.floor(created / 1000), ctx.idMask, ENTITY.humanEvaluation, app.index, (ctx.serialBase + i) >>> 0),
    app_id: app.id,
    user_id: user.id,
    user_username: user.username,
    evaluation_type: type,
    variant_ids: arrays.ids,
    variant_names: arrays.names,
    // Spelled variants_revision_ids here, variant_revision_ids in Evaluation (seed 2.1 note).
    variants_revision_ids: arrays.revisionIds,
    revisions: arrays.numbers,
    testset_id: testset.shownId,
    testset_name: testset.shownName,
    status,
    created_at: formatTimestamp(created, ctx.format),
    updated_at: formatTimestamp(updated, ctx.format),
  };
}
