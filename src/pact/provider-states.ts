// Provider states without seeding: each state of the contract is met by finding real data on the
// provider itself, read-only (the app id the user gave; a human evaluation taken from that app's
// list), and the values found are returned to Pact for `fromProviderState` injection. Served over
// HTTP with Pact's state-change protocol (POST {state, params, action} -> JSON values), so the
// verifier, which runs in a child process, reaches it like any provider's own setup URL.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listen } from "../io/index.js";
// The types from their own module: the io index's declarations name Node types (a consumer's strict build has none).
import { createProviderClient, type ProviderClient, type ProviderResponse } from "../engine/provider-client.js";
import { DEFAULT_TIMEOUT_MS } from "../engine/provider-settings.js";
import { PROVIDER_STATES } from "./contract.js";
import type { JsonList } from "../types/json.js";

export interface ProviderStateContext {
  /** The provider's base URL, normalised without a trailing slash. */
  baseUrl: string;
  appId: string;
  /** Use this human evaluation instead of taking the first one of the app's list. */
  humanEvaluationId?: string;
  timeoutMs?: number;
  /**
   * The verify run's own client: its responses are shared, so a state's lookup of a list the sweep
   * fetches too is neither fetched nor parsed again (a list of 20,000 records is 26 MB; issue 26).
   */
  client?: ProviderClient;
}

/** Values injected into the interaction (`${app_id}`, `${evaluation_id}`). */
export type ProviderStateValues = Record<string, string>;

export class ProviderStateError extends Error {
  override readonly name = "ProviderStateError";
  /**
   * True when the provider works but the app has no records of the kind the state needs (an empty
   * list): a normal state of a provider, so the verifier reports the interaction as skipped, not failed.
   */
  readonly unmet: boolean;
  constructor(message: string, options: { unmet?: boolean } = {}) {
    super(message);
    this.unmet = options.unmet === true;
  }
}

/** The list's records, walked (a long list parsed record by record), never parsed whole: a state needs its length or first record. */
async function fetchList(context: ProviderStateContext, path: string): Promise<JsonList> {
  const client =
    context.client ??
    createProviderClient({ baseUrl: context.baseUrl, timeoutMs: context.timeoutMs ?? DEFAULT_TIMEOUT_MS, concurrency: 1, tool: "pact" });
  let response: ProviderResponse;
  try {
    response = await client.get(path, { app_id: context.appId });
  } catch (error) {
    throw new ProviderStateError(error instanceof Error ? error.message : String(error));
  }
  const { request, status } = response;
  if (response.transport !== undefined) throw new ProviderStateError(`${request}: ${response.transport.message}`);
  if (status !== 200) throw new ProviderStateError(`${request} answered ${status}, not 200`);
  if (!response.parsed) throw new ProviderStateError(`${request} did not answer JSON`);
  if (response.elements === undefined) throw new ProviderStateError(`${request} did not answer a JSON array`);
  return response.elements;
}

async function requireRecords(context: ProviderStateContext, path: string, what: string): Promise<JsonList> {
  const records = await fetchList(context, path);
  if (records.length === 0)
    throw new ProviderStateError(`app ${context.appId} has no ${what} on the provider (GET ${path}?app_id=${context.appId} answered [])`, {
      unmet: true,
    });
  return records;
}

/**
 * The values for one state of the contract; `undefined` for a state this toolkit does not know
 * (another consumer's pact from a broker): Pact then keeps the pact's own example values.
 */
export async function resolveProviderState(state: string, context: ProviderStateContext): Promise<ProviderStateValues | undefined> {
  const app = { app_id: context.appId };
  switch (state) {
    case PROVIDER_STATES.appHasEvaluations:
      await requireRecords(context, "/evaluations", "evaluations");
      return app;
    case PROVIDER_STATES.appHasHumanEvaluations:
      await requireRecords(context, "/human-evaluations", "human evaluations");
      return app;
    case PROVIDER_STATES.humanEvaluationExists: {
      if (context.humanEvaluationId !== undefined) return { ...app, evaluation_id: context.humanEvaluationId };
      const [first] = await requireRecords(context, "/human-evaluations", "human evaluations");
      const id = (first as { id?: unknown } | null)?.id;
      if (typeof id !== "string" || id === "")
        throw new ProviderStateError(
          `the first human evaluation of app ${context.appId} has no string id; pass one with --human-evaluation-id`,
        );
      return { ...app, evaluation_id: id };
    }
    default:
      return undefined;
  }
}

export interface ProviderStateFailure {
  state: string;
  message: string;
  /** The app has no such records (see ProviderStateError.unmet): its interaction is skipped, not failed. */
  unmet?: boolean;
}

export interface ProviderStateServer {
  /** The URL to give Pact as `providerStatesSetupUrl`. */
  url: string;
  /** States that could not be met, in order (the verifier retries, so one may repeat). */
  failures: ProviderStateFailure[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: string, contentType: string): void {
  response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  response.end(body);
}

/**
 * A state-change endpoint on 127.0.0.1, port 0. A state that cannot be set up is recorded and answered
 * 200 with no values: Pact 17's verifier retries a failed (500) state change with a growing backoff
 * until its own timeout, where Pact 16 failed the interaction at once. The interaction then runs
 * without its values and fails, and results.ts reports it by the recorded failure: skipped when the
 * app has no such records, failed (with the state's message first) otherwise.
 */
export async function startProviderStateServer(context: ProviderStateContext): Promise<ProviderStateServer> {
  const failures: ProviderStateFailure[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      let change: { state?: unknown; action?: unknown };
      try {
        change = JSON.parse(await readBody(request)) as typeof change;
      } catch {
        return send(response, 400, "expected a JSON state change", "text/plain");
      }
      const state = typeof change.state === "string" ? change.state : "";
      if (change.action === "teardown") return send(response, 200, "{}", "application/json");
      try {
        const values = await resolveProviderState(state, context);
        send(response, 200, JSON.stringify(values ?? {}), "application/json");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push({ state, message, ...(error instanceof ProviderStateError && error.unmet ? { unmet: true } : {}) });
        send(response, 200, "{}", "application/json");
      }
    })();
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}/provider-states`,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
