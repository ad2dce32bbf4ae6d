// The real service's serialization habits (domain notes) as a reply transform: null for absent
// optionals, naive timestamps for evaluations, space-separated timestamps with an offset for human
// evaluations and evaluator configs, pydantic v1 422 bodies. A provider like this conforms.
import type { ProviderReply, ReplyTransform } from "./fixture-provider.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const naive = (timestamp: unknown): unknown => (typeof timestamp === "string" ? timestamp.replace(/(Z|[+-]\d{2}:\d{2})$/, "") : timestamp);
const spaced = (timestamp: unknown): unknown =>
  typeof timestamp === "string" ? `${String(naive(timestamp)).replace("T", " ")}+00:00` : timestamp;

function nullResult(result: unknown): void {
  if (!isObject(result)) return;
  result.value ??= null;
  result.error ??= null;
  if (isObject(result.error)) result.error.stacktrace ??= null;
}

function evaluation(record: Json): void {
  for (const key of ["testset_id", "testset_name", "average_cost", "total_cost", "average_latency"]) record[key] ??= null;
  for (const key of ["status", "average_cost", "total_cost", "average_latency"]) nullResult(record[key]);
  for (const aggregate of Array.isArray(record.aggregated_results) ? record.aggregated_results : []) {
    if (!isObject(aggregate)) continue;
    nullResult(aggregate.result);
    const config = aggregate.evaluator_config;
    if (isObject(config) && "created_at" in config) {
      config.created_at = spaced(config.created_at);
      config.updated_at = spaced(config.updated_at);
    }
  }
  record.created_at = naive(record.created_at);
  record.updated_at = naive(record.updated_at);
}

function humanEvaluation(record: Json): void {
  record.created_at = spaced(record.created_at);
  record.updated_at = spaced(record.updated_at);
}

const PYDANTIC_V1_MISSING = { detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] };

export const realServiceStyle: ReplyTransform = (request, reply): ProviderReply => {
  if (reply.status === 422) return { ...reply, body: PYDANTIC_V1_MISSING };
  if (reply.status !== 200) return reply;
  const records = Array.isArray(reply.body) ? reply.body : [reply.body];
  const fix = request.operationId === "listEvaluations" ? evaluation : humanEvaluation;
  for (const record of records) if (isObject(record)) fix(record);
  return reply;
};

const PYDANTIC_V2_MISSING = {
  detail: [
    { type: "missing", loc: ["query", "app_id"], msg: "Field required", input: null, url: "https://errors.pydantic.dev/2.7/v/missing" },
  ],
};

/** The last path segment plus a slash, as a relative reference: resolves to the same path with `/` under any prefix. */
const slashedLocation = (path: string, query: URLSearchParams): string => {
  const search = query.toString();
  return `${path.slice(path.lastIndexOf("/") + 1)}/${search === "" ? "" : `?${search}`}`;
};

/** More habits of the real service (domain notes) that must pass with no error, one transform each. */
export const REAL_SERVICE_HABITS: ReadonlyArray<[string, ReplyTransform]> = [
  ["pydantic v2 422 bodies (input, url)", (_request, reply) => (reply.status === 422 ? { ...reply, body: PYDANTIC_V2_MISSING } : reply)],
  [
    "FastAPI's redirect_slashes: the plain form answers 307 to the trailing-slash form",
    (request, reply) =>
      request.operationId !== undefined && !request.path.endsWith("/")
        ? { status: 307, contentType: "", body: null, raw: "", headers: { location: slashedLocation(request.path, request.query) } }
        : reply,
  ],
  [
    // reference/recordings/legacy.json: every handler re-raised its exception as HTTPException(500, str(e)), JSON.
    "the spec-era 500 for an unknown or malformed id (under --compat legacy)",
    (request, reply) =>
      request.operationId === "getHumanEvaluation" && reply.status === 404
        ? {
            ...reply,
            status: 500,
            body: {
              detail: /^[0-9a-fA-F]{24}$/.test(request.evaluationId ?? "")
                ? "404: Evaluation not found"
                : `'${request.evaluationId}' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string`,
            },
          }
        : reply,
  ],
  [
    'empty test set and user names (""), and properties the seed does not list',
    (_request, reply) => {
      if (reply.status !== 200) return reply;
      for (const record of Array.isArray(reply.body) ? reply.body : [reply.body])
        if (isObject(record)) Object.assign(record, { testset_id: "", testset_name: "", user_username: "", evaluation_duration: 31.5 });
      return reply;
    },
  ],
];
