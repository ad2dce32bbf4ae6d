// Data loading and reloading: a changed data file is served, a bad one is refused with a clear
// line and the last good data keeps being served.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceFile } from "../helpers/replace-file.js";
import type { Dataset } from "../../src/types/dataset.js";
import { isToolkitError } from "../../src/errors.js";
import { acceptDataset, startMockServer, type DataChangeEvent, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { get } from "./http.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mock-reload-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const refusal = (field: string): Dataset => {
  const bad = exampleDataset();
  delete (bad.evaluations[1] as unknown as Record<string, unknown>)[field];
  delete (bad.evaluations[2] as unknown as Record<string, unknown>)[field];
  return bad;
};

describe("mock data loading", () => {
  it("refuses a dataset with contract errors: one line naming the first path, rule and the count", () => {
    expect(() => acceptDataset(refusal("status"), "x.json")).toThrowError(
      expect.objectContaining({
        code: "E_DATA_INVALID",
        message: 'x.json is refused: $.evaluations[1].status: required: missing required property "status" (and 1 more error)',
      }),
    );
    expect(() => acceptDataset([], "y.json")).toThrowError(/^y\.json is refused: \$: dataset-shape: must be an object/);
    expect(() => acceptDataset({ evaluations: [] }, "z.json")).toThrowError(/\$\.human_evaluations: dataset-shape: must be an array/);
    const twice = exampleDataset();
    twice.human_evaluations.push(twice.human_evaluations[0]!);
    expect(() => acceptDataset(twice, "d.json")).toThrowError(/\$\.human_evaluations\[4\]\.id: duplicate-id/);
  });

  it("refuses bad programmatic data and a missing data file at start", async () => {
    await expect(startMockServer({ data: refusal("id"), port: 0 })).rejects.toMatchObject({ code: "E_DATA_INVALID" });
    await expect(startMockServer({ dataFile: join(dir, "missing.json"), port: 0 })).rejects.toMatchObject({ code: "E_FILE_NOT_FOUND" });
  });
});

describe("mock data file reload", () => {
  let server: RunningMockServer;
  const file = () => join(dir, "data.json");
  const lines: string[] = [];
  const events: DataChangeEvent[] = [];
  let nextEvent: (() => void) | undefined;
  const changed = (): Promise<DataChangeEvent> =>
    new Promise((resolve) => {
      const seen = events.length;
      nextEvent = () => seen < events.length && resolve(events[events.length - 1]!);
    });

  beforeAll(async () => {
    await writeFile(file(), JSON.stringify(exampleDataset()));
    server = await startMockServer({
      dataFile: file(),
      port: 0,
      log: (line) => lines.push(line),
      onDataChange: (event) => {
        events.push(event);
        nextEvent?.();
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const names = async (): Promise<string[]> =>
    (JSON.parse((await get(`${server.url}/evaluations?app_id=${APP_A}`)).text) as { variant_names: string[] }[]).map(
      (e) => e.variant_names[0]!,
    );

  it("serves the file it watches", async () => {
    expect(await names()).toEqual(["app.default", "app.gpt4-turbo"]);
  });

  it("reloads the file after an in-place write and after an atomic rename", async () => {
    const edited = exampleDataset();
    edited.evaluations[0]!.variant_names = ["app.edited"];
    let event = changed();
    await writeFile(file(), JSON.stringify(edited));
    expect(await event).toMatchObject({ ok: true });
    expect(await names()).toEqual(["app.edited", "app.gpt4-turbo"]);

    edited.evaluations[1]!.variant_names = ["app.renamed"];
    event = changed();
    await replaceFile(file(), JSON.stringify(edited));
    expect(await event).toMatchObject({ ok: true, summary: "5 evaluations, 4 human evaluations, 3 apps" });
    expect(await names()).toEqual(["app.edited", "app.renamed"]);
    expect(lines.filter((l) => l.startsWith("reloaded "))).toHaveLength(2);
  });

  it.each([
    [
      "a dataset failing the checker",
      JSON.stringify(refusal("created_at")),
      "E_DATA_INVALID",
      /refused: \$\.evaluations\[1\]\.created_at: required/,
    ],
    ["invalid JSON", '{"evaluations": [', "E_JSON_PARSE", /is not valid JSON/],
  ])("refuses %s, logs why, and keeps serving the last good data", async (_name, text, code, message) => {
    const before = await names();
    lines.length = 0;
    const event = changed();
    await replaceFile(file(), text);
    const got = await event;
    expect(got.ok).toBe(false);
    const error = got.ok ? undefined : got.error;
    expect(isToolkitError(error) && error.code).toBe(code);
    expect(error?.message).toMatch(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${code} .*; still serving the last good data$`));
    expect(await names()).toEqual(before);
  });

  it("serves a good file again after a refused one", async () => {
    const event = changed();
    await replaceFile(file(), JSON.stringify(exampleDataset()));
    expect(await event).toMatchObject({ ok: true });
    expect(await names()).toEqual(["app.default", "app.gpt4-turbo"]);
  });
});
