// Issue 31, `mock --record FILE` as a careless user meets it:
//  - the record file is the data file (the same path, a symlink, a hard link, a folder reached through a
//    symlink): refused in one line before anything is written, the dataset untouched (it was turned into
//    NDJSON, and the mock started as if nothing happened);
//  - a busy port: the previous recording is left as it was (it was emptied before the exit 2);
//  - the recording deleted or moved away while the mock runs: opened anew at its path and said once in
//    the log (it was written to the unlinked inode, with no word).
import { existsSync, watch, type FSWatcher } from "node:fs";
import { link, mkdir, mkdtemp, readFile, rename, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer } from "../../src/mock/index.js";
import { startCliSession } from "../helpers/run-cli.js";
import { APP_A, exampleDataset } from "./datasets.js";

let dir: string;
let dataFile: string;
let dataBytes: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mock-record-"));
  dataFile = join(dir, "data.json");
  dataBytes = JSON.stringify(exampleDataset(), null, 2);
  await writeFile(dataFile, dataBytes);
  await symlink(dataFile, join(dir, "link.json"));
  await link(dataFile, join(dir, "hard.json"));
  await mkdir(join(dir, "sub"));
  await symlink(dir, join(dir, "dir-link"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const later = (ms: number): Promise<"still running"> => new Promise((resolve) => setTimeout(() => resolve("still running"), ms));

/** Runs the CLI mock; a mock that starts (the bug) is stopped after 3 s and reported as such. */
async function runMock(args: string[]): Promise<{ code: number | "still running"; stderr: string }> {
  const cli = startCliSession(["mock", "--port", "0", ...args]);
  const code = await Promise.race([cli.done, later(3000)]);
  if (code === "still running") {
    cli.interrupt();
    await cli.done;
  }
  return { code, stderr: cli.stderr() };
}

describe("mock --record refuses the data file, whatever path leads to it", () => {
  it.each([
    ["the same path", "data.json", ""],
    ["the same path spelled otherwise", "sub/../data.json", ""],
    ["a symlink to it", "link.json", " (the same file by another path)"],
    ["a hard link to it", "hard.json", " (the same file by another path)"],
    ["through a symlinked folder", "dir-link/data.json", " (the same file by another path)"],
  ])("%s: one line, exit 2, the dataset untouched", async (_name, record, how) => {
    const path = `${dir}/${record}`; // as typed: join() would tidy "sub/../"
    const { code, stderr } = await runMock(["--data", dataFile, "--record", path]);
    expect(await readFile(dataFile, "utf8")).toBe(dataBytes);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `evals-contract mock: --record ${path} is --data ${dataFile}${how}: writing it would destroy that input; name another file\n`,
    );
  });

  it("the library refuses it too (startMockServer's recordFile and dataFile), E_USAGE", async () => {
    for (const record of ["data.json", "link.json", "hard.json"]) {
      await expect(startMockServer({ dataFile, recordFile: join(dir, record), port: 0, log: () => undefined })).rejects.toMatchObject({
        code: "E_USAGE",
        message: expect.stringMatching(/^the record file .* is the data file .*: writing it would destroy that input; name another file$/),
      });
      expect(await readFile(dataFile, "utf8")).toBe(dataBytes);
    }
  });

  it("another file beside it is recorded as before", async () => {
    const record = join(dir, "observations.ndjson");
    const mock = await startMockServer({ dataFile, recordFile: record, port: 0, log: () => undefined });
    try {
      await (await fetch(`${mock.url}/evaluations?app_id=${APP_A}`)).arrayBuffer();
    } finally {
      await mock.close();
    }
    expect((await readFile(record, "utf8")).trim().split("\n")).toHaveLength(1);
    expect(await readFile(dataFile, "utf8")).toBe(dataBytes);
  });
});

describe("mock --record on a busy port", () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", () => resolve()));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it("exits 2 and leaves the previous recording as it was (CLI)", async () => {
    const record = join(dir, "previous-cli.ndjson");
    await writeFile(record, "the previous recording\n");
    const cli = startCliSession(["mock", "--data", dataFile, "--port", String(port), "--record", record]);
    expect(await cli.done).toBe(2);
    expect(cli.stderr()).toBe(`evals-contract mock: port ${port} on 127.0.0.1 is already in use (choose another with --port)\n`);
    expect(await readFile(record, "utf8")).toBe("the previous recording\n");
  });

  it("E_PORT_IN_USE and the previous recording kept (library); a new file is not even created", async () => {
    const record = join(dir, "previous-lib.ndjson");
    await writeFile(record, "kept\n");
    await expect(startMockServer({ data: exampleDataset(), port, recordFile: record })).rejects.toMatchObject({ code: "E_PORT_IN_USE" });
    expect(await readFile(record, "utf8")).toBe("kept\n");
    const fresh = join(dir, "never.ndjson");
    await expect(startMockServer({ data: exampleDataset(), port, recordFile: fresh })).rejects.toMatchObject({ code: "E_PORT_IN_USE" });
    expect(existsSync(fresh)).toBe(false);
  });
});

describe("mock --record when the recording goes away while the mock runs", () => {
  const lines = async (path: string): Promise<string[]> =>
    (await readFile(path, "utf8"))
      .trim()
      .split("\n")
      .filter((l) => l !== "");
  // The recorder writes within 50 ms, later on a loaded machine: wait for what it writes (a change
  // in the folder, a log line), never for a while.
  let wakers: (() => void)[] = [];
  const poke = (): void => {
    const woken = wakers;
    wakers = [];
    for (const wake of woken) wake();
  };
  let watcher: FSWatcher;
  beforeAll(() => {
    watcher = watch(dir, poke);
  });
  afterAll(() => watcher.close());
  const until = async (check: () => boolean | Promise<boolean>): Promise<void> => {
    for (;;) {
      const next = new Promise<void>((resolve) => wakers.push(resolve));
      if (await check()) return;
      await next;
    }
  };
  const hasLines = (path: string, n: number) => async (): Promise<boolean> => (await lines(path).catch(() => [])).length >= n;
  const ask = async (url: string, query: string): Promise<void> => void (await (await fetch(`${url}/evaluations?${query}`)).arrayBuffer());

  it.each([
    ["deleted", (path: string) => unlink(path), "deleted"],
    ["moved away", (path: string) => rename(path, `${path}.old`), "deleted"],
    [
      "replaced by another file",
      async (path: string) => {
        await rename(path, `${path}.old`);
        await writeFile(path, "");
      },
      "replaced by another file",
    ],
  ])("%s: recorded into the path again, said once in the log", async (_name, remove, said) => {
    const record = join(dir, `gone-${said.replace(/ /g, "-")}-${Math.random().toString(16).slice(2)}.ndjson`);
    const log: string[] = [];
    const mock = await startMockServer({ data: exampleDataset(), port: 0, recordFile: record, log: (line) => log.push(line) });
    try {
      await ask(mock.url, `app_id=${APP_A}`);
      await until(hasLines(record, 1));
      expect(await lines(record)).toHaveLength(1);
      await remove(record);
      for (let i = 0; i < 3; i++) await ask(mock.url, `app_id=${APP_A}&n=${i}`);
      await until(hasLines(record, 3));
      for (let i = 3; i < 5; i++) await ask(mock.url, `app_id=${APP_A}&n=${i}`);
    } finally {
      await mock.close();
    }
    const again = await lines(record);
    expect(again.map((line) => (JSON.parse(line) as { request: string }).request)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `GET /evaluations?app_id=${APP_A}&n=${i}`),
    );
    const notes = log.filter((line) => line.startsWith("recording: "));
    expect(notes).toEqual([
      `recording: ${record} was ${said} while the mock ran; recording into ${record} again from here on (what was in the old file is gone with it)`,
    ]);
    // Moved away: the first line is still in the moved file, nothing lost.
    if (existsSync(`${record}.old`)) expect(await lines(`${record}.old`)).toHaveLength(1);
  });

  it("a directory put at the path is never written: recording stops, said once, and close reports it", async () => {
    const record = join(dir, "becomes-a-folder.ndjson");
    const log: string[] = [];
    const mock = await startMockServer({
      data: exampleDataset(),
      port: 0,
      recordFile: record,
      log: (line) => {
        log.push(line);
        poke();
      },
    });
    let closing: unknown;
    try {
      await ask(mock.url, `app_id=${APP_A}`);
      await until(hasLines(record, 1));
      await unlink(record);
      await mkdir(record);
      for (let i = 0; i < 3; i++) await ask(mock.url, `app_id=${APP_A}&n=${i}`);
      await until(() => log.some((line) => line.startsWith("recording stopped")));
    } finally {
      closing = await mock.close().catch((error: unknown) => error);
    }
    expect(log.filter((line) => line.startsWith("recording"))).toEqual([
      `recording: ${record} was replaced by another file while the mock ran; recording into ${record} again from here on (what was in the old file is gone with it)`,
      expect.stringMatching(/^recording stopped: cannot write .*becomes-a-folder\.ndjson: it is a directory/),
    ]);
    expect(closing).toMatchObject({ code: "E_OUTPUT_WRITE" });
  });
});
