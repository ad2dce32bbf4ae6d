// Issue 12, scale: big inputs and big reports neither overflow the stack nor build strings past
// V8's limit. Each row failed before the hardening (see the row's name for what broke).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../src/check/index.js";
import { formatFindings } from "../../src/check/index.js";
import { runCli } from "../../src/cli/run.js";
import { startMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { verifyProvider } from "../../src/verify/index.js";
import { BIG_EVALUATIONS, bigDataset, ownerOf, writeJsonFile } from "./big-data.js";

let dir: string;
let data: Dataset;
let evaluationsFile: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reliability-scale-"));
  data = bigDataset();
  evaluationsFile = await writeJsonFile(dir, "evaluations.json", data.evaluations);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stdout that records every write's size and the text, with a small buffer to exercise backpressure. */
function recordingStream(): { stream: Writable; writes: number[]; text: () => string } {
  const chunks: Buffer[] = [];
  const writes: number[] = [];
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.length);
      chunks.push(chunk);
      setImmediate(done);
    },
  });
  return { stream, writes, text: () => Buffer.concat(chunks).toString("utf8") };
}

async function validate(...extra: string[]): Promise<{ code: number; writes: number[]; stdout: string; stderr: string }> {
  const out = recordingStream();
  const err = recordingStream();
  const code = await runCli(["validate", evaluationsFile, "--schema", "Evaluation", ...extra], { stdout: out.stream, stderr: err.stream });
  await Promise.all([out, err].map(({ stream }) => new Promise((done) => stream.end(done))));
  return { code, writes: out.writes, stdout: out.text(), stderr: err.text() };
}

const fakeFindings = (n: number): Finding[] =>
  Array.from({ length: n }, (_, i) => ({ severity: "warning", path: `$[${i}].created_at`, rule: "naive-timestamp", message: "m" }));

const rows: Array<[string, () => Promise<void>]> = [
  [
    "validate of 20,000 realistic records (~200k warnings) conforms instead of overflowing the stack in formatFindings",
    async () => {
      const { code, stdout, stderr } = await validate();
      expect(stderr).toBe("");
      expect(code).toBe(0);
      const summary = /conforms: 0 errors, ([\d,]+) warnings\n$/.exec(stdout);
      expect(Number(summary?.[1]?.replace(/,/g, ""))).toBeGreaterThan(100_000);
    },
  ],
  [
    "formatFindings handles 1,000,000 findings",
    async () => {
      const lines = formatFindings(fakeFindings(1_000_000));
      expect(lines).toHaveLength(1_000_000);
      expect(lines[999_999]).toMatch(/^warning \$\[999999\]\.created_at +naive-timestamp: m$/);
    },
  ],
  [
    "validate --json streams its report in bounded writes (a 300 MB report was one string: Invalid string length)",
    async () => {
      const { code, writes, stdout } = await validate("--json", "-");
      expect(code).toBe(0);
      expect(writes.length).toBeGreaterThan(100);
      expect(Math.max(...writes)).toBeLessThan(1 << 20);
      const report = JSON.parse(stdout) as { verdict: string; counts: { warnings: number }; findings: unknown[] };
      expect(report.verdict).toBe("pass");
      expect(report.findings).toHaveLength(report.counts.warnings);
    },
  ],
  [
    `verify of an app with ${BIG_EVALUATIONS.toLocaleString("en-US")} records passes against a conforming provider (the library, Pact off: see docs/limits.md)`,
    async () => {
      const mock = await startMockServer({ data, port: 0 });
      try {
        const report = await verifyProvider({ baseUrl: mock.url, appId: ownerOf(data), pact: false });
        expect(report.counts.errors).toBe(0);
        expect(report.verdict).toBe("pass");
        expect(report.counts.warnings).toBeGreaterThan(100_000);
      } finally {
        await mock.close();
      }
    },
  ],
];

describe("reliability: scale", () => {
  it.each(rows)("%s", async (_name, run) => run(), 120_000);
});
