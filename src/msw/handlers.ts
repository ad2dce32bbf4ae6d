// MSW 2 request handlers that answer as the mock server does, for frontends' unit tests and
// component stories: each request goes through the mock's transport-free core (src/mock/core.ts),
// the same function behind the node:http mock, so both give the same status, headers and bytes.
// Only the transport lives here: a fetch Request in, a fetch Response out, the delay awaited.
// msw is an optional peer dependency, imported by this entry only.
import { http, HttpResponse, type HttpHandler } from "msw";
import { createMockCore, normalizeBasePath, type MockCoreOptions } from "../mock/core.js";

export interface MswHandlerOptions extends MockCoreOptions {
  /**
   * Answer only requests to this origin (`http://localhost:4010`); default: any origin. Requests
   * elsewhere, and paths outside `basePath`, fall through to your other handlers.
   */
  origin?: string;
  /** Waits out a delay (the default latency or `Prefer: delay=`); default: a timer. Tests pass their own. */
  wait?: (delayMs: number) => Promise<void>;
}

export interface EvaluationServiceHandlers extends Array<HttpHandler> {
  /** Serves `data` from the next request on (checked first: E_DATA_INVALID); returns its summary. */
  setDataset(data: unknown, source?: string): string;
}

const timer = (delayMs: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, delayMs));

/** Handlers for `setupServer(...handlers)` or `setupWorker(...handlers)`, answering as `evals-contract mock` does. */
export function createMswHandlers(options: MswHandlerOptions): EvaluationServiceHandlers {
  const core = createMockCore(options);
  const base = normalizeBasePath(options.basePath);
  const origin = options.origin === undefined ? undefined : new URL(options.origin).origin;
  const wait = options.wait ?? timer;

  const handler = http.all("*", async ({ request }) => {
    const url = new URL(request.url);
    if (origin !== undefined && url.origin !== origin) return undefined;
    if (base !== "" && !(url.pathname === base || url.pathname.startsWith(`${base}/`))) return undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = core.respond({ method: request.method, url: url.pathname + url.search, headers });
    if (answer.delayMs > 0) await wait(answer.delayMs);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) responseHeaders.set(name, String(value));
    // A copy into a plain ArrayBuffer-backed view: the pre-serialized bytes are shared between answers.
    const body = typeof answer.body === "string" ? answer.body : answer.body.slice();
    return new HttpResponse(body, { status: answer.status, headers: responseHeaders });
  });

  return Object.assign([handler], { setDataset: (data: unknown, source?: string) => core.setDataset(data, source) });
}
