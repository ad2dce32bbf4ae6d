// One engine, one verdict: verify and fuzz run against the same providers (the fuzzer's fault
// gallery, and the faults issue 30 found them disagreeing on), and wherever both report a finding of
// a shared check with the same cause on the same operation, they give it the same severity. The
// disagreements that were found are pinned down one by one: a 500 for an unknown id (an error in
// both; a warning in both under --compat legacy), application/problem+json (an error in both), a
// key twice in one object (seen by both).
import { afterEach, describe, expect, it } from "vitest";
import { isObjectId, legacyInvalidObjectId } from "../../src/contract/error-bodies.js";
import { CHECK_NAMES, type Compat } from "../../src/engine/index.js";
import { fuzzProvider } from "../../src/fuzz/index.js";
import { verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import type { FuzzReport } from "../../src/fuzz/types.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { conformingReply, createFaultyProvider, FAULTS, json, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

const SHARED: ReadonlySet<string> = new Set(CHECK_NAMES);

/** `check | operation | cause` -> the severities a tool gave it. */
type Verdicts = Map<string, Set<string>>;

const add = (verdicts: Verdicts, key: string, severity: string): void => {
  verdicts.set(key, (verdicts.get(key) ?? new Set()).add(severity));
};

function verifyVerdicts(report: VerificationReport): Verdicts {
  const verdicts: Verdicts = new Map();
  for (const check of report.checks)
    for (const f of check.findings)
      if (SHARED.has(f.check))
        add(verdicts, `${f.check} | ${f.operation} | ${f.cause ?? `${f.rule} ${f.path.replace(/\[\d+\]/g, "[*]")}`}`, f.severity);
  return verdicts;
}

function fuzzVerdicts(report: FuzzReport): Verdicts {
  const verdicts: Verdicts = new Map();
  for (const f of report.failures) add(verdicts, `${f.check} | ${f.operationId} | ${f.cause}`, f.severity);
  return verdicts;
}

async function runBoth(fault: FaultHook | undefined, compat: Compat = "current") {
  const provider = createFaultyProvider(fault);
  await listenForTest(provider.server);
  const baseUrl = providerUrl(provider.server);
  const verify = await verifyProvider({ baseUrl, appId: APP_A, pact: false, compat, timeoutMs: 3000 }).catch((error: unknown) => error);
  const fuzz = await fuzzProvider({ baseUrl, appId: APP_A, seed: 1, maxRequests: 250, compat, timeoutMs: 3000 });
  return { verify, fuzz };
}

/** The keys both tools reported, and those where their severities differ. */
function compare(verify: VerificationReport, fuzz: FuzzReport): { shared: string[]; disagreements: string[] } {
  const v = verifyVerdicts(verify);
  const z = fuzzVerdicts(fuzz);
  const shared = [...v.keys()].filter((key) => z.has(key));
  const disagreements = shared
    .filter((key) => [...v.get(key)!].sort().join() !== [...z.get(key)!].sort().join())
    .map((key) => `${key}: verify ${[...v.get(key)!].join("/")}, fuzz ${[...z.get(key)!].join("/")}`);
  return { shared, disagreements };
}

const ISSUE_FAULTS: ReadonlyArray<{ name: string; fault: FaultHook }> = [
  {
    name: "500 for an unknown human evaluation id",
    fault: (request, data) =>
      // As the spec-era service: its handler raised for a GET; other methods got FastAPI's 405 first. Its
      // own answers (reference/recordings/legacy.json): bson's InvalidId, or the 404 re-raised as a 500
      // (ObjectId() reads the hex case-insensitively: a known id in capitals is that record).
      request.method === "GET" &&
      request.operationId === "getHumanEvaluation" &&
      !data.human_evaluations.some((e) => e.id === request.evaluationId!.toLowerCase())
        ? isObjectId(request.evaluationId!)
          ? json(500, { detail: "404: Evaluation not found" })
          : { status: 500, headers: { "content-type": "application/json" }, body: legacyInvalidObjectId(request.evaluationId!).body }
        : undefined,
  },
  {
    name: "422 as application/problem+json",
    fault: (request, data) => {
      const reply = conformingReply(request, data);
      return reply.status === 422 ? { ...reply, headers: { "content-type": "application/problem+json" } } : undefined;
    },
  },
  {
    name: "a key twice in every human evaluation",
    fault: (request, data) => {
      const reply = conformingReply(request, data);
      if (reply.status !== 200 || request.operationId === "listEvaluations") return undefined;
      return { ...reply, body: reply.body.replace(/"status":/g, '"status":"EVALUATION_STARTED","status":') };
    },
  },
];

describe("verify and fuzz agree on every shared check", () => {
  const compared: string[] = [];

  for (const { name, fault } of [...FAULTS.map((f) => ({ name: f.name, fault: f.fault })), ...ISSUE_FAULTS])
    it(name, { timeout: 60_000 }, async () => {
      const { verify, fuzz } = await runBoth(fault);
      // Some faults take the provider down for verify's own requests: nothing to compare then.
      if (!(typeof verify === "object" && verify !== null && "checks" in verify)) return;
      const { shared, disagreements } = compare(verify as VerificationReport, fuzz);
      expect(disagreements).toEqual([]);
      if (shared.length > 0) compared.push(name);
    });

  it("compared real findings, not empty reports", () => {
    // Most faults fire on odd requests only; these are seen by both tools.
    expect(compared.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the disagreements issue 30 found are gone", () => {
  const key = (report: { check: string; severity: string }) => `${report.severity} ${report.check}`;

  it("a 500 for an unknown id is an error in both, a warning in both under --compat legacy", { timeout: 60_000 }, async () => {
    for (const [compat, severity] of [
      ["current", "error"],
      ["legacy", "warning"],
    ] as const) {
      const { verify, fuzz } = await runBoth(ISSUE_FAULTS[0]!.fault, compat);
      const v = (verify as VerificationReport).checks.flatMap((c) => c.findings).filter((f) => f.check === "server-error");
      // GETs: the legacy service answered other methods with FastAPI's 405 (a 500 there is a defect in any era).
      const z = fuzz.failures.filter(
        (f) => f.check === "server-error" && f.operationId === "getHumanEvaluation" && f.request.method === "GET",
      );
      expect(v.length).toBeGreaterThan(0);
      expect(z.length).toBeGreaterThan(0);
      expect(new Set([...v.map(key), ...z.map(key)])).toEqual(new Set([`${severity} server-error`]));
      expect((verify as VerificationReport).verdict).toBe(compat === "current" ? "fail" : "pass");
      expect(fuzz.verdict).toBe(compat === "current" ? "fail" : "pass");
    }
  });

  it("application/problem+json is an error in both", { timeout: 60_000 }, async () => {
    const { verify, fuzz } = await runBoth(ISSUE_FAULTS[1]!.fault);
    const v = (verify as VerificationReport).checks.flatMap((c) => c.findings).filter((f) => f.check === "content-type");
    expect(new Set(v.map(key))).toEqual(new Set(["error content-type"]));
    expect(new Set(fuzz.failures.filter((f) => f.check === "content-type").map(key))).toEqual(new Set(["error content-type"]));
  });

  it("a key twice in one object is seen by both", { timeout: 60_000 }, async () => {
    const { verify, fuzz } = await runBoth(ISSUE_FAULTS[2]!.fault);
    const v = (verify as VerificationReport).checks.flatMap((c) => c.findings).filter((f) => f.rule === "duplicate-key");
    expect(v.length).toBeGreaterThan(0);
    expect(fuzz.failures.filter((f) => f.rule === "duplicate-key").map(key)).toContain("error conformance");
  });
});
