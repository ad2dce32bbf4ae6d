// Issue 12, the mock under reload: a big data file is read and checked off the main thread (a
// request during the reload is answered from the last good data before the reload finishes), a
// 100,000-deep file is refused with its own code and the last good data kept, and the watcher
// comes back when its folder is deleted and created again. Observed through events, not timing.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceFile } from "../helpers/replace-file.js";
import { startMockServer, type DataChangeEvent, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";
import { bigDataset, ownerOf } from "./big-data.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reliability-reload-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Started {
  server: RunningMockServer;
  lines: string[];
  /** Resolves with the next data change event. */
  nextChange: () => Promise<DataChangeEvent>;
  /** Resolves with the next log line matching `pattern`. */
  nextLog: (pattern: RegExp) => Promise<string>;
  onReloadStart: (listener: () => void) => void;
}

async function start(file: string): Promise<Started> {
  const lines: string[] = [];
  const changeWaiters: Array<(event: DataChangeEvent) => void> = [];
  const logWaiters: Array<(line: string) => boolean> = [];
  let reloadListener = (): void => {};
  const server = await startMockServer({
    dataFile: file,
    port: 0,
    log: (line) => {
      lines.push(line);
      for (const waiter of [...logWaiters]) if (waiter(line)) logWaiters.splice(logWaiters.indexOf(waiter), 1);
    },
    onDataChange: (event) => changeWaiters.splice(0).forEach((resolve) => resolve(event)),
    onReloadStart: () => reloadListener(),
  });
  return {
    server,
    lines,
    nextChange: () => new Promise((resolve) => changeWaiters.push(resolve)),
    nextLog: (pattern) =>
      new Promise((resolve) =>
        logWaiters.push((line) => {
          if (!pattern.test(line)) return false;
          resolve(line);
          return true;
        }),
      ),
    onReloadStart: (listener) => (reloadListener = listener),
  };
}

const count = async (url: string): Promise<number> => ((await (await fetch(url)).json()) as unknown[]).length;

describe("reliability: the mock under reload", () => {
  it("a request made during the reload of a big file is answered from the last good data before the reload finishes", async () => {
    const file = join(dir, "big.json");
    const small = exampleDataset();
    await writeFile(file, JSON.stringify(small));
    const mock = await start(file);
    try {
      const big = bigDataset();
      const before = small.evaluations.filter((e) => e.app_id === APP_A).length;
      let answeredDuringReload: { status: number; evaluations: number; reloadDone: boolean } | undefined;
      let reloadDone = false;
      const answered = new Promise<void>((resolve) =>
        mock.onReloadStart(() => {
          void fetch(`${mock.server.url}/evaluations?app_id=${APP_A}`).then(async (response) => {
            answeredDuringReload = { status: response.status, evaluations: ((await response.json()) as unknown[]).length, reloadDone };
            resolve();
          });
        }),
      );
      const changed = mock.nextChange();
      await replaceFile(file, JSON.stringify(big));
      const event = await changed;
      reloadDone = true;
      await answered;
      expect(event).toMatchObject({ ok: true, summary: expect.stringMatching(/^20,000 evaluations/) });
      expect(answeredDuringReload).toEqual({ status: 200, evaluations: before, reloadDone: false });
      expect(await count(`${mock.server.url}/evaluations?app_id=${ownerOf(big)}`)).toBe(20_000);
    } finally {
      await mock.server.close();
    }
  }, 60_000);

  it("a 100,000-deep data file on reload is refused as E_JSON_TOO_DEEP (not E_FILE_UNREADABLE); the last good data is kept", async () => {
    const file = join(dir, "deep.json");
    await writeFile(file, JSON.stringify(exampleDataset()));
    const mock = await start(file);
    try {
      const changed = mock.nextChange();
      await replaceFile(file, `{"evaluations":${"[".repeat(100_000)}${"]".repeat(100_000)},"human_evaluations":[]}`);
      const event = await changed;
      expect(event.ok).toBe(false);
      expect(event.ok === false && event.error.code).toBe("E_JSON_TOO_DEEP");
      expect(mock.lines.at(-1)).toMatch(
        /^E_JSON_TOO_DEEP .*deep\.json nests arrays or objects more than 1,000 levels deep.*; still serving the last good data$/,
      );
      expect(await count(`${mock.server.url}/evaluations?app_id=${APP_A}`)).toBeGreaterThan(0);
    } finally {
      await mock.server.close();
    }
  });

  it("the watcher recovers when its folder is deleted and created again, and says so in the log", async () => {
    const folder = join(dir, "watched");
    const file = join(folder, "data.json");
    await mkdir(folder);
    await writeFile(file, JSON.stringify(exampleDataset()));
    const mock = await start(file);
    try {
      const lost = mock.nextLog(/^lost the watch on .*watched/);
      await rm(folder, { recursive: true });
      await lost;
      const back = mock.nextLog(/^watching .*data\.json again$/);
      const changed = mock.nextChange();
      await mkdir(folder);
      const fewer = exampleDataset();
      fewer.evaluations = fewer.evaluations.slice(0, 1);
      await writeFile(file, JSON.stringify(fewer));
      await back;
      expect(await changed).toMatchObject({ ok: true, summary: expect.stringMatching(/^1 evaluation,/) });
      expect(await count(`${mock.server.url}/evaluations?app_id=${fewer.evaluations[0]!.app_id}`)).toBe(1);
    } finally {
      await mock.server.close();
    }
  });
});
