// The consumer contract's three interactions, declared once: `npm run gen` replays them against
// Pact's mock server to write contracts/*.json (scripts/pact-file.ts), and the consumer tests
// replay the same declarations with a real client (test/pact). Loads pact-js: never imported by
// the verifier, which runs Pact in a child process.
import type { PactV4 } from "@pact-foundation/pact";
import { MatchersV3 } from "@pact-foundation/pact";
import type { OperationId } from "../contract/operations.js";
import {
  APP_ID_EXAMPLE,
  getHumanEvaluationBody,
  HUMAN_EVALUATION_EXAMPLE,
  JSON_CONTENT_TYPE,
  listEvaluationsBody,
  listHumanEvaluationsBody,
} from "./bodies.js";
import { PACT_INTERACTIONS } from "./contract.js";

const { fromProviderState } = MatchersV3;

/** What a caller does with a declared interaction: run it against Pact's mock server (pact-js does not export its own type). */
export interface DeclaredInteraction {
  executeTest<T>(testFn: (mockServer: { url: string }) => Promise<T>): Promise<T | undefined>;
}
const ACCEPT_JSON = { Accept: "application/json" };

/** The request each interaction sends with its example values (what a client under test must send). */
export const EXAMPLE_REQUESTS: Readonly<Record<OperationId, string>> = {
  listEvaluations: `/evaluations?app_id=${encodeURIComponent(APP_ID_EXAMPLE)}`,
  listHumanEvaluations: `/human-evaluations?app_id=${encodeURIComponent(APP_ID_EXAMPLE)}`,
  getHumanEvaluation: `/human-evaluations/${encodeURIComponent(HUMAN_EVALUATION_EXAMPLE.id)}`,
};

function listInteraction(pact: PactV4, operationId: "listEvaluations" | "listHumanEvaluations"): DeclaredInteraction {
  const { description, state } = PACT_INTERACTIONS[operationId];
  const path = operationId === "listEvaluations" ? "/evaluations" : "/human-evaluations";
  const body = operationId === "listEvaluations" ? listEvaluationsBody() : listHumanEvaluationsBody();
  return pact
    .addInteraction()
    .given(state, { app_id: APP_ID_EXAMPLE })
    .uponReceiving(description)
    .withRequest("GET", path, (request) => request.query({ app_id: fromProviderState("${app_id}", APP_ID_EXAMPLE) }).headers(ACCEPT_JSON))
    .willRespondWith(200, (response) => response.headers(JSON_CONTENT_TYPE).jsonBody(body));
}

function getInteraction(pact: PactV4): DeclaredInteraction {
  const { description, state } = PACT_INTERACTIONS.getHumanEvaluation;
  const id = HUMAN_EVALUATION_EXAMPLE.id;
  return pact
    .addInteraction()
    .given(state, { app_id: APP_ID_EXAMPLE, evaluation_id: id })
    .uponReceiving(description)
    .withRequest("GET", fromProviderState("/human-evaluations/${evaluation_id}", `/human-evaluations/${id}`), (request) =>
      request.headers(ACCEPT_JSON),
    )
    .willRespondWith(200, (response) => response.headers(JSON_CONTENT_TYPE).jsonBody(getHumanEvaluationBody()));
}

/** Adds the interaction of `operationId` to `pact`; the caller runs it (`executeTest`) with its own client. */
export function declareInteraction(pact: PactV4, operationId: OperationId): DeclaredInteraction {
  return operationId === "getHumanEvaluation" ? getInteraction(pact) : listInteraction(pact, operationId);
}
