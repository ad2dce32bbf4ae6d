import { describe, expect, it } from "vitest";
import { bindRequest, planAll } from "./plan.js";
import { MAX_REPLAY_TARGET, unreplayable } from "./replayable-request.js";
import { targetOf } from "../engine/request.js";
import type { FuzzRequest } from "./types.js";

/** A request and what fuzz's shrinker may make of it: each header dropped, the body dropped (with or without its content-type), each value cut to its first character. */
function* withShrunk(request: FuzzRequest): Generator<FuzzRequest> {
  yield request;
  for (let i = 0; i < request.headers.length; i++) yield { ...request, headers: request.headers.filter((_, j) => j !== i) };
  if (request.body !== undefined) {
    const { body: _, ...rest } = request;
    yield { ...rest, headers: request.headers.filter(([name]) => name !== "content-type") };
  }
  yield { ...request, query: request.query.map(([name, value]) => [name.slice(0, 1), value === null ? null : value.slice(0, 1)]) };
}

describe("unreplayable: every request fuzz sends is replayed, nothing else", () => {
  it("takes every request of five seeds' plans, bound to real ids, and their shrunk forms", () => {
    let checked = 0;
    let longest = 0;
    for (const seed of [1, 2, 3, 4, 5])
      for (const planned of planAll({ seed, maxRequests: 3000 }))
        for (const request of withShrunk(bindRequest(planned, { app: "65e48be31b48af5e4a2d9bf1", record: "667e1b0ad1812781f7e37701" }))) {
          expect(unreplayable(request, request.operationId), `${request.method} ${targetOf(request).slice(0, 200)}`).toBeUndefined();
          longest = Math.max(longest, targetOf(request).length);
          checked++;
        }
    expect(checked).toBeGreaterThan(15_000);
    // The cap leaves room: fuzz's longest target is a third of it.
    expect(longest).toBeLessThan(MAX_REPLAY_TARGET / 2);
  });
});
