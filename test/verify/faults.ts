// The fault gallery as data: each entry breaks the contract in exactly one way, as a transform of a
// conforming provider's replies, and names the finding the verifier must report (rule, endpoint,
// and the JSON path where it is deterministic). `also` lists, by rule and endpoint, the errors the
// same fault legitimately causes elsewhere, and `pact` what the Pact step reports; the errors of a
// run must be exactly these (any other is a false alarm, a missing one a stale expectation).
import type { OperationId } from "../../src/contract/operations.js";
import { APP_B } from "./dataset.js";
import type { ProviderReply, ProviderRequest, ReplyTransform } from "./fixture-provider.js";

/** An error by rule and the endpoint (report label) it is filed under. */
export interface ErrorAt {
  rule: string;
  endpoint: string;
}

export interface ExpectedFinding extends ErrorAt {
  path?: string;
}

export interface GalleryFault {
  name: string;
  fault: ReplyTransform;
  /** Mount the provider under this prefix (the verifier is given the prefixed base URL, `/` appended). */
  basePath?: string;
  /** The app to verify with (default APP_A, two records of each kind; APP_B has one of each). */
  appId?: string;
  expect: ExpectedFinding;
  /** The other errors the same fault causes, each by rule and endpoint. */
  also?: ErrorAt[];
  /**
   * What the Pact step must report (rule `pact`, at the endpoints of the interactions it fails);
   * `[]` where Pact gets the faulty replies but cannot see the fault: then all three interactions
   * must pass; OUTSIDE_PACT where the fault changes no reply of the three interactions (nor of
   * their provider-state lookups): the Pact step is not run, and the test checks that claim.
   */
  pact: ExpectedFinding[] | typeof OUTSIDE_PACT;
}

type Json = Record<string, unknown>;

/** Applies `change` to the replies of `operations` only. */
const on =
  (operations: OperationId[], change: (reply: ProviderReply, request: ProviderRequest) => ProviderReply): ReplyTransform =>
  (request, reply) =>
    request.operationId !== undefined && operations.includes(request.operationId) ? change(reply, request) : reply;

/** Applies `change` to every record of a 200 reply (a list's items, or the one record by id). */
const eachRecord =
  (change: (record: Json) => void) =>
  (reply: ProviderReply): ProviderReply => {
    if (reply.status !== 200) return reply;
    for (const record of Array.isArray(reply.body) ? reply.body : [reply.body]) change(record as Json);
    return reply;
  };

const LIST_EVALS = "GET /evaluations?app_id={app_id}";
const LIST_HUMAN = "GET /human-evaluations?app_id={app_id}";
const BY_ID = "GET /human-evaluations/{evaluation_id}";
const UNKNOWN_EVALS = "GET /evaluations?app_id={unknown}";
const UNKNOWN_HUMAN = "GET /human-evaluations?app_id={unknown}";
const LIST_EVALS_SLASH = "GET /evaluations/?app_id={app_id}";
const LIST_HUMAN_SLASH = "GET /human-evaluations/?app_id={app_id}";
const BY_ID_SLASH = "GET /human-evaluations/{evaluation_id}/";
const UNKNOWN_ID = "GET /human-evaluations/{unknown}";
const MALFORMED_ID = "GET /human-evaluations/{malformed}";
const HUMAN = ["listHumanEvaluations", "getHumanEvaluation"] satisfies OperationId[];

/** A finding of the Pact step: its interactions are filed under the endpoint they exercise. */
const pactAt = (endpoint: string, path?: string): ExpectedFinding => ({ rule: "pact", endpoint, ...(path === undefined ? {} : { path }) });
/** Pact replays the faulty replies and finds nothing: the contract cannot say what is wrong. */
const PACT_PASSES: ExpectedFinding[] = [];
/** The fault is in replies Pact never asks for (422 bodies, path forms, unknown ids). */
export const OUTSIDE_PACT = "outside the Pact interactions";

export const GALLERY: readonly GalleryFault[] = [
  {
    name: "renamed field (variant_revision_ids -> variants_revision_ids in Evaluation)",
    fault: on(
      ["listEvaluations"],
      eachRecord((r) => {
        r.variants_revision_ids = r.variant_revision_ids;
        delete r.variant_revision_ids;
      }),
    ),
    expect: { rule: "required", endpoint: LIST_EVALS, path: "$[0].variant_revision_ids" },
    pact: [pactAt(LIST_EVALS, "$[0]")],
  },
  {
    name: "missing required field (HumanEvaluation without testset_name)",
    fault: on(
      HUMAN,
      eachRecord((r) => delete r.testset_name),
    ),
    expect: { rule: "required", endpoint: LIST_HUMAN, path: "$[0].testset_name" },
    also: [{ rule: "required", endpoint: BY_ID }],
    pact: [pactAt(LIST_HUMAN, "$[0]"), pactAt(BY_ID, "$")],
  },
  {
    name: "wrong type (revisions as numbers)",
    fault: on(
      ["listEvaluations"],
      eachRecord((r) => (r.revisions = (r.revisions as string[]).map(Number))),
    ),
    expect: { rule: "type", endpoint: LIST_EVALS, path: "$[0].revisions[0]" },
    pact: [pactAt(LIST_EVALS, "$[0].revisions[0]")],
  },
  {
    name: "bad timestamp (created_at as 28/06/2024 08:12)",
    fault: on(
      HUMAN,
      eachRecord((r) => (r.created_at = "28/06/2024 08:12")),
    ),
    expect: { rule: "timestamp", endpoint: LIST_HUMAN, path: "$[0].created_at" },
    also: [{ rule: "timestamp", endpoint: BY_ID }],
    pact: [pactAt(LIST_HUMAN, "$[0].created_at"), pactAt(BY_ID, "$.created_at")],
  },
  {
    name: 'wrapped list ({"items": [...]})',
    fault: on(["listEvaluations"], (reply) => (reply.status === 200 ? { ...reply, body: { items: reply.body } } : reply)),
    expect: { rule: "body-shape", endpoint: LIST_EVALS, path: "$" },
    // The unknown-app list is wrapped too: {"items": []} is no empty list.
    also: [{ rule: "body-shape", endpoint: UNKNOWN_EVALS }],
    // Pact's provider state finds no list to take the app's data from.
    pact: [pactAt(LIST_EVALS, "$")],
  },
  {
    name: "ignored app_id filter (records of another app)",
    fault: (request, reply, data) =>
      request.operationId === "listEvaluations" && reply.status === 200 ? { ...reply, body: structuredClone(data.evaluations) } : reply,
    expect: { rule: "filter-bypass", endpoint: LIST_EVALS, path: "$[2].app_id" },
    // Every list of /evaluations ignores the filter: both path forms, and the unknown app's too.
    also: [
      { rule: "filter-bypass", endpoint: LIST_EVALS_SLASH },
      { rule: "filter-bypass", endpoint: UNKNOWN_EVALS },
    ],
    // The contract's app_id is any string (the provider state's value is injected, not matched).
    pact: PACT_PASSES,
  },
  {
    name: "get-by-id returns another record",
    fault: (request, reply, data) => {
      if (request.operationId !== "getHumanEvaluation" || reply.status !== 200) return reply;
      const others = data.human_evaluations.filter((e) => e.id !== request.evaluationId);
      return { ...reply, body: structuredClone(others[0]) };
    },
    expect: { rule: "same-record-as-list", endpoint: BY_ID, path: "$.id" },
    // Each answer names another id than the one asked for, in both path forms.
    also: [
      { rule: "filter-bypass", endpoint: BY_ID },
      { rule: "filter-bypass", endpoint: BY_ID_SLASH },
    ],
    // Another well-formed record matches the contract's types: only the cross-endpoint check sees it.
    pact: PACT_PASSES,
  },
  {
    name: "wrong content type (text/plain)",
    fault: on(["listHumanEvaluations"], (reply) => ({ ...reply, contentType: "text/plain; charset=utf-8" })),
    expect: { rule: "content-type", endpoint: LIST_HUMAN, path: "$" },
    also: [
      { rule: "content-type", endpoint: "GET /human-evaluations" },
      { rule: "content-type", endpoint: "GET /human-evaluations/" },
      { rule: "content-type", endpoint: UNKNOWN_HUMAN },
      { rule: "content-type", endpoint: LIST_HUMAN_SLASH },
    ],
    pact: [pactAt(LIST_HUMAN)],
  },
  {
    name: 'wrong 422 body ({"error": "missing"})',
    fault: on(["listEvaluations"], (reply) => (reply.status === 422 ? { ...reply, body: { error: "missing" } } : reply)),
    expect: { rule: "validation-detail", endpoint: "GET /evaluations", path: "$.detail" },
    also: [{ rule: "validation-detail", endpoint: "GET /evaluations/" }],
    pact: OUTSIDE_PACT,
  },
  {
    name: "422 body that does not name app_id",
    fault: on(["listHumanEvaluations"], (reply) =>
      reply.status === 422 ? { ...reply, body: { detail: [{ loc: ["query", "appId"], msg: "field required", type: "missing" }] } } : reply,
    ),
    expect: { rule: "validation-detail", endpoint: "GET /human-evaluations/", path: "$.detail" },
    also: [{ rule: "validation-detail", endpoint: "GET /human-evaluations" }],
    pact: OUTSIDE_PACT,
  },
  {
    name: "400 instead of 422 for a missing app_id",
    fault: on(["listEvaluations"], (reply) => (reply.status === 422 ? { ...reply, status: 400 } : reply)),
    expect: { rule: "missing-app-id", endpoint: "GET /evaluations", path: "$" },
    also: [{ rule: "missing-app-id", endpoint: "GET /evaluations/" }],
    pact: OUTSIDE_PACT,
  },
  {
    name: "500 on a list",
    fault: on(["listHumanEvaluations"], (reply, request) =>
      request.query.has("app_id") ? { ...reply, status: 500, body: { detail: "Internal Server Error" } } : reply,
    ),
    expect: { rule: "server-error", endpoint: LIST_HUMAN, path: "$" },
    // The same 500 answers the slash form and the unknown app id: a server error is a defect on any
    // request (only --compat legacy accepts the spec-era 500 for an unknown app, on /evaluations).
    also: [
      { rule: "server-error", endpoint: LIST_HUMAN_SLASH },
      { rule: "server-error", endpoint: UNKNOWN_HUMAN },
    ],
    // Pact's provider states find no list to take the app's data from.
    pact: [pactAt(LIST_HUMAN, "$"), pactAt(BY_ID, "$")],
  },
  {
    name: "evaluator_config as a string",
    fault: on(
      ["listEvaluations"],
      eachRecord((r) => {
        for (const aggregate of r.aggregated_results as Json[]) aggregate.evaluator_config = "auto_exact_match";
      }),
    ),
    expect: { rule: "any-of", endpoint: LIST_EVALS, path: "$[0].aggregated_results[0].evaluator_config" },
    pact: [pactAt(LIST_EVALS, "$[0].aggregated_results[0].evaluator_config")],
  },
  {
    name: "status as a string in Evaluation",
    fault: on(
      ["listEvaluations"],
      eachRecord((r) => (r.status = (r.status as Json).value)),
    ),
    expect: { rule: "type", endpoint: LIST_EVALS, path: "$[0].status" },
    pact: [pactAt(LIST_EVALS, "$[0].status")],
  },
  {
    name: "no trailing-slash support",
    fault: (request, reply) =>
      request.path.length > 1 && request.path.endsWith("/") ? { ...reply, status: 404, body: { detail: "Not Found" } } : reply,
    expect: { rule: "trailing-slash", endpoint: "GET /evaluations/?app_id={app_id}", path: "$" },
    also: [
      { rule: "trailing-slash", endpoint: "GET /human-evaluations/?app_id={app_id}" },
      { rule: "trailing-slash", endpoint: "GET /human-evaluations/{evaluation_id}/" },
      // Without app_id, the slash forms answer 404 instead of 422 too.
      { rule: "missing-app-id", endpoint: "GET /evaluations/" },
      { rule: "missing-app-id", endpoint: "GET /human-evaluations/" },
      // A list's own route answering 404 is missing, and so is a listed record's slash form.
      ...[LIST_EVALS_SLASH, LIST_HUMAN_SLASH, "GET /evaluations/", "GET /human-evaluations/", BY_ID_SLASH].map((endpoint) => ({
        rule: "status",
        endpoint,
      })),
    ],
    // The contract's requests use the plain form.
    pact: OUTSIDE_PACT,
  },
  {
    name: "path-prefix provider (/api) whose record by id lacks variants_revision_ids",
    basePath: "/api",
    fault: on(
      ["getHumanEvaluation"],
      eachRecord((r) => delete r.variants_revision_ids),
    ),
    expect: { rule: "required", endpoint: BY_ID, path: "$.variants_revision_ids" },
    also: [{ rule: "same-record-as-list", endpoint: BY_ID }],
    pact: [pactAt(BY_ID, "$")],
  },
  {
    name: "HumanEvaluation status as a Result object (the Evaluation shape)",
    fault: on(
      HUMAN,
      eachRecord((r) => (r.status = { type: "status", value: r.status })),
    ),
    expect: { rule: "type", endpoint: LIST_HUMAN, path: "$[0].status" },
    also: [{ rule: "type", endpoint: BY_ID }],
    pact: [pactAt(LIST_HUMAN, "$[0].status"), pactAt(BY_ID, "$.status")],
  },
  {
    name: "HumanEvaluation without testset_id (required there, optional in Evaluation)",
    fault: on(
      HUMAN,
      eachRecord((r) => delete r.testset_id),
    ),
    expect: { rule: "required", endpoint: LIST_HUMAN, path: "$[0].testset_id" },
    also: [{ rule: "required", endpoint: BY_ID }],
    pact: [pactAt(LIST_HUMAN, "$[0]"), pactAt(BY_ID, "$")],
  },
  {
    name: "aggregated result without its result",
    fault: on(
      ["listEvaluations"],
      eachRecord((r) => {
        for (const aggregate of r.aggregated_results as Json[]) delete aggregate.result;
      }),
    ),
    expect: { rule: "required", endpoint: LIST_EVALS, path: "$[0].aggregated_results[0].result" },
    pact: [pactAt(LIST_EVALS, "$[0].aggregated_results[0]")],
  },
  {
    name: "a list of one record sent as the bare record",
    appId: APP_B,
    fault: (request, reply) =>
      request.operationId !== "getHumanEvaluation" && Array.isArray(reply.body) && reply.body.length === 1
        ? { ...reply, body: reply.body[0] }
        : reply,
    expect: { rule: "body-shape", endpoint: LIST_EVALS, path: "$" },
    also: [{ rule: "body-shape", endpoint: LIST_HUMAN }],
    // Pact's provider states find no list to take the app's data from.
    pact: [pactAt(LIST_EVALS, "$"), pactAt(LIST_HUMAN, "$"), pactAt(BY_ID, "$")],
  },
  {
    name: "get-by-id wraps its record in a list",
    fault: on(["getHumanEvaluation"], (reply) => (reply.status === 200 ? { ...reply, body: [reply.body] } : reply)),
    expect: { rule: "type", endpoint: BY_ID, path: "$" },
    // A list has no id: not the record of the list.
    also: [{ rule: "same-record-as-list", endpoint: BY_ID }],
    pact: [pactAt(BY_ID, "$")],
  },
  {
    name: "422 sent as application/problem+json",
    fault: on(["listEvaluations"], (reply) => (reply.status === 422 ? { ...reply, contentType: "application/problem+json" } : reply)),
    expect: { rule: "content-type", endpoint: "GET /evaluations", path: "$" },
    also: [{ rule: "content-type", endpoint: "GET /evaluations/" }],
    pact: OUTSIDE_PACT,
  },
  {
    name: "no Content-Type header",
    fault: on(["getHumanEvaluation"], (reply) => ({ ...reply, contentType: "" })),
    expect: { rule: "content-type", endpoint: BY_ID, path: "$" },
    // Every by-id answer lacks it: the slash form's, and the 404s of the unknown and malformed ids.
    also: [
      { rule: "content-type", endpoint: BY_ID_SLASH },
      { rule: "content-type", endpoint: UNKNOWN_ID },
      { rule: "content-type", endpoint: MALFORMED_ID },
    ],
    pact: [pactAt(BY_ID)],
  },
  {
    name: "200 with an empty body",
    fault: on(["listHumanEvaluations"], (reply) => (reply.status === 200 ? { ...reply, raw: "" } : reply)),
    // The unknown app's list is the same empty body: checked once, filed under the app's list.
    expect: { rule: "body-json", endpoint: LIST_HUMAN, path: "$" },
    // Pact's provider states find no list to take the app's data from.
    pact: [pactAt(LIST_HUMAN, "$"), pactAt(BY_ID, "$")],
  },
  {
    name: "an HTML page with 200 (a web server's fallback page)",
    fault: on(["listEvaluations"], (reply) => ({
      ...reply,
      status: 200,
      contentType: "text/html",
      raw: "<!doctype html><title>App</title>",
    })),
    expect: { rule: "content-type", endpoint: LIST_EVALS, path: "$" },
    also: [
      { rule: "body-json", endpoint: LIST_EVALS },
      // The same page answers every request of /evaluations: typed wrong at each, its body checked once.
      ...["GET /evaluations", "GET /evaluations/", UNKNOWN_EVALS, LIST_EVALS_SLASH].map((endpoint) => ({ rule: "content-type", endpoint })),
    ],
    pact: [pactAt(LIST_EVALS, "$")],
  },
  {
    name: "only the trailing-slash form is served",
    fault: (request, reply) =>
      request.operationId !== undefined && !request.path.endsWith("/") ? { ...reply, status: 404, body: { detail: "Not Found" } } : reply,
    expect: { rule: "trailing-slash", endpoint: "GET /evaluations/?app_id={app_id}", path: "$" },
    // The plain form is what the seed names: every plain request fails as well.
    also: [
      { rule: "trailing-slash", endpoint: "GET /human-evaluations/?app_id={app_id}" },
      { rule: "status", endpoint: LIST_EVALS },
      { rule: "status", endpoint: LIST_HUMAN },
      { rule: "status", endpoint: "GET /evaluations" },
      { rule: "status", endpoint: "GET /human-evaluations" },
      { rule: "missing-app-id", endpoint: "GET /evaluations" },
      { rule: "missing-app-id", endpoint: "GET /human-evaluations" },
    ],
    pact: [pactAt(LIST_EVALS, "$"), pactAt(LIST_HUMAN, "$"), pactAt(BY_ID, "$")],
  },
  {
    name: "the same record listed twice",
    fault: on(["listHumanEvaluations"], (reply) =>
      Array.isArray(reply.body) && reply.body.length > 0 ? { ...reply, body: [...reply.body, reply.body[0]] } : reply,
    ),
    expect: { rule: "duplicate-id", endpoint: LIST_HUMAN, path: "$[2].id" },
    // Each item of the list matches the contract; Pact does not compare items with each other.
    pact: PACT_PASSES,
  },
  {
    name: "every evaluation for an unknown app id (an empty match falls back to all)",
    fault: (request, reply, data) =>
      request.operationId === "listEvaluations" && reply.status === 200 && (reply.body as unknown[]).length === 0
        ? { ...reply, body: structuredClone(data.evaluations) }
        : reply,
    expect: { rule: "filter-bypass", endpoint: UNKNOWN_EVALS, path: "$[0].app_id" },
    pact: OUTSIDE_PACT,
  },
  {
    name: "a record for an unknown human evaluation id",
    fault: (request, reply, data) =>
      request.operationId === "getHumanEvaluation" && reply.status === 404
        ? { ...reply, status: 200, body: structuredClone(data.human_evaluations[0]) }
        : reply,
    expect: { rule: "filter-bypass", endpoint: UNKNOWN_ID, path: "$.id" },
    also: [{ rule: "filter-bypass", endpoint: MALFORMED_ID }],
    pact: OUTSIDE_PACT,
  },
];
