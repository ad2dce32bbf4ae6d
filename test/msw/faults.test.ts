// Every network fault under MSW (msw/node's setupServer with createMswHandlers), as fetch sees it:
// asked for with `Prefer: fault=` and set for a test with `handlers.use({ scenario })` (for every
// operation, or for one), `handlers.reset()` after each test, and `handlers.requests()` recording
// each. A hang is aborted by the test's AbortController, and the handler is seen to return once it is
// (msw's request:match comes only after the resolver has): no promise is left pending behind it.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAULTS, GATEWAY_PAGE, type FaultName } from "../../src/mock/faults.js";
import { createMswHandlers } from "../../src/msw/index.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";

const ORIGIN = "http://evals.msw.test";
const data = exampleDataset();
const HUMAN_ID = data.human_evaluations[0]!.id;
const LIST = `${ORIGIN}/evaluations?app_id=${APP_A}`;
const HUMAN_LIST = `${ORIGIN}/human-evaluations?app_id=${APP_A}`;
const BY_ID = `${ORIGIN}/human-evaluations/${HUMAN_ID}`;
const DRIBBLE_MS = 300;
const ABORT_MS = 200;

type ListenOptions = Parameters<ReturnType<typeof setupServer>["listen"]>[0];
/** msw 3 renamed onUnhandledRequest to onUnhandledFrame (and ignores the old name): both. */
const onUnhandled = (strategy: "error" | "bypass"): ListenOptions =>
  ({ onUnhandledRequest: strategy, onUnhandledFrame: strategy }) as ListenOptions;

/** What fetch gave: the answer read whole, or where and how it rejected. */
type Seen =
  | { settled: "resolved"; status: number; type: string | null; text: string; reads: number; ms: number }
  | { settled: "rejected"; stage: "fetch" | "body"; name: string; message: string; ms: number };

/** Fetches `url`, aborted after `abortMs` if given, the body read piece by piece. */
async function see(url: string, init: RequestInit = {}, abortMs?: number): Promise<Seen> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = abortMs === undefined ? undefined : setTimeout(() => controller.abort(), abortMs);
  let stage: "fetch" | "body" = "fetch";
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    stage = "body";
    const pieces: Uint8Array[] = [];
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    const text = Buffer.concat(pieces).toString("utf8");
    return {
      settled: "resolved",
      status: response.status,
      type: response.headers.get("content-type"),
      text,
      reads: pieces.length,
      ms: performance.now() - started,
    };
  } catch (error) {
    const { name, message } = error as Error;
    return { settled: "rejected", stage, name, message, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

// The handlers' waits (a delay, a dribble's intervals), recorded; real timers unless `fast`.
const waits: number[] = [];
let fast = false;
const handlers = createMswHandlers({
  data,
  wait: (ms) => {
    waits.push(ms);
    return fast ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
  },
});
const server = setupServer(...handlers);
/** Requests whose resolver returned (msw emits request:match after the resolver, with its answer). */
const matched: string[] = [];
server.events.on("request:match", ({ request }) => void matched.push(request.url));

const normal: Record<string, string> = {};
const journalStatus = (fault: FaultName): number | null =>
  fault === "gateway" ? 502 : fault === "dribble" || fault === "truncated" ? 200 : null;

/** Asserts what fetch sees of `fault` at `url` (its normal answer in `normal`). */
async function expectFault(fault: FaultName, url: string, init: RequestInit = {}): Promise<void> {
  matched.length = 0;
  const seeing = see(url, init, fault === "hang" ? ABORT_MS : undefined);
  if (fault === "hang") {
    // Halfway to the abort: the handler is still waiting (it returns only once the request is aborted).
    await new Promise((resolve) => setTimeout(resolve, ABORT_MS / 2));
    expect(matched, "the hang's handler returned before the abort").toEqual([]);
  }
  const seen = await seeing;
  switch (fault) {
    case "reset":
    case "empty":
    case "malformed":
      expect(seen).toMatchObject({ settled: "rejected", stage: "fetch", name: "TypeError" });
      break;
    case "hang":
      expect(seen).toMatchObject({ settled: "rejected", stage: "fetch", name: "AbortError" });
      expect(seen.ms).toBeGreaterThanOrEqual(ABORT_MS * 0.9);
      // The handler saw the abort (request.signal) and returned: nothing is left pending.
      await expect.poll(() => matched, { timeout: 2_000 }).toEqual([url]);
      break;
    case "dribble":
      expect(seen).toMatchObject({ settled: "resolved", status: 200, type: "application/json", text: normal[url] });
      if (seen.settled === "resolved") expect(seen.reads, "more than one piece").toBeGreaterThanOrEqual(2);
      break;
    case "gateway":
      expect(seen).toMatchObject({ settled: "resolved", status: 502, type: "text/html", text: GATEWAY_PAGE });
      expect(seen.settled === "resolved" && seen.text).toContain("502 Bad Gateway");
      break;
    case "truncated":
      // The first part of the normal body, a 200 with a JSON type: only the parse fails.
      expect(seen).toMatchObject({ settled: "resolved", status: 200, type: "application/json" });
      if (seen.settled === "resolved") {
        expect(seen.text.length).toBeGreaterThan(0);
        expect(seen.text.length).toBeLessThan(normal[url]!.length);
        expect(normal[url]!.startsWith(seen.text)).toBe(true);
        expect(() => JSON.parse(seen.text)).toThrow(SyntaxError);
      }
      break;
  }
}

beforeAll(async () => {
  server.listen(onUnhandled("error"));
  for (const url of [LIST, HUMAN_LIST, BY_ID]) {
    const seen = await see(url);
    expect(seen).toMatchObject({ settled: "resolved", status: 200 });
    if (seen.settled === "resolved") normal[url] = seen.text;
  }
  handlers.reset();
});
afterEach(() => {
  handlers.reset();
  waits.length = 0;
  fast = false;
});
afterAll(() => server.close());

describe.each(FAULTS)("MSW fault %s", (fault) => {
  it("asked for with Prefer", async () => {
    const prefer = fault === "dribble" ? `fault=dribble, delay=${DRIBBLE_MS}` : `fault=${fault}`;
    await expectFault(fault, BY_ID, { headers: { Prefer: prefer } });
    expect(handlers.requests()).toEqual([
      expect.objectContaining({ operation: "getHumanEvaluation", fault, status: journalStatus(fault), scenario: prefer }),
    ]);
    // The handlers answer normally afterwards.
    expect(await see(BY_ID)).toMatchObject({ settled: "resolved", status: 200, text: normal[BY_ID] });
  });

  it("set for the test with handlers.use, for every operation", async () => {
    handlers.use({ scenario: fault === "dribble" ? { fault, delay: DRIBBLE_MS } : { fault } });
    await expectFault(fault, HUMAN_LIST);
    expect(handlers.requests()).toEqual([
      expect.objectContaining({
        operation: "listHumanEvaluations",
        fault,
        status: journalStatus(fault),
        scenario: expect.stringContaining(`fault=${fault}`),
      }),
    ]);
  });
});

describe("MSW faults, more", () => {
  it("handlers.use for one operation faults only that operation; reset() ends it", async () => {
    handlers.use({ scenario: { operation: "listEvaluations", fault: "reset" } });
    await expectFault("reset", LIST);
    expect(await see(HUMAN_LIST)).toMatchObject({ settled: "resolved", status: 200, text: normal[HUMAN_LIST] });
    expect(await see(BY_ID)).toMatchObject({ settled: "resolved", status: 200, text: normal[BY_ID] });
    expect(handlers.requests().map((entry) => [entry.operation, entry.fault, entry.status])).toEqual([
      ["listEvaluations", "reset", null],
      ["listHumanEvaluations", null, 200],
      ["getHumanEvaluation", null, 200],
    ]);
    handlers.reset();
    expect(handlers.requests()).toEqual([]);
    expect(await see(LIST)).toMatchObject({ settled: "resolved", status: 200, text: normal[LIST] });
  });

  it("a request's own Prefer wins over the test's fault", async () => {
    handlers.use({ scenario: { fault: "reset" } });
    expect(await see(LIST, { headers: { Prefer: "code=200" } })).toMatchObject({ settled: "resolved", status: 200, text: normal[LIST] });
  });

  it("a dribble takes most of its delay, paced by the wait option", async () => {
    const seen = await see(LIST, { headers: { Prefer: `fault=dribble, delay=${DRIBBLE_MS}` } });
    expect(seen).toMatchObject({ settled: "resolved", status: 200, text: normal[LIST] });
    expect(seen.ms).toBeGreaterThanOrEqual(DRIBBLE_MS * 0.75);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(DRIBBLE_MS, 6);
  });

  it("a dribble with no delay spreads over the default 2000 ms, made instant by a test's wait", async () => {
    fast = true;
    handlers.use({ scenario: { fault: "dribble" } });
    const seen = await see(LIST);
    expect(seen).toMatchObject({ settled: "resolved", status: 200, text: normal[LIST] });
    // Instant waits let the pieces arrive together (msw 3's fetch coalesces them): the pacing is what counts.
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(2000, 6);
  });

  it("a hang aborted before it reaches the handler is no leak either", async () => {
    handlers.use({ scenario: { fault: "hang" } });
    const controller = new AbortController();
    controller.abort();
    await expect(fetch(LIST, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  // The dribbled body's stream follows request.signal: after an abort the body read rejects with
  // AbortError, as a real fetch's does against the node mock (test/mock/faults.test.ts).
  it("aborting a fetch mid-dribble fails its body read with AbortError, as a real fetch does", async () => {
    const controller = new AbortController();
    const response = await fetch(LIST, { headers: { Prefer: `fault=dribble, delay=${DRIBBLE_MS}` }, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const rest = (async () => {
      for (;;) if ((await reader.read()).done) return "the whole body after the abort";
    })();
    await expect(rest).rejects.toMatchObject({ name: "AbortError" });
  });

  it("handlers.requests() shows each fault, asked one after another", async () => {
    for (const fault of FAULTS)
      await expectFault(fault, LIST, {
        headers: { Prefer: fault === "dribble" ? `fault=dribble, delay=${DRIBBLE_MS}` : `fault=${fault}` },
      });
    expect(handlers.requests().map((entry) => [entry.fault, entry.status])).toEqual(FAULTS.map((fault) => [fault, journalStatus(fault)]));
  });
});
