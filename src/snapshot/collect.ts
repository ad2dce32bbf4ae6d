// The records a snapshot is made of, from either source: a provider read through the engine (each
// app's two lists, then each listed human evaluation by id) or a HAR file read as a stream (the
// answers of the three endpoints it holds, the newest answer of a record winning). Each record keeps
// its text as the provider wrote it, so a plain snapshot is byte for byte what was sent.
import { differences } from "../check/json-differences.js";
import { harEntryText, operationOfPath as operationOfUrlPath, readHarEntries, type HarEntryFields } from "../coverage/index.js";
import {
  assertReachable,
  createProviderClient,
  judgeExchange,
  recordId,
  type CheckName,
  type ProviderClient,
  type ProviderFinding,
  type ProviderResponse,
} from "../engine/index.js";
import { ToolkitError } from "../errors.js";
import { redactUrlSecrets } from "../io/index.js";
import { rawArrayElements } from "./raw-records.js";

/** One record: its value, and its text as sent when known. */
export interface CollectedRecord {
  value: unknown;
  raw?: string;
}

/** A human evaluation whose by-id answer is not its list record: which fields differ (JSON paths), or why there is none. */
export interface ByIdDifference {
  /** Its place in the snapshot's human_evaluations. */
  index: number;
  paths: string[];
  /** The by-id request failed: its status or transport fault (no value of the record). */
  failed?: string;
  /** The by-id answer (when it differs): an anonymised snapshot compares it anonymised, so that its paths name no original property. */
  byId?: unknown;
}

export interface Collected {
  evaluations: CollectedRecord[];
  humanEvaluations: CollectedRecord[];
  differences: ByIdDifference[];
  /** The engine's findings on the exchanges (a lying Content-Encoding, a refused redirect, a 5xx on a by-id). */
  findings: ProviderFinding[];
  notes: string[];
  /** By-id requests sent (provider) or by-id answers read (HAR). */
  byIdCount: number;
}

export interface ProviderSource {
  baseUrl: string;
  appIds: readonly string[];
  timeoutMs: number;
  concurrency: number;
  maxResponseBytes: number;
  headers?: ReadonlyArray<readonly [string, string]>;
  /** At most this many by-id requests (default 10,000); past it, a note says so. */
  maxByIdRequests: number;
  /** The snapshot is anonymised: no message names a request (its app id or record id is an original value). */
  anonymized: boolean;
}

/** The checks that judge the answers here; conformance is the dataset check's (it runs on the whole snapshot). */
const NOT_HERE: ReadonlySet<CheckName> = new Set<CheckName>(["conformance"]);

/** The JSON paths where two parsed values differ (the first 10). */
export const differingPaths = (a: unknown, b: unknown): string[] => differences(a, b, 10).map((d) => d.path);

/** The list's records, or E_SNAPSHOT_SOURCE saying why this list cannot be snapshotted (exit 2); `named`: the request may be shown. */
function listRecords(response: ProviderResponse, what: string, named: boolean): CollectedRecord[] {
  const cannot = (why: string): ToolkitError =>
    new ToolkitError("E_SNAPSHOT_SOURCE", redactUrlSecrets(`${what}: ${why}${named ? ` (${response.request})` : ""}`));
  if (response.transport !== undefined) throw cannot(response.transport.message);
  if (response.status !== 200) throw cannot(`answered ${response.status}, not 200 with the list`);
  if (response.fault !== undefined)
    throw cannot(
      response.fault.rule === "response-too-large"
        ? `${response.fault.message} (raise --max-response-bytes to read it)`
        : response.fault.message,
    );
  if (!response.parsed || !Array.isArray(response.json)) throw cannot("the answer is not a JSON array");
  const raws = rawArrayElements(response.text);
  return response.json.map((value, i) => ({ value, ...(raws?.[i] === undefined ? {} : { raw: raws[i] }) }));
}

/** Each app's lists, then every listed human evaluation by id (at most `maxByIdRequests`). */
export async function collectFromProvider(source: ProviderSource): Promise<Collected> {
  const client: ProviderClient = createProviderClient({
    baseUrl: source.baseUrl,
    timeoutMs: source.timeoutMs,
    concurrency: source.concurrency,
    maxResponseBytes: source.maxResponseBytes,
    tool: "snapshot",
    ...(source.headers === undefined ? {} : { headers: source.headers }),
  });
  const findings: ProviderFinding[] = [];
  const notes: string[] = [];
  const judge = (response: ProviderResponse, appId?: string): void => {
    const settings = {
      baseUrl: client.baseUrl,
      compat: "current" as const,
      maxResponseBytes: source.maxResponseBytes,
      ...(appId === undefined ? {} : { appId }),
    };
    findings.push(...judgeExchange(response.sent, response.outcome, settings, response, NOT_HERE));
  };
  try {
    const appIds = [...new Set(source.appIds)];
    const first = await client.get("/evaluations", { app_id: appIds[0]! });
    try {
      assertReachable(client, first);
    } catch (error) {
      // Its message names the request, whose app id an anonymised snapshot never shows.
      if (!source.anonymized || !(error instanceof ToolkitError)) throw error;
      throw new ToolkitError(
        error.code,
        redactUrlSecrets(`cannot reach the provider at ${client.baseUrl}: ${first.transport?.message ?? "no answer"}`),
      );
    }
    const lists = await Promise.all(
      appIds.map(async (appId, n) => {
        const [evaluations, human] = await Promise.all([
          n === 0 ? first : client.get("/evaluations", { app_id: appId }),
          client.get("/human-evaluations", { app_id: appId }),
        ]);
        judge(evaluations, appId);
        judge(human, appId);
        return {
          evaluations: listRecords(evaluations, `cannot snapshot the evaluations of app #${n + 1}`, !source.anonymized),
          human: listRecords(human, `cannot snapshot the human evaluations of app #${n + 1}`, !source.anonymized),
        };
      }),
    );
    const evaluations = unique(
      lists.flatMap((list) => list.evaluations),
      "evaluation",
      notes,
    );
    const humanEvaluations = unique(
      lists.flatMap((list) => list.human),
      "human evaluation",
      notes,
    );

    // Each listed human evaluation by id: the same record, or a difference reported.
    const ids = humanEvaluations.map((record) => recordId(record.value));
    const asked = ids.slice(0, source.maxByIdRequests);
    if (ids.length > asked.length)
      notes.push(
        `${ids.length.toLocaleString("en-US")} human evaluations listed: only the first ${asked.length.toLocaleString("en-US")} were fetched by id (the most a snapshot sends)`,
      );
    const differences: ByIdDifference[] = [];
    await Promise.all(
      asked.map(async (id, index) => {
        if (id === undefined) return;
        const response = await client.get(`/human-evaluations/${encodeURIComponent(id)}`);
        judge(response);
        const failed =
          response.transport !== undefined
            ? response.transport.message
            : response.status !== 200
              ? `answered ${response.status}`
              : response.fault !== undefined
                ? response.fault.message
                : !response.parsed
                  ? "the answer is not JSON"
                  : undefined;
        if (failed !== undefined) return void differences.push({ index, paths: [], failed });
        const paths = differingPaths(humanEvaluations[index]!.value, response.json);
        if (paths.length > 0) differences.push({ index, paths, byId: response.json });
      }),
    );
    differences.sort((a, b) => a.index - b.index);
    return { evaluations, humanEvaluations, differences, findings, notes, byIdCount: asked.filter((id) => id !== undefined).length };
  } finally {
    client.close();
  }
}

/** The records with an id seen before dropped (a provider that lists one record under two apps), with a note. */
function unique(records: CollectedRecord[], what: string, notes: string[]): CollectedRecord[] {
  const seen = new Set<string>();
  const kept = records.filter((record) => {
    const id = recordId(record.value);
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  if (kept.length < records.length)
    notes.push(`${(records.length - kept.length).toLocaleString("en-US")} ${what} record(s) listed twice: kept once`);
  return kept;
}

interface Seen {
  record: CollectedRecord;
  /** startedDateTime in ms (NaN when absent), then the entry's place in the file: the newest answer wins. */
  at: number;
  order: number;
  /** Where it was first seen: the snapshot keeps that order. */
  first: number;
}

/** The records of a HAR file's answers to the three endpoints (GET, 200, JSON); of a record answered more than once, the newest. */
export async function collectFromHar(file: string): Promise<Collected> {
  const evaluations = new Map<string, Seen>();
  const humans = new Map<string, Seen>();
  const anonymous: { list: CollectedRecord[]; human: CollectedRecord[] } = { list: [], human: [] };
  let order = 0;
  let byIdCount = 0;
  let entries = 0;
  const keep = (into: Map<string, Seen>, record: CollectedRecord, at: number): void => {
    const id = recordId(record.value);
    order++;
    if (id === undefined) return;
    const known = into.get(id);
    const newer = known === undefined || !(at < known.at) || Number.isNaN(known.at);
    if (known === undefined) into.set(id, { record, at, order, first: order });
    else if (newer) into.set(id, { record, at, order, first: known.first });
  };
  await readHarEntries(file, (entry: HarEntryFields) => {
    if (entry.method !== "GET" || entry.status !== 200 || typeof entry.url !== "string") return;
    let path: string;
    try {
      path = new URL(entry.url).pathname;
    } catch {
      return;
    }
    const operation = operationOfUrlPath(path);
    const text = operation === undefined ? undefined : harEntryText(entry);
    if (text === undefined) return;
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return;
    }
    entries++;
    const at = typeof entry.started === "string" ? Date.parse(entry.started) : NaN;
    if (operation === "getHumanEvaluation") {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return;
      byIdCount++;
      return keep(humans, { value, raw: text.trim() }, at);
    }
    if (!Array.isArray(value)) return;
    const raws = rawArrayElements(text);
    const into = operation === "listEvaluations" ? evaluations : humans;
    value.forEach((item, i) => {
      const record = { value: item, ...(raws?.[i] === undefined ? {} : { raw: raws[i] }) };
      if (recordId(item) === undefined) (operation === "listEvaluations" ? anonymous.list : anonymous.human).push(record);
      else keep(into, record, at);
    });
  });
  const inOrder = (seen: Map<string, Seen>): CollectedRecord[] => [...seen.values()].sort((a, b) => a.first - b.first).map((s) => s.record);
  const notes =
    entries === 0 ? ["the HAR file holds no answer (GET, 200, JSON) of /evaluations, /human-evaluations or /human-evaluations/{id}"] : [];
  return {
    evaluations: [...inOrder(evaluations), ...anonymous.list],
    humanEvaluations: [...inOrder(humans), ...anonymous.human],
    differences: [],
    findings: [],
    notes,
    byIdCount,
  };
}
