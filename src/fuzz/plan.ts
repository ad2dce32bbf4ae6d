// The requests of a fuzz run, from the seed alone: the discovery requests (the app's two lists),
// the boundary phase (every odd class once, per operation), then random combinations up to the
// request budget. The same seed and options give the same requests in the same order; a shard
// takes every N-th request of that one plan, so CI jobs split a run with no coordinator.
import { OPERATIONS, type OperationId } from "../contract/operations.js";
import { Rng } from "../generate/rng.js";
import {
  encodeValue,
  EXTRA_PARAMETERS,
  FILTER_ATTACKS,
  ID_VARIANTS,
  MALFORMED_IDS,
  ODD_ACCEPTS,
  OTHER_METHODS,
  randomLength,
  randomObjectId,
  randomText,
  type OddValue,
} from "./odd-values.js";
import type { FuzzRequest } from "./types.js";
import { WRITE_METHODS } from "../engine/request.js";
import { targetOf } from "../engine/request.js";

export { targetOf };

export const DEFAULT_MAX_REQUESTS = 1000;

export interface PlanOptions {
  seed: number;
  /** Requests of the whole plan (discovery included), before sharding. */
  maxRequests: number;
  shard?: { index: number; total: number };
}

const LISTS: readonly OperationId[] = ["listEvaluations", "listHumanEvaluations"];
const BY_ID: OperationId = "getHumanEvaluation";

/** A request before it gets its place in the plan. */
type Draft = Omit<FuzzRequest, "index" | "phase">;

/** What a client sends; the odd-Accept requests replace it. */
const JSON_ACCEPT: [string, string] = ["accept", "application/json"];

const listPath = (operationId: OperationId): string => OPERATIONS[operationId].path;
const byIdPath = (rawId: string): string => OPERATIONS[BY_ID].path.replace("{evaluation_id}", rawId);

const draft = (operationId: OperationId, path: string, query: FuzzRequest["query"], label: string, extra: Partial<Draft> = {}): Draft => ({
  operationId,
  method: "GET",
  path,
  query,
  headers: [JSON_ACCEPT],
  label,
  ...extra,
});

/** A few bytes: a provider that wrongly accepts a write gets nothing worth storing. */
const WRITE_BODY = "{}";

function withMethod(request: Draft, method: string): Draft {
  const changed: Draft = { ...request, method, label: `method: ${method}` };
  if (WRITE_METHODS.has(method) && method !== "DELETE") {
    changed.body = WRITE_BODY;
    changed.headers = [...request.headers, ["content-type", "application/json"]];
  }
  return changed;
}

/** The requests of the given app and its records: what the discovery phase sends. */
export function discoveryRequests(): Draft[] {
  return LISTS.map((op) => draft(op, listPath(op), [["app_id", "{app}"]], "app_id: the app"));
}

/** Every odd class once, per operation it applies to. */
function boundaryRequests(unknownId: string): Draft[] {
  const out: Draft[] = [];
  const appValues: OddValue[] = [
    { name: "unknown", raw: unknownId },
    { name: "empty", raw: "" },
    ...ID_VARIANTS("{app}"),
    ...MALFORMED_IDS,
  ];
  for (const op of LISTS) {
    const path = listPath(op);
    out.push(draft(op, path, [], "app_id: missing"));
    out.push(draft(op, path, [["app_id", null]], "app_id: name only"));
    for (const value of appValues) out.push(draft(op, path, [["app_id", value.raw]], `app_id: ${value.name}`));
    out.push(
      draft(
        op,
        path,
        [
          ["app_id", "{app}"],
          ["app_id", unknownId],
        ],
        "app_id: repeated",
      ),
    );
    out.push(
      draft(
        op,
        path,
        [
          ["app_id", unknownId],
          ["app_id", "{app}"],
        ],
        "app_id: repeated, the app last",
      ),
    );
    out.push(draft(op, path, [["app_id[]", "{app}"]], "app_id: array-style"));
    out.push(
      draft(
        op,
        path,
        [
          ["app_id[]", "{app}"],
          ["app_id[]", unknownId],
        ],
        "app_id: array-style, two values",
      ),
    );
    out.push(draft(op, path, [["app_id[0]", "{app}"]], "app_id: indexed"));
    out.push(draft(op, path, [["APP_ID", "{app}"]], "app_id: upper-case name"));
    for (const attack of FILTER_ATTACKS) out.push(draft(op, path, attack.query, `app_id: ${attack.name}`));
    for (const [name, value] of EXTRA_PARAMETERS)
      out.push(
        draft(
          op,
          path,
          [
            ["app_id", "{app}"],
            [name, value],
          ],
          `extra parameter: ${name}`,
        ),
      );
    out.push(draft(op, `${path}/`, [["app_id", "{app}"]], "path: trailing slash"));
    out.push(draft(op, `${path}//`, [["app_id", "{app}"]], "path: double slash"));
  }
  out.push(draft(BY_ID, byIdPath("{record}"), [], "evaluation_id: a record of the app"));
  out.push(draft(BY_ID, byIdPath(unknownId), [], "evaluation_id: unknown"));
  for (const value of [...ID_VARIANTS("{record}"), ...MALFORMED_IDS])
    out.push(draft(BY_ID, byIdPath(value.raw), [], `evaluation_id: ${value.name}`));
  out.push(draft(BY_ID, `${byIdPath("{record}")}/`, [], "path: trailing slash"));
  out.push(draft(BY_ID, byIdPath("{record}"), [["app_id", unknownId]], "extra parameter: app_id of another app"));
  for (const [name, value] of EXTRA_PARAMETERS.slice(0, 4))
    out.push(draft(BY_ID, byIdPath("{record}"), [[name, value]], `extra parameter: ${name}`));
  const plain: Draft[] = [...discoveryRequests(), draft(BY_ID, byIdPath("{record}"), [], "evaluation_id: a record of the app")];
  for (const request of plain) {
    for (const method of OTHER_METHODS) out.push(withMethod(request, method));
    for (const accept of ODD_ACCEPTS)
      out.push({ ...request, headers: [["accept", accept]], label: `accept: ${accept.length > 40 ? "very long" : accept}` });
  }
  return out;
}

/** A random value for an identifier: a mutation of a real one, a malformed class, or random text. */
function randomIdValue(rng: Rng, token: "{app}" | "{record}"): { name: string; raw: string } {
  const roll = rng.next();
  if (roll < 0.2) return rng.pick(MALFORMED_IDS);
  if (roll < 0.35) return rng.pick(ID_VARIANTS(token));
  if (roll < 0.45) return { name: "real id with random suffix", raw: `${token}${encodeValue(randomText(rng, rng.between(1, 8)))}` };
  if (roll < 0.5) return { name: "random id", raw: randomObjectId(rng) };
  const text = randomText(rng, randomLength(rng));
  return { name: "random text", raw: encodeValue(text) };
}

function randomRequest(rng: Rng, unknownId: string): Draft {
  const op = rng.pick([...LISTS, BY_ID]);
  let request: Draft;
  if (op === BY_ID) {
    const value = randomIdValue(rng, "{record}");
    request = draft(op, byIdPath(value.raw === "" ? "%20" : value.raw), [], `evaluation_id: ${value.name}`);
  } else {
    const value = rng.chance(0.15) ? rng.pick(FILTER_ATTACKS) : undefined;
    const id = randomIdValue(rng, "{app}");
    request = draft(op, listPath(op), value?.query ?? [["app_id", id.raw]], `app_id: ${value?.name ?? id.name}`);
  }
  const query = [...request.query];
  const extras = rng.chance(0.3) ? rng.between(1, 3) : 0;
  for (let i = 0; i < extras; i++) {
    const roll = rng.next();
    if (roll < 0.3) query.push(["app_id", rng.chance(0.5) ? "{app}" : unknownId]);
    else if (roll < 0.8) query.push(rng.pick(EXTRA_PARAMETERS));
    else query.push([encodeValue(randomText(rng, rng.between(1, 12))), encodeValue(randomText(rng, rng.between(0, 40)))]);
  }
  request = { ...request, query };
  if (rng.chance(0.1)) request = { ...request, headers: [["accept", rng.pick(ODD_ACCEPTS)]] };
  if (rng.chance(0.08)) request = withMethod(request, rng.pick(OTHER_METHODS));
  return request;
}

/**
 * The seed's whole plan (every shard's requests), numbered, drawn one request at a time: memory stays
 * bounded whatever `maxRequests` is (a million-request plan is never held whole).
 */
export function* iteratePlan(options: PlanOptions): Generator<FuzzRequest> {
  const rng = new Rng(options.seed, 0x7a22);
  const unknownId = randomObjectId(rng);
  let index = 0;
  for (const request of discoveryRequests()) yield { index: index++, phase: "discovery", ...request };
  for (const request of boundaryRequests(unknownId)) {
    if (index >= options.maxRequests) return;
    yield { index: index++, phase: "boundary", ...request };
  }
  while (index < options.maxRequests) yield { index: index++, phase: "random", ...randomRequest(rng, unknownId) };
}

/** The seed's whole plan, as an array (tests, small plans). */
export const planAll = (options: PlanOptions): FuzzRequest[] => [...iteratePlan(options)];

const inShard = (request: FuzzRequest, shard: PlanOptions["shard"]): boolean =>
  shard === undefined || request.phase === "discovery" || request.index % shard.total === shard.index - 1;

/** This run's requests, lazily: discovery always (every shard needs the app's records), then the shard's share. */
export function* iterateRequests(options: PlanOptions): Generator<FuzzRequest> {
  for (const request of iteratePlan(options)) if (inShard(request, options.shard)) yield request;
}

/** This run's requests as an array. */
export const planRequests = (options: PlanOptions): FuzzRequest[] => [...iterateRequests(options)];

/** How many of `indices` (0 <= i < end, from `start`) fall in the shard: counted, not drawn. */
function countInShard(start: number, end: number, shard: PlanOptions["shard"]): number {
  if (end <= start) return 0;
  if (shard === undefined) return end - start;
  const first = start + ((((shard.index - 1 - start) % shard.total) + shard.total) % shard.total);
  return first >= end ? 0 : Math.floor((end - 1 - first) / shard.total) + 1;
}

/**
 * How many requests this run plans, and its floor, without drawing them: the floor is this shard's
 * share of the whole discovery and boundary phases, whatever `maxRequests` is (a run whose budget
 * stops inside the boundary phase has not tried every odd class once: it cannot be a PASS).
 */
export function planSize(options: PlanOptions): { planned: number; floor: number } {
  const discovery = discoveryRequests().length;
  const boundaryEnd = discovery + boundaryRequests("000000000000000000000000").length;
  const total = Math.max(options.maxRequests, discovery);
  return {
    planned: discovery + countInShard(discovery, total, options.shard),
    floor: discovery + countInShard(discovery, boundaryEnd, options.shard),
  };
}

/** Path and query as they go on the wire (placeholders still in). */
/** One line for `--dry-run`: number, method, target, headers, label. */
export function formatPlannedRequest(request: FuzzRequest): string {
  const headers = request.headers
    .filter(([name, value]) => name !== JSON_ACCEPT[0] || value !== JSON_ACCEPT[1])
    .map(([name, value]) => `  ${name}: ${value.length > 60 ? `${value.slice(0, 57)}...` : value}`)
    .join("");
  const target = targetOf(request);
  const shown = target.length > 200 ? `${target.slice(0, 160)}...(${target.length} chars)` : target;
  return `${String(request.index).padStart(5)}  ${request.method} ${shown}${headers}  # ${request.label}`;
}

/** Values the placeholders stand for in one run. */
export interface Bindings {
  app: string;
  record: string;
}

/** The request with `{app}`, `{APP}`, `{record}` and `{RECORD}` replaced by their encoded values. */
export function bindRequest<T extends Pick<FuzzRequest, "path" | "query">>(request: T, bindings: Bindings): T {
  const values: Record<string, string> = {
    "{app}": encodeValue(bindings.app),
    "{APP}": encodeValue(bindings.app.toUpperCase()),
    "{record}": encodeValue(bindings.record),
    "{RECORD}": encodeValue(bindings.record.toUpperCase()),
  };
  const bind = (raw: string): string => (raw.includes("{") ? raw.replace(/\{(app|APP|record|RECORD)\}/g, (token) => values[token]!) : raw);
  return {
    ...request,
    path: bind(request.path),
    query: request.query.map(([name, value]) => [bind(name), value === null ? null : bind(value)] as [string, string | null]),
  };
}
