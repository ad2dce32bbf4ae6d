// The proof that the verifier catches faults: every faulty provider of the gallery fails with the
// expected finding (rule, endpoint, path), with no unrelated error; every conforming provider passes
// with no error at all. The score is printed at the end.
// Every run includes the Pact step (about a second each), so the runs are concurrent: each entry
// says what Pact must report, or that it must pass all three interactions (`pact: []`).
import { afterAll, describe, it } from "vitest";
import { verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { CONFORMING } from "./conforming.js";
import { APP_A, galleryDataset } from "./dataset.js";
import { GALLERY, type ErrorAt, type ExpectedFinding } from "./faults.js";
import { startFixtureProvider } from "./fixture-provider.js";

const errorsOf = (report: VerificationReport) =>
  report.checks.flatMap((c) =>
    c.findings.filter((f) => f.severity === "error").map((f) => ({ ...f, endpoint: c.endpoint, check: c.check })),
  );

const errorAt = (e: ErrorAt): string => `${e.rule} at ${e.endpoint}`;

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

describe.concurrent("conforming providers pass with no error", () => {
  for (const provider of CONFORMING) {
    it(provider.name, async ({ expect }) => {
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

describe.concurrent("fault gallery: each fault is caught with the right finding", () => {
  for (const entry of GALLERY) {
    it(entry.name, async ({ expect }) => {
      const running = await startFixtureProvider({
        data: galleryDataset(),
        transform: entry.fault,
        ...(entry.basePath === undefined ? {} : { basePath: entry.basePath }),
      });
      try {
        const baseUrl = entry.basePath === undefined ? running.url : `${running.url}/`;
        const report = await verifyProvider({ baseUrl, appId: entry.appId ?? APP_A });
        const errors = errorsOf(report);
        const matches = (want: ExpectedFinding) => (f: (typeof errors)[number]) =>
          f.rule === want.rule && f.endpoint === want.endpoint && (want.path === undefined || f.path === want.path);
        const hit = errors.find(matches(entry.expect));
        // Exactly one fault: the errors are the expected ones, by rule and endpoint, and no other.
        const expected = new Set([entry.expect, ...(entry.also ?? []), ...entry.pact].map(errorAt));
        const unexpected = errors.filter((f) => !expected.has(errorAt(f)));
        (hit && !report.passed ? caught : missed).push(entry.name);
        if (unexpected.length > 0) falseAlarms.push(`${entry.name}: ${errorAt(unexpected[0]!)} ${unexpected[0]!.path}`);
        expect(report.passed).toBe(false);
        expect(hit, `expected ${entry.expect.rule} at ${entry.expect.endpoint} ${entry.expect.path ?? ""}`).toBeDefined();
        expect(unexpected.map((f) => `${f.endpoint} ${f.path} ${f.rule}: ${f.message}`)).toEqual([]);
        // ... and each of them is reported: an expectation that no longer holds is not left to hide a false alarm.
        const reported = new Set(errors.map(errorAt));
        expect([...expected].filter((e) => !reported.has(e))).toEqual([]);
        // The Pact step ran its three interactions: it fails where it must, and passes every
        // interaction when the fault is out of its sight (`pact: []`).
        expect(report.pact).toBe("ran");
        const interactions = report.checks.filter((c) => c.group === "pact" && c.operationId !== undefined);
        expect(interactions.map((c) => c.operationId)).toEqual(["listEvaluations", "listHumanEvaluations", "getHumanEvaluation"]);
        for (const want of entry.pact)
          expect(errors.find(matches(want)), `expected the Pact step to fail at ${want.endpoint} ${want.path ?? ""}`).toBeDefined();
        if (entry.pact.length === 0) expect(interactions.map((c) => c.outcome)).toEqual(["passed", "passed", "passed"]);
      } finally {
        await running.close();
      }
    });
  }
});
