// The fuzzer against providers that are right, and against the real defect it exists to catch:
// the FastAPI reference service in mode v1 and the toolkit's mock must come out without a single
// error (warnings, such as 404 for an unknown id, are allowed); the reference in mode legacy (the
// mid-2024 code, where bson's ObjectId() turns a malformed id into a 500) must fail on
// getHumanEvaluation with a server-error whose shrunk request carries a short id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzProvider } from "../../src/fuzz/index.js";
import type { FuzzFailure, FuzzReport } from "../../src/fuzz/types.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { SKIP_REFERENCE } from "../helpers/reference.js";
import { startReferenceServer, type ReferenceServer } from "../helpers/reference-server.js";

/** The app of reference/dataset.json: both its evaluations and both its human evaluations. */
const REFERENCE_APP = "666dde95962bbaffdb0072b5";
/** An app of the mock's default dataset (fixtures/default.json). */
const MOCK_APP = "65e48be31b48af5e4a2d9bf1";
/** A default run against a local provider must end well within a minute (the limit). */
const RUN_TIMEOUT_MS = 120_000;

const describeFailure = (f: FuzzFailure): string =>
  [
    `${f.severity} ${f.check} on ${f.operationId} (${f.hits} hits): ${f.cause}`,
    `  ${f.message}`,
    `  answer: ${f.status ?? "no status"} ${f.firstLine}`,
    `  ${f.curl}`,
  ].join("\n");

/** Every error of the report, so a failed expectation says which request and answer broke which check. */
const errorsOf = (report: FuzzReport): string =>
  report.failures
    .filter((f) => f.severity === "error")
    .map(describeFailure)
    .join("\n") || "(no error failures listed)";

/** The raw path segment after `/human-evaluations/` (the id as sent). */
const idOf = (f: FuzzFailure): string => f.request.path.replace(/^\/human-evaluations\//, "").replace(/\/$/, "");

function expectClean(report: FuzzReport): void {
  expect(report.stoppedBy, `the run stopped early: ${report.notes.join("; ")}`).toBe("done");
  expect(report.sent).toBeGreaterThan(0);
  expect(report.counts.errors, `${report.counts.errors} errors against ${report.baseUrl}:\n${errorsOf(report)}`).toBe(0);
}

describe.skipIf(SKIP_REFERENCE)("fuzz: the FastAPI reference service", () => {
  let v1: ReferenceServer | undefined;
  let legacy: ReferenceServer | undefined;

  beforeAll(async () => {
    [v1, legacy] = await Promise.all([startReferenceServer("v1"), startReferenceServer("legacy")]);
  });

  afterAll(async () => {
    await Promise.all([v1?.close(), legacy?.close()]);
  });

  it(
    "finds no error in mode v1",
    async () => {
      const report = await fuzzProvider({ baseUrl: v1!.url, appId: REFERENCE_APP, seed: 1 });
      expectClean(report);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "catches the legacy 500 on a malformed id, shrunk to a short id",
    async () => {
      const report = await fuzzProvider({ baseUrl: legacy!.url, appId: REFERENCE_APP, seed: 1 });
      expect(report.passed).toBe(false);
      expect(report.verdict).toBe("fail");
      const serverErrors = report.failures.filter(
        (f) => f.check === "server-error" && f.operationId === "getHumanEvaluation" && f.severity === "error",
      );
      const all = report.failures.map(describeFailure).join("\n");
      expect(serverErrors, `no server-error on getHumanEvaluation; failures:\n${all}`).not.toHaveLength(0);
      const shortest = serverErrors.reduce((a, b) => (idOf(b).length < idOf(a).length ? b : a));
      expect(idOf(shortest).length, `shrunk request: ${shortest.curl}`).toBeLessThan(30);
      expect(shortest.status).toBe(500);
    },
    RUN_TIMEOUT_MS,
  );
});

describe("fuzz: the toolkit's mock", () => {
  let mock: RunningMockServer | undefined;

  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
  });

  afterAll(async () => {
    await mock?.close();
  });

  it(
    "finds no error with the default dataset",
    async () => {
      const report = await fuzzProvider({ baseUrl: mock!.url, appId: MOCK_APP, seed: 1 });
      expectClean(report);
    },
    RUN_TIMEOUT_MS,
  );
});
