// `snapshot` against the FastAPI reference service (Debian's FastAPI 0.92 + pydantic 1, reference/):
// the dataset it writes holds, record for record, the bytes the service sent (fetched here with
// node's own http client), `validate` passes on it, and `mock --data` serves the same records for the
// same apps. Two apps: the reference dataset's and one built with the repo's builders, whose numbers
// Python writes otherwise than JavaScript (6.05e-05, 1e-07), so a re-serialised record would show.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { startMockServer } from "../../src/mock/index.js";
import { snapshot } from "../../src/snapshot/index.js";
import { MISSING_REFERENCE, SKIP_REFERENCE } from "../helpers/reference.js";
import { REFERENCE_DATASET, startReferenceServer, type ReferenceServer } from "../helpers/reference-server.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { arrayElementTexts, datasetRecordTexts, rawGet } from "./helpers.js";

/** The app of reference/dataset.json. */
const APP_R = "666dde95962bbaffdb0072b5";
/** An app built here. */
const APP_B = "65f0c0ffee48af5e00b0b0b0";
const APPS = [APP_R, APP_B] as const;

type Json = Record<string, unknown>;

/** The reference dataset plus app B's records: a failed run, tiny costs, a name with escapes, a human A/B test and a single-model one. */
async function twoAppDataset(): Promise<{ evaluations: Json[]; human_evaluations: Json[] }> {
  const reference = JSON.parse(await readFile(REFERENCE_DATASET, "utf8")) as { evaluations: Json[]; human_evaluations: Json[] };
  const evaluations = [
    buildEvaluation({ app_id: APP_B }, { case: "evaluation-status-failed", seed: 11 }),
    buildEvaluation(
      {
        app_id: APP_B,
        testset_name: 'caf\u00e9 "quoted" <b>\u2603</b>',
        average_cost: { type: "cost", value: 1e-7, error: null },
        total_cost: { type: "cost", value: 0.30000000000000004, error: null },
      },
      { case: ["evaluation-status-finished", "evaluation-deleted-evaluator-config"], seed: 12 },
    ),
  ];
  const human = [
    buildHumanEvaluation({ app_id: APP_B }, { case: "human-a-b-test", seed: 13 }),
    buildHumanEvaluation({ app_id: APP_B, user_username: "zo\u00eb" }, { case: ["human-single-model", "human-unfinished"], seed: 14 }),
  ];
  return {
    evaluations: [...reference.evaluations, ...(evaluations as unknown as Json[])],
    human_evaluations: [...reference.human_evaluations, ...(human as unknown as Json[])],
  };
}

/** What the service sent for one app, fetched with node's http client. */
interface AppAnswers {
  evaluations: string;
  human: string;
  /** id -> the by-id answer's text */
  byId: Map<string, string>;
}

let dir: string;
let reference: ReferenceServer | undefined;
const answers = new Map<string, AppAnswers>();

beforeEach(() => {
  if (MISSING_REFERENCE) throw new Error(MISSING_REFERENCE);
});

describe.skipIf(SKIP_REFERENCE)("snapshot of the FastAPI reference service", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "snapshot-reference-"));
    const datasetFile = join(dir, "two-apps.json");
    await writeFile(datasetFile, JSON.stringify(await twoAppDataset()));
    reference = await startReferenceServer("v1", { dataset: datasetFile });
    for (const app of APPS) {
      const evaluations = await rawGet(`${reference.url}/evaluations?app_id=${app}`);
      const human = await rawGet(`${reference.url}/human-evaluations?app_id=${app}`);
      expect([evaluations.status, human.status]).toEqual([200, 200]);
      const byId = new Map<string, string>();
      for (const record of JSON.parse(human.text) as Array<{ id: string }>) {
        const one = await rawGet(`${reference.url}/human-evaluations/${record.id}`);
        expect(one.status).toBe(200);
        byId.set(record.id, one.text);
      }
      answers.set(app, { evaluations: evaluations.text, human: human.text, byId });
    }
  });

  afterAll(async () => {
    await reference?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const expectedTexts = (apps: readonly string[]): { evaluations: string[]; human_evaluations: string[] } => ({
    evaluations: apps.flatMap((app) => arrayElementTexts(answers.get(app)!.evaluations)),
    human_evaluations: apps.flatMap((app) => arrayElementTexts(answers.get(app)!.human)),
  });

  it("the service's own bytes are not what JSON.stringify would write (else byte-identity would prove nothing)", () => {
    const all = [...expectedTexts(APPS).evaluations, ...expectedTexts(APPS).human_evaluations];
    expect(all).toHaveLength(8);
    const rewritten = all.filter((text) => JSON.stringify(JSON.parse(text)) !== text);
    expect(rewritten.length).toBeGreaterThan(0);
    expect(all.join("\n")).toContain("e-05");
    expect(all.join("\n")).toContain("e-07");
  });

  it("a plain snapshot of two apps (CLI) holds exactly the records' texts the service sent; validate passes; the mock serves them", async () => {
    const out = join(dir, "two.json");
    const run = await runCliCaptured(["snapshot", "--base-url", reference!.url, "--app-id", APP_R, "--app-id", APP_B, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("4 evaluations, 4 human evaluations (4 fetched by id)");
    expect(run.stdout).not.toMatch(/^error/m);

    const text = await readFile(out, "utf8");
    const written = datasetRecordTexts(text);
    expect(written).toEqual(expectedTexts(APPS));
    // Each list answer is its records joined as written: FastAPI writes compact JSON.
    for (const app of APPS) {
      const mine = expectedTexts([app]);
      expect(`[${mine.evaluations.join(",")}]`).toBe(answers.get(app)!.evaluations);
      expect(`[${mine.human_evaluations.join(",")}]`).toBe(answers.get(app)!.human);
      // By id the service sends the list's record, byte for byte, too.
      for (const record of mine.human_evaluations) {
        const id = (JSON.parse(record) as { id: string }).id;
        expect(answers.get(app)!.byId.get(id)).toBe(record);
      }
    }

    const validate = await runCliCaptured(["validate", out]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);

    const mock = await startMockServer({ dataFile: out, port: 0 });
    try {
      for (const app of APPS) {
        const evaluations = await rawGet(`${mock.url}/evaluations?app_id=${app}`);
        const human = await rawGet(`${mock.url}/human-evaluations?app_id=${app}`);
        expect(evaluations.status).toBe(200);
        expect(JSON.parse(evaluations.text)).toEqual(JSON.parse(answers.get(app)!.evaluations));
        expect(JSON.parse(human.text)).toEqual(JSON.parse(answers.get(app)!.human));
        for (const [id, sent] of answers.get(app)!.byId) {
          const one = await rawGet(`${mock.url}/human-evaluations/${id}`);
          expect(one.status).toBe(200);
          expect(JSON.parse(one.text)).toEqual(JSON.parse(sent));
        }
      }
    } finally {
      await mock.close();
    }
  });

  it("a plain snapshot of one app (library): the same texts, no difference, no finding, the file the CLI writes", async () => {
    const result = await snapshot({ source: { baseUrl: reference!.url, appIds: [APP_R] } });
    expect(datasetRecordTexts(result.text)).toEqual(expectedTexts([APP_R]));
    expect(result.differences).toEqual([]);
    expect(result.exchangeFindings.filter((f) => f.severity === "error")).toEqual([]);
    expect(result.validation.conforms).toBe(true);
    expect(result.counts).toEqual({ evaluations: 2, humanEvaluations: 2, byIdRequests: 2 });
    expect(result.salt).toBeUndefined();
    expect(result.anonymization).toBeUndefined();
    expect(result.dataset).toEqual({
      evaluations: JSON.parse(answers.get(APP_R)!.evaluations),
      human_evaluations: JSON.parse(answers.get(APP_R)!.human),
    });

    const out = join(dir, "one.json");
    const run = await runCliCaptured(["snapshot", "--base-url", reference!.url, "--app-id", APP_R, "--out", out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(await readFile(out, "utf8")).toBe(result.text);
  });
});
