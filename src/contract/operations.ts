// The service's three operations (seed, section 4), as data. The OpenAPI document, the response
// checker, the mock server and the verifier all read this table: paths are written once.
import { ToolkitError } from "../errors.js";
import type { ResourceName } from "../schemas/catalog.js";

export interface BodySpec {
  schema: ResourceName;
  /** The body is a JSON array of `schema`. */
  array: boolean;
}

export interface ResponseSpec {
  description: string;
  body: BodySpec;
}

export interface ParameterSpec {
  name: string;
  in: "query" | "path";
  required: boolean;
  description: string;
}

export interface OperationSpec {
  operationId: OperationId;
  method: "get";
  /** OpenAPI path template, e.g. `/human-evaluations/{evaluation_id}`. */
  path: string;
  summary: string;
  description: string;
  parameters: readonly ParameterSpec[];
  /** Documented responses by status code (the seed documents 200 and 422). */
  responses: Readonly<Record<200 | 422, ResponseSpec>>;
}

export const OPERATION_IDS = ["listEvaluations", "listHumanEvaluations", "getHumanEvaluation"] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

const VALIDATION_ERROR: ResponseSpec = {
  description: "Validation error, e.g. a missing app_id (seed, section 7).",
  body: { schema: "HTTPValidationError", array: false },
};

const APP_ID: ParameterSpec = {
  name: "app_id",
  in: "query",
  // Seed 4.1: listed as required in the parameter list, although its description calls it an
  // optional filter. The real service answers 422 without it, so required it is.
  required: true,
  description: "The application whose evaluations to list (listed as required; described as an optional filter).",
};

export const OPERATIONS: Readonly<Record<OperationId, OperationSpec>> = {
  listEvaluations: {
    operationId: "listEvaluations",
    method: "get",
    path: "/evaluations",
    summary: "Fetch list of evaluations",
    description: "The automatic evaluations of an application (seed, section 4.1). Ordering and pagination are not specified.",
    parameters: [APP_ID],
    responses: {
      200: { description: "JSON array of Evaluation.", body: { schema: "Evaluation", array: true } },
      422: VALIDATION_ERROR,
    },
  },
  listHumanEvaluations: {
    operationId: "listHumanEvaluations",
    method: "get",
    path: "/human-evaluations",
    summary: "Fetch list of human evaluations",
    description: "The human evaluations of an application (seed, section 4.2).",
    parameters: [APP_ID],
    responses: {
      200: { description: "JSON array of HumanEvaluation.", body: { schema: "HumanEvaluation", array: true } },
      422: VALIDATION_ERROR,
    },
  },
  getHumanEvaluation: {
    operationId: "getHumanEvaluation",
    method: "get",
    path: "/human-evaluations/{evaluation_id}",
    summary: "Fetch a human evaluation",
    description: "One human evaluation by its identifier (seed, section 4.3). The response for an unknown id is not specified.",
    parameters: [{ name: "evaluation_id", in: "path", required: true, description: "The identifier of the evaluation." }],
    responses: {
      200: { description: "One HumanEvaluation.", body: { schema: "HumanEvaluation", array: false } },
      422: VALIDATION_ERROR,
    },
  },
};

export const isOperationId = (value: string): value is OperationId => (OPERATION_IDS as readonly string[]).includes(value);

/**
 * The spec of one operation; any other name (a JavaScript caller's typo, or `constructor`, which a
 * plain lookup would find on Object.prototype) is E_UNKNOWN_OPERATION, not a raw TypeError.
 */
export function operationSpec(operationId: OperationId): OperationSpec {
  if (typeof operationId !== "string" || !Object.hasOwn(OPERATIONS, operationId))
    throw new ToolkitError("E_UNKNOWN_OPERATION", `unknown operation ${JSON.stringify(operationId)} (one of: ${OPERATION_IDS.join(", ")})`);
  return OPERATIONS[operationId];
}

/** Fills a path template: `pathFor("getHumanEvaluation", { evaluation_id: "x" })`. */
export function pathFor(operationId: OperationId, params: Record<string, string> = {}): string {
  return operationSpec(operationId).path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
