// Starts Prism in mock or proxy mode on the contract's OpenAPI document, and reports what it
// finds in each exchange. Prism runs as a child process; a small relay in front of it turns its
// per-response findings into `onExchange` calls.
import { access } from "node:fs/promises";
import { resolve } from "node:path";
import type { CompatMode } from "../contract/error-bodies.js";
import { ToolkitError } from "../errors.js";
import { buildMockDocument, buildProxyDocument, writeTempDocument, type TempDocument } from "./documents.js";
import { ensurePortFree, findFreePort } from "./free-port.js";
import { spawnPrism, type PrismProcess } from "./spawn-prism.js";
import { startViolationRelay, type RunningRelay } from "./violation-relay.js";
import type { PrismExchange } from "./violation.js";

export const PRISM_DEFAULT_PORT = 4010;
export const PRISM_DEFAULT_HOST = "127.0.0.1";

export interface StartPrismOptions {
  mode: "mock" | "proxy";
  /**
   * OpenAPI document (file path or http(s) URL), used as it is. Default: the contract
   * (contracts/openapi.yaml) with trailing-slash paths; for the mock with the 422 body of `compat`
   * and, when `dynamic`, adjusted for json-schema-faker (`buildMockDocument`); for the proxy with
   * null accepted for optional properties unless `strict`, and naive timestamps (`buildProxyDocument`).
   */
  document?: string;
  /** Default 4010; 0 picks a free port (read it from the result). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Proxy mode: the provider to validate, e.g. `https://eval.example.com/api`. */
  upstream?: string;
  /** Mock mode: responses generated from the schemas instead of the document's examples. */
  dynamic?: boolean;
  /** Mock mode with `dynamic`: seed for repeatable generated responses (an integer from 0 to 2^53-1, as text). */
  seed?: string;
  /** Mock mode: whose 422 body answers a missing app_id (FastAPI on pydantic v1, v2, or legacy = v1). Default v1. */
  compat?: CompatMode;
  /** Prism's --errors: a violation fails the request (500 problem+json for a bad response). */
  errors?: boolean;
  /** Proxy mode: null optionals are violations too, as in the published document. */
  strict?: boolean;
  /**
   * Put the reporting relay in front of Prism (default true). Without it Prism itself listens on
   * the port and `onExchange` is never called (used to measure Prism alone).
   */
  observe?: boolean;
  /** Called after every request with Prism's violations of it (often none). */
  onExchange?: (exchange: PrismExchange) => void;
  /** Prism's own log lines, colours removed. */
  onLog?: (line: string) => void;
  /** Bound for a Prism that never says it listens (default `PRISM_START_TIMEOUT_MS`, 2 minutes); then `E_PRISM`. */
  startTimeoutMs?: number;
}

export interface RunningPrism {
  /** Base URL clients call, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  port: number;
  host: string;
  mode: "mock" | "proxy";
  /** The document Prism runs on (a temporary file for the default proxy document). */
  document: string;
  /** Resolves when the Prism child exits, with its exit code; a crash shows here. */
  exited: Promise<number | null>;
  /** Stops the relay and Prism and removes temporary files. Safe to call twice. */
  close(): Promise<void>;
}

const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);

const formatUrl = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

function checkOptions(options: StartPrismOptions): void {
  if (options.mode === "proxy") {
    if (!options.upstream) throw new ToolkitError("E_USAGE", "the proxy needs the provider's URL (--upstream URL)");
    let parsed: URL;
    try {
      parsed = new URL(options.upstream);
    } catch {
      throw new ToolkitError("E_USAGE", `--upstream must be an http(s) URL, got "${options.upstream}"`);
    }
    if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !isUrl(options.upstream))
      throw new ToolkitError("E_USAGE", `--upstream must be an http(s) URL, got "${options.upstream}"`);
  } else if (options.upstream) {
    throw new ToolkitError("E_USAGE", "--upstream only applies to the proxy");
  }
  if (options.mode === "proxy" && (options.dynamic || options.seed !== undefined || options.compat !== undefined))
    throw new ToolkitError("E_USAGE", "--dynamic, --seed and --compat only apply to the mock");
  // Values reach Prism's own parser: only what they claim to be, so none can pass as an option of it
  // (`--seed=--cors=false` would turn off Prism's CORS).
  if (options.seed !== undefined && !/^\d{1,16}$/.test(options.seed))
    throw new ToolkitError("E_USAGE", `--seed must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got "${options.seed}"`);
  if (options.host !== undefined && !/^[A-Za-z0-9_.:%[\]]+(-[A-Za-z0-9_.:%[\]]+)*$/.test(options.host))
    throw new ToolkitError("E_USAGE", `--host must be a host name or an IP address, got "${options.host}"`);
  if (options.compat !== undefined && options.document !== undefined)
    throw new ToolkitError("E_USAGE", "--compat applies to the contract's document, not to --document (which is used as it is)");
  // The static mock answers the examples: a seed there would be silently ignored.
  if (options.mode === "mock" && options.seed !== undefined && !options.dynamic)
    throw new ToolkitError("E_USAGE", "--seed needs --dynamic");
}

async function documentFor(options: StartPrismOptions): Promise<{ path: string; temp?: TempDocument }> {
  if (options.document) {
    if (!isUrl(options.document)) {
      try {
        await access(options.document);
      } catch {
        throw new ToolkitError("E_FILE_NOT_FOUND", `OpenAPI document not found: ${options.document}`);
      }
    }
    // An absolute path: a file named like an option (`-h`) must not be read as one by Prism, and
    // Prism's parser (yargs) stops filling its positionals after `--`, so that guard is not available.
    return { path: isUrl(options.document) ? options.document : resolve(options.document) };
  }
  const document =
    options.mode === "mock"
      ? buildMockDocument({ dynamic: options.dynamic === true, ...(options.compat ? { compat: options.compat } : {}) })
      : buildProxyDocument({ strict: options.strict === true });
  const temp = await writeTempDocument(document);
  return { path: temp.path, temp };
}

/** Prism's command line (exported for its test). */
export function prismArgs(options: StartPrismOptions, document: string, host: string, port: number): string[] {
  // Positionals are an absolute path or an http(s) URL (checked above), never dash-led; values go
  // as `--name=value`, so none is read as an option.
  const args = [options.mode, document];
  if (options.mode === "proxy") args.push(options.upstream!);
  args.push(`--host=${host}`, `--port=${port}`);
  if (options.errors) args.push("--errors");
  if (options.dynamic) {
    // Only the declared properties: random extra ones are noise for a client of this contract.
    args.push("--dynamic", "--json-schema-faker-fillProperties=false");
    if (options.seed !== undefined) args.push(`--seed=${options.seed}`);
  }
  return args;
}

export async function startPrism(options: StartPrismOptions): Promise<RunningPrism> {
  checkOptions(options);
  const host = options.host ?? PRISM_DEFAULT_HOST;
  const wantedPort = options.port ?? PRISM_DEFAULT_PORT;
  const observe = options.observe ?? true;
  const { path: document, temp } = await documentFor(options);

  let relay: RunningRelay | undefined;
  let prism: PrismProcess | undefined;
  let prismReady = (): void => {};
  let prismFailed = (_error: unknown): void => {};
  const ready = new Promise<void>((resolve, reject) => {
    prismReady = resolve;
    prismFailed = reject;
  });
  ready.catch(() => {}); // only the relay's waiting requests care
  try {
    let prismHost = host;
    let prismPort: number;
    if (observe) {
      // Prism listens privately on loopback; clients talk to the relay on the wanted port.
      const target = { host: "127.0.0.1", port: await findFreePort("127.0.0.1") };
      relay = await startViolationRelay({ target, ready, host, port: wantedPort, onExchange: (e) => options.onExchange?.(e) });
      prismHost = target.host;
      prismPort = target.port;
    } else if (wantedPort === 0) {
      prismPort = await findFreePort(host);
    } else {
      await ensurePortFree(host, wantedPort);
      prismPort = wantedPort;
    }
    prism = await spawnPrism({
      args: prismArgs(options, document, prismHost, prismPort),
      ...(options.onLog ? { onLog: options.onLog } : {}),
      ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
    });
    prismReady();
    const port = relay ? relay.port : prismPort;
    const running = prism;
    const openRelay = relay;
    let closing: Promise<void> | undefined;
    return {
      url: formatUrl(host, port),
      port,
      host,
      mode: options.mode,
      document,
      exited: running.exited,
      close: () =>
        (closing ??= (async () => {
          await openRelay?.close();
          await running.stop();
          await temp?.remove();
        })()),
    };
  } catch (error) {
    prismFailed(error);
    await relay?.close();
    await prism?.stop();
    await temp?.remove();
    throw error;
  }
}
