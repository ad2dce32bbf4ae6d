// Issue 39, baselines: a rewrite never loses what it cannot vouch for. A fuzz run stopped by
// --time-limit dropped 4 of 7 curated entries and exited 0; a --partial verify would drop every
// entry of the checks it skipped. An incomplete run, an unreachable endpoint or any exit 2 leaves
// the file as it was (bytes and mtime) with one line and exit 2; a curated entry (reason, expires)
// no longer found is kept, marked stale_since; --prune-baseline removes stale entries.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { baselineRefusal } from "../../src/cli/baseline-option.js";
import { fuzzIncomplete } from "../../src/cli/commands/fuzz.js";
import type { Baseline } from "../../src/engine/index.js";
import type { ProviderFinding } from "../../src/engine/finding.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, json, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-baseline-rewrite-"));
});

async function provider(fault?: FaultHook): Promise<string> {
  const running = createFaultyProvider(fault);
  await listenForTest(running.server);
  return providerUrl(running.server);
}

/** Seven entries, four of them curated (a reason or a date), none of which a run of a healthy provider finds. */
const SEVEN: Baseline = {
  $schema: "https://evals-contract.dev/schemas/baseline.json",
  entries: [
    { check: "leak", operation: "getHumanEvaluation", cause: "a Python traceback", reason: "TICKET-1" },
    { check: "server-error", operation: "getHumanEvaluation", cause: "500 N: Evaluation not found", expires: "2099-01-01" },
    { check: "server-error", operation: "listEvaluations", cause: "500 KeyError", reason: "TICKET-3", expires: "2099-01-01" },
    { check: "status", operation: "listHumanEvaluations", cause: "404", reason: "TICKET-4" },
    { check: "status", operation: "listEvaluations", cause: "404" },
    { check: "content-type", operation: "listEvaluations", cause: "500 text/html" },
    { check: "method", operation: "getHumanEvaluation", cause: "DELETE 200" },
  ],
};

/** The file with SEVEN in it, as a person saved it (not as the tool writes it: any rewrite shows). */
function curatedFile(): { file: string; bytes: Buffer; mtimeMs: number } {
  const file = join(dir, "baseline.json");
  writeFileSync(file, JSON.stringify(SEVEN));
  return { file, bytes: readFileSync(file), mtimeMs: statSync(file).mtimeMs };
}

const untouched = (before: { file: string; bytes: Buffer; mtimeMs: number }): void => {
  expect(readFileSync(before.file).equals(before.bytes)).toBe(true);
  expect(statSync(before.file).mtimeMs).toBe(before.mtimeMs);
};

/** Lists answer; every by-id request hangs: the run cannot get through its plan in time. */
const hangsById: FaultHook = (request) => (request.operationId === "getHumanEvaluation" ? "hang" : undefined);

describe("an incomplete run never rewrites a baseline", () => {
  it.each([["--update-baseline"], ["--prune-baseline"], ["--update-baseline", "--prune-baseline"]])(
    "fuzz stopped by --time-limit, %s: exit 2, one line, the file byte for byte as it was",
    async (...flags) => {
      const url = await provider(hangsById);
      const before = curatedFile();
      const started = performance.now();
      const result = await runCliCaptured([
        "fuzz",
        "--base-url",
        url,
        "--app-id",
        APP_A,
        "--seed",
        "1",
        "--time-limit",
        "1s",
        "--timeout",
        "1000",
        "--baseline",
        before.file,
        ...flags,
      ]);
      console.log(`fuzz --time-limit 1s ${flags.join(" ")}: ${Math.round(performance.now() - started)} ms`);
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${flags.join(" ")} refused: the run is incomplete \\(.*\\); baseline .* left as it was$`));
      expect(result.stdout).not.toMatch(/baseline: wrote/);
      untouched(before);
    },
    30_000,
  );

  it("a file name with controls: the refusal is still one escaped line", async () => {
    const url = await provider();
    const file = join(dir, "a\u001b[2Jb\nc.json");
    writeFileSync(file, JSON.stringify(SEVEN));
    const result = await runCliCaptured(["verify", "--base-url", url, "--partial", "--no-pact", "--baseline", file, "--update-baseline"]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toContain("\u001b");
    expect(result.stderr).toContain("a\\x1b[2Jb\\nc.json");
  });

  it("verify --partial (no --app-id): most checks did not run: refused, the file untouched", async () => {
    const url = await provider();
    const before = curatedFile();
    const result = await runCliCaptured([
      "verify",
      "--base-url",
      url,
      "--partial",
      "--no-pact",
      "--baseline",
      before.file,
      "--update-baseline",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([
      `--update-baseline refused: the run is incomplete (no --app-id: only the checks that need no data ran); baseline ${before.file} left as it was`,
    ]);
    untouched(before);
  });

  it.each(["verify", "fuzz"])("%s against an unreachable provider: exit 2, one line, the file untouched", async (tool) => {
    const before = curatedFile();
    const extra = tool === "verify" ? ["--no-pact"] : ["--seed", "1", "--max-requests", "250"];
    const result = await runCliCaptured([
      tool,
      "--base-url",
      "http://127.0.0.1:1",
      "--app-id",
      APP_A,
      ...extra,
      "--baseline",
      before.file,
      "--update-baseline",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot reach the provider/);
    untouched(before);
  });

  it("an endpoint refused or unreachable mid-run, or an exit 2, refuses; a complete run of exit 0 or 1 may write", () => {
    const refused: ProviderFinding = {
      check: "transport",
      operation: "getHumanEvaluation",
      severity: "error",
      path: "$",
      rule: "transport",
      message: "connection refused",
      cause: "refused",
    };
    expect(baselineRefusal({ exit: 1, findings: [refused] })).toBe("the provider could not be reached for one request");
    expect(baselineRefusal({ exit: 1, findings: [{ ...refused, cause: "unreachable" }, refused] })).toMatch(/for 2 requests/);
    expect(baselineRefusal({ exit: 2, findings: [] })).toMatch(/exit 2/);
    expect(baselineRefusal({ exit: 1, findings: [{ ...refused, cause: "reset" }] })).toBeUndefined();
    expect(baselineRefusal({ exit: 0, findings: [] })).toBeUndefined();
    const done = { stoppedBy: "done", verdict: "fail", sent: 60, planned: 60 } as const;
    expect(fuzzIncomplete(done)).toBeUndefined();
    expect(fuzzIncomplete({ ...done, stoppedBy: "provider-gone" })).toMatch(/stopped answering/);
    expect(fuzzIncomplete({ ...done, verdict: "partial" })).toMatch(/INCOMPLETE/);
    expect(fuzzIncomplete({ ...done, sent: 59 })).toMatch(/only 59 of 60/);
  });

  it("fuzz --shard with --update-baseline or --prune-baseline is refused before any request", async () => {
    const before = curatedFile();
    for (const flag of ["--update-baseline", "--prune-baseline"]) {
      const result = await runCliCaptured([
        "fuzz",
        "--base-url",
        "http://127.0.0.1:1",
        "--app-id",
        APP_A,
        "--seed",
        "1",
        "--shard",
        "1/2",
        "--baseline",
        before.file,
        flag,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/need the whole plan: run them without --shard/);
    }
    untouched(before);
  });
});

describe("a rewrite never loses what another writer put in the file", () => {
  it("the file changed during the run (another run, an editor): refused, exit 2, the other writer's bytes kept", async () => {
    const before = curatedFile();
    const theirs = JSON.stringify({ entries: [{ check: "leak", operation: "listEvaluations", cause: "theirs", reason: "edited" }] });
    let edited = false;
    const url = await provider((request) => {
      // The first by-id request: someone saves the file while the run goes on.
      if (!edited && request.operationId === "getHumanEvaluation") {
        writeFileSync(before.file, theirs);
        edited = true;
      }
      return undefined;
    });
    const result = await runCliCaptured([
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "400",
      "--baseline",
      before.file,
      "--update-baseline",
    ]);
    expect(edited).toBe(true);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([
      `--update-baseline refused: the file changed during the run (written by someone else meanwhile): run again; baseline ${before.file} left as it was`,
    ]);
    expect(readFileSync(before.file, "utf8")).toBe(theirs);
  }, 30_000);

  it("verify --no-pact: the Pact entries are not judged, so kept as they are", async () => {
    const url = await provider();
    const file = join(dir, "pact.json");
    const pact = { check: "pact", operation: "getHumanEvaluation", cause: "pact-mismatch $.created_at" };
    writeFileSync(file, JSON.stringify({ entries: [pact] }));
    for (const flag of ["--update-baseline", "--prune-baseline"])
      expect((await runCliCaptured(["verify", "--base-url", url, "--app-id", APP_A, "--no-pact", "--baseline", file, flag])).code).toBe(0);
    expect((JSON.parse(readFileSync(file, "utf8")) as Baseline).entries).toEqual([pact]);
  });

  it("a cause holding a secret (a file of an older version) is written redacted", async () => {
    const url = await provider();
    const file = join(dir, "old.json");
    const secret = { check: "leak", operation: "listEvaluations", cause: "500 could not connect postgres://admin:pw@db", reason: "old" };
    writeFileSync(file, JSON.stringify({ entries: [secret] }));
    expect(
      (await runCliCaptured(["verify", "--base-url", url, "--app-id", APP_A, "--no-pact", "--baseline", file, "--update-baseline"])).code,
    ).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("admin:pw");
    expect(text).toContain("postgres://[redacted]@db");
  });
});

describe("curated entries are kept", () => {
  // Past the discovery and boundary phases (220 requests): fewer is INCOMPLETE, which refuses any rewrite.
  const healthy = ["--seed", "1", "--max-requests", "250"];
  it.each([
    ["verify", ["--no-pact"]],
    ["fuzz", healthy],
  ] as const)("%s --update-baseline keeps each curated entry marked stale_since; --prune-baseline removes them", async (tool, extra) => {
    const url = await provider();
    const { file } = curatedFile();
    const args = [tool, "--base-url", url, "--app-id", APP_A, ...extra, "--baseline", file];
    const update = await runCliCaptured([...args, "--update-baseline"]);
    expect(update.stderr).toBe("");
    expect(update.code).toBe(0);
    expect(update.stdout).toMatch(/3 entries no longer found removed; 4 curated entries no longer found kept, marked stale_since/);
    const kept = JSON.parse(readFileSync(file, "utf8")) as Baseline;
    const today = new Date().toISOString().slice(0, 10);
    const curated = SEVEN.entries.filter((e) => e.reason !== undefined || e.expires !== undefined);
    expect(kept.entries).toHaveLength(4);
    for (const entry of curated) expect(kept.entries).toContainEqual({ ...entry, stale_since: today });

    // Run again: still stale, still kept, the date is the first one (here: the same day).
    expect((await runCliCaptured([...args, "--update-baseline"])).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(kept);

    // --prune-baseline alone: the stale entries go, nothing is added, the run's own exit code.
    const prune = await runCliCaptured([...args, "--prune-baseline"]);
    expect(prune.code).toBe(0);
    expect(prune.stdout).toMatch(/baseline: wrote 0 entries to .*; 4 entries no longer found removed/);
    expect((JSON.parse(readFileSync(file, "utf8")) as Baseline).entries).toEqual([]);
  });

  it("--prune-baseline alone needs an existing file and keeps the run's failures failing (exit 1)", async () => {
    const url = await provider((request) =>
      request.operationId === "getHumanEvaluation" ? json(500, { detail: "KeyError: 'x'" }) : undefined,
    );
    const missing = await runCliCaptured([
      "verify",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--no-pact",
      "--baseline",
      join(dir, "none.json"),
      "--prune-baseline",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    const { file } = curatedFile();
    const prune = await runCliCaptured([
      "verify",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--no-pact",
      "--baseline",
      file,
      "--prune-baseline",
    ]);
    expect(prune.code).toBe(1);
    expect((JSON.parse(readFileSync(file, "utf8")) as Baseline).entries).toEqual([]);
  });
});
