// The proof that the verifier catches faults: every faulty provider of the gallery fails with the
// expected finding (rule, endpoint, path), with no unrelated error; every conforming provider passes
// with no error at all. The score is printed at the end.
// The Pact step takes about a second per run, so it runs for the conforming providers and for the
// gallery entries that name a Pact finding (`pact`); the other faults are verified without it.
import { afterAll, describe, expect, it } from "vitest";
import { verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { CONFORMING } from "./conforming.js";
import { APP_A, galleryDataset } from "./dataset.js";
import { GALLERY, type ExpectedFinding } from "./faults.js";
import { startFixtureProvider } from "./fixture-provider.js";

const errorsOf = (report: VerificationReport) =>
  report.checks.flatMap((c) =>
    c.findings.filter((f) => f.severity === "error").map((f) => ({ ...f, endpoint: c.endpoint, check: c.check })),
  );

const caught: string[] = [];
const missed: string[] = [];
const falseAlarms: string[] = [];

afterAll(() => {
  console.log(
    `fault gallery: ${caught.length}/${GALLERY.length} faults caught, ${falseAlarms.length} false alarm${falseAlarms.length === 1 ? "" : "s"}` +
      (missed.length > 0 ? ` (missed: ${missed.join("; ")})` : "") +
      (falseAlarms.length > 0 ? ` (false alarms: ${falseAlarms.join("; ")})` : ""),
  );
});

describe("conforming providers pass with no error", () => {
  for (const provider of CONFORMING) {
    it(provider.name, async () => {
      const running = await provider.start();
      try {
        const report = await verifyProvider({ baseUrl: `${running.url}${provider.suffix ?? ""}`, appId: provider.appId() });
        const errors = errorsOf(report);
        if (errors.length > 0) falseAlarms.push(`${provider.name}: ${errors[0]!.endpoint} ${errors[0]!.path} ${errors[0]!.rule}`);
        expect(errors).toEqual([]);
        expect(report.passed).toBe(true);
        // It swept real data: no check skipped for want of records.
        expect(report.checks.filter((c) => c.outcome === "skipped")).toEqual([]);
        // The Pact step ran: one passed check per interaction of the committed contract.
        expect(report.pact).toBe("ran");
        expect(report.checks.filter((c) => c.group === "pact").map((c) => [c.operationId, c.outcome])).toEqual([
          ["listEvaluations", "passed"],
          ["listHumanEvaluations", "passed"],
          ["getHumanEvaluation", "passed"],
        ]);
      } finally {
        await running.close();
      }
    });
  }
});

describe("fault gallery: each fault is caught with the right finding", () => {
  for (const entry of GALLERY) {
    it(entry.name, async () => {
      const running = await startFixtureProvider({
        data: galleryDataset(),
        transform: entry.fault,
        ...(entry.basePath === undefined ? {} : { basePath: entry.basePath }),
      });
      try {
        const baseUrl = entry.basePath === undefined ? running.url : `${running.url}/`;
        const report = await verifyProvider({ baseUrl, appId: entry.appId ?? APP_A, pact: entry.pact !== undefined });
        const errors = errorsOf(report);
        const matches = (want: ExpectedFinding) => (f: (typeof errors)[number]) =>
          f.rule === want.rule && f.endpoint === want.endpoint && (want.path === undefined || f.path === want.path);
        const hit = errors.find(matches(entry.expect));
        (hit && !report.passed ? caught : missed).push(entry.name);
        expect(report.passed).toBe(false);
        expect(hit, `expected ${entry.expect.rule} at ${entry.expect.endpoint} ${entry.expect.path ?? ""}`).toBeDefined();
        if (entry.pact) expect(errors.find(matches(entry.pact)), `expected the Pact step to fail at ${entry.pact.endpoint}`).toBeDefined();
        // Exactly one fault: nothing else may be reported as an error.
        const allowed = new Set([entry.expect.rule, ...(entry.alsoRules ?? []), ...(entry.pact ? [entry.pact.rule] : [])]);
        expect(errors.filter((f) => !allowed.has(f.rule)).map((f) => `${f.endpoint} ${f.path} ${f.rule}: ${f.message}`)).toEqual([]);
      } finally {
        await running.close();
      }
    });
  }
});
