// A tiny real client of the three endpoints, shaped like the service's own web client (domain
// notes): it reads what the evaluations table, the human-evaluations list and the single human
// evaluation page show, and throws when a body cannot be read that way. The consumer tests run it
// against Pact's mock server, so the contract records exactly what such a client relies on.
import type { Evaluation, HumanEvaluation } from "../../src/types/schemas.js";

export interface EvaluationRow {
  id: string;
  /** `status.value` when the provider sends it (optional in the seed), else `status.type`. */
  status: string;
  /** One column per evaluator; a deleted evaluator config (`{}`) has no name. */
  evaluators: Array<{ id: string | null; name: string }>;
  createdAt: Date;
  durationMs: number;
}

export interface HumanEvaluationRow {
  id: string;
  appId: string;
  evaluationType: string;
  variants: Array<{ id: string; name: string; revision: string }>;
  testset: string;
  finished: boolean;
  createdAt: Date;
}

export class ClientParseError extends Error {
  override readonly name = "ClientParseError";
}

/** Naive and offset forms alike (the real service sends both); a space separator is allowed. */
function parseTimestamp(value: unknown, what: string): Date {
  if (typeof value !== "string") throw new ClientParseError(`${what} is not a string`);
  const date = new Date(value.replace(" ", "T"));
  if (Number.isNaN(date.getTime())) throw new ClientParseError(`${what} is not a timestamp: ${value}`);
  return date;
}

function stringArray(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
    throw new ClientParseError(`${what} is not a list of strings`);
  return value;
}

function evaluationRow(raw: Evaluation): EvaluationRow {
  if (typeof raw.id !== "string" || typeof raw.status?.type !== "string") throw new ClientParseError("not an evaluation");
  const createdAt = parseTimestamp(raw.created_at, "created_at");
  const evaluators = raw.aggregated_results.map(({ evaluator_config: config }) => {
    if (typeof config !== "object" || config === null || Array.isArray(config))
      throw new ClientParseError("evaluator_config is not an object");
    // Seed 2.4's anyOf: a full EvaluatorConfig, or `{}` once the config was deleted.
    return typeof config.id === "string" && typeof config.name === "string"
      ? { id: config.id, name: config.name }
      : { id: null, name: "(deleted evaluator)" };
  });
  return {
    id: raw.id,
    status: typeof raw.status.value === "string" ? raw.status.value : raw.status.type,
    evaluators,
    createdAt,
    durationMs: parseTimestamp(raw.updated_at, "updated_at").getTime() - createdAt.getTime(),
  };
}

function humanEvaluationRow(raw: HumanEvaluation): HumanEvaluationRow {
  if (typeof raw.id !== "string" || typeof raw.evaluation_type !== "string") throw new ClientParseError("not a human evaluation");
  const ids = stringArray(raw.variant_ids, "variant_ids");
  const names = stringArray(raw.variant_names, "variant_names");
  const revisions = stringArray(raw.revisions, "revisions");
  stringArray(raw.variants_revision_ids, "variants_revision_ids");
  return {
    id: raw.id,
    appId: raw.app_id,
    evaluationType: raw.evaluation_type,
    // The variant arrays are parallel: item i of each describes the same variant.
    variants: ids.map((id, i) => ({ id, name: names[i] ?? id, revision: revisions[i] ?? "" })),
    testset: raw.testset_name,
    finished: raw.status === "EVALUATION_FINISHED",
    createdAt: parseTimestamp(raw.created_at, "created_at"),
  };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (response.status !== 200) throw new ClientParseError(`GET ${url}: status ${response.status}`);
  if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? "")) throw new ClientParseError(`GET ${url}: not JSON`);
  return response.json();
}

function list(body: unknown, what: string): unknown[] {
  if (!Array.isArray(body)) throw new ClientParseError(`${what}: the body is not a JSON array`);
  return body;
}

export function createEvaluationsClient(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async listEvaluations(appId: string): Promise<EvaluationRow[]> {
      const body = await getJson(`${base}/evaluations?app_id=${encodeURIComponent(appId)}`);
      return list(body, "evaluations").map((item) => evaluationRow(item as Evaluation));
    },
    async listHumanEvaluations(appId: string): Promise<HumanEvaluationRow[]> {
      const body = await getJson(`${base}/human-evaluations?app_id=${encodeURIComponent(appId)}`);
      return list(body, "human evaluations").map((item) => humanEvaluationRow(item as HumanEvaluation));
    },
    async getHumanEvaluation(evaluationId: string): Promise<HumanEvaluationRow> {
      return humanEvaluationRow((await getJson(`${base}/human-evaluations/${encodeURIComponent(evaluationId)}`)) as HumanEvaluation);
    },
  };
}
