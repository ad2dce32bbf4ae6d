// `evals-contract fixtures`, run in-process through the CLI shell with in-memory streams.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { renderFixtures } from "../../src/generate/index.js";
import { startCliSession } from "../helpers/run-cli.js";

/** A writable that keeps what it receives; `delay` makes it slow, to exercise backpressure. */
function memoryStream(options: { highWaterMark?: number; delay?: boolean } = {}): Writable & { text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 16_384,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      if (options.delay) setImmediate(done);
      else done();
    },
  });
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString("utf8") });
}

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = memoryStream();
  const stderr = memoryStream();
  const code = await runCli(["fixtures", ...argv], { stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * Resolves when a file whose name starts with `prefix` is created in `folder`: an fs.watch event,
 * not a poll. Call it before starting what creates the file.
 */
function created(folder: string, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(folder, (_event, name) => {
      if (!name?.startsWith(prefix)) return;
      watcher.close();
      resolve();
    });
    watcher.once("error", reject);
  });
}

const dir = mkdtempSync(join(tmpdir(), "evals-fixtures-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("evals-contract fixtures", () => {
  it("writes the default dataset to stdout, and nothing else", async () => {
    const { code, stdout, stderr } = await cli();
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toBe(renderFixtures({ mode: "realistic", format: "json", seed: 42 }));
    expect(stdout).toBe(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8"));
  });

  it("writes a file atomically, refuses to overwrite it without --force, overwrites with --force", async () => {
    const file = join(dir, "data.json");
    const first = await cli("--seed", "3", "--evaluations", "20", "--human-evaluations", "5", "--out", file);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe("");
    expect(first.stderr).toMatch(/^wrote 25 records \([\d,]+ bytes, realistic, json\) to .*data\.json\n$/);
    const written = readFileSync(file, "utf8");
    expect(written).toBe(renderFixtures({ mode: "realistic", format: "json", seed: 3, evaluations: 20, humanEvaluations: 5 }));

    const refused = await cli("--seed", "4", "--out", file);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/already exists.*--force/);
    expect(readFileSync(file, "utf8")).toBe(written);

    const forced = await cli("--seed", "4", "--evaluations", "20", "--human-evaluations", "5", "--out", file, "--force");
    expect(forced.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(
      renderFixtures({ mode: "realistic", format: "json", seed: 4, evaluations: 20, humanEvaluations: 5 }),
    );
    expect(readdirSync(dir).filter((f) => f.includes(".evals-contract-tmp-") || f.endsWith(".tmp"))).toEqual([]); // no temporary files left
  });

  it("reports a directory that does not exist in one line, exit 2, leaving nothing behind", async () => {
    const { code, stderr } = await cli("--out", join(dir, "missing", "data.json"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^evals-contract fixtures: cannot write .*data\.json: folder .*missing does not exist\n$/);
    expect(readdirSync(dir).filter((f) => f.includes(".evals-contract-tmp-") || f.endsWith(".tmp"))).toEqual([]);
  });

  it("stops on Ctrl-C while writing a file, in one line, exit 2, leaving neither the file nor its temporary", async () => {
    const file = join(dir, "interrupted.ndjson");
    const writing = created(dir, ".interrupted.ndjson.");
    const cli = startCliSession(["fixtures", "--evaluations", "1000000", "--format", "ndjson", "--out", file]);
    await writing;
    cli.interrupt();
    expect(await cli.done).toBe(2);
    expect(cli.stderr()).toBe(`evals-contract fixtures: interrupted: ${file} was not written\n`);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes(".evals-contract-tmp-") || f.endsWith(".tmp"))).toEqual([]);
  });

  it("writes NDJSON: one {kind, record} per line", async () => {
    const { code, stdout } = await cli("--format", "ndjson", "--evaluations", "30", "--human-evaluations", "12", "--seed", "5");
    expect(code).toBe(0);
    expect(stdout.endsWith("\n")).toBe(true);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(42);
    const items = lines.map((line) => JSON.parse(line) as { kind: string; record: { id: string } });
    expect(items.slice(0, 30).every((i) => i.kind === "evaluation" && "aggregated_results" in i.record)).toBe(true);
    expect(items.slice(30).every((i) => i.kind === "human_evaluation" && "evaluation_type" in i.record)).toBe(true);
  });

  it("writes schema-mode records", async () => {
    const { code, stdout } = await cli("--mode", "schema", "--evaluations", "4", "--human-evaluations", "3", "--seed", "5");
    expect(code).toBe(0);
    const dataset = JSON.parse(stdout) as { evaluations: unknown[]; human_evaluations: unknown[] };
    expect([dataset.evaluations.length, dataset.human_evaluations.length]).toEqual([4, 3]);
  });

  it("respects backpressure from a slow reader", async () => {
    const stdout = memoryStream({ highWaterMark: 1024, delay: true });
    const stderr = memoryStream();
    const argv = ["fixtures", "--format", "ndjson", "--evaluations", "3000", "--human-evaluations", "500", "--seed", "8"];
    expect(await runCli(argv, { stdout, stderr })).toBe(0);
    expect(stdout.text()).toBe(renderFixtures({ mode: "realistic", format: "ndjson", seed: 8, evaluations: 3000, humanEvaluations: 500 }));
    expect(stdout.writableNeedDrain || stdout.writableLength === 0).toBe(true);
  });

  it("stops quietly when the reader goes away (EPIPE)", async () => {
    let writes = 0;
    const stdout = new Writable({
      write(_chunk, _encoding, done) {
        writes++;
        done(writes > 1 ? Object.assign(new Error("write EPIPE"), { code: "EPIPE" }) : undefined);
      },
    });
    const stderr = memoryStream();
    expect(await runCli(["fixtures", "--evaluations", "5000", "--format", "ndjson"], { stdout, stderr })).toBe(0);
    expect(stderr.text()).toBe("");
  });

  it.each([
    [["--seed", "abc"], /--seed must be an integer/],
    [["--seed=-1"], /--seed must be an integer/],
    [["--seed", "-1"], /--seed/],
    [["--apps", "0"], /--apps must be an integer from 1/],
    [["--evaluations", "1.5"], /--evaluations must be an integer/],
    [["--mode", "random"], /--mode must be one of realistic, schema/],
    [["--format", "xml"], /--format must be one of json, ndjson/],
    [["--timestamps", "local"], /--timestamps must be one of naive, utc, later/],
    [["--mode", "schema", "--apps", "3"], /--apps applies to --mode realistic only/],
    [["--force"], /--force needs --out/],
    [["--bogus"], /bogus/],
    [["data.json"], /unexpected argument "data.json"/],
  ])("rejects %j in one line with exit 2", async (argv, message) => {
    const { code, stdout, stderr } = await cli(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it("prints its help", async () => {
    const { code, stdout } = await cli("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: evals-contract fixtures");
  });

  it("does not overwrite a file that appears while it writes", async () => {
    const file = join(dir, "race.json");
    const stdout = memoryStream();
    const stderr = memoryStream();
    const writing = created(dir, ".race.json.");
    const pending = runCli(["fixtures", "--evaluations", "50000", "--format", "ndjson", "--out", file], { stdout, stderr });
    // Create the target once the run is writing its temporary file (past its up-front check).
    await writing;
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, "mine");
    expect(await pending).toBe(2);
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect(stderr.text()).toMatch(/already exists/);
    expect(readdirSync(dir).filter((f) => f.includes(".evals-contract-tmp-") || f.endsWith(".tmp"))).toEqual([]);
  });
});
