// A long list, as verify meets it on a large app (issue 34: 20,000 evaluations, a 26 MB body): its two
// path forms are one text and one parse, no body is parsed before something reads it, a verify run
// walks it record by record and never parses it whole, coverage still observes every answer, and an
// app is found empty from the text alone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createExecutor } from "../../src/engine/executor.js";
import { createProviderClient } from "../../src/engine/provider-client.js";
import { generateDataset } from "../../src/generate/index.js";
import { verifyProvider } from "../../src/verify/index.js";
import { startFixtureProvider, type RunningProvider } from "./fixture-provider.js";

const running: RunningProvider[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(running.splice(0).map((r) => r.close()));
});

// 300 evaluations of one app: a list of about 400 kB, past the size whose parse is shared.
const data = generateDataset({ seed: 4, apps: 1, evaluations: 300, humanEvaluations: 3 });
const appId = data.evaluations[0]!.app_id;

async function provider(transform?: Parameters<typeof startFixtureProvider>[0]["transform"]): Promise<RunningProvider> {
  const started = await startFixtureProvider({ data, ...(transform === undefined ? {} : { transform }) });
  running.push(started);
  return started;
}

describe("a long list", () => {
  it("is parsed when first read, once for both path forms, which share its text", async () => {
    const { url } = await provider();
    const executor = createExecutor({ concurrency: 2, source: "verify" });
    const client = createProviderClient({ baseUrl: url, timeoutMs: 5000, concurrency: 2, executor });
    try {
      const parse = vi.spyOn(JSON, "parse");
      // The whole list (about 400 kB), not a run of its records (about 16 kB each, parsed at once).
      const longParses = (): number => parse.mock.calls.filter(([text]) => typeof text === "string" && text.length > 200_000).length;
      const plain = await client.get("/evaluations", { app_id: appId });
      const slashed = await client.get("/evaluations/", { app_id: appId });
      expect(plain.text.length).toBeGreaterThan(65_536);
      expect(slashed.text).toBe(plain.text);
      expect(longParses()).toBe(0);

      expect(Array.isArray(plain.json) && plain.json.length).toBe(300);
      expect([plain.parsed, plain.fault]).toEqual([true, undefined]);
      expect(slashed.json).toBe(plain.json);
      expect(longParses()).toBe(1);

      // Coverage observes each answer when asked, in the order they ended.
      expect(executor.observations()).toEqual([]);
      client.observeAnswered();
      expect(executor.observations().map((o) => [o.request, o.count ?? 1])).toEqual([
        [`GET /evaluations?app_id=${appId}`, 1],
        [`GET /evaluations/?app_id=${appId}`, 1],
      ]);
      client.observeAnswered();
      expect(executor.observations().map((o) => o.count ?? 1)).toEqual([1, 1]);
    } finally {
      client.close();
    }
  });

  it("a verify run observes every answer it got, and never parses the long list whole", async () => {
    const { url, requests } = await provider();
    const parse = vi.spyOn(JSON, "parse");
    const report = await verifyProvider({ baseUrl: url, appId, pact: false });
    expect(report.verdict).toBe("pass");
    // Run by run (about 16 kB of records parsed at once), never the 400 kB list at once: its whole
    // parse is what took verify of a 26 MB list past 200 MB (issue 34).
    const texts = parse.mock.calls.map(([text]) => text).filter((text): text is string => typeof text === "string");
    expect(texts.filter((text) => text.length > 200_000)).toHaveLength(0);
    const runs = texts.filter((text) => text.startsWith('[{"id":'));
    expect(runs.length).toBeGreaterThan(5);
    expect(Math.max(...runs.map((run) => run.length))).toBeLessThan(30_000);
    const observed = report.observations.reduce((sum, o) => sum + (o.count ?? 1), 0);
    expect(observed).toBe(requests.length);
  });

  it("the /path/ form of a list, compared with the plain one as it arrives, reads as the plain one", async () => {
    const { url } = await provider();
    const client = createProviderClient({ baseUrl: url, timeoutMs: 5000, concurrency: 2 });
    try {
      const plain = await client.get("/evaluations", { app_id: appId });
      const slashed = await client.get("/evaluations/", { app_id: appId }, plain.text);
      expect(slashed.text).toBe(plain.text);
      expect(slashed.elements?.length).toBe(300);
    } finally {
      client.close();
    }
  });

  it("a /path/ form that differs from the text it was compared with reads as sent", async () => {
    const { url } = await provider((request, reply) =>
      request.path.endsWith("/") && request.operationId === "listEvaluations"
        ? { ...reply, body: [...(reply.body as unknown[])].reverse() }
        : reply,
    );
    const client = createProviderClient({ baseUrl: url, timeoutMs: 5000, concurrency: 2 });
    try {
      const plain = await client.get("/evaluations", { app_id: appId });
      const slashed = await client.get("/evaluations/", { app_id: appId }, plain.text);
      expect(slashed.text).not.toBe(plain.text);
      expect(JSON.parse(slashed.text)).toEqual([...(JSON.parse(plain.text) as unknown[])].reverse());
    } finally {
      client.close();
    }
  });

  it("an app whose lists answer [] with whitespace around is empty, as JSON.parse reads it", async () => {
    const { url } = await provider((request, reply) =>
      request.operationId === "listEvaluations" || request.operationId === "listHumanEvaluations"
        ? { ...reply, raw: " [ \n ]\r\n", body: [] }
        : reply,
    );
    await expect(verifyProvider({ baseUrl: url, appId, pact: false })).rejects.toMatchObject({ code: "E_EMPTY_APP" });
  });
});
