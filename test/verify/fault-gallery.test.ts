// The proof that the verifier catches faults: every faulty provider of the gallery fails with the
// expected finding (rule, endpoint, path), with no unrelated error; every conforming provider passes
// with no error at all. The score is printed at the end.
// The Pact step (about a second a run) runs for every fault that reaches the replies of its three
// interactions, concurrently: each entry says what Pact must report, or that it must pass all three
// (`pact: []`). A fault outside them (OUTSIDE_PACT) is shown to leave those replies untouched instead.
import { afterAll, describe, it } from "vitest";
import { verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { CONFORMING } from "./conforming.js";
import { APP_A, galleryDataset } from "./dataset.js";
import type { Dataset } from "../../src/types/dataset.js";
import { GALLERY, OUTSIDE_PACT, type ErrorAt, type ExpectedFinding } from "./faults.js";
import { conformingReply, startFixtureProvider, type ProviderRequest } from "./fixture-provider.js";

const errorsOf = (report: VerificationReport) =>
  report.checks.flatMap((c) =>
    c.findings.filter((f) => f.severity === "error").map((f) => ({ ...f, endpoint: c.endpoint, check: c.check })),
  );

const errorAt = (e: ErrorAt): string => `${e.rule} at ${e.endpoint}`;

/** The requests of Pact's three interactions, as its provider states make them for `appId` (and its provider-state lookups). */
function interactionRequests(data: Dataset, appId: string): ProviderRequest[] {
  const query = new URLSearchParams({ app_id: appId });
  const id = data.human_evaluations.find((h) => h.app_id === appId)!.id;
  return [
    { operationId: "listEvaluations", path: "/evaluations", query },
    { operationId: "listHumanEvaluations", path: "/human-evaluations", query },
    { operationId: "getHumanEvaluation", path: `/human-evaluations/${id}`, query: new URLSearchParams(), evaluationId: id },
  ];
}

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
        const appId = entry.appId ?? APP_A;
        const outside = entry.pact === OUTSIDE_PACT;
        const pactFindings = entry.pact === OUTSIDE_PACT ? [] : entry.pact;
        const report = await verifyProvider({ baseUrl, appId, pact: !outside });
        const errors = errorsOf(report);
        const matches = (want: ExpectedFinding) => (f: (typeof errors)[number]) =>
          f.rule === want.rule && f.endpoint === want.endpoint && (want.path === undefined || f.path === want.path);
        const hit = errors.find(matches(entry.expect));
        // Exactly one fault: the errors are the expected ones, by rule and endpoint, and no other.
        const expected = new Set([entry.expect, ...(entry.also ?? []), ...pactFindings].map(errorAt));
        const unexpected = errors.filter((f) => !expected.has(errorAt(f)));
        (hit && !report.passed ? caught : missed).push(entry.name);
        if (unexpected.length > 0) falseAlarms.push(`${entry.name}: ${errorAt(unexpected[0]!)} ${unexpected[0]!.path}`);
        expect(report.passed).toBe(false);
        expect(hit, `expected ${entry.expect.rule} at ${entry.expect.endpoint} ${entry.expect.path ?? ""}`).toBeDefined();
        expect(unexpected.map((f) => `${f.endpoint} ${f.path} ${f.rule}: ${f.message}`)).toEqual([]);
        // ... and each of them is reported: an expectation that no longer holds is not left to hide a false alarm.
        const reported = new Set(errors.map(errorAt));
        expect([...expected].filter((e) => !reported.has(e))).toEqual([]);
        if (outside) {
          // No Pact run: instead, the replies Pact would get are exactly the conforming ones.
          const data = galleryDataset();
          for (const request of interactionRequests(data, appId))
            expect(entry.fault(request, structuredClone(conformingReply(request, data)), data), request.path).toEqual(
              conformingReply(request, data),
            );
          return;
        }
        // The Pact step ran its three interactions: it fails where it must, and passes every
        // interaction when it cannot see the fault (`pact: []`).
        expect(report.pact).toBe("ran");
        const interactions = report.checks.filter((c) => c.group === "pact" && c.operationId !== undefined);
        expect(interactions.map((c) => c.operationId)).toEqual(["listEvaluations", "listHumanEvaluations", "getHumanEvaluation"]);
        for (const want of pactFindings)
          expect(errors.find(matches(want)), `expected the Pact step to fail at ${want.endpoint} ${want.path ?? ""}`).toBeDefined();
        if (pactFindings.length === 0) expect(interactions.map((c) => c.outcome)).toEqual(["passed", "passed", "passed"]);
      } finally {
        await running.close();
      }
    });
  }
});
