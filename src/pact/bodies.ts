// The response bodies of the Pact contract, as matchers: what any provider's records must look like
// (types and formats), not literal values. Examples come from the realistic data in
// src/contract/examples.ts. What Pact cannot say is left to the conformance sweep (docs/pact.md):
// - optional fields (testset_id/testset_name of an Evaluation, average_cost, total_cost,
//   average_latency, Result.value, Result.error): Pact has no "absent or present" matcher, and an
//   expected key must be present, so they are not in the contract at all;
// - evaluator_config's anyOf (seed 2.4): Pact has no "one of" matcher. The real service sends `{}`
//   once a config is deleted, so the contract only says "an object" (`like({})`); Pact then ignores
//   everything inside it, and the sweep checks the full EvaluatorConfig.
import { MatchersV3 } from "@pact-foundation/pact";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../contract/examples.js";
import { getSchema } from "../schemas/catalog.js";
import type { Evaluation, HumanEvaluation } from "../types/schemas.js";

const { atLeastLike, eachLike, fromProviderState, like, regex, string } = MatchersV3;

function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`src/contract/examples.ts has no ${what}`);
  return item;
}

/** The schema's own pattern (naive, `Z`/offset and space-separated forms), read, not copied. */
export function timestampPattern(): string {
  const pattern = getSchema("Timestamp")["pattern"];
  if (typeof pattern !== "string") throw new Error("schemas/Timestamp.json has no string pattern");
  return pattern;
}

const timestamp = (example: string) => regex(timestampPattern(), example);

/** A list of strings that may be empty (the seed sets no minimum); every item is type-checked. */
const strings = (examples: readonly string[]) => ({ ...atLeastLike(string(first(examples, "array item")), 0), value: [...examples] });

export const EVALUATION_EXAMPLE: Evaluation = first(EVALUATION_EXAMPLES, "evaluation");
export const HUMAN_EVALUATION_EXAMPLE: HumanEvaluation = first(HUMAN_EVALUATION_EXAMPLES, "human evaluation");
export const APP_ID_EXAMPLE = EVALUATION_EXAMPLE.app_id;

/** Injected by the provider state, so a real provider answers with its own app id. */
const appId = () => fromProviderState("${app_id}", APP_ID_EXAMPLE);

function evaluation(example: Evaluation) {
  return {
    id: string(example.id),
    app_id: appId(),
    user_id: string(example.user_id),
    user_username: string(example.user_username),
    variant_ids: strings(example.variant_ids),
    variant_names: strings(example.variant_names),
    variant_revision_ids: strings(example.variant_revision_ids),
    revisions: strings(example.revisions),
    status: { type: string(example.status.type) },
    // May be empty while the evaluation runs, hence min 0 (one example item keeps the item rules).
    aggregated_results: atLeastLike({ evaluator_config: like({}), result: { type: string("number") } }, 0, 1),
    created_at: timestamp(example.created_at),
    updated_at: timestamp(example.updated_at),
  };
}

function humanEvaluation(example: HumanEvaluation, id: unknown) {
  return {
    id,
    app_id: appId(),
    user_id: string(example.user_id),
    user_username: string(example.user_username),
    evaluation_type: string(example.evaluation_type),
    variant_ids: strings(example.variant_ids),
    variant_names: strings(example.variant_names),
    variants_revision_ids: strings(example.variants_revision_ids),
    revisions: strings(example.revisions),
    testset_id: string(example.testset_id),
    testset_name: string(example.testset_name),
    status: string(example.status),
    created_at: timestamp(example.created_at),
    updated_at: timestamp(example.updated_at),
  };
}

/** Every record of the list must match (Pact checks each item, not just the first). */
export const listEvaluationsBody = () => eachLike(evaluation(EVALUATION_EXAMPLE));

export const listHumanEvaluationsBody = () => eachLike(humanEvaluation(HUMAN_EVALUATION_EXAMPLE, string(HUMAN_EVALUATION_EXAMPLE.id)));

export const getHumanEvaluationBody = () =>
  humanEvaluation(HUMAN_EVALUATION_EXAMPLE, fromProviderState("${evaluation_id}", HUMAN_EVALUATION_EXAMPLE.id));

/** The real service sends `application/json`; a charset parameter is fine. */
export const JSON_CONTENT_TYPE = { "Content-Type": regex("^application/json\\s*(;.*)?$", "application/json") };
