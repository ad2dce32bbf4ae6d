// `--compat legacy` through both tools of the one engine (verify and fuzz): it accepts only the spec-era
// service's own 500s, as the real framework sent them (status 500, application/json, the recorded body).
// A provider that answers every unknown id with a 503 text/plain RecursionError fails in both, as it does
// without legacy; the legacy reference service (reference/service.py, the real mid-2024 code) and the
// mock's legacy mode still pass verify, and fuzz finds no server-error or content-type error on the reference.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Compat } from "../../src/engine/index.js";
import { fuzzProvider } from "../../src/fuzz/index.js";
import type { FuzzReport } from "../../src/fuzz/types.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { createFaultyProvider, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";
import { SKIP_REFERENCE } from "../helpers/reference.js";
import { startReferenceServer, type ReferenceServer } from "../helpers/reference-server.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";

afterEach(closeTestServers);

const RUN_TIMEOUT_MS = 120_000;
/** The app of reference/dataset.json. */
const REFERENCE_APP = "666dde95962bbaffdb0072b5";
/** An app of the mock's default dataset (fixtures/default.json). */
const MOCK_APP = "65e48be31b48af5e4a2d9bf1";

const RECURSION = "RecursionError: maximum recursion depth exceeded while calling a Python object";

/** A crash for every unknown id: a by-id GET of a record it does not have, a list for an app it does not have. */
const recursionForUnknownIds: FaultHook = (request, data) => {
  if (request.method !== "GET") return undefined;
  const app = request.query.filter(([name]) => name === "app_id").at(-1)?.[1];
  const unknown =
    request.operationId === "getHumanEvaluation"
      ? !data.human_evaluations.some((record) => record.id === request.evaluationId)
      : request.operationId !== undefined && app !== undefined && app !== APP_A;
  return unknown ? { status: 503, headers: { "content-type": "text/plain" }, body: RECURSION } : undefined;
};

const serverErrors = (verify: VerificationReport, fuzz: FuzzReport) => [
  ...verify.checks.flatMap((c) => c.findings).filter((f) => f.check === "server-error" || f.check === "content-type"),
  ...fuzz.failures.filter((f) => f.check === "server-error" || f.check === "content-type"),
];

async function runBoth(baseUrl: string, appId: string, compat: Compat) {
  const verify = await verifyProvider({ baseUrl, appId, pact: false, compat, timeoutMs: 5000 });
  const fuzz = await fuzzProvider({ baseUrl, appId, seed: 1, maxRequests: 250, compat, timeoutMs: 5000 });
  return { verify, fuzz };
}

describe("--compat legacy accepts only the spec-era service's own 500", () => {
  it(
    "a 503 text/plain RecursionError for every unknown id fails verify and fuzz, as without legacy",
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const provider = createFaultyProvider(recursionForUnknownIds);
      await listenForTest(provider.server);
      for (const compat of ["legacy", "current"] as const) {
        const { verify, fuzz } = await runBoth(providerUrl(provider.server), APP_A, compat);
        expect(verify.verdict, compat).toBe("fail");
        expect(fuzz.verdict, compat).toBe("fail");
        const found = serverErrors(verify, fuzz);
        expect(found.length, compat).toBeGreaterThan(0);
        // Every one an error: nothing of the crash passes as the legacy service's habit.
        expect(new Set(found.map((f) => `${f.severity} ${f.check}`)), compat).toEqual(
          new Set(["error server-error", "error content-type"]),
        );
        expect(found.every((f) => f.rule !== "legacy-server-error")).toBe(true);
      }
    },
  );

  it("the error says what legacy would have accepted there", { timeout: RUN_TIMEOUT_MS }, async () => {
    const provider = createFaultyProvider(recursionForUnknownIds);
    await listenForTest(provider.server);
    const verify = await verifyProvider({ baseUrl: providerUrl(provider.server), appId: APP_A, pact: false, compat: "legacy" });
    const byId = verify.checks
      .filter((c) => c.endpoint.startsWith("GET /human-evaluations/{unknown}"))
      .flatMap((c) => c.findings)
      .find((f) => f.check === "server-error");
    expect(byId?.message).toContain(`--compat legacy accepts here only the spec-era service's own answer: 500 application/json {"detail":`);
  });
});

describe("the spec-era service's own answers still pass under --compat legacy", () => {
  let mock: RunningMockServer | undefined;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, compat: "legacy" });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("verify of the mock in legacy mode (held to the recordings) passes, its 500s warnings", { timeout: RUN_TIMEOUT_MS }, async () => {
    const verify = await verifyProvider({ baseUrl: mock!.url, appId: MOCK_APP, pact: false, compat: "legacy", timeoutMs: 5000 });
    expect(verify.verdict).toBe("pass");
    const found = verify.checks.flatMap((c) => c.findings).filter((f) => f.check === "server-error");
    expect(new Set(found.map((f) => `${f.severity} ${f.rule}`))).toEqual(new Set(["warning legacy-server-error"]));
  });
});

describe.skipIf(SKIP_REFERENCE)("the legacy reference service (the real mid-2024 code)", () => {
  let legacy: ReferenceServer | undefined;
  beforeAll(async () => {
    legacy = await startReferenceServer("legacy");
  }, 60_000);
  afterAll(async () => {
    await legacy?.close();
  });

  it("verify passes and fuzz finds no server-error or content-type error under --compat legacy", { timeout: RUN_TIMEOUT_MS }, async () => {
    const { verify, fuzz } = await runBoth(legacy!.url, REFERENCE_APP, "legacy");
    expect(verify.verdict).toBe("pass");
    const found = serverErrors(verify, fuzz);
    expect(found.filter((f) => f.severity === "error").map((f) => f.message)).toEqual([]);
    // The unknown id, the malformed id and the unknown app, each as the real framework sent it.
    expect(new Set(fuzz.failures.filter((f) => f.rule === "legacy-server-error").map((f) => f.operationId))).toEqual(
      new Set(["getHumanEvaluation", "listEvaluations", "listHumanEvaluations"]),
    );
  });
});
