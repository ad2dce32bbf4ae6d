// Issue 31, `coverage` under hostile and huge inputs: every input is read as a stream with a bound on
// what it may cost, and ends in a result or one E_COVERAGE_INPUT line.
//  - endless inputs: a symlink to /dev/zero (it reached 11.5 GB in 30 s), a FIFO fed by `yes` (grew
//    without bound), endless blanks and endless valid lines (the byte cap ends them);
//  - a HAR larger than the heap of the process reading it (it was read whole: "Cannot create a string
//    longer than 0x1fffffe8 characters" at 1 GiB; bench/coverage.bench.ts measures that size), and
//    only the service's bodies decoded (base64 media took 2.7x the memory);
//  - terminal control characters from the files (an NDJSON line starting with ESC[2J, a C1 CSI in
//    operationId, U+202E in source or in a file name) never reach the terminal raw.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeBigHar } from "../../bench/lib/big-har.js";
import { observationLine, observe, type Observation } from "../../src/coverage/observation.js";
import { observationsFromHar } from "../../src/coverage/har.js";
import { parseObservations, readObservationFiles } from "../../src/coverage/read-observations.js";
import type { Dataset } from "../../src/types/dataset.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = JSON.parse(readFileSync(join(ROOT, "fixtures/default.json"), "utf8")) as Dataset;
const APP = fixtures.evaluations[0]!.app_id;
const LIST = JSON.stringify(fixtures.evaluations.filter((e) => e.app_id === APP));

/** A valid observation line of the mock. */
const line = (url = `/evaluations?app_id=${APP}`, extra: Partial<Observation> = {}): string =>
  observationLine({ ...observe({ side: "consumer", source: "mock", method: "GET", url, status: 200, body: [] })!, ...extra });

// Raw control characters in a terminal's way: C0, DEL, C1, bidirectional controls, line separators.
// eslint-disable-next-line no-control-regex -- finding them is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let dir: string;
const children: ChildProcess[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "coverage-hostile-"));
});
afterAll(() => {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A FIFO at `name` that `command` writes into (killed after the test); the test's own write end is closed. */
function fifoFedBy(name: string, command: string, args: string[]): string {
  const path = join(dir, name);
  execFileSync("mkfifo", [path]);
  // Opened read-write: does not wait for a reader (a write-only open of a FIFO would).
  const fd = openSync(path, constants.O_RDWR);
  const child = spawn(command, args, { stdio: ["ignore", fd, "ignore"] });
  children.push(child);
  closeSync(fd);
  return path;
}

/** Runs `coverage` in-process; a run still going after `ms` is a failure of the test (the bug). */
async function coverage(args: string[], ms = 20_000): Promise<{ code: number; stdout: string; stderr: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`coverage ${args.join(" ")} still running after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([runCliCaptured(["coverage", ...args]), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe("endless inputs end in one line", () => {
  it("a symlink to /dev/zero: refused at its first byte, exit 2", async () => {
    const zero = join(dir, "zero.ndjson");
    symlinkSync("/dev/zero", zero);
    const result = await coverage([zero]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract coverage: ${zero}: line 1 is not JSON (unexpected byte 0x00, column 1): neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report\n`,
    );
  });

  it("a FIFO fed by `yes`: refused at its first line, exit 2", async () => {
    const fifo = fifoFedBy("yes.fifo", "yes", []);
    const result = await coverage([fifo]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract coverage: ${fifo}: line 1 is not JSON (unexpected "y", column 1): neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report\n`,
    );
  });

  it("endless blanks, and endless valid observation lines, stop at the byte cap (here 8 MiB) in constant memory", async () => {
    const blanks = fifoFedBy("blanks.fifo", "yes", [" "]);
    await expect(readObservationFiles([blanks], { maxInputBytes: 8 << 20 })).rejects.toMatchObject({
      code: "E_COVERAGE_INPUT",
      message: `${blanks}: larger than 8 MiB (the most read of one coverage input): not read further`,
    });
    const valid = fifoFedBy("valid.fifo", "yes", [line().trimEnd()]);
    await expect(readObservationFiles([valid], { maxInputBytes: 8 << 20 })).rejects.toMatchObject({
      code: "E_COVERAGE_INPUT",
      message: `${valid}: larger than 8 MiB (the most read of one coverage input): not read further`,
    });
  });

  it("a line longer than 1 MiB is no observation line", async () => {
    const file = join(dir, "long-line.ndjson");
    writeFileSync(file, `${line()}${"x".repeat(2 << 20)}\n`);
    const result = await coverage([file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/long-line\.ndjson: line 2 is longer than 1,048,576 bytes \(no observation line is\)/);
  });

  it("distinct observations beyond their cap are refused; alike ones are folded, whatever their number", async () => {
    const alike = join(dir, "alike.ndjson");
    writeFileSync(alike, line().repeat(50_000));
    const folded = await readObservationFiles([alike], { maxDistinctBytes: 4096 });
    expect(folded.observations).toHaveLength(1);
    expect(folded.observations[0]!.count).toBe(50_000);
    expect(folded.inputs[0]!.observations).toBe(50_000);
    const distinct = join(dir, "distinct.ndjson");
    writeFileSync(distinct, Array.from({ length: 200 }, (_, i) => line(undefined, { scenario: `delay=${i}` })).join(""));
    await expect(readObservationFiles([distinct], { maxDistinctBytes: 4096 })).rejects.toMatchObject({
      code: "E_COVERAGE_INPUT",
      message: `${distinct}: more than 4 KiB of distinct observations (folded, alike ones counted): not read further`,
    });
  });

  it("a UTF-8 sequence cut between two reads is read whole; a malformed byte names its offset", async () => {
    const cut = join(dir, "cut.ndjson");
    // Files are read 1 MiB at a time: the second line's run of 3-byte characters is put across that boundary.
    const second = line(`/evaluations?app_id=${APP}&name=${"✓".repeat(100)}`);
    const run = Buffer.byteLength(second.slice(0, second.indexOf("✓")));
    let pad = (1 << 20) - 2000;
    const first = (): string => line(`/evaluations?app_id=${APP}&pad=${"p".repeat(pad)}`);
    while (((1 << 20) - (Buffer.byteLength(first()) + run)) % 3 !== 1) pad++;
    expect(Buffer.byteLength(first()) + run).toBeLessThan(1 << 20);
    writeFileSync(cut, first() + second);
    const { inputs } = await readObservationFiles([cut]);
    expect(inputs[0]!.observations).toBe(2);
    const bad = join(dir, "bad-utf8.ndjson");
    writeFileSync(bad, Buffer.concat([Buffer.from(line()), Buffer.from([0xc3, 0x28])]));
    await expect(readObservationFiles([bad])).rejects.toMatchObject({
      code: "E_JSON_PARSE",
      message: `${bad} is not valid UTF-8: malformed byte 0xc3 at byte offset ${Buffer.byteLength(line())}`,
    });
  });
});

describe("a HAR file is read as a stream", () => {
  it("one larger than the heap of the process reading it (256 MiB, base64 media, a 96 MB heap)", () => {
    const file = join(dir, "big.har");
    const har = writeBigHar(file, { bytes: 256 << 20, mediaBytes: 32 << 20, listBody: LIST, appId: APP });
    const child = spawnSync(
      process.execPath,
      ["--max-old-space-size=96", "--import", "tsx", join(ROOT, "test/coverage/read-observations-child.ts"), file],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
    );
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const { inputs } = JSON.parse(child.stdout) as { inputs: Array<{ source: string; observations: number }> };
    const service = har.serviceEntries.text + har.serviceEntries.base64 + har.serviceEntries.status422;
    expect(inputs).toEqual([{ file, side: "consumer", source: "har", observations: service }]);
  }, 90_000);

  it("decodes the body of no entry but a GET of a service path answered 200", () => {
    const media = (path: string) => ({
      request: { method: "GET", url: `https://app.example.com${path}` },
      response: { status: 200, content: { mimeType: "image/png", encoding: "base64", text: Buffer.from('"an image"').toString("base64") } },
    });
    const service = {
      request: { method: "GET", url: `https://app.example.com/api/evaluations?app_id=${APP}` },
      response: { status: 200, content: { encoding: "base64", text: Buffer.from(LIST).toString("base64") } },
    };
    const notFound = {
      ...service,
      response: { status: 404, content: { encoding: "base64", text: Buffer.from('{"detail":"x"}').toString("base64") } },
    };
    const post = { ...service, request: { method: "POST", url: service.request.url } };
    // Response before request (a recorder may write them so): the body waits for the URL.
    const reversed = { response: service.response, request: service.request };
    const har = { log: { entries: [media("/logo.png"), service, media("/hero.png"), notFound, post, reversed, media("/a.png")] } };
    const atob = vi.spyOn(globalThis, "atob");
    try {
      const streamed = parseObservations(JSON.stringify(har), "session.har");
      expect(streamed.observations).toHaveLength(3);
      expect(streamed.observations[0]!.cases.length).toBeGreaterThan(3);
      expect(streamed.observations[2]).toEqual(streamed.observations[0]);
      expect(atob).toHaveBeenCalledTimes(2);
      atob.mockClear();
      expect(observationsFromHar(har)).toEqual(streamed.observations);
      expect(atob).toHaveBeenCalledTimes(2);
    } finally {
      atob.mockRestore();
    }
  });

  it("a service body over 64 MiB is refused in one line, naming the entry; another entry's is skipped unread", async () => {
    const huge = `[${" ".repeat(65 << 20)}]`;
    const entry = (url: string, text: string) => ({ request: { method: "GET", url }, response: { status: 200, content: { text } } });
    const other = join(dir, "huge-other.har");
    writeFileSync(
      other,
      JSON.stringify({
        log: { entries: [entry("https://x.example/video.json", huge), entry(`https://x.example/evaluations?app_id=${APP}`, "[]")] },
      }),
    );
    const read = await readObservationFiles([other]);
    expect(read.inputs[0]).toMatchObject({ source: "har", observations: 1 });
    expect(read.observations[0]!.cases).toEqual(["empty-list"]);
    const service = join(dir, "huge-service.har");
    // The customer's host, its base path, the app id and the API key are not shown (issue 39): the path's template, query names only.
    const url = `https://admin:s3cr3t@api.acme-bank.ch/acme/api/evaluations?app_id=${APP}&api_key=sk-live-4f9a8b7c6d5e`;
    writeFileSync(service, JSON.stringify({ log: { entries: [entry(url, huge)] } }));
    const result = await coverage([service]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract coverage: ${service}: log.entries[0] (GET /evaluations?app_id=[redacted]&api_key=[redacted]): the response text is larger than 67,108,864 bytes as stored; not read\n`,
    );
    for (const secret of ["acme", "s3cr3t", "admin", APP, "sk-live"]) expect(result.stderr).not.toContain(secret);
  }, 60_000);
});

describe("what the files say never reaches the terminal raw", () => {
  it.each([
    ["an NDJSON line starting with ESC[2J", (valid: string) => `${valid}\u001b[2J${valid}`, /line 2 is not JSON \(.*\\x1b\[2J/],
    ["a first line starting with ESC[2J", (valid: string) => `\u001b[2J${valid}`, /line 1 is not JSON \(unexpected byte 0x1b, column 1\)/],
    [
      "a C1 CSI (U+009B) in operationId",
      (valid: string) => valid.replace('"operationId":"listEvaluations"', '"operationId":"\u009b31mlistEvaluations"'),
      /line 1: unknown "operationId" "\\x9b31mlistEvaluations"/,
    ],
    [
      "U+202E in source",
      (valid: string) => valid.replace('"source":"mock"', '"source":"\u202emock"'),
      /line 1: "source" must be one of mock, msw, har, verify, fuzz \(got "\\u202emock"\)/,
    ],
    [
      "U+2066 and ESC in a report's observation",
      () => JSON.stringify({ tool: "fuzz", observations: [{ v: 1, side: "provider", source: "fuzz", operationId: "\u2066\u001b[31m" }] }),
      /observations\[0\]: unknown "operationId" "\\u2066\\u001b\[31m"/,
    ],
  ])("%s: escaped in the one line, exit 2", async (_name, make, message) => {
    const file = join(dir, `escape-${Math.random().toString(16).slice(2)}.ndjson`);
    writeFileSync(file, make(line()));
    const result = await coverage([file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a file name and a request with control characters are escaped in the report", async () => {
    const file = join(dir, "evil\u202e\u001b[2J.ndjson");
    writeFileSync(file, line(`/evaluations?app_id=\u009b2J\u001b]0;owned\u0007`));
    const result = await coverage([file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("evil\\u202e\\x1b[2J.ndjson");
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    const missing = await coverage([join(dir, "gone\u001b[2J\u202e.ndjson")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("gone\\x1b[2J\\u202e.ndjson");
    expect(missing.stderr).not.toMatch(RAW_CONTROL);
  });
});
