// The first load of a large data file (issue 34): read, checked and indexed once, on a worker thread,
// record by record. What it serves, what the console and the start-up lines say, `--now` and the
// refusals are those of the dataset loaded in memory.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDataset } from "../../src/generate/index.js";
import { createMockCore, startMockServer, type MockCore, type RunningMockServer } from "../../src/mock/index.js";
import { OFF_THREAD_FIRST_LOAD_BYTES } from "../../src/mock/server.js";
import { appIdsOf, describeDataset } from "../../src/mock/dataset-index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { get } from "./http.js";

let dir: string;
let file: string;
let data: Dataset;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mock-first-load-"));
  data = generateDataset({ seed: 7, apps: 3, evaluations: 7000, humanEvaluations: 40 });
  file = join(dir, "large.json");
  await writeFile(file, JSON.stringify(data, null, 1));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cores = new Map<number | undefined, MockCore>();
/** The body the mock answers for `path`, as served by a core on the dataset in memory. */
function expected(path: string, anchor?: number): string {
  let core = cores.get(anchor);
  if (core === undefined) cores.set(anchor, (core = createMockCore({ data, ...(anchor === undefined ? {} : { anchor }) })));
  return Buffer.from(core.respond({ method: "GET", url: path, headers: {} }).body).toString("utf8");
}

describe("the first load of a large data file", () => {
  let server: RunningMockServer | undefined;
  afterAll(async () => server?.close());

  it("is large enough to load on the worker thread", async () => {
    expect((await stat(file)).size).toBeGreaterThanOrEqual(OFF_THREAD_FIRST_LOAD_BYTES);
  });

  it("serves every list and record as the dataset in memory, and says what it serves", async () => {
    server = await startMockServer({ dataFile: file, port: 0 });
    const apps = appIdsOf(data);
    const human = data.human_evaluations[0]!.id;
    expect(server.served).toEqual({ summary: describeDataset(data), appIds: apps, firstHumanEvaluationId: human });
    const paths = [
      ...apps.flatMap((app) => [`/evaluations?app_id=${app}`, `/human-evaluations/?app_id=${app}`]),
      `/human-evaluations/${human}`,
      `/human-evaluations/${data.human_evaluations.at(-1)!.id}`,
      "/evaluations?app_id=000000000000000000000000",
    ];
    for (const path of paths) {
      const answer = await get(`${server.url}${path}`);
      expect([path, answer.status, answer.text]).toEqual([path, 200, expected(path)]);
    }
    // The console counts it as loaded at start: no reload yet.
    const state = JSON.parse((await get(`${server.url}/_mock/api/state`)).text) as { dataset: Record<string, unknown> };
    expect(state.dataset).toMatchObject({
      source: file,
      evaluations: data.evaluations.length,
      humanEvaluations: data.human_evaluations.length,
      lastReload: null,
    });
  });

  it("moves the data to --now as the dataset in memory is moved", async () => {
    const anchor = Date.parse("2030-01-02T03:04:05Z");
    const moved = await startMockServer({ dataFile: file, port: 0, anchor });
    try {
      for (const path of [`/evaluations?app_id=${appIdsOf(data)[0]!}`, `/human-evaluations/${data.human_evaluations[0]!.id}`])
        expect((await get(`${moved.url}${path}`)).text).toBe(expected(path, anchor));
    } finally {
      await moved.close();
    }
  });

  it("refuses a large file with a contract error as the dataset in memory is refused", async () => {
    const bad = structuredClone(data);
    delete (bad.evaluations[5000] as unknown as Record<string, unknown>).status;
    const badFile = join(dir, "large-bad.json");
    await writeFile(badFile, JSON.stringify(bad, null, 1));
    await expect(startMockServer({ dataFile: badFile, port: 0 })).rejects.toMatchObject({
      code: "E_DATA_INVALID",
      message: expect.stringMatching(/^\S+large-bad\.json is refused: \$\.evaluations\[5000\]\.status: required: /),
    });
    await expect(startMockServer({ dataFile: badFile, source: "the big data", port: 0 })).rejects.toThrow(/^the big data is refused: /);
  });
});
