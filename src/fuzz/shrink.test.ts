import { describe, expect, it } from "vitest";
import { requestSize, shrinkRequest, valueTokens } from "./shrink.js";
import { targetOf } from "./plan.js";
import type { FuzzRequest } from "./types.js";

const request = (over: Partial<FuzzRequest>): FuzzRequest => ({
  index: 0,
  phase: "random",
  operationId: "listEvaluations",
  method: "GET",
  path: "/evaluations",
  query: [],
  headers: [],
  label: "test",
  ...over,
});

describe("valueTokens", () => {
  it("keeps a percent-encoded UTF-8 character whole and a lone byte alone", () => {
    expect(valueTokens("a%F0%9F%98%80%C3%A9%FF%zzb")).toEqual(["a", "%F0%9F%98%80", "%C3%A9", "%FF", "%", "z", "z", "b"]);
  });
});

describe("shrinkRequest", () => {
  it("shrinks a fault past a length to just past it, in a few dozen requests", async () => {
    const long = request({
      query: [
        ["app_id", "a".repeat(10_240)],
        ["limit", "-1"],
      ],
      headers: [["accept", "text/html"]],
    });
    let sent = 0;
    const { request: shrunk, tried } = await shrinkRequest(long, {
      budget: 60,
      stillFails: async (candidate) => {
        sent++;
        const value = candidate.query.find(([name]) => name === "app_id")?.[1] ?? "";
        return value.length > 100;
      },
    });
    expect(shrunk.query).toEqual([["app_id", "a".repeat(101)]]);
    expect(shrunk.headers).toEqual([]);
    expect(tried).toBe(sent);
    expect(tried).toBeLessThanOrEqual(60);
  });

  it("keeps the characters that make the fault, and never grows the request", async () => {
    const emoji = request({ operationId: "getHumanEvaluation", path: `/human-evaluations/abc%F0%9F%98%80def` });
    const { request: shrunk } = await shrinkRequest(emoji, {
      budget: 60,
      stillFails: async (candidate) => {
        expect(requestSize(candidate)).toBeLessThan(requestSize(emoji));
        return /%F0/.test(candidate.path) && candidate.path.startsWith("/human-evaluations/");
      },
    });
    expect(targetOf(shrunk)).toBe("/human-evaluations/%F0%9F%98%80");
  });

  it("returns the request itself when nothing smaller fails", async () => {
    const one = request({ query: [["app_id", "x"]] });
    const { request: shrunk } = await shrinkRequest(one, { budget: 60, stillFails: async () => false });
    expect(shrunk).toBe(one);
  });
});
