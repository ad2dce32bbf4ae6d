// `evals-contract fuzz`: exit codes (0 nothing failed, 1 failures, 2 cannot run), the seeded
// --dry-run, --shard, and the --json, --junit and --html reports, against the verify tests' providers.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/fuzz/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { appIdOf, createFaultyProvider, json, providerUrl, type FaultyProvider } from "./faulty-providers.js";
import { CHECK_NAMES } from "../../src/engine/index.js";
import { OPERATION_IDS } from "../../src/contract/operations.js";

let dir: string;
let good: FaultyProvider & { url: string };
let broken: FaultyProvider & { url: string };

/** A provider (FastAPI-like, test/fuzz/faulty-providers.ts) listening on port 0, with its URL. */
async function start(provider: FaultyProvider, basePath = ""): Promise<FaultyProvider & { url: string }> {
  await listenForTest(provider.server);
  return { ...provider, url: `${providerUrl(provider.server)}${basePath}` };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-fuzz-"));
  good = await start(createFaultyProvider());
  // One fault: the evaluations list ignores the app_id filter.
  broken = await start(
    createFaultyProvider((request, data) =>
      request.operationId === "listEvaluations" && appIdOf(request) !== undefined ? json(200, data.evaluations) : undefined,
    ),
  );
});
afterAll(async () => {
  await closeTestServers();
  rmSync(dir, { recursive: true, force: true });
});

describe("evals-contract fuzz", () => {
  it("--dry-run prints the seed's plan, the same twice, and sends nothing", async () => {
    const args = ["fuzz", "--base-url", good.url, "--app-id", APP_A, "--seed", "9", "--max-requests", "300", "--dry-run"];
    const first = await runCliCaptured(args);
    const second = await runCliCaptured(args);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const lines = first.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("# seed 9: 300 requests; {app} is the app id, {record} one of its human evaluations (found by the first two)");
    expect(lines).toHaveLength(301);
    expect(lines[1]).toMatch(/^ {4}0 {2}GET \/evaluations\?app_id=\{app\} {2}# app_id: the app$/);
    expect(good.requests).toEqual([]);
  });

  it("--shard I/N prints that share of the same plan, and needs --seed", async () => {
    const plan = (shard: string) =>
      runCliCaptured([
        "fuzz",
        "--base-url",
        good.url,
        "--app-id",
        APP_A,
        "--seed",
        "9",
        "--max-requests",
        "300",
        "--dry-run",
        "--shard",
        shard,
      ]);
    const [a, b] = [await plan("1/2"), await plan("2/2")];
    const numbers = (out: string) =>
      out
        .trimEnd()
        .split("\n")
        .slice(1)
        .map((line) => Number(line.trim().split(" ")[0]));
    const both = [...numbers(a.stdout), ...numbers(b.stdout)].filter((n) => n > 1).sort((x, y) => x - y);
    expect(both).toEqual(Array.from({ length: 298 }, (_, i) => i + 2));
    const noSeed = await runCliCaptured(["fuzz", "--base-url", good.url, "--app-id", APP_A, "--shard", "1/2"]);
    expect(noSeed.code).toBe(2);
    expect(noSeed.stderr).toMatch(/--shard needs --seed/);
    const bad = await runCliCaptured(["fuzz", "--base-url", good.url, "--app-id", APP_A, "--seed", "1", "--shard", "3/2"]);
    expect(bad.stderr.trim()).toBe('evals-contract fuzz: --shard must be I/N with 1 <= I <= N <= 1000 (e.g. 2/4), got "3/2"');
  });

  it("exits 0 on a conforming provider and writes the three reports", async () => {
    const [json, junit, html] = ["r.json", "r.xml", "r.html"].map((f) => join(dir, f));
    const result = await runCliCaptured([
      "fuzz",
      "--base-url",
      good.url,
      "--app-id",
      APP_A,
      "--seed",
      "2",
      "--max-requests",
      "400",
      "--json",
      json!,
      "--junit",
      junit!,
      "--html",
      html!,
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Fuzzing http:\/\/127\.0\.0\.1:\d+ \(app_id \S+; seed 2; 400 requests planned\)/);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("PASS: no odd request broke the provider");
    const report = JSON.parse(readFileSync(json!, "utf8")) as Report;
    expect(report).toMatchObject({
      tool: "fuzz",
      properties: { seed: "2", planned: "400", sent: "400" },
      verdict: "pass",
      counts: { errors: 0, requests: 400 },
    });
    const xml = readFileSync(junit!, "utf8");
    // A testcase per check of the engine's registry and operation.
    expect(xml).toContain(`<testsuite name="fuzz" tests="${CHECK_NAMES.length * OPERATION_IDS.length}" failures="0"`);
    expect(xml).toContain('name="GET /human-evaluations/{evaluation_id}: server-error"');
    const page = readFileSync(html!, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<title>PASS: fuzz http://127.0.0.1:");
  });

  it("exits 1 with the failure shrunk and a curl line", async () => {
    const result = await runCliCaptured(["fuzz", "--base-url", broken.url, "--app-id", APP_A, "--seed", "2", "--max-requests", "300"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL {2}filter-bypass/);
    expect(result.stdout).toMatch(/curl --globoff --path-as-is -sS -i .*'http:\/\/127\.0\.0\.1:\d+\/evaluations\?app_id=/);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("FAIL: odd requests break the provider");
  });

  it("cannot run: one line and exit 2", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["fuzz", "--app-id", APP_A], /--base-url is required/],
      [["fuzz", "--base-url", good.url], /--app-id is required/],
      [["fuzz", "--base-url", "ftp://x", "--app-id", APP_A], /--base-url must be an http\(s\) URL/],
      [["fuzz", "--base-url", good.url, "--app-id", APP_A, "--max-requests", "0"], /--max-requests/],
      [["fuzz", "--base-url", good.url, "--app-id", APP_A, "--time-limit", "soon"], /--time-limit must be a duration/],
      [["fuzz", "--base-url", good.url, "--app-id", APP_A, "--header", "no colon"], /--header must be "Name: value"/],
      [
        ["fuzz", "--base-url", "http://127.0.0.1:1", "--app-id", APP_A],
        /cannot reach the provider at http:\/\/127\.0\.0\.1:1: connection refused/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCliCaptured(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });
});
