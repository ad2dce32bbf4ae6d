// `snapshot --har`: a HAR that Chromium recorded (Playwright's recordHar, bodies embedded) through the
// mock turns back into the mock's own records of the app the page read, byte for byte, and into the
// same file a snapshot of the mock as a provider gives (plain and anonymised with one salt). Then
// hand-written HARs: of a record answered twice the newest answer wins (whatever the entries' order
// in the file), base64 content is read, and what is no 200 JSON GET of the three endpoints is left out.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID } from "../../src/build/index.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { CHROMIUM, CHROMIUM_FLAGS, RUN_BROWSER_TESTS } from "../browser/browser.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { arrayElementTexts, datasetRecordTexts } from "./helpers.js";

const DEFAULT_DATASET = join(import.meta.dirname, "..", "..", "fixtures", "default.json");
/** An app of the default dataset with evaluations and human evaluations. */
const APP = "65e5085e1b48af5f1456375a";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snapshot-har-"));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(RUN_BROWSER_TESTS)("snapshot --har of what Chromium recorded through the mock", () => {
  let mock: RunningMockServer | undefined;
  let browser: Browser | undefined;
  let data: Dataset;
  let harFile: string;
  let answers: { evaluations: string; human: string; byId: string[]; statuses: number[] };

  beforeAll(async () => {
    data = JSON.parse(await readFile(DEFAULT_DATASET, "utf8")) as Dataset;
    mock = await startMockServer({ port: 0, data });
    harFile = join(dir, "session.har");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ recordHar: { path: harFile, content: "embed" } });
    const page = await context.newPage();
    await page.goto(`${mock.url}/not-a-service-path`);
    answers = await page.evaluate(async (app) => {
      const get = async (path: string): Promise<{ status: number; text: string }> => {
        const response = await fetch(path);
        return { status: response.status, text: await response.text() };
      };
      const evaluations = await get(`/evaluations?app_id=${app}`);
      const human = await get(`/human-evaluations?app_id=${app}`);
      const ids = (JSON.parse(human.text) as Array<{ id: string }>).slice(0, 3).map((r) => r.id);
      const byId = await Promise.all(ids.map((id) => get(`/human-evaluations/${id}`)));
      // Answers the snapshot must leave out: a 422, a 404, a forced 500.
      const others = [await get("/evaluations"), await get("/human-evaluations/000000000000000000000000")];
      const forced = await fetch(`/evaluations?app_id=${app}`, { headers: { Prefer: "code=500" } });
      return {
        evaluations: evaluations.text,
        human: human.text,
        byId: byId.map((b) => b.text),
        statuses: [evaluations.status, human.status, ...byId.map((b) => b.status), ...others.map((o) => o.status), forced.status],
      };
    }, APP);
    await context.close(); // writes the HAR
  });

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it("the page read both lists, three records by id, and three answers to leave out", () => {
    expect(answers.statuses).toEqual([200, 200, 200, 200, 200, 422, 404, 500]);
  });

  it("the snapshot holds the mock's records of that app: the same values, each record's text as the mock sent it", async () => {
    const out = join(dir, "from-har.json");
    const run = await runCliCaptured(["snapshot", "--har", harFile, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const evaluations = data.evaluations.filter((r) => r.app_id === APP);
    const human = data.human_evaluations.filter((r) => r.app_id === APP);
    expect(evaluations.length).toBeGreaterThan(5);
    expect(human.length).toBeGreaterThan(3);
    expect(run.stdout).toContain(`${evaluations.length} evaluations, ${human.length} human evaluations`);

    const text = await readFile(out, "utf8");
    expect(JSON.parse(text)).toEqual({ evaluations, human_evaluations: human });
    const written = datasetRecordTexts(text);
    expect(written.evaluations).toEqual(arrayElementTexts(answers.evaluations));
    expect(written.human_evaluations).toEqual(arrayElementTexts(answers.human));
    for (const one of answers.byId) expect(written.human_evaluations).toContain(one);

    const validate = await runCliCaptured(["validate", out]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
  });

  it("the same file as a snapshot of the mock as a provider: plain, and anonymised with one salt", async () => {
    const fromHar = join(dir, "har-plain.json");
    const fromMock = join(dir, "mock-plain.json");
    const anonymisedHar = join(dir, "har-anon.json");
    const anonymisedMock = join(dir, "mock-anon.json");
    const runs = [
      await runCliCaptured(["snapshot", "--har", harFile, "--out", fromHar]),
      await runCliCaptured(["snapshot", "--base-url", mock!.url, "--app-id", APP, "--out", fromMock]),
      await runCliCaptured(["snapshot", "--har", harFile, "--out", anonymisedHar, "--anonymize", "--salt", "team"]),
      await runCliCaptured([
        "snapshot",
        "--base-url",
        mock!.url,
        "--app-id",
        APP,
        "--out",
        anonymisedMock,
        "--anonymize",
        "--salt",
        "team",
      ]),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(await readFile(fromHar, "utf8")).toBe(await readFile(fromMock, "utf8"));
    const anonymised = await readFile(anonymisedHar, "utf8");
    expect(anonymised).toBe(await readFile(anonymisedMock, "utf8"));
    expect(anonymised).not.toContain(APP);
    for (const record of data.human_evaluations.filter((r) => r.app_id === APP)) expect(anonymised).not.toContain(record.id);
  });
});

/** A HAR entry: a GET of `url` answered `status` with `text` (base64 when asked), started at `at`. */
function entry(url: string, text: string, at: string, options: { status?: number; base64?: boolean; method?: string } = {}): unknown {
  const status = options.status ?? 200;
  return {
    startedDateTime: at,
    time: 12.5,
    request: {
      method: options.method ?? "GET",
      url,
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: status === 200 ? "OK" : "Error",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "content-type", value: "application/json" }],
      cookies: [],
      content: {
        size: Buffer.byteLength(text),
        mimeType: "application/json",
        text: options.base64 === true ? Buffer.from(text, "utf8").toString("base64") : text,
        ...(options.base64 === true ? { encoding: "base64" } : {}),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2.5 },
  };
}

const har = (entries: unknown[]): string => JSON.stringify({ log: { version: "1.2", creator: { name: "hand", version: "1" }, entries } });

const BASE = "https://staging.example.com/api";
const HAND_APP = "666dde95962bbaffdb0072b5";

/** Records written by hand, as a Python provider would write them (spaces, 1e-07, escapes), from reference/dataset.json. */
async function handRecords(): Promise<{
  evaluation: (status: string, cost: string) => string;
  human: (status: string) => string;
  second: string;
}> {
  const reference = JSON.parse(await readFile(join(import.meta.dirname, "..", "..", "reference", "dataset.json"), "utf8")) as {
    evaluations: Array<Record<string, unknown>>;
    human_evaluations: Array<Record<string, unknown>>;
  };
  const evaluation = (status: string, cost: string): string =>
    JSON.stringify({ ...reference.evaluations[0], status: { type: "status", value: status, error: null } })
      .replace(/"average_cost":\{[^}]*\}/, `"average_cost": {"type": "cost", "value": ${cost}, "error": null}`)
      .replace('"testset_name":"capitals"', '"testset_name":"capit\\u00e4ls \\"\\/\\" caf\u00e9"');
  const human = (status: string): string => JSON.stringify({ ...reference.human_evaluations[0], status });
  return { evaluation, human, second: JSON.stringify(reference.evaluations[1]) };
}

describe("snapshot --har of hand-written HAR files", () => {
  it("prints its counts with digit grouping, as every command does (1,200 evaluations, 1 human evaluation)", async () => {
    const evaluations = Array.from({ length: 1200 }, (_, i) => buildEvaluation({}, { seed: i + 1 }));
    const human = buildHumanEvaluation({}, { seed: 1 });
    const file = join(dir, "many.har");
    const out = join(dir, "many.json");
    await writeFile(
      file,
      har([
        entry(`${BASE}/evaluations?app_id=${DEFAULT_APP_ID}`, JSON.stringify(evaluations), "2024-07-01T10:00:00.000Z"),
        entry(`${BASE}/human-evaluations?app_id=${DEFAULT_APP_ID}`, JSON.stringify([human]), "2024-07-01T10:00:01.000Z"),
      ]),
    );
    const run = await runCliCaptured(["snapshot", "--har", file, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`snapshot of ${file}: 1,200 evaluations, 1 human evaluation -> ${out}`);
  });

  it("a record answered twice: the newest answer wins, whichever entry comes first in the file", async () => {
    const { evaluation, human } = await handRecords();
    const listUrl = `${BASE}/evaluations?app_id=${HAND_APP}`;
    const humanUrl = `${BASE}/human-evaluations?app_id=${HAND_APP}`;
    const old = evaluation("EVALUATION_STARTED", "1e-07");
    const newest = evaluation("EVALUATION_FINISHED", "6.05e-05");
    const humanOld = human("EVALUATION_STARTED");
    const humanNew = human("EVALUATION_FINISHED");
    const id = (JSON.parse(humanNew) as { id: string }).id;
    const files = {
      // In file order: the newest first, then an older answer.
      newestFirst: har([
        entry(listUrl, `[${newest}]`, "2024-07-01T10:00:00.000Z"),
        entry(listUrl, `[${old}]`, "2024-07-01T09:00:00.000Z"),
        entry(`${BASE}/human-evaluations/${id}`, humanNew, "2024-07-01T10:05:00.000+00:00"),
        entry(humanUrl, `[${humanOld}]`, "2024-07-01T10:00:00.000+00:00"),
      ]),
      // The older first, the newest later; the by-id answer the newest of the human evaluation.
      newestLast: har([
        entry(listUrl, `[${old}]`, "2024-07-01T09:00:00.000Z"),
        entry(humanUrl, `[${humanOld}]`, "2024-07-01T11:00:00.000+02:00"),
        entry(listUrl, `[${newest}]`, "2024-07-01T10:00:00.000Z"),
        entry(`${BASE}/human-evaluations/${id}`, humanNew, "2024-07-01T09:30:00.000Z"),
      ]),
    };
    for (const [name, content] of Object.entries(files)) {
      const file = join(dir, `${name}.har`);
      const out = join(dir, `${name}.json`);
      await writeFile(file, content);
      const run = await runCliCaptured(["snapshot", "--har", file, "--out", out]);
      expect(run.code, `${name}: ${run.stdout}${run.stderr}`).toBe(0);
      const written = datasetRecordTexts(await readFile(out, "utf8"));
      expect(written, name).toEqual({ evaluations: [newest], human_evaluations: [humanNew] });
    }
  });

  it("base64 content is read, its text kept byte for byte (numbers and escapes as written)", async () => {
    const { evaluation, human, second } = await handRecords();
    const first = evaluation("EVALUATION_FINISHED", "1e-07");
    const list = `[ ${first} ,\n  ${second} ]`;
    const one = human("EVALUATION_FINISHED");
    const file = join(dir, "base64.har");
    const out = join(dir, "base64.json");
    await writeFile(
      file,
      har([
        entry(`${BASE}/evaluations?app_id=${HAND_APP}`, list, "2024-07-01T10:00:00.000Z", { base64: true }),
        entry(`${BASE}/human-evaluations/${(JSON.parse(one) as { id: string }).id}`, one, "2024-07-01T10:00:01.000Z", { base64: true }),
      ]),
    );
    const run = await runCliCaptured(["snapshot", "--har", file, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const text = await readFile(out, "utf8");
    expect(datasetRecordTexts(text)).toEqual({ evaluations: [first, second], human_evaluations: [one] });
    expect(text).toContain('"value": 1e-07');
    expect(text).toContain('capit\\u00e4ls \\"\\/\\" caf\u00e9');
  });

  it("leaves out what is no 200 JSON GET of the three endpoints", async () => {
    const { evaluation, second } = await handRecords();
    const kept = evaluation("EVALUATION_FINISHED", "0.5");
    const file = join(dir, "noise.har");
    const out = join(dir, "noise.json");
    await writeFile(
      file,
      har([
        entry(`${BASE}/evaluations?app_id=${HAND_APP}`, `[${second}]`, "2024-07-01T10:00:00.000Z", { status: 500 }),
        entry(`${BASE}/evaluations?app_id=${HAND_APP}`, `[${second}]`, "2024-07-01T10:00:00.000Z", { method: "POST" }),
        entry(`${BASE}/evaluators?app_id=${HAND_APP}`, `[${second}]`, "2024-07-01T10:00:00.000Z"),
        entry(`${BASE}/human-evaluations?app_id=${HAND_APP}`, "<html>gateway</html>", "2024-07-01T10:00:00.000Z"),
        entry(`${BASE}/human-evaluations/000000000000000000000000`, '{"detail":"Evaluation not found"}', "2024-07-01T10:00:00.000Z", {
          status: 404,
        }),
        entry(`${BASE}/evaluations?app_id=${HAND_APP}`, `[${kept}]`, "2024-07-01T09:00:00.000Z"),
      ]),
    );
    const run = await runCliCaptured(["snapshot", "--har", file, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(datasetRecordTexts(await readFile(out, "utf8"))).toEqual({ evaluations: [kept], human_evaluations: [] });
  });
});
