// Adopting verify and fuzz on a legacy service: --update-baseline records today's failures, a run
// with --baseline reports them as known and passes, an entry past its `expires` date fails again, an
// entry no longer found is reported as stale; `fuzz --replay REPORT.json` sends exactly the failing
// requests of a report again and says which still fail. Through the CLI, as a CI job runs them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Baseline } from "../../src/engine/index.js";
import type { Report } from "../../src/report/index.js";
import { plural } from "../../src/check/format-findings.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, json, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-baseline-"));
});

/** The legacy service's habit: a malformed human evaluation id is a 500 (bson's InvalidId). */
const legacyMalformedId: FaultHook = (request) =>
  request.method === "GET" && request.operationId === "getHumanEvaluation" && !/^[0-9a-f]{24}$/.test(request.evaluationId ?? "")
    ? json(500, { detail: `'${request.evaluationId}' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string` })
    : undefined;

async function provider(fault?: FaultHook): Promise<string> {
  const running = createFaultyProvider(fault);
  await listenForTest(running.server);
  return providerUrl(running.server);
}

const readBaseline = (file: string): Baseline => JSON.parse(readFileSync(file, "utf8")) as Baseline;

describe.each([
  ["verify", ["--no-pact"]],
  ["fuzz", ["--seed", "1", "--max-requests", "250"]],
] as const)("%s --baseline", (tool, extra) => {
  it("records today's failures, passes with them known, fails again past an expiry, reports stale entries", async () => {
    const url = await provider(legacyMalformedId);
    const file = join(dir, `${tool}-baseline.json`);
    const args = [tool, "--base-url", url, "--app-id", APP_A, ...extra];

    const failing = await runCliCaptured(args);
    expect(failing.code).toBe(1);

    const update = await runCliCaptured([...args, "--baseline", file, "--update-baseline"]);
    expect(update.code).toBe(0);
    expect(update.stdout).toMatch(/baseline: wrote \d+ entr(y|ies) to /);
    const written = readBaseline(file);
    expect(written.entries).toContainEqual(expect.objectContaining({ check: "server-error", operation: "getHumanEvaluation" }));
    // Keyed by check, operation and cause: no id, request or seed in any key.
    expect(JSON.stringify(written)).not.toMatch(/zzzzzzzz|seed/);

    const known = await runCliCaptured([...args, "--baseline", file, "--json", join(dir, "known.json")]);
    expect(known.stderr).toBe("");
    expect(known.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, "known.json"), "utf8")) as Report;
    expect(report.counts.errors).toBe(0);
    expect(report.counts.known).toBeGreaterThan(0);
    expect(report.findings.filter((f) => f.check === "server-error").every((f) => f.known === true)).toBe(true);

    // An entry past its date fails again; an entry no finding matches is stale, with a line to remove it.
    const edited: Baseline = {
      ...written,
      entries: [
        ...written.entries.map((entry) => ({ ...entry, expires: "2020-01-01", reason: "legacy ids, TICKET-12" })),
        { check: "leak", operation: "listEvaluations", cause: "a Python traceback" },
      ],
    };
    writeFileSync(file, JSON.stringify(edited));
    const expired = await runCliCaptured([...args, "--baseline", file, "--json", join(dir, "expired.json")]);
    expect(expired.code).toBe(1);
    const again = JSON.parse(readFileSync(join(dir, "expired.json"), "utf8")) as Report;
    expect(again.baseline).toMatchObject({ expired: written.entries.length, stale: [{ check: "leak", operation: "listEvaluations" }] });
    expect(expired.stdout).toMatch(/stale/i);
    expect(expired.stdout).toContain("a Python traceback");

    // --update-baseline keeps each entry's expires and reason, and drops the stale one.
    expect((await runCliCaptured([...args, "--baseline", file, "--update-baseline"])).code).toBe(0);
    const kept = readBaseline(file);
    expect(kept.entries.every((entry) => entry.expires === "2020-01-01" && entry.reason === "legacy ids, TICKET-12")).toBe(true);
    expect(kept.entries.some((entry) => entry.check === "leak")).toBe(false);
  });

  it("refuses a bad baseline file before any request, in one line", async () => {
    const url = await provider();
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({ entries: [{ check: "server-error", operation: "getHumanEvaluation", cause: "x", expiry: "2027-01-01" }] }),
    );
    const result = await runCliCaptured([tool, "--base-url", url, "--app-id", APP_A, ...extra, "--baseline", file]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/expiry/);
    const missing = await runCliCaptured([tool, "--base-url", url, "--app-id", APP_A, ...extra, "--update-baseline"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--update-baseline needs --baseline FILE/);
  });
});

describe("fuzz --replay", () => {
  it("sends exactly the failing requests of a report again, and says which still fail", async () => {
    const broken = await provider(legacyMalformedId);
    const reportFile = join(dir, "fuzz.json");
    const first = await runCliCaptured([
      "fuzz",
      "--base-url",
      broken,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "250",
      "--json",
      reportFile,
    ]);
    expect(first.code).toBe(1);
    const original = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
    const failing = original.findings.filter((f) => f.known !== true);
    expect(failing.length).toBeGreaterThan(0);

    // The same provider: each still fails the same way, and only those requests are sent.
    const running = createFaultyProvider(legacyMalformedId);
    await listenForTest(running.server);
    const still = await runCliCaptured([
      "fuzz",
      "--replay",
      reportFile,
      "--base-url",
      providerUrl(running.server),
      "--json",
      join(dir, "replay.json"),
    ]);
    expect(still.code).toBe(1);
    // The app's records first (as fuzz's discovery lists them), then each failing request.
    expect(running.requests).toHaveLength(1 + failing.length);
    expect(running.requests.slice(1)).toEqual(failing.map((f) => f.request));
    const replayed = JSON.parse(readFileSync(join(dir, "replay.json"), "utf8")) as Report;
    expect(replayed.findings.map((f) => `${f.check} ${f.cause}`).sort()).toEqual(failing.map((f) => `${f.check} ${f.cause}`).sort());
    const errors = failing.filter((f) => f.severity === "error").length;
    expect(still.stdout).toContain(
      `: ${failing.length} still ${failing.length === 1 ? "fails" : "fail"} the same way (${plural(errors, "error")}, ${plural(failing.length - errors, "warning")}), 0 fixed`,
    );
    expect(still.stdout).not.toMatch(/seed/i);

    // A fixed provider: every one is fixed, exit 0.
    const fixed = await provider();
    const after = await runCliCaptured(["fuzz", "--replay", reportFile, "--base-url", fixed]);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(
      `: 0 still fail the same way, ${failing.length} fixed (${plural(errors, "error")}, ${plural(failing.length - errors, "warning")})`,
    );
    expect(after.stdout).toMatch(/fixed: server-error on getHumanEvaluation/);
  });

  it("refuses a file that is not a fuzz report, in one line", async () => {
    const url = await provider();
    const file = join(dir, "not-fuzz.json");
    writeFileSync(file, JSON.stringify({ tool: "verify", findings: [] }));
    const result = await runCliCaptured(["fuzz", "--replay", file, "--base-url", url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^evals-contract fuzz: --replay .*not-fuzz\.json: not a fuzz report/);
  });
});
