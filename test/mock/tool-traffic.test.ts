// Issue 40: the toolkit's own tools are no consumer. verify, fuzz and snapshot send
// `User-Agent: evals-contract/VERSION (TOOL)` (src/contract/tool-user-agent.ts), and the mock's
// recording (`mock --record`, what `coverage` reads) leaves their requests out: a `verify` run against
// the mock counted as the frontend's coverage before. The journal still lists them, with their
// User-Agent, and a consumer's request beside them is recorded as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID } from "../../src/build/index.js";
import type { Observation } from "../../src/coverage/observation.js";
import { fuzzProvider } from "../../src/fuzz/index.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { snapshot } from "../../src/snapshot/index.js";
import { verifyProvider } from "../../src/verify/index.js";
import { toolkitVersion } from "../../src/io/toolkit-version.js";

let server: RunningMockServer;
const recorded: Observation[] = [];

beforeAll(async () => {
  const data = buildDataset({
    evaluations: [buildEvaluation({}, { seed: 1 })],
    human_evaluations: [buildHumanEvaluation({}, { seed: 1 })],
  });
  server = await startMockServer({
    port: 0,
    host: "127.0.0.1",
    log: () => undefined,
    data,
    record: (observation) => recorded.push(observation),
  });
});
afterAll(() => server.close());

describe("requests of verify, fuzz and snapshot against the mock", () => {
  it("carry the toolkit's User-Agent, are in the journal, and are not recorded as consumer traffic", async () => {
    const version = toolkitVersion();
    const verified = await verifyProvider({ baseUrl: server.url, appId: DEFAULT_APP_ID, pact: false });
    expect(verified.verdict).toBe("pass");
    await fuzzProvider({ baseUrl: server.url, appId: DEFAULT_APP_ID, seed: 1, maxRequests: 220 });
    await snapshot({ source: { baseUrl: server.url, appIds: [DEFAULT_APP_ID] } });
    const agents = new Set(server.requests().map((entry) => entry.headers["user-agent"]));
    expect(agents).toEqual(
      new Set([`evals-contract/${version} (verify)`, `evals-contract/${version} (fuzz)`, `evals-contract/${version} (snapshot)`]),
    );
    expect(server.requests().length).toBeGreaterThan(220);
    expect(recorded).toEqual([]);
  }, 120_000);

  it("a consumer's request (any other User-Agent, or none) is recorded", async () => {
    const before = recorded.length;
    await fetch(`${server.url}/evaluations?app_id=${DEFAULT_APP_ID}`, { headers: { "user-agent": "Mozilla/5.0 evals-contract/1.0" } });
    await fetch(`${server.url}/human-evaluations?app_id=${DEFAULT_APP_ID}`);
    expect(recorded.slice(before).map((observation) => observation.operationId)).toEqual(["listEvaluations", "listHumanEvaluations"]);
  });
});
