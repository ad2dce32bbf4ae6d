// The names the Pact contract is written with, shared by the consumer tests (test/pact) that write
// it and the provider verification that replays it: participants, interactions, provider states.
import { fileURLToPath } from "node:url";
import type { OperationId } from "../contract/operations.js";

export const PACT_CONSUMER = "evals-frontend";
export const PACT_PROVIDER = "evaluation-listing-service";

/** Folder of the committed contracts; the same relative place from src/ and from dist/. */
export const CONTRACTS_DIR = fileURLToPath(new URL("../../contracts/", import.meta.url));

/** The committed pact file (pact-js names it `<consumer>-<provider>.json`). */
export const PACT_FILE = `${CONTRACTS_DIR}${PACT_CONSUMER}-${PACT_PROVIDER}.json`;

/**
 * Provider states. Each names what must exist; the data comes as params (`app_id`,
 * `evaluation_id`) and the provider answers with its own values, injected into the request
 * through `fromProviderState`, so a real provider is verified on its own data.
 */
export const PROVIDER_STATES = {
  appHasEvaluations: "app has evaluations",
  appHasHumanEvaluations: "app has human evaluations",
  humanEvaluationExists: "human evaluation exists",
} as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[keyof typeof PROVIDER_STATES];

export interface PactInteractionSpec {
  description: string;
  state: ProviderStateName;
}

/** The contract's three interactions, one per operation of the seed (section 4). */
export const PACT_INTERACTIONS: Readonly<Record<OperationId, PactInteractionSpec>> = {
  listEvaluations: {
    description: "a request to list the evaluations of an app",
    state: PROVIDER_STATES.appHasEvaluations,
  },
  listHumanEvaluations: {
    description: "a request to list the human evaluations of an app",
    state: PROVIDER_STATES.appHasHumanEvaluations,
  },
  getHumanEvaluation: {
    description: "a request to fetch one human evaluation by id",
    state: PROVIDER_STATES.humanEvaluationExists,
  },
};
