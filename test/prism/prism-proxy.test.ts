// Prism's validation proxy in front of a local provider: it forwards responses unchanged, reports
// the violations of a response that breaks the contract (not the real service's null optionals
// and naive timestamps, unless strict), and with --errors fails the violating request.
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { DEFAULT_OPENAPI_PATH, startPrism, type PrismExchange, type RunningPrism, type StartPrismOptions } from "../../src/prism/index.js";
import { BROKEN_APP, BROKEN_BODY, REAL_APP, REAL_BODY, startUpstream, VALID_APP, type Upstream } from "./upstream.js";

interface Proxy {
  prism: RunningPrism;
  exchanges: PrismExchange[];
  /** Emits "exchange" as the relay reports each one. */
  reports: EventEmitter;
}

let upstream: Upstream;
const proxies: Partial<Record<"lenient" | "strict" | "errors" | "published", Proxy>> = {};

async function startProxy(options: Partial<StartPrismOptions>): Promise<Proxy> {
  const exchanges: PrismExchange[] = [];
  const reports = new EventEmitter();
  const onExchange = (e: PrismExchange): void => {
    exchanges.push(e);
    reports.emit("exchange", e);
  };
  const prism = await startPrism({ mode: "proxy", upstream: upstream.url, port: 0, onExchange, ...options });
  return { prism, exchanges, reports };
}

/** The exchange for `url`: at once if reported already, else when the relay reports it (after the body is sent). */
function exchangeFor(proxy: Proxy, url: string): Promise<PrismExchange> {
  const found = proxy.exchanges.find((e) => e.url === url);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const onReport = (e: PrismExchange): void => {
      if (e.url !== url) return;
      proxy.reports.off("exchange", onReport);
      resolve(e);
    };
    proxy.reports.on("exchange", onReport);
  });
}

async function get(proxy: Proxy, path: string): Promise<{ status: number; type: string | null; json: unknown }> {
  const response = await fetch(proxy.prism.url + path);
  return { status: response.status, type: response.headers.get("content-type"), json: await response.json() };
}

beforeAll(async () => {
  upstream = await startUpstream();
  const names = ["lenient", "strict", "errors", "published"] as const;
  const started = await Promise.allSettled([
    startProxy({}),
    startProxy({ strict: true }),
    startProxy({ errors: true }),
    // The published document as it is: what Prism makes of its `format: date-time`.
    startProxy({ document: DEFAULT_OPENAPI_PATH }),
  ]);
  started.forEach((s, i) => {
    if (s.status === "fulfilled") proxies[names[i]!] = s.value;
  });
  const failed = started.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await Promise.all(Object.values(proxies).map((p) => p.prism.close()));
  await upstream?.close();
});

describe("prism proxy", () => {
  it("forwards conforming responses unchanged and reports no violation", async () => {
    const proxy = proxies.lenient!;
    const list = await get(proxy, `/evaluations?app_id=${VALID_APP}`);
    expect(list).toMatchObject({ status: 200, json: EVALUATION_EXAMPLES });
    const one = await get(proxy, `/human-evaluations/${HUMAN_EVALUATION_EXAMPLES[0]!.id}`);
    expect(one).toMatchObject({ status: 200, json: HUMAN_EVALUATION_EXAMPLES[0] });
    expect(upstream.received).toContain(`GET /evaluations?app_id=${VALID_APP}`);
    expect((await exchangeFor(proxy, `/evaluations?app_id=${VALID_APP}`)).violations).toEqual([]);
  });

  it("forwards a response that breaks the contract and reports its violations", async () => {
    const proxy = proxies.lenient!;
    const response = await get(proxy, `/evaluations?app_id=${BROKEN_APP}`);
    expect(response).toMatchObject({ status: 200, json: BROKEN_BODY });
    const exchange = await exchangeFor(proxy, `/evaluations?app_id=${BROKEN_APP}`);
    expect(exchange).toMatchObject({ method: "GET", status: 200 });
    expect(exchange.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: ["response", "body", "0"], code: "required", message: expect.stringContaining("user_id") }),
        expect.objectContaining({ location: ["response", "body", "0", "id"], code: "type" }),
      ]),
    );
    expect(exchange.violations.every((v) => v.severity === "Error")).toBe(true);
  });

  it("validates the trailing-slash paths the real web client calls", async () => {
    const proxy = proxies.lenient!;
    expect(await get(proxy, `/evaluations/?app_id=${BROKEN_APP}`)).toMatchObject({ status: 200, json: BROKEN_BODY });
    const broken = await exchangeFor(proxy, `/evaluations/?app_id=${BROKEN_APP}`);
    expect(broken.violations.map((v) => v.location.join("."))).toEqual(expect.arrayContaining(["response.body.0", "response.body.0.id"]));
    const path = `/human-evaluations/${HUMAN_EVALUATION_EXAMPLES[0]!.id}/`;
    expect(await get(proxy, path)).toMatchObject({ status: 200, json: HUMAN_EVALUATION_EXAMPLES[0] });
    expect((await exchangeFor(proxy, path)).violations).toEqual([]);
  });

  it("with strict, still knows the trailing-slash paths", async () => {
    const proxy = proxies.strict!;
    await get(proxy, `/evaluations/?app_id=${REAL_APP}`);
    const { violations } = await exchangeFor(proxy, `/evaluations/?app_id=${REAL_APP}`);
    expect(violations.map((v) => v.location.join(".")).sort()).toEqual([
      "response.body.0.average_cost",
      "response.body.0.status.error",
      "response.body.0.testset_id",
    ]);
  });

  it("accepts the real service's null optionals and naive timestamps", async () => {
    const proxy = proxies.lenient!;
    expect(await get(proxy, `/evaluations?app_id=${REAL_APP}`)).toMatchObject({ status: 200, json: REAL_BODY });
    expect((await exchangeFor(proxy, `/evaluations?app_id=${REAL_APP}`)).violations).toEqual([]);
  });

  it("with strict, reports the null optionals (and still not the naive timestamps)", async () => {
    const proxy = proxies.strict!;
    expect(await get(proxy, `/evaluations?app_id=${REAL_APP}`)).toMatchObject({ status: 200, json: REAL_BODY });
    const { violations } = await exchangeFor(proxy, `/evaluations?app_id=${REAL_APP}`);
    expect(violations.map((v) => v.location.join(".")).sort()).toEqual([
      "response.body.0.average_cost",
      "response.body.0.status.error",
      "response.body.0.testset_id",
    ]);
  });

  it("would fail the naive timestamp on the published document: Prism's date-time format requires an offset", async () => {
    const proxy = proxies.published!;
    await get(proxy, `/evaluations?app_id=${REAL_APP}`);
    const { violations } = await exchangeFor(proxy, `/evaluations?app_id=${REAL_APP}`);
    const created = violations.filter((v) => v.location.join(".") === "response.body.0.created_at");
    expect(created).toEqual([
      expect.objectContaining({ code: "format", severity: "Error", message: expect.stringContaining("date-time") }),
    ]);
    // The space-separated one with an offset passes Prism's format.
    expect(violations.some((v) => v.location.join(".") === "response.body.0.updated_at")).toBe(false);
  });

  it("forwards a request without app_id and reports it as a request violation", async () => {
    const proxy = proxies.lenient!;
    const response = await get(proxy, "/evaluations");
    expect(response.status).toBe(422);
    expect(upstream.received).toContain("GET /evaluations");
    const { violations } = await exchangeFor(proxy, "/evaluations");
    expect(violations).toEqual([expect.objectContaining({ location: ["request", "query"], code: "required" })]);
  });
});

describe("prism proxy --errors", () => {
  it("passes conforming responses through", async () => {
    expect(await get(proxies.errors!, `/evaluations?app_id=${VALID_APP}`)).toMatchObject({ status: 200, json: EVALUATION_EXAMPLES });
  });

  it("turns a violating response into Prism's 500 problem, and reports why", async () => {
    const proxy = proxies.errors!;
    const response = await get(proxy, `/evaluations?app_id=${BROKEN_APP}`);
    expect(response.status).toBe(500);
    expect(response.type).toMatch(/^application\/problem\+json/);
    expect(response.json).toMatchObject({ type: expect.stringContaining("VIOLATIONS"), validation: expect.any(Array) });
    const exchange = await exchangeFor(proxy, `/evaluations?app_id=${BROKEN_APP}`);
    expect(exchange.status).toBe(500);
    expect(exchange.problem?.title).toBe("Request/Response not valid");
    expect(exchange.violations.some((v) => v.location.join(".") === "response.body.0.id")).toBe(true);
  });

  it("refuses an invalid request with 422 without forwarding it", async () => {
    const proxy = proxies.errors!;
    const before = upstream.received.length;
    const response = await get(proxy, "/human-evaluations");
    expect(response.status).toBe(422);
    expect(upstream.received.length).toBe(before);
    const exchange = await exchangeFor(proxy, "/human-evaluations");
    expect(exchange.violations).toEqual([expect.objectContaining({ location: ["request", "query"], code: "required" })]);
  });
});
