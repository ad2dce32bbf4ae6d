// Every network fault of the node mock (src/mock/faults.ts) as a real client sees it on the socket:
// node's http.request, one fresh connection per request (agent: false), the fault asked for by
// `Prefer: fault=`, by `?__fault=`, and from the console for every operation or for one. Then the
// journal's record of each, the mock still answering after each, close() with a hung request or a
// dribble pending, and `mock --help` listing them. Nothing here times an upper bound: a dribble is
// checked by its pieces and a lower bound on how long they took.
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAULT_DESCRIPTIONS, FAULTS, GATEWAY_PAGE, startMockServer, type FaultName, type RunningMockServer } from "../../src/mock/index.js";
import type { JournalEntry } from "../../src/mock/journal.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { APP_A, exampleDataset } from "./datasets.js";

const data = exampleDataset();
const HUMAN_ID = data.human_evaluations[0]!.id;
const BY_ID = `/human-evaluations/${HUMAN_ID}`;
const LIST = `/evaluations?app_id=${APP_A}`;
const HUMAN_LIST = `/human-evaluations?app_id=${APP_A}`;
/** How long a dribbled body takes here. */
const DRIBBLE_MS = 600;
/** The client's timeout for a hang. */
const HANG_TIMEOUT_MS = 300;

/** What node's http client saw of one request. */
interface Seen {
  status?: number;
  headers?: IncomingHttpHeaders;
  body: Buffer;
  /** When each 'data' event came, in ms since the request was sent. */
  pieces: number[];
  /** Every error the request or the response emitted, first first. */
  errors: NodeJS.ErrnoException[];
  /** The response ended complete (its 'end', not an abort). */
  complete: boolean;
  /** The client's own timeout fired (and destroyed the request). */
  timedOut: boolean;
  ms: number;
}

/** GETs `url` on a fresh connection and reports what happened, however it ends. */
function see(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<Seen> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const seen: Seen = { body: Buffer.alloc(0), pieces: [], errors: [], complete: false, timedOut: false, ms: 0 };
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      seen.ms = performance.now() - started;
      // The rest of this turn's events (a response's abort after the request's parse error) first.
      setImmediate(() => {
        seen.body = Buffer.concat(chunks);
        resolve(seen);
      });
    };
    const req = request(url, { headers, agent: false }, (response) => {
      seen.status = response.statusCode;
      seen.headers = response.headers;
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        seen.pieces.push(performance.now() - started);
      });
      response.on("end", () => (seen.complete = true));
      response.on("error", (error: NodeJS.ErrnoException) => seen.errors.push(error));
      response.on("close", settle);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      seen.errors.push(error);
      settle();
    });
    req.setTimeout(timeoutMs, () => {
      seen.timedOut = true;
      req.destroy(new Error("the client's timeout"));
    });
    req.end();
  });
}

const preferOf = (fault: FaultName): string => (fault === "dribble" ? `fault=dribble, delay=${DRIBBLE_MS}` : `fault=${fault}`);
const queryOf = (fault: FaultName): string => (fault === "dribble" ? `__fault=dribble&__delay=${DRIBBLE_MS}` : `__fault=${fault}`);
const switchOf = (fault: FaultName): { fault: FaultName; delay?: number } =>
  fault === "dribble" ? { fault, delay: DRIBBLE_MS } : { fault };
const timeoutOf = (fault: FaultName): number => (fault === "hang" ? HANG_TIMEOUT_MS : 10_000);
/** The status the journal shows: none where the socket carried no status line. */
const journalStatus = (fault: FaultName): number | null =>
  fault === "gateway" ? 502 : fault === "malformed" || fault === "dribble" || fault === "truncated" ? 200 : null;

/** The normal answers, as a client without a fault gets them. */
const normal: Record<string, Buffer> = {};

/** Asserts what a client sees of `fault`; `path`'s normal answer is what a dribble must deliver whole (and malformed begin with). */
function expectSeen(fault: FaultName, seen: Seen, path: string): void {
  const first = seen.errors[0];
  switch (fault) {
    case "reset":
      expect(seen.status, "no status line").toBeUndefined();
      expect(first?.code).toBe("ECONNRESET");
      // A reset, not an orderly close: node says "socket hang up" only for the latter.
      expect(first?.message).toMatch(/ECONNRESET/);
      expect(seen.timedOut).toBe(false);
      break;
    case "empty":
      expect(seen.status, "no status line").toBeUndefined();
      expect(first?.code).toBe("ECONNRESET");
      expect(first?.message).toBe("socket hang up");
      expect(seen.timedOut).toBe(false);
      break;
    case "malformed":
      expect(seen.status, "a 200 status line first").toBe(200);
      expect(first?.code).toBe("HPE_INVALID_CHUNK_SIZE");
      expect(seen.complete).toBe(false);
      expect(seen.body.length).toBeGreaterThan(0);
      expect(seen.body.length).toBeLessThan(normal[path]!.length);
      expect(normal[path]!.subarray(0, seen.body.length).equals(seen.body), "the start of the real body").toBe(true);
      break;
    case "hang":
      expect(seen.timedOut, "only the client's timeout ended it").toBe(true);
      expect(seen.status).toBeUndefined();
      expect(seen.body.length).toBe(0);
      expect(seen.errors.map((e) => e.message)).toEqual(["the client's timeout"]);
      expect(seen.ms).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS * 0.9);
      break;
    case "dribble": {
      expect(seen.errors).toEqual([]);
      expect(seen.status).toBe(200);
      expect(seen.headers!["content-type"]).toBe("application/json");
      expect(seen.complete).toBe(true);
      expect(seen.body.equals(normal[path]!), "the whole normal body").toBe(true);
      expect(() => JSON.parse(seen.body.toString("utf8"))).not.toThrow();
      expect(seen.pieces.length, "several 'data' events").toBeGreaterThanOrEqual(3);
      // Spread over the delay: the last piece came most of the delay after the first.
      expect(seen.pieces.at(-1)! - seen.pieces[0]!).toBeGreaterThanOrEqual(DRIBBLE_MS * 0.75);
      break;
    }
    case "gateway":
      expect(seen.errors).toEqual([]);
      expect(seen.status).toBe(502);
      expect(seen.headers!["content-type"]).toBe("text/html");
      expect(seen.body.toString("utf8")).toBe(GATEWAY_PAGE);
      expect(seen.body.toString("utf8")).toContain("<title>502 Bad Gateway</title>");
      expect(seen.body.toString("utf8")).toContain("<center>nginx</center>");
      break;
    case "truncated":
      // Valid framing: the response ends complete, its Content-Length the bytes actually sent.
      expect(seen.errors).toEqual([]);
      expect(seen.status).toBe(200);
      expect(seen.headers!["content-type"]).toBe("application/json");
      expect(seen.complete).toBe(true);
      expect(seen.headers!["content-length"]).toBe(String(seen.body.length));
      expect(seen.body.length).toBeGreaterThan(0);
      expect(seen.body.length).toBeLessThan(normal[path]!.length);
      expect(normal[path]!.subarray(0, seen.body.length).equals(seen.body), "the start of the real body").toBe(true);
      expect(() => JSON.parse(seen.body.toString("utf8"))).toThrow(SyntaxError);
      break;
  }
}

describe("the node mock's faults, seen by node's http client", () => {
  let mock: RunningMockServer;
  let lastId = 0;

  const post = async (path: string, body: unknown): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${mock.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const setScenario = async (body: unknown): Promise<void> => {
    const set = await post("/_mock/api/scenario", body);
    expect(set.status).toBe(200);
  };
  /** The journal's entries since the last call (over HTTP, as a test of a frontend reads it). */
  const journalSince = async (): Promise<JournalEntry[]> => {
    const response = await fetch(`${mock.url}/_mock/api/requests?since=${lastId}`);
    expect(response.status).toBe(200);
    const { requests } = (await response.json()) as { requests: JournalEntry[] };
    lastId = requests.at(-1)?.id ?? lastId;
    return requests;
  };
  /** The mock answers a plain request normally: after every fault, and during a hang. */
  const expectNormal = async (path: string): Promise<void> => {
    const seen = await see(`${mock.url}${path}`);
    expect(seen.errors).toEqual([]);
    expect(seen.status).toBe(200);
    expect(seen.body.equals(normal[path]!)).toBe(true);
  };

  /**
   * Requests `path` (with `headers`) under `fault` and checks what the client saw, that the mock kept
   * answering (during a hang too) and answers `plain` normally afterwards, and the journal's entry.
   */
  const expectFault = async (fault: FaultName, path: string, headers: Record<string, string>, plain: string): Promise<void> => {
    await journalSince();
    let pending = true;
    const seeing = see(`${mock.url}${path}`, headers, timeoutOf(fault)).finally(() => (pending = false));
    if (fault === "hang") {
      // Another request is answered while this one hangs.
      await expectNormal(LIST);
      expect(pending, "the hang is still pending while the mock answers another request").toBe(true);
    }
    expectSeen(fault, await seeing, plain);
    await expectNormal(plain);
    const entries = (await journalSince()).filter((entry) => entry.fault !== null);
    expect(entries).toEqual([
      expect.objectContaining({
        method: "GET",
        url: path,
        fault,
        status: journalStatus(fault),
        scenario: expect.stringContaining(`fault=${fault}`),
      }),
    ]);
  };

  beforeAll(async () => {
    mock = await startMockServer({ data, port: 0 });
    for (const path of [BY_ID, LIST, HUMAN_LIST]) {
      const seen = await see(`${mock.url}${path}`);
      expect(seen.status).toBe(200);
      normal[path] = seen.body;
    }
  });
  afterAll(() => mock?.close());
  afterEach(() => setScenario({}));

  describe.each(FAULTS)("%s", (fault) => {
    it("asked for with Prefer", async () => {
      await expectFault(fault, BY_ID, { Prefer: preferOf(fault) }, BY_ID);
    });

    it("asked for with a __fault query parameter", async () => {
      await expectFault(fault, `${LIST}&${queryOf(fault)}`, {}, LIST);
    });

    it("switched on from the console for every operation, and off with {}", async () => {
      const set = await post("/_mock/api/scenario", switchOf(fault));
      expect(set).toEqual({ status: 200, body: { scenario: switchOf(fault) } });
      await journalSince();
      const seen = await see(`${mock.url}${HUMAN_LIST}`, {}, timeoutOf(fault));
      expectSeen(fault, seen, HUMAN_LIST);
      const [entry] = await journalSince();
      expect(entry).toMatchObject({ url: HUMAN_LIST, operation: "listHumanEvaluations", fault, status: journalStatus(fault) });
      await setScenario({});
      expect(await (await fetch(`${mock.url}/_mock/api/scenario`)).json()).toEqual({ scenario: {} });
      await expectNormal(HUMAN_LIST);
      await expectNormal(BY_ID);
    });

    it("switched on from the console for getHumanEvaluation only", async () => {
      await setScenario({ operation: "getHumanEvaluation", ...switchOf(fault) });
      // The other operations answer normally meanwhile.
      await expectNormal(LIST);
      await expectNormal(HUMAN_LIST);
      await journalSince();
      expectSeen(fault, await see(`${mock.url}${BY_ID}`, {}, timeoutOf(fault)), BY_ID);
      const [entry] = await journalSince();
      expect(entry).toMatchObject({ url: BY_ID, operation: "getHumanEvaluation", fault, status: journalStatus(fault) });
      await setScenario({});
      await expectNormal(BY_ID);
      expect((await journalSince()).map((e) => e.fault)).toEqual([null]);
    });
  });

  it("a request's own scenario wins over the console's fault", async () => {
    await setScenario({ fault: "reset" });
    const seen = await see(`${mock.url}${LIST}`, { Prefer: "code=200" });
    expect(seen.status).toBe(200);
    expect(seen.body.equals(normal[LIST]!)).toBe(true);
  });

  it("a fetch aborted mid-dribble: its body read rejects with AbortError, and the mock goes on", async () => {
    const controller = new AbortController();
    const response = await fetch(`${mock.url}${LIST}`, { headers: { Prefer: "fault=dribble, delay=2000" }, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const rest = (async () => {
      for (;;) if ((await reader.read()).done) return "the whole body after the abort";
    })();
    await expect(rest).rejects.toMatchObject({ name: "AbortError" });
    await expectNormal(LIST);
  });

  it("a reset asked with a delay comes after the delay", async () => {
    const seen = await see(`${mock.url}${LIST}`, { Prefer: "fault=reset, delay=300" });
    expectSeen("reset", seen, LIST);
    expect(seen.ms).toBeGreaterThanOrEqual(270);
  });
});

describe("closing the node mock with a fault in progress", () => {
  /** Resolves with close()'s duration, or rejects after `limitMs` (far above what a close takes). */
  const timedClose = async (mock: RunningMockServer, limitMs = 5_000): Promise<number> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`close() still pending after ${limitMs} ms`)), limitMs);
    });
    try {
      await Promise.race([mock.close(), limit]);
    } finally {
      clearTimeout(timer);
    }
    return performance.now() - started;
  };

  it("returns promptly with a hung request pending, which the client sees closed", async () => {
    const mock = await startMockServer({ data, port: 0 });
    let seeing: Promise<Seen> | undefined;
    try {
      seeing = see(`${mock.url}${LIST}&__fault=hang`, {}, 60_000);
      // The mock has the request (the journal notes a hang when it starts).
      await expect.poll(() => mock.requests().map((e) => e.fault), { timeout: 5_000 }).toEqual(["hang"]);
      await timedClose(mock);
    } finally {
      await mock.close();
    }
    const seen = await seeing;
    expect(seen.timedOut).toBe(false);
    expect(seen.status).toBeUndefined();
    expect(seen.errors[0]?.code).toBe("ECONNRESET");
  });

  it("returns promptly with a dribble half sent, which the client sees cut short", async () => {
    const mock = await startMockServer({ data, port: 0 });
    let seeing: Promise<Seen> | undefined;
    try {
      let firstPiece: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (firstPiece = resolve));
      seeing = new Promise<Seen>((resolve) => {
        // A plain request whose first piece tells the test the dribble is under way.
        const req = request(`${mock.url}${LIST}&__fault=dribble&__delay=60000`, { agent: false }, (response) => {
          const seen: Seen = {
            status: response.statusCode,
            body: Buffer.alloc(0),
            pieces: [],
            errors: [],
            complete: false,
            timedOut: false,
            ms: 0,
          };
          response.on("data", (chunk: Buffer) => {
            seen.pieces.push(chunk.length);
            firstPiece();
          });
          response.on("end", () => (seen.complete = true));
          response.on("error", (error: NodeJS.ErrnoException) => seen.errors.push(error));
          response.on("close", () => resolve(seen));
        });
        req.on("error", () => undefined);
        req.end();
      });
      await started;
      await timedClose(mock);
    } finally {
      await mock.close();
    }
    const seen = await seeing;
    expect(seen.status).toBe(200);
    expect(seen.complete).toBe(false);
    expect(seen.pieces.length).toBeGreaterThanOrEqual(1);
  });
});

describe("mock --help", () => {
  it("lists every fault with what it does", async () => {
    const { code, stdout } = await runCliCaptured(["mock", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Prefer: fault=NAME");
    expect(stdout).toContain("?__fault=NAME");
    const lines = stdout.split("\n").map((line) => line.trim().split(/\s+/).join(" "));
    for (const fault of FAULTS) expect(lines).toContain(`${fault} ${FAULT_DESCRIPTIONS[fault]}`);
  });
});
