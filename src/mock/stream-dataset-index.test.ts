// The record-by-record load (stream-dataset-index.ts) serves exactly what the whole-file load served
// (readJsonFile, acceptDataset, indexDataset) and fails exactly as it failed: every case below is
// loaded both ways and compared, and each says whether the streamed path took the file or declined it.
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isToolkitError } from "../errors.js";
import { readJsonFile } from "../io/read-json-file.js";
import { generateDataset } from "../generate/index.js";
import type { Dataset } from "../types/dataset.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../contract/examples.js";
import { acceptDataset } from "./accept-dataset.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { loadDatasetIndex, loadPackedIndex, unpackIndex } from "./load-index.js";
import { streamDatasetIndex } from "./stream-dataset-index.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "stream-dataset-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const APP_B = "666dde95962bbaffdb00aaaa";
const small = (): Dataset => {
  const [first, second] = [EVALUATION_EXAMPLES[0]!, EVALUATION_EXAMPLES[1]!];
  const human = HUMAN_EVALUATION_EXAMPLES[0]!;
  return structuredClone({
    evaluations: [first, { ...second, app_id: APP_B }, { ...first, id: "666dde95962bbaffdb00ffff" }],
    human_evaluations: [human, { ...human, id: "666dde95962bbaffdb00eeee", app_id: APP_B }],
  }) as Dataset;
};
const compact = (data: unknown = small()): string => JSON.stringify(data);

/** What a load serves (every body as text), or the error it throws (code and message). */
async function outcome(load: () => Promise<DatasetIndex>): Promise<unknown> {
  try {
    const index = await load();
    const bodies = (map: ReadonlyMap<string, Uint8Array>): [string, string][] =>
      [...map].map(([key, body]) => [key, Buffer.from(body).toString("utf8")]);
    return {
      evaluationsByApp: bodies(index.evaluationsByApp),
      humanEvaluationsByApp: bodies(index.humanEvaluationsByApp),
      humanEvaluationById: bodies(index.humanEvaluationById),
      appIds: [...index.appIds],
      summary: index.summary,
      counts: index.counts,
    };
  } catch (error) {
    if (!isToolkitError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** The whole-file load as it was before the streamed one. */
const wholeFile = async (file: string): Promise<DatasetIndex> => indexDataset(acceptDataset(await readJsonFile(file), file));

async function write(name: string, content: string | Uint8Array): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, content);
  return file;
}

// Every record carries a `[`, `]`, `{`, `}`, `,` or quote in some string, so a split at the wrong byte shows.
const tricky = (): Dataset => {
  const data = small();
  data.evaluations[0]!.user_username = 'a "quoted" ], {name}, back\\slash';
  data.human_evaluations[0]!.testset_name = "}]},[{";
  return data;
};

const accepted: Array<[string, () => string | Uint8Array]> = [
  ["compact", () => compact()],
  ["pretty-printed with two-space indents", () => JSON.stringify(small(), null, 2)],
  ["CRLF and tabs between tokens", () => JSON.stringify(small(), null, "\t").replace(/\n/g, "\r\n")],
  ["a byte order mark first", () => `\ufeff${compact()}`],
  ["brackets, quotes and backslashes inside strings", () => compact(tricky())],
  [
    "escapes that serialize otherwise (\\u00e9, \\/)",
    () => compact().replace('"user_username":"', '"user_username":"caf\\u00e9\\/\\ud83d\\ude00'),
  ],
  ["non-ASCII text as UTF-8", () => compact().replace('"user_username":"', '"user_username":"Zoë 日本 😀 ')],
  [
    "numbers JSON.stringify writes otherwise (1.0, 1E2, -0, 0.50)",
    () => compact().replace(/"value":[0-9.]+/, '"value":[1.0,1E2,-0,0.50,1e21,1e-7]'),
  ],
  ["the human evaluations first", () => JSON.stringify({ human_evaluations: small().human_evaluations, evaluations: small().evaluations })],
  [
    "other members before, between and after the lists",
    () =>
      JSON.stringify({
        meta: { a: [1, { b: "]}" }], c: null },
        evaluations: small().evaluations,
        n: -1.5e3,
        t: true,
        human_evaluations: small().human_evaluations,
        s: "}",
      }),
  ],
  ["empty lists", () => '{"evaluations":[],"human_evaluations":[ ]}'],
  ["empty lists, only whitespace after", () => '{"evaluations":[],"human_evaluations":[]}\n\n  '],
  ["a key written with escapes", () => compact().replace('"evaluations"', '"evaluation\\u0073"')],
  ["2,000 records: many chunks", () => compact(generateDataset({ seed: 5, apps: 3, evaluations: 2000, humanEvaluations: 30 }))],
  [
    "a record longer than a chunk",
    () => {
      const data = small();
      data.evaluations[1]!.user_username = "x".repeat(3 * 1024 * 1024);
      return compact(data);
    },
  ],
];

const declined: Array<[string, () => string | Uint8Array]> = [
  ["a list key twice (the last one counts)", () => compact().replace('{"evaluations":', '{"evaluations":[],"evaluations":')],
  ["a record with a contract error", () => compact().replace('"status":{', '"statuz":{')],
  ["a human evaluation id twice", () => compact().replace('"id":"666dde95962bbaffdb00eeee"', `"id":"${HUMAN_EVALUATION_EXAMPLES[0]!.id}"`)],
  ["a record that is no object", () => compact().replace('{"evaluations":[', '{"evaluations":[5,')],
  ["an array, not a dataset", () => "[]"],
  ["no human evaluations", () => JSON.stringify({ evaluations: small().evaluations })],
  ["a list that is no array", () => compact().replace('"human_evaluations":[', '"human_evaluations":{"x":[').replace(/\]\}$/, "]}}")],
  ["truncated", () => compact().slice(0, -40)],
  ["a comma too many", () => compact().replace('{"evaluations":[', '{"evaluations":[,')],
  ["something after the end", () => `${compact()} {}`],
  ["two documents", () => `${compact()}${compact()}`],
  ["nested past 1,000 levels in another member", () => compact().replace(/\}$/, `,"deep":${"[".repeat(1001)}${"]".repeat(1001)}}`)],
  [
    "nested past 1,000 levels in a record",
    () => compact().replace('"evaluator_config":{', `"evaluator_config":{"deep":${"[".repeat(1000)}${"]".repeat(1000)},`),
  ],
  [
    "invalid UTF-8 in a string",
    () => {
      const bytes = Buffer.from(compact());
      bytes[bytes.indexOf('"user_username":"') + 17] = 0xff;
      return bytes;
    },
  ],
  ["a byte order mark twice", () => `\ufeff\ufeff${compact()}`],
  ["empty", () => ""],
];

describe("the streamed load of a data file", () => {
  it.each(accepted)("serves what the whole-file load served: %s", async (name, content) => {
    const file = await write(`accepted-${name.replace(/\W+/g, "-")}.json`, content());
    const streamed = await streamDatasetIndex(file);
    expect(streamed, "taken by the streamed path").toBeDefined();
    const expected = await outcome(() => wholeFile(file));
    expect(expected).toHaveProperty("summary");
    expect(await outcome(async () => unpackIndex(streamed!))).toEqual(expected);
    expect(await outcome(() => loadDatasetIndex(file))).toEqual(expected);
  });

  it.each(declined)("declines, and the load says what the whole-file load said: %s", async (name, content) => {
    const file = await write(`declined-${name.replace(/\W+/g, "-")}.json`, content());
    expect(await streamDatasetIndex(file)).toBeUndefined();
    const expected = await outcome(() => wholeFile(file));
    expect(await outcome(() => loadDatasetIndex(file))).toEqual(expected);
    expect(await outcome(async () => unpackIndex(await loadPackedIndex(file)))).toEqual(expected);
  });

  it("declines a missing file, a directory and a device: the load's errors are the whole-file load's", async () => {
    for (const file of [join(dir, "missing.json"), dir, "/dev/null"]) {
      expect(await streamDatasetIndex(file)).toBeUndefined();
      const expected = await outcome(() => wholeFile(file));
      expect(expected).toMatchObject({ code: expect.stringMatching(/^E_(FILE|JSON)_/) });
      expect(await outcome(() => loadDatasetIndex(file))).toEqual(expected);
    }
  });

  it.skipIf(process.platform === "win32")("leaves a pipe (`--data <(...)`) to the whole-file load, which reads it once", async () => {
    const fifo = join(dir, "pipe.json");
    execFileSync("mkfifo", [fifo]);
    const source = await write("piped.json", compact());
    const writer = spawn("sh", ["-c", 'cat "$0" > "$1"', source, fifo]);
    try {
      expect(await outcome(() => loadDatasetIndex(fifo))).toEqual(await outcome(() => wholeFile(source)));
    } finally {
      writer.kill();
    }
  });

  it("names the given source in E_DATA_INVALID, as the mock's start did", async () => {
    const file = await write("refused.json", compact().replace('"status":{', '"statuz":{'));
    await expect(loadDatasetIndex(file, undefined, "my data")).rejects.toThrow(/^my data is refused: \$\.evaluations\[0\]/);
  });

  it("a human evaluation by id is the same bytes as its item in the app's list", async () => {
    const file = await write("by-id.json", compact());
    const index = unpackIndex((await streamDatasetIndex(file))!);
    const human = small().human_evaluations[1]!;
    const list = Buffer.from(index.humanEvaluationsByApp.get(APP_B)!).toString();
    expect(Buffer.from(index.humanEvaluationById.get(human.id)!).toString()).toBe(JSON.stringify(human));
    expect(list).toBe(JSON.stringify([human]));
  });
});
