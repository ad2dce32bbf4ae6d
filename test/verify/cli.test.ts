// `evals-contract verify`: exit codes (0 conforms, 1 broken, 2 cannot run), the report on stdout,
// the --json, --junit and --html files (atomic; an existing regular file is replaced: issue 22), one-line errors.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/verify/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { APP_A, galleryDataset } from "./dataset.js";
import { startFixtureProvider, type RunningProvider } from "./fixture-provider.js";

let dir: string;
let good: RunningProvider;
let broken: RunningProvider;
let noHuman: RunningProvider;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-verify-"));
  good = await startFixtureProvider({ data: galleryDataset(), basePath: "/api" });
  noHuman = await startFixtureProvider({ data: { ...galleryDataset(), human_evaluations: [] } });
  // One fault: the evaluations list ignores the app_id filter.
  broken = await startFixtureProvider({
    data: galleryDataset(),
    transform: (request, reply, data) =>
      request.operationId === "listEvaluations" && reply.status === 200 ? { ...reply, body: data.evaluations } : reply,
  });
});
afterAll(async () => {
  await Promise.all([good.close(), broken.close(), noHuman.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("evals-contract verify", () => {
  it("exits 0 with a readable report when the provider conforms", async () => {
    const result = await runCliCaptured(["verify", "--base-url", good.url, "--app-id", APP_A, "--no-pact"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // A section whose checks all passed is one line.
    expect(result.stdout).toContain("\nGET /human-evaluations/{evaluation_id}  ok: conformance, same-record-as-list\n");
    expect(result.stdout).toMatch(
      /16 checks: 16 passed, 0 warned, 0 failed, 0 skipped; 0 errors, 0 warnings; \d+ requests in [\d.]+ s\nPASS/,
    );
  });

  it("runs the Pact step by default, here on a pact file given with --pact-file", async () => {
    const pactFile = new URL("../../contracts/evals-frontend-evaluation-listing-service.json", import.meta.url).pathname;
    const result = await runCliCaptured(["verify", "--base-url", good.url, "--app-id", APP_A, "--pact-file", pactFile]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.match(/(?:^ {2}ok {4}|ok: )pact: /gm)).toHaveLength(3);
    expect(result.stdout).toMatch(/19 checks: 19 passed/);
  });

  it("exits 0 for an app without human evaluations, Pact included: what needs a record is skipped with the reason", async () => {
    const pactFile = new URL("../../contracts/evals-frontend-evaluation-listing-service.json", import.meta.url).pathname;
    const result = await runCliCaptured(["verify", "--base-url", noHuman.url, "--app-id", APP_A, "--pact-file", pactFile, "--strict"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `  skip  pact: a request to list the human evaluations of an app (provider state "app has human evaluations" cannot be met: app ${APP_A} has no human evaluations on the provider (GET /human-evaluations?app_id=${APP_A} answered []))`,
    );
    expect(result.stdout).toContain(`  skip  conformance (app ${APP_A} lists no human evaluation to fetch by id)`);
    expect(result.stdout).toContain(`ok: pact: a request to list the evaluations of an app`);
    expect(result.stdout).toContain(`\nNote: app ${APP_A} has no human evaluations`);
    expect(result.stdout).toMatch(/18 checks: 13 passed, 0 warned, 0 failed, 5 skipped; 0 errors, 0 warnings;.*\nPASS: /);
  });

  it("exits 2 naming --app-id when it is missing, and runs the partial checks with --partial (PARTIAL in text, JSON and JUnit)", async () => {
    const refused = await runCliCaptured(["verify", "--base-url", good.url, "--no-pact"]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(/^evals-contract verify: --app-id is required[^\n]*\n$/);
    const json = join(dir, "partial.json");
    const junit = join(dir, "partial.xml");
    const partial = await runCliCaptured(["verify", "--base-url", good.url, "--partial", "--json", json, "--junit", junit]);
    expect(partial.stderr).toBe("");
    expect(partial.code).toBe(0);
    expect(partial.stdout).not.toContain("PASS");
    expect(partial.stdout).toMatch(/\nPARTIAL: no check failed, but without --app-id only the checks that need no data ran[^\n]*\n$/);
    expect(JSON.parse(readFileSync(json, "utf8"))).toMatchObject({ tool: "verify", verdict: "partial" });
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('<testsuites name="evals-contract verify (partial: no --app-id)"');
    expect(xml).toContain('<property name="verdict" value="partial"/>');
    // A partial run that finds a fault exits 1.
    const failing = await runCliCaptured(["verify", "--base-url", broken.url, "--partial", "--no-pact"]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/\nFAIL: /);
  });

  it("exits 1 when the contract is broken, and writes --json, --junit and --html", async () => {
    const json = join(dir, "report.json");
    const html = join(dir, "report.html");
    // A folder that does not exist yet is created.
    const junit = join(dir, "reports", "report.xml");
    const result = await runCliCaptured([
      "verify",
      "--base-url",
      broken.url,
      "--app-id",
      APP_A,
      "--no-pact",
      "--json",
      json,
      "--junit",
      junit,
      "--html",
      html,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("  FAIL  filter-bypass (1 error)\n        error   $[2].app_id  filter-bypass: the list for app_id");
    const report = JSON.parse(readFileSync(json, "utf8")) as Report;
    expect(report).toMatchObject({
      tool: "verify",
      verdict: "fail",
      properties: { appId: APP_A, pact: "disabled" },
      counts: { failed: 3 },
    });
    expect(report.findings.find((f) => f.check === "filter-bypass")).toMatchObject({
      operation: "listEvaluations",
      path: "$[2].app_id",
      rule: "filter-bypass",
      request: `GET /evaluations?app_id=${APP_A}`,
    });
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="evals-contract verify" tests="18" failures="3"/);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<testcase classname="verify.conformance" name="GET /evaluations?app_id={app_id}: filter-bypass"');
    expect(xml).toMatch(
      /<failure message="1 error: \$\[2\]\.app_id filter-bypass: the list for app_id &quot;666dde95962bbaffdb0072b5&quot; holds 1 of 3 records/,
    );
    const page = readFileSync(html, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain(
      `<tr class="finding" data-severity="error" data-rule="filter-bypass"><td class="sev-error">error</td><td><code>$[2].app_id</code></td>`,
    );
    // Written atomically: no temporary file left behind.
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith("report"))
        .sort(),
    ).toEqual(["report.html", "report.json", "reports"]);
    expect(readdirSync(join(dir, "reports"))).toEqual(["report.xml"]);
  });

  // Issue 22, "Files a second run meets": report files are outputs; a second run replaces them.
  it.each([["--json"], ["--junit"], ["--html"]])(
    "a second run with %s FILE replaces the report (no --force needed; --force still accepted)",
    async (flag) => {
      const file = join(dir, `again${flag}.out`);
      writeFileSync(file, "an older report");
      const again = await runCliCaptured(["verify", "--base-url", good.url, "--app-id", APP_A, "--no-pact", flag, file]);
      expect(again.stderr).toBe("");
      expect(again.code).toBe(0);
      expect(readFileSync(file, "utf8")).not.toBe("an older report");
      const forced = await runCliCaptured(["verify", "--base-url", good.url, "--app-id", APP_A, "--no-pact", flag, file, "--force"]);
      expect(forced.code).toBe(0);
      if (flag === "--json") expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ tool: "verify", verdict: "pass" });
    },
  );

  it("sends every --header with every request, Pact's and the provider states' included, and never shows its value", async () => {
    const token = "s3cr3t-header-value-41";
    const provider = await startFixtureProvider({ data: galleryDataset(), basePath: "/api" });
    try {
      const pactFile = new URL("../../contracts/evals-frontend-evaluation-listing-service.json", import.meta.url).pathname;
      const json = join(dir, "header.json");
      const html = join(dir, "header.html");
      const result = await runCliCaptured([
        "verify",
        "--base-url",
        provider.url,
        "--app-id",
        APP_A,
        "--pact-file",
        pactFile,
        "--header",
        `X-Api-Key: ${token}`,
        "--header",
        "X-Tenant: blue",
        "--json",
        json,
        "--html",
        html,
      ]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(provider.requests.length).toBeGreaterThan(16);
      const missing = provider.requests.filter(
        (_, i) => provider.headers[i]!["x-api-key"] !== token || provider.headers[i]!["x-tenant"] !== "blue",
      );
      expect(missing).toEqual([]);
      for (const output of [result.stdout, readFileSync(json, "utf8"), readFileSync(html, "utf8")]) expect(output).not.toContain(token);
    } finally {
      await provider.close();
    }
  });

  it("exits 2 with one line when the provider is unreachable", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await runCliCaptured(["verify", "--base-url", `http://127.0.0.1:${port}`, "--app-id", APP_A, "--no-pact"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `evals-contract verify: cannot reach the provider at http://127.0.0.1:${port}: connection refused by 127.0.0.1:${port} (GET /evaluations?app_id=${APP_A})\n`,
    );
  });

  it.each([
    [["--app-id", APP_A], "--base-url is required"],
    [["--base-url", "nope"], "the base URL must be an http(s) URL"],
    [["--base-url", "http://x", "--timeout", "0"], "--timeout must be an integer from 1 to 600000"],
    // One range for every provider tool (fuzz's): verify and snapshot took at most 64 before.
    [["--base-url", "http://x", "--concurrency", "257"], '--concurrency must be an integer from 1 to 256, got "257"'],
    [["--base-url", "http://x", "--no-pact", "--broker-url", "http://b"], "--no-pact cannot be combined with Pact options"],
    [["--base-url", "http://x", "--publish", "--broker-url", "http://b"], "--publish needs --provider-version"],
    [["--base-url", "http://x", "--pact-log-level", "loud"], "--pact-log-level must be one of"],
    [["--base-url", "http://x", "--bogus"], "unknown option --bogus. Usage: evals-contract verify"],
    [["--base-url", "http://x", "--app-id", APP_A, "--header", "no colon"], '--header must be "Name: value"'],
    [["--base-url", "http://x", "--json", "same", "--junit", "same"], "--junit, --json and --html must name different files"],
    [["--base-url", "http://x", "--json", "same", "--html", "same"], "--junit, --json and --html must name different files"],
    [["--base-url", "http://x"], "--app-id is required"],
  ])("exits 2 on bad usage: %j", async (args, message) => {
    const result = await runCliCaptured(["verify", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")).toHaveLength(2);
    expect(result.stderr).toContain(message);
  });
});
