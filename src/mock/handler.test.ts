// The handler's default scheduler (setTimeout) under fake timers: a delayed reply goes out when its
// timer fires and not a tick before; a closed response or dispose() drops it. The HTTP tests
// (test/mock/scenarios.test.ts) inject their own scheduler instead, so no test reads the clock.
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../contract/examples.js";
import { createMockHandler } from "./handler.js";

const data = { evaluations: [...EVALUATION_EXAMPLES], human_evaluations: [...HUMAN_EVALUATION_EXAMPLES] };
const appId = EVALUATION_EXAMPLES[0]!.app_id;

function exchange(url: string, headers: Record<string, string> = {}) {
  const request = { url, method: "GET", headers } as unknown as IncomingMessage;
  const written: number[] = [];
  const response = Object.assign(new EventEmitter(), {
    writeHead: (status: number) => written.push(status),
    end: () => undefined,
  });
  return { request, response: response as unknown as ServerResponse & EventEmitter, written };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createMockHandler's default scheduler", () => {
  it("sends a delayed reply when its timer fires, not before", () => {
    const handler = createMockHandler({ data });
    const { request, response, written } = exchange(`/evaluations?app_id=${appId}`, { prefer: "delay=200" });
    handler(request, response);
    vi.advanceTimersByTime(199);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual([200]);
  });

  it("applies delayMs to every reply but one asking for another delay", () => {
    const handler = createMockHandler({ data, delayMs: 200 });
    const slow = exchange("/nope");
    const fast = exchange(`/human-evaluations/${HUMAN_EVALUATION_EXAMPLES[0]!.id}`, { prefer: "delay=0" });
    handler(slow.request, slow.response);
    handler(fast.request, fast.response);
    expect([slow.written, fast.written]).toEqual([[], [200]]);
    vi.advanceTimersByTime(200);
    expect(slow.written).toEqual([404]);
  });

  it("drops the reply of a response closed while it waits, and every reply on dispose()", () => {
    const handler = createMockHandler({ data });
    const closed = exchange(`/evaluations?app_id=${appId}`, { prefer: "delay=100" });
    const disposed = exchange(`/evaluations?app_id=${appId}`, { prefer: "delay=100" });
    handler(closed.request, closed.response);
    handler(disposed.request, disposed.response);
    closed.response.emit("close");
    handler.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect([closed.written, disposed.written]).toEqual([[], []]);
  });
});
