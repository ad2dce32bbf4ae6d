// Coverage: the client cases are recognised in the default fixtures (every one) and in the real
// service's recordings; the mock's --record and the MSW handlers' record option observe known
// requests with exact counts, alike; verify and fuzz reports carry the provider's observations; and
// `evals-contract coverage` prints, exits and writes its reports as documented.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CASES, casesInBody } from "../../src/contract/client-cases.js";
import type { OperationId } from "../../src/contract/operations.js";
import { observe, parseObservations, tallyCoverage, type CoverageReport, type Observation } from "../../src/coverage/index.js";
import { fuzzProvider } from "../../src/fuzz/index.js";
import type { Report, TableSection } from "../../src/report/index.js";
import { startMockServer } from "../../src/mock/index.js";
import { createMswHandlers } from "../../src/msw/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const APP = "65e48be31b48af5e4a2d9bf1";
const fixtures = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as Dataset;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-coverage-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `operationId:id` -> count, for the rows a side saw. */
const seenCounts = (report: CoverageReport, side: "consumer" | "provider"): Record<string, number> =>
  Object.fromEntries(report.rows.filter((r) => (r[side]?.count ?? 0) > 0).map((r) => [`${r.operationId}:${r.id}`, r[side]!.count]));

describe("the client cases", () => {
  it("are all in the default fixtures", () => {
    const evaluations = new Set(casesInBody("listEvaluations", fixtures.evaluations));
    const humans = new Set(casesInBody("listHumanEvaluations", fixtures.human_evaluations));
    for (const c of CLIENT_CASES.filter((c) => c.scope === "evaluation")) expect(evaluations, c.id).toContain(c.id);
    for (const c of CLIENT_CASES.filter((c) => c.scope === "human-evaluation")) expect(humans, c.id).toContain(c.id);
    expect(casesInBody("listEvaluations", [])).toEqual(["empty-list"]);
  });

  it("are recognised in the real framework's recordings (reference/recordings/v1.json)", () => {
    type Recording = { name: string; request: { method: string; path: string }; response: { status: number; body: string } };
    const recordings = JSON.parse(readFileSync(new URL("../../reference/recordings/v1.json", import.meta.url), "utf8")) as Recording[];
    const byName = new Map(
      recordings.map((r) => {
        let body: unknown;
        try {
          body = JSON.parse(r.response.body) as unknown;
        } catch {
          body = undefined;
        }
        const o = observe({
          side: "provider",
          source: "verify",
          method: r.request.method,
          url: r.request.path,
          status: r.response.status,
          body,
        });
        return [r.name, o === undefined ? undefined : [...o.surface, ...o.cases]] as const;
      }),
    );
    expect(byName.get("evaluations, known app")).toEqual([
      "status-200",
      "with-app-id",
      "evaluation-status-started",
      "evaluation-status-finished-with-errors",
      "evaluation-error-result",
      "evaluation-deleted-evaluator-config",
      "evaluation-null-cost",
      "evaluation-testset-deleted",
      "evaluation-empty-username",
    ]);
    expect(byName.get("human-evaluations/, known app")).toEqual([
      "status-200",
      "trailing-slash",
      "with-app-id",
      "human-a-b-test",
      "human-single-model",
      "human-finished",
      "human-unfinished",
      "human-testset-deleted",
    ]);
    expect(byName.get("evaluations/, missing app_id")).toEqual(["status-422", "trailing-slash", "without-app-id"]);
    expect(byName.get("human-evaluations, unknown app")).toEqual(["status-200", "with-app-id", "empty-list"]);
    expect(byName.get("human evaluation, malformed id")).toEqual(["status-404", "malformed-id"]);
    expect(byName.get("POST on a known path (single human evaluation)")).toBeUndefined();
    expect(byName.get("unknown path")).toBeUndefined();
  });
});

/** The known requests both recorders get: path and query, and the headers. */
const REQUESTS: Array<[string, Record<string, string>?]> = [
  [`/evaluations?app_id=${APP}`],
  [`/evaluations?app_id=${APP}`],
  [`/evaluations/?app_id=${APP}`, { prefer: "code=500" }],
  [`/evaluations`],
  [`/human-evaluations?app_id=${APP}`, { prefer: "example=empty" }],
  [`/human-evaluations?app_id=${APP}`, { prefer: "delay=1100" }],
  [`/human-evaluations/${fixtures.human_evaluations.find((h) => h.app_id === APP)!.id}/`],
  [`/human-evaluations/000000000000000000000000`],
  [`/human-evaluations/not-an-id`],
  [`/elsewhere`],
];

/** What those requests must show, exactly. */
const EXPECTED_SURFACE: Record<string, number> = {
  "listEvaluations:status-200": 2,
  "listEvaluations:status-5xx": 1,
  "listEvaluations:status-422": 1,
  "listEvaluations:with-app-id": 3,
  "listEvaluations:without-app-id": 1,
  "listEvaluations:trailing-slash": 1,
  "listHumanEvaluations:status-200": 2,
  "listHumanEvaluations:with-app-id": 2,
  "listHumanEvaluations:empty-list": 1,
  "listHumanEvaluations:delayed": 1,
  "getHumanEvaluation:status-200": 1,
  "getHumanEvaluation:trailing-slash": 1,
  "getHumanEvaluation:status-404": 2,
  "getHumanEvaluation:malformed-id": 1,
};

function expectKnownCounts(report: CoverageReport): void {
  const counts = seenCounts(report, "consumer");
  for (const [key, count] of Object.entries(EXPECTED_SURFACE)) expect(counts[key], key).toBe(count);
  // Every evaluation case is in the app's list, seen twice (two plain 200s); none in the 500.
  for (const c of CLIENT_CASES.filter((c) => c.scope === "evaluation")) expect(counts[`listEvaluations:${c.id}`], c.id).toBe(2);
  expect(report.totals.consumer!.observations).toBe(9);
}

describe("recording", () => {
  it("mock --record observes known requests with exact counts", async () => {
    const file = join(dir, "mock.ndjson");
    const mock = await startMockServer({ port: 0, recordFile: file, log: () => undefined });
    try {
      for (const [path, headers] of REQUESTS) await (await fetch(`${mock.url}${path}`, { headers })).arrayBuffer();
    } finally {
      await mock.close();
    }
    const { observations, input } = parseObservations(readFileSync(file, "utf8"), file);
    expect(input).toEqual({ file, side: "consumer", source: "mock", observations: 9 });
    expect(observations[2]).toMatchObject({ request: `GET /evaluations/?app_id=${APP}`, status: 500, scenario: "code=500" });
    expectKnownCounts(tallyCoverage(observations, [input]));
  });

  it("the MSW handlers' record option observes the same", async () => {
    const recorded: Observation[] = [];
    const server = setupServer(...createMswHandlers({ record: (o) => recorded.push(o), wait: async () => undefined }));
    server.listen({ onUnhandledRequest: "bypass", onUnhandledFrame: "bypass" } as Parameters<typeof server.listen>[0]);
    try {
      for (const [path, headers] of REQUESTS.slice(0, -1)) await (await fetch(`http://api.test${path}`, { headers })).arrayBuffer();
    } finally {
      server.close();
    }
    expect(recorded.every((o) => o.source === "msw")).toBe(true);
    // The delay was waited out by `wait`, but the answer was one the mock holds 1.1 s: delayed.
    expectKnownCounts(tallyCoverage(recorded, [{ file: "msw", side: "consumer", source: "msw", observations: recorded.length }]));
  });
});

describe("evals-contract coverage", () => {
  let consumerFile = "";
  let verifyFile = "";
  let fuzzFile = "";

  beforeAll(async () => {
    consumerFile = join(dir, "consumer.ndjson");
    const recording = await startMockServer({ port: 0, recordFile: consumerFile, log: () => undefined });
    try {
      for (const [path, headers] of REQUESTS) await (await fetch(`${recording.url}${path}`, { headers })).arrayBuffer();
    } finally {
      await recording.close();
    }
    // The provider: another mock, not recording (its answers are the provider side here).
    const provider = await startMockServer({ port: 0, log: () => undefined });
    try {
      verifyFile = join(dir, "verify.json");
      const verified = await runCliCaptured(["verify", "--base-url", provider.url, "--app-id", APP, "--no-pact", "--json", verifyFile]);
      expect(verified.code, verified.stderr).toBe(0);
      fuzzFile = join(dir, "fuzz.json");
      const report = await fuzzProvider({ baseUrl: provider.url, appId: APP, seed: 1, maxRequests: 300 });
      writeFileSync(fuzzFile, JSON.stringify(report));
    } finally {
      await provider.close();
    }
  }, 60_000);

  it("verify and fuzz reports carry the provider's observations, folded", () => {
    const verify = JSON.parse(readFileSync(verifyFile, "utf8")) as { observations: Observation[] };
    expect(verify.observations.length).toBeGreaterThan(3);
    expect(verify.observations.every((o) => o.side === "provider" && o.source === "verify")).toBe(true);
    const fuzz = JSON.parse(readFileSync(fuzzFile, "utf8")) as { observations: Observation[] };
    const total = fuzz.observations.reduce((sum, o) => sum + (o.count ?? 1), 0);
    // Every GET of the 300 (the other methods are not observed), in far fewer lines.
    expect(fuzz.observations.length).toBeLessThan(total / 3);
  });

  it("prints one table with both sides, what one saw and the other did not, and exits 0", async () => {
    const result = await runCliCaptured(["coverage", consumerFile, verifyFile, fuzzFile]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toContain(`consumer: ${consumerFile} (mock, 9 requests)`);
    expect(out).toMatch(/provider: .*verify\.json \(verify, \d+ requests\), .*fuzz\.json \(fuzz, \d+ requests\)/);
    expect(out).toMatch(/^GET \/evaluations\?app_id=\{app_id\} +consumer +provider$/m);
    expect(out).toMatch(/^ {2}surface a 5xx \(forced\) +1 +n\/a$/m);
    // The provider's unknown app gave an empty list the client's tests never received.
    expect(out).toContain("The provider answers what the client's tests never received (7):");
    expect(out).toContain("  GET /evaluations?app_id={app_id}: an empty list ([]) (an app without records");
    // A forced 500 is the consumer's to see: n/a for a provider, never listed as missing there.
    expect(out).not.toMatch(/Not seen by the provider[^]*status-5xx/);
    expect(out).toMatch(/^Totals: consumer \d+\/48 \([\d.]+%, 9 requests\); provider \d+\/41 /m);
    expect(out.trimEnd().split("\n").at(-1)).toBe("PASS: coverage measured");
  });

  it("exits 1 under --min or with a required case not seen, naming them", async () => {
    const min = await runCliCaptured(["coverage", consumerFile, "--min", "99"]);
    expect(min.code).toBe(1);
    expect(min.stdout.trimEnd().split("\n").at(-1)).toMatch(/^FAIL: consumer [\d.]+% is under --min 99%$/);
    const required = await runCliCaptured(["coverage", consumerFile, "--require", "empty-list,getHumanEvaluation:status-5xx"]);
    expect(required.code).toBe(1);
    expect(required.stdout.trimEnd().split("\n").at(-1)).toBe("FAIL: not seen: consumer: getHumanEvaluation:status-5xx");
    const met = await runCliCaptured([
      "coverage",
      consumerFile,
      "--min",
      "50",
      "--require",
      "empty-list,delayed,listEvaluations:status-5xx",
    ]);
    expect(met.code, met.stdout).toBe(0);
  });

  it("--json carries each side's figures as numbers: seen, total, percent and requests, what the text, the HTML and --min read", async () => {
    const json = join(dir, "figures.json");
    const html = join(dir, "figures.html");
    const result = await runCliCaptured(["coverage", consumerFile, verifyFile, "--json", json, "--html", html]);
    expect(result.code, result.stdout).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as Report;
    const consumer = report.coverage?.consumer;
    const provider = report.coverage?.provider;
    expect(consumer).toMatchObject({ total: 48, requests: 9 });
    expect(provider?.total).toBe(41);
    // The numbers are the table's: the rows a side saw, of the rows that apply to it.
    const rows = report.sections.flatMap((s) => (s.kind === "table" ? s.rows : []));
    for (const [side, figures] of [
      ["consumer", consumer],
      ["provider", provider],
    ] as const) {
      const applies = rows.filter((r) => r.cells[side] !== undefined);
      expect(figures?.seen, side).toBe(applies.filter((r) => r.cells[side]!.count > 0).length);
      expect(figures?.total, side).toBe(applies.length);
      expect(figures?.percent, side).toBe(Math.round((figures!.seen / figures!.total) * 1000) / 10);
    }
    const words = `consumer ${consumer!.seen}/48 (${consumer!.percent.toFixed(1)}%, 9 requests)`;
    expect(result.stdout).toContain(`Totals: ${words}`);
    expect(readFileSync(html, "utf8")).toContain(`${consumer!.seen}/48 (${consumer!.percent.toFixed(1)}%`);
    // --min at the percentage passes; a tenth above it fails.
    const at = await runCliCaptured(["coverage", consumerFile, "--min", String(consumer!.percent)]);
    expect(at.code, at.stdout).toBe(0);
    const above = await runCliCaptured(["coverage", consumerFile, "--min", (consumer!.percent + 0.1).toFixed(1)]);
    expect(above.code, above.stdout).toBe(1);
  });

  it("writes JSON, JUnit and HTML reports", async () => {
    const [json, junit, html] = ["c.json", "c.xml", "c.html"].map((f) => join(dir, f));
    const result = await runCliCaptured([
      "coverage",
      consumerFile,
      verifyFile,
      "--json",
      json!,
      "--junit",
      junit!,
      "--html",
      html!,
      "--require",
      "status-404",
    ]);
    expect(result.code, result.stdout).toBe(0);
    const report = JSON.parse(readFileSync(json!, "utf8")) as Report;
    expect(report).toMatchObject({ tool: "coverage", verdict: "pass" });
    const byId = report.sections.find(
      (s): s is TableSection => s.kind === "table" && s.operation === ("getHumanEvaluation" as OperationId),
    );
    expect(byId?.columns).toEqual(["consumer", "provider"]);
    expect(byId?.rows.find((r) => r.id === "malformed-id")?.cells.consumer).toEqual({
      count: 1,
      first: "GET /human-evaluations/not-an-id",
    });
    const xml = readFileSync(junit!, "utf8");
    expect(xml).toContain('<testsuite name="coverage consumer"');
    expect(xml).toMatch(
      /<testcase classname="coverage.consumer" name="GET \/human-evaluations\/\{evaluation_id\}: status-5xx" time="0"><skipped message="not seen: /,
    );
    const page = readFileSync(html!, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain(`<title>PASS: coverage ${consumerFile}, ${verifyFile}</title>`);
    expect(page).not.toMatch(/<script src=|<link |https?:\/\//);
    expect(page).toMatch(/<tr class="finding" data-severity="error" data-rule="surface"><td>surface<\/td><td><code>status-5xx<\/code>/);
  });

  it("cannot run: one line and exit 2", async () => {
    const garbage = join(dir, "garbage.txt");
    writeFileSync(garbage, "hello\nworld\n");
    const har = join(dir, "empty.ndjson");
    writeFileSync(har, "");
    const cases: Array<[string[], RegExp]> = [
      [["coverage"], /name at least one observation file/],
      [["coverage", join(dir, "missing.ndjson")], /file not found/],
      [
        ["coverage", garbage],
        /garbage\.txt: line 1 is not JSON .*neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report/,
      ],
      [["coverage", har], /empty\.ndjson: empty: no observation/],
      [["coverage", consumerFile, "--min", "120"], /--min must be a percentage from 0 to 100/],
      [["coverage", consumerFile, "--require", "empty-lst"], /--require: unknown case "empty-lst" \(did you mean empty-list\?\)/],
    ];
    for (const [args, message] of cases) {
      const result = await runCliCaptured(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });
});
