// The well-behaved requests verify sends: every list of the app in both path forms, both lists
// without app_id in both forms, both lists for an unknown app, every human evaluation of the app by
// id (and the first in its slash form), an unknown and a malformed human evaluation id. The engine's
// checks judge every answer (src/engine/checks); verify's own checks compare answers across
// endpoints (src/verify/checks). The client sends each distinct request once, whoever asks first.
import { fetchBothForms, fetchById, fetchList, humanEvaluationIds, type VerifyContext } from "./checks/context.js";
import { LIST_OPERATIONS } from "./endpoints.js";

export async function sendPlan(ctx: VerifyContext): Promise<void> {
  const lists = LIST_OPERATIONS.flatMap((op) => [
    ...(ctx.appId === undefined ? [] : [fetchBothForms(ctx, op)]),
    fetchList(ctx, op, false, "none"),
    fetchList(ctx, op, true, "none"),
    fetchList(ctx, op, false, "unknown"),
  ]);
  const ids = [fetchById(ctx, ctx.unknownEvaluationId, false), fetchById(ctx, ctx.malformedEvaluationId, false)];
  // The by-id fan-out waits for the lists: a thousand by-id requests must never starve them.
  await Promise.all([...lists, ...ids]);
  const known = await humanEvaluationIds(ctx);
  await Promise.all([...known.map((id) => fetchById(ctx, id, false)), ...known.slice(0, 1).map((id) => fetchById(ctx, id, true))]);
}
