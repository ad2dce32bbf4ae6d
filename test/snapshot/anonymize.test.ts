// `snapshot --anonymize` against a provider with personal data in every field issue 33 lists: the
// records are the repo's builders' (with their client cases), then overridden with a user name, user
// and app ids, test set, variant and evaluator config names, error texts full of emails, URLs,
// tokens, paths and the user name, and prompts naming the customer. Run through the CLI: no original
// value is left anywhere it writes, the pseudonyms hang together, coverage sees the same client
// cases, the file is valid and served by the mock, and the salt makes it repeatable.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildEvaluation,
  buildHumanEvaluation,
  EVALUATION_CASE_IDS,
  HUMAN_EVALUATION_CASE_IDS,
  type EvaluationCaseId,
  type HumanEvaluationCaseId,
} from "../../src/build/index.js";
import { casesInBody } from "../../src/contract/client-cases.js";
import { startMockServer } from "../../src/mock/index.js";
import { snapshot } from "../../src/snapshot/index.js";
import { runCliCaptured, type CliResult } from "../helpers/run-cli.js";
import { rawGet, serveRecords, startProvider, type TestProvider } from "./helpers.js";

type Json = Record<string, unknown>;

const APP_A = "6601aa11bb22cc33dd44a0a0";
const APP_B = "6601aa11bb22cc33dd44b0b0";
const JANE = "jane.doe";
const JOHN = "john.smith";
const USER_JANE = "6601aa11bb22cc33dd44ee01";
const USER_JOHN = "6601aa11bb22cc33dd44ee02";
const [V1, V2, V3, V4] = ["6601aa11bb22cc33dd44f001", "6601aa11bb22cc33dd44f002", "6601aa11bb22cc33dd44f003", "6601aa11bb22cc33dd44f004"];
const [R1, R2, R3, R4] = ["6601aa11bb22cc33dd44e001", "6601aa11bb22cc33dd44e002", "6601aa11bb22cc33dd44e003", "6601aa11bb22cc33dd44e004"];
const [T1, T2] = ["6601aa11bb22cc33dd44d001", "6601aa11bb22cc33dd44d002"];
const [C1, C2] = ["6601aa11bb22cc33dd44c001", "6601aa11bb22cc33dd44c002"];
const TESTSET_A = "acme-corp-churn";
const TESTSET_B = "acme.churn-eval";
const VARIANT_1 = "acme-support-bot.gpt4-jane";
const VARIANT_2 = "acme-support-bot.claude-john";
const CONFIG_1 = "Jane's relevance check";
const CONFIG_2 = "John's Acme tone check";
const EMAIL = "jane.doe@acme.com";
const URL_ = "https://internal.acme.com/x?token=abc";
const KEY = "sk-live-4f9a8b7c6d5e4f3a2b1c";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJlX2phbmU";
const PATH = "/home/jane/acme/app.py";
const PROMPT = "You are Acme Corp's support bot. Rate how well the answer helps Acme customers.";

const STATUS_ERROR = {
  message: `Evaluation Failed for ${JANE} (${EMAIL}): GET ${URL_} answered 401 to Bearer ${JWT}`,
  stacktrace: [
    "Traceback (most recent call last):",
    `  File "${PATH}", line 12, in run`,
    `    client.call(api_key="${KEY}")`,
    `PermissionError: ${JANE} cannot read /home/jane/acme/secrets.env (see ${URL_})`,
    "",
  ].join("\n"),
};
const RESULT_ERROR = {
  message: `Evaluator failed: contact ${EMAIL}, key ${KEY}`,
  stacktrace: `Traceback (most recent call last):\n  File "${PATH}", line 3, in score\nValueError: ${JANE} sent ${URL_} with Authorization: Bearer ${JWT}\n`,
};
const COST_ERROR = {
  message: `No cost for ${JANE}: ${PATH}`,
  stacktrace: `  File "/home/jane/acme/cost.py", line 9, in cost\nKeyError: '${EMAIL}'\n`,
};

const config = (id: string, name: string, settings: Json): Json => ({
  id,
  name,
  evaluator_key: "auto_ai_critique",
  settings_values: settings,
  created_at: "2024-03-02T10:00:00.000000",
  updated_at: "2024-03-02T10:00:00.000000",
});

/** Every original string value the snapshot must not write anywhere. */
const ORIGINALS = [
  APP_A,
  APP_B,
  JANE,
  JOHN,
  USER_JANE,
  USER_JOHN,
  V1,
  V2,
  V3,
  V4,
  R1,
  R2,
  R3,
  R4,
  T1,
  T2,
  C1,
  C2,
  TESTSET_A,
  TESTSET_B,
  VARIANT_1,
  VARIANT_2,
  "acme-support-bot",
  "gpt4-jane",
  "claude-john",
  CONFIG_1,
  CONFIG_2,
  EMAIL,
  URL_,
  "internal.acme.com",
  "token=abc",
  KEY,
  JWT,
  PATH,
  "/home/jane",
  "secrets.env",
  PROMPT,
  "acme_expected",
];
/** Words that no output may show in any letter case. */
const WORDS = ["jane", "john", "acme", "smith"];

function personalDataset(): { evaluations: Json[]; human_evaluations: Json[] } {
  const evaluation = (overrides: Json, cases: EvaluationCaseId[], seed: number): Json =>
    buildEvaluation(overrides as Parameters<typeof buildEvaluation>[0], { case: cases, seed }) as unknown as Json;
  const human = (overrides: Json, cases: HumanEvaluationCaseId[], seed: number): Json =>
    buildHumanEvaluation(overrides as Parameters<typeof buildHumanEvaluation>[0], { case: cases, seed }) as unknown as Json;
  const jane = { user_id: USER_JANE, user_username: JANE };
  const john = { user_id: USER_JOHN, user_username: JOHN };
  const variant1 = { variant_ids: [V1], variant_names: [VARIANT_1], variant_revision_ids: [R1] };
  const testsetA = { testset_id: T1, testset_name: TESTSET_A };
  const testsetB = { testset_id: T2, testset_name: TESTSET_B };
  const evaluations = [
    evaluation(
      { app_id: APP_A, ...jane, ...variant1, ...testsetA, status: { type: "status", value: "EVALUATION_FAILED", error: STATUS_ERROR } },
      ["evaluation-status-failed", "evaluation-status-error", "evaluation-null-cost"],
      1,
    ),
    evaluation(
      {
        app_id: APP_A,
        ...jane,
        ...variant1,
        ...testsetA,
        aggregated_results: [
          {
            evaluator_config: config(C1, CONFIG_1, {
              prompt_template: PROMPT,
              correct_answer_key: "acme_expected",
              threshold: 0.5,
              strict: true,
            }),
            result: { type: "error", value: null, error: RESULT_ERROR },
          },
          { evaluator_config: {}, result: { type: "number", value: null, error: null } },
          {
            evaluator_config: config(C2, CONFIG_2, { prompt_template: PROMPT, options: [PROMPT, "", 3] }),
            result: { type: "number", value: 0.5, error: null },
          },
        ],
        average_cost: { type: "error", value: null, error: COST_ERROR },
      },
      [
        "evaluation-status-finished-with-errors",
        "evaluation-error-result",
        "evaluation-null-aggregate",
        "evaluation-deleted-evaluator-config",
        "evaluation-cost-error",
      ],
      2,
    ),
    // A deleted variant (its name is its id), an empty user name, a deleted test set.
    evaluation(
      { app_id: APP_A, user_id: USER_JANE, variant_ids: [V3], variant_names: [V3], variant_revision_ids: [R3] },
      ["evaluation-status-started", "evaluation-deleted-variant", "evaluation-empty-username", "evaluation-testset-deleted"],
      3,
    ),
    evaluation(
      { app_id: APP_B, ...john, variant_ids: [V4], variant_names: [VARIANT_2], variant_revision_ids: [R4], ...testsetB },
      ["evaluation-status-initialized"],
      4,
    ),
    evaluation(
      { app_id: APP_B, ...john, variant_ids: [V4], variant_names: [VARIANT_2], variant_revision_ids: [R4], ...testsetB },
      ["evaluation-status-finished"],
      5,
    ),
    evaluation(
      {
        app_id: APP_B,
        ...john,
        variant_ids: [V4],
        variant_names: [VARIANT_2],
        variant_revision_ids: [R4],
        ...testsetB,
        status: {
          type: "status",
          value: "EVALUATION_AGGREGATION_FAILED",
          error: { message: `${JOHN}: see ${URL_}`, stacktrace: STATUS_ERROR.stacktrace.replaceAll(JANE, JOHN) },
        },
      },
      ["evaluation-status-aggregation-failed"],
      9,
    ),
  ];
  const humans = [
    human(
      {
        app_id: APP_A,
        ...jane,
        ...testsetA,
        variant_ids: [V1, V2],
        variant_names: [VARIANT_1, VARIANT_2],
        variants_revision_ids: [R1, R2],
        revisions: ["3", "1"],
      },
      ["human-a-b-test", "human-finished"],
      6,
    ),
    human(
      {
        app_id: APP_A,
        user_id: USER_JANE,
        user_username: "",
        variant_ids: [V3],
        variant_names: [V3],
        variants_revision_ids: [R3],
        revisions: ["2"],
      },
      ["human-single-model", "human-unfinished", "human-testset-deleted"],
      7,
    ),
    human(
      { app_id: APP_B, ...john, ...testsetB, variant_ids: [V4], variant_names: [VARIANT_2], variants_revision_ids: [R4], revisions: ["1"] },
      ["human-single-model", "human-finished"],
      8,
    ),
  ];
  return { evaluations, human_evaluations: humans };
}

const SOURCE = personalDataset();

/** Every string in a JSON value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : typeof value === "object" && value !== null
        ? Object.values(value).flatMap(stringsOf)
        : [];

/** The originals (and the words) found in `text`. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return [...ORIGINALS.filter((value) => text.includes(value)), ...WORDS.filter((word) => lower.includes(word))];
}

/** The record's client cases as coverage counts them. */
const evaluationCases = (record: unknown): string[] => casesInBody("listEvaluations", [record]);
const humanCases = (record: unknown): string[] => casesInBody("getHumanEvaluation", record);

let dir: string;
let provider: TestProvider;
let out: string;
let report: string;
let run: CliResult;
let dataset: { evaluations: Json[]; human_evaluations: Json[] };
let text: string;

const snapshotArgs = (file: string, ...more: string[]): string[] => [
  "snapshot",
  "--base-url",
  provider.url,
  "--app-id",
  APP_A,
  "--app-id",
  APP_B,
  "--out",
  file,
  "--anonymize",
  ...more,
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snapshot-anonymize-"));
  provider = await startProvider(serveRecords(SOURCE));
  out = join(dir, "s1.json");
  report = join(dir, "s1-report.json");
  run = await runCliCaptured(snapshotArgs(out, "--salt", "s1", "--report", report));
  text = await readFile(out, "utf8");
  dataset = JSON.parse(text) as typeof dataset;
});

afterAll(async () => {
  await provider?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("snapshot --anonymize of a provider full of personal data", () => {
  it("the source really holds every original value and word (else finding none would prove nothing)", () => {
    const source = JSON.stringify(SOURCE);
    expect(leaks(source).sort()).toEqual([...ORIGINALS, ...WORDS].sort());
    expect(SOURCE.evaluations).toHaveLength(6);
    expect(SOURCE.human_evaluations).toHaveLength(3);
  });

  it("exits 0, read every record and every human evaluation by id", () => {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("6 evaluations, 3 human evaluations (3 fetched by id), anonymised");
    expect(dataset.evaluations).toHaveLength(6);
    expect(dataset.human_evaluations).toHaveLength(3);
    expect(provider.requests.filter((r) => r.startsWith("GET /human-evaluations/"))).toHaveLength(3);
  });

  it("no original value is left in the file, stdout, stderr or the report", async () => {
    const reportText = await readFile(report, "utf8");
    expect(leaks(text), "the dataset file").toEqual([]);
    expect(leaks(run.stdout), "stdout").toEqual([]);
    expect(leaks(run.stderr), "stderr").toEqual([]);
    expect(leaks(reportText), "the report").toEqual([]);
    // Not a single string of the output equals a string of the source that was personal.
    const original = new Set(ORIGINALS);
    expect(stringsOf(dataset).filter((s) => original.has(s))).toEqual([]);
  });

  it("ids: one original, one pseudonym (in every field and record), two originals never share one, 24-hex stays 24-hex", () => {
    const pairs = new Map<string, Set<string>>();
    const owners = new Map<string, Set<string>>();
    const pair = (from: unknown, to: unknown): void => {
      if (typeof from !== "string" || from === "") return void expect(to).toBe(from);
      expect(to).toMatch(/^[0-9a-f]{24}$/);
      expect(to).not.toBe(from);
      (pairs.get(from) ?? pairs.set(from, new Set()).get(from)!).add(to as string);
      (owners.get(to as string) ?? owners.set(to as string, new Set()).get(to as string)!).add(from);
    };
    const ids = (source: Json, output: Json): void => {
      for (const field of ["id", "app_id", "user_id", "testset_id"]) pair(source[field], output[field]);
      for (const field of ["variant_ids", "variant_revision_ids", "variants_revision_ids"]) {
        const from = (source[field] ?? []) as unknown[];
        const to = (output[field] ?? []) as unknown[];
        expect(to).toHaveLength(from.length);
        from.forEach((id, i) => pair(id, to[i]));
      }
      const from = (source.aggregated_results ?? []) as Json[];
      const to = (output.aggregated_results ?? []) as Json[];
      from.forEach((result, i) => pair((result.evaluator_config as Json).id, (to[i]!.evaluator_config as Json).id));
    };
    SOURCE.evaluations.forEach((record, i) => ids(record, dataset.evaluations[i]!));
    SOURCE.human_evaluations.forEach((record, i) => ids(record, dataset.human_evaluations[i]!));
    for (const [original, pseudonyms] of pairs) expect([...pseudonyms], original).toHaveLength(1);
    for (const [pseudonym, originals] of owners) expect([...originals], pseudonym).toHaveLength(1);
    // The shared ones were shared: users, variants, revisions, test sets and apps across records and resources.
    for (const shared of [APP_A, APP_B, USER_JANE, USER_JOHN, V1, V2, V3, V4, R1, R3, R4, T1, T2])
      expect(pairs.has(shared), shared).toBe(true);
  });

  it("parallel arrays keep their lengths; an app's records share one app_id; a variant name that was its id is that id's pseudonym", () => {
    const all = [...dataset.evaluations, ...dataset.human_evaluations];
    for (const record of all) {
      const n = (record.variant_ids as unknown[]).length;
      expect(record.variant_names).toHaveLength(n);
      expect(record.revisions).toHaveLength(n);
      expect((record.variant_revision_ids ?? record.variants_revision_ids) as unknown[]).toHaveLength(n);
    }
    const appOf = (source: Json[], output: Json[], app: string): Set<unknown> =>
      new Set(output.filter((_, i) => source[i]!.app_id === app).map((r) => r.app_id));
    const a = new Set([
      ...appOf(SOURCE.evaluations, dataset.evaluations, APP_A),
      ...appOf(SOURCE.human_evaluations, dataset.human_evaluations, APP_A),
    ]);
    const b = new Set([
      ...appOf(SOURCE.evaluations, dataset.evaluations, APP_B),
      ...appOf(SOURCE.human_evaluations, dataset.human_evaluations, APP_B),
    ]);
    expect(a.size).toBe(1);
    expect(b.size).toBe(1);
    expect([...a][0]).not.toBe([...b][0]);
    // e3 and h2: variant V3 was deleted; its name is its (pseudonymised) id.
    expect(dataset.evaluations[2]!.variant_names).toEqual(dataset.evaluations[2]!.variant_ids);
    expect(dataset.human_evaluations[1]!.variant_names).toEqual(dataset.human_evaluations[1]!.variant_ids);
    expect(dataset.evaluations[2]!.variant_ids).toEqual(dataset.human_evaluations[1]!.variant_ids);
  });

  it("names: one pseudonym per name; variant names keep app.variant with one app part; evaluator names replaced; '' kept", () => {
    const e = dataset.evaluations;
    const h = dataset.human_evaluations;
    // VARIANT_1 in e1, e2 and h1[0]; VARIANT_2 in e4, e5 and h1[1], h3.
    const v1 = (e[0]!.variant_names as string[])[0]!;
    const v2 = (e[3]!.variant_names as string[])[0]!;
    expect([(e[1]!.variant_names as string[])[0], (h[0]!.variant_names as string[])[0]]).toEqual([v1, v1]);
    expect([(e[4]!.variant_names as string[])[0], (h[0]!.variant_names as string[])[1], (h[2]!.variant_names as string[])[0]]).toEqual([
      v2,
      v2,
      v2,
    ]);
    for (const name of [v1, v2]) expect(name).toMatch(/^[^.]+\.[^.]+$/);
    expect(v1.split(".")[0]).toBe(v2.split(".")[0]);
    expect(v1).not.toBe(v2);
    // Test set names: one pseudonym each, the same in every record; a deleted test set stays "".
    expect(e[0]!.testset_name).toBe(e[1]!.testset_name);
    expect(e[0]!.testset_name).toBe(h[0]!.testset_name);
    expect(e[3]!.testset_name).toBe(h[2]!.testset_name);
    expect(e[0]!.testset_name).not.toBe(e[3]!.testset_name);
    expect([e[2]!.testset_id, e[2]!.testset_name, h[1]!.testset_id, h[1]!.testset_name]).toEqual(["", "", "", ""]);
    expect([e[2]!.user_username, h[1]!.user_username]).toEqual(["", ""]);
    // User names: one pseudonym per user.
    expect(e[0]!.user_username).toBe(h[0]!.user_username);
    expect(e[3]!.user_username).toBe(h[2]!.user_username);
    expect(e[0]!.user_username).not.toBe(e[3]!.user_username);
    // Evaluator configs: names replaced, keys and non-string settings kept.
    const configs = (e[1]!.aggregated_results as Json[]).map((r) => r.evaluator_config as Json);
    expect(configs[1]).toEqual({});
    expect(configs[0]!.evaluator_key).toBe("auto_ai_critique");
    expect(configs[0]!.name).not.toBe(configs[2]!.name);
    // The real service's setting names are kept; another one (`strict`, `options`) is pseudonymised (issue 39).
    const settings = configs[0]!.settings_values as Json;
    const other = /^field-[0-9a-f]{8}$/;
    expect(Object.keys(settings)).toEqual(["prompt_template", "correct_answer_key", "threshold", expect.stringMatching(other)]);
    expect(Object.values(settings).slice(2)).toEqual([0.5, true]);
    const options = Object.entries(configs[2]!.settings_values as Json)[1]!;
    expect(options[0]).toMatch(other);
    expect((options[1] as unknown[]).slice(1)).toEqual(["", 3]);
  });

  it("test set names keep the x.y shape (docs/snapshot.md: `testset_name`, `variant_names`: `app.variant` keeps its shape)", () => {
    expect(dataset.evaluations[3]!.testset_name).toMatch(/^[^.]+\.[^.]+$/);
  });

  it("what no client case depends on is kept: statuses, types, numbers, timestamps, revisions, structure", () => {
    // Setting names the real service does not have are pseudonymised (issue 39): compared as `*`.
    const key = (k: string): string => (/^field-[0-9a-f]{8}$/.test(k) || k === "strict" || k === "options" ? "*" : k);
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : typeof value === "object" && value !== null
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [key(k), shape(v)]))
          : typeof value === "string"
            ? value === ""
              ? ""
              : "s"
            : value;
    expect(shape(dataset)).toEqual(shape(SOURCE));
    const kept = (record: Json): unknown => [record.status, record.created_at, record.updated_at, record.revisions, record.evaluation_type];
    expect(dataset.human_evaluations.map(kept)).toEqual(SOURCE.human_evaluations.map(kept));
    const statusValue = (record: Json): unknown => (record.status as Json).value;
    expect(dataset.evaluations.map(statusValue)).toEqual(SOURCE.evaluations.map(statusValue));
    const costs = (record: Json): unknown =>
      ["average_cost", "total_cost", "average_latency"].map((field) => {
        const result = record[field] as Json | null;
        return result === null ? null : [result.type, result.value, result.error === null];
      });
    expect(dataset.evaluations.map(costs)).toEqual(SOURCE.evaluations.map(costs));
    // A traceback keeps its shape: the File line's number and function, the exception's name.
    const stacktrace = ((dataset.evaluations[0]!.status as Json).error as Json).stacktrace as string;
    expect(stacktrace.split("\n")[0]).toBe("Traceback (most recent call last):");
    expect(stacktrace).toMatch(/^ {2}File "\/[^"]+\.py", line 12, in run$/m);
    expect(stacktrace).toMatch(/^PermissionError: /m);
  });

  it("coverage: every record shows the same client cases as its source, and both datasets the same set", () => {
    SOURCE.evaluations.forEach((record, i) =>
      expect(evaluationCases(dataset.evaluations[i]), `evaluations[${i}]`).toEqual(evaluationCases(record)),
    );
    SOURCE.human_evaluations.forEach((record, i) =>
      expect(humanCases(dataset.human_evaluations[i]), `human_evaluations[${i}]`).toEqual(humanCases(record)),
    );
    const all = (data: typeof SOURCE): string[] =>
      [...casesInBody("listEvaluations", data.evaluations), ...casesInBody("listHumanEvaluations", data.human_evaluations)].sort();
    expect(all(dataset)).toEqual(all(SOURCE));
    // Every case a record can show is there, so the comparison means something.
    expect(all(SOURCE)).toEqual([...EVALUATION_CASE_IDS, ...HUMAN_EVALUATION_CASE_IDS].sort());
  });

  it("the output is valid (validate exits 0) and the mock serves it: lists by app, records by id", async () => {
    const validate = await runCliCaptured(["validate", out]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const mock = await startMockServer({ dataFile: out, port: 0 });
    try {
      for (const app of new Set(dataset.evaluations.map((r) => r.app_id as string))) {
        const evaluations = await rawGet(`${mock.url}/evaluations?app_id=${app}`);
        const human = await rawGet(`${mock.url}/human-evaluations?app_id=${app}`);
        expect(JSON.parse(evaluations.text)).toEqual(dataset.evaluations.filter((r) => r.app_id === app));
        expect(JSON.parse(human.text)).toEqual(dataset.human_evaluations.filter((r) => r.app_id === app));
      }
      for (const record of dataset.human_evaluations) {
        const one = await rawGet(`${mock.url}/human-evaluations/${record.id as string}`);
        expect(one.status).toBe(200);
        expect(JSON.parse(one.text)).toEqual(record);
      }
    } finally {
      await mock.close();
    }
  });

  it("the report lists the replaced fields with counts and holds no value, no pseudonym, no salt", async () => {
    const reportText = await readFile(report, "utf8");
    const parsed = JSON.parse(reportText) as {
      tool: string;
      anonymized: boolean;
      records: Json;
      replaced: Array<{ field: string; replaced: number; distinct: number }>;
    };
    expect(parsed).toMatchObject({ tool: "snapshot", anonymized: true, records: { evaluations: 6, humanEvaluations: 3, byIdRequests: 3 } });
    const field = (name: string): { replaced: number; distinct: number } | undefined => parsed.replaced.find((f) => f.field === name);
    expect(field("evaluations[].user_username")).toMatchObject({ replaced: 5, distinct: 2 });
    expect(field("evaluations[].app_id")).toMatchObject({ replaced: 6, distinct: 2 });
    expect(field("human_evaluations[].user_id")).toMatchObject({ replaced: 3, distinct: 2 });
    expect(field("evaluations[].testset_name")).toMatchObject({ replaced: 5, distinct: 2 });
    expect(parsed.replaced.map((f) => f.field)).toEqual(
      expect.arrayContaining([
        "evaluations[].variant_names[]",
        "evaluations[].status.error.message",
        "evaluations[].status.error.stacktrace",
        "evaluations[].aggregated_results[].evaluator_config.name",
        "evaluations[].aggregated_results[].result.error.message",
        "evaluations[].average_cost.error.message",
      ]),
    );
    expect(parsed.replaced.some((f) => f.field.startsWith("evaluations[].aggregated_results[].evaluator_config.settings_values"))).toBe(
      true,
    );
    for (const f of parsed.replaced) expect(f.replaced).toBeGreaterThanOrEqual(f.distinct);
    const pseudonyms = stringsOf(dataset).filter((s) => s !== "" && !stringsOf(SOURCE).includes(s));
    expect(pseudonyms.filter((s) => reportText.includes(s))).toEqual([]);
    expect(reportText).not.toContain('"s1"');
  });

  it("the same input and salt twice give the same file byte for byte; another salt other pseudonyms", async () => {
    const again = join(dir, "s1-again.json");
    const other = join(dir, "s2.json");
    const first = await runCliCaptured(snapshotArgs(again, "--salt", "s1"));
    const second = await runCliCaptured(snapshotArgs(other, "--salt", "s2"));
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(await readFile(again, "utf8")).toBe(text);
    const s2 = JSON.parse(await readFile(other, "utf8")) as typeof dataset;
    const pseudonymised = (data: typeof dataset): unknown[] =>
      data.evaluations.flatMap((r) => [r.id, r.app_id, r.user_id, r.user_username, r.testset_name, ...(r.variant_ids as string[])]);
    const one = pseudonymised(dataset);
    const two = pseudonymised(s2);
    one.forEach((value, i) => {
      if (value !== "") expect(two[i], String(i)).not.toBe(value);
    });
    expect(leaks(JSON.stringify(s2))).toEqual([]);
  });

  it("without --salt a random salt is printed once, and re-running with it gives the same file", async () => {
    const drawn = join(dir, "random.json");
    const first = await runCliCaptured(snapshotArgs(drawn));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const lines = first.stdout.split("\n").filter((line) => line.startsWith("salt: "));
    expect(lines).toHaveLength(1);
    const salt = /^salt: (\S+) \(drawn at random: pass --salt (\S+) to make the same snapshot again\)$/.exec(lines[0]!);
    expect(salt).not.toBeNull();
    expect(salt![2]).toBe(salt![1]);
    expect(await readFile(drawn, "utf8")).not.toBe(text);

    const repeated = join(dir, "repeated.json");
    const second = await runCliCaptured(snapshotArgs(repeated, "--salt", salt![1]!));
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/^salt: /m);
    expect(await readFile(repeated, "utf8")).toBe(await readFile(drawn, "utf8"));
  });
});

describe("snapshot --anonymize: names the snapshot knows, wherever they are", () => {
  it("a user name known from another record is scrubbed from an error text too (a record whose user_username is now empty)", async () => {
    // e1 is Jane's; e2's user name was emptied (a deleted user), but its traceback still names her.
    const [mine, orphan] = [
      buildEvaluation({ app_id: APP_A, user_id: USER_JANE, user_username: JANE }, { case: "evaluation-status-finished", seed: 21 }),
      buildEvaluation(
        {
          app_id: APP_A,
          user_id: USER_JANE,
          user_username: "",
          status: {
            type: "status",
            value: "EVALUATION_FAILED",
            error: { message: `Evaluation Failed for ${JANE}`, stacktrace: STATUS_ERROR.stacktrace },
          },
        },
        { case: ["evaluation-status-failed", "evaluation-empty-username"], seed: 22 },
      ),
    ];
    const small = await startProvider(serveRecords({ evaluations: [mine, orphan] as unknown as Json[], human_evaluations: [] }));
    try {
      const result = await snapshot({ source: { baseUrl: small.url, appIds: [APP_A] }, anonymize: { salt: "s1" } });
      expect(result.counts.evaluations).toBe(2);
      const error = (result.dataset.evaluations[1]!.status as unknown as Json).error as Json;
      expect(error.message).not.toContain(JANE);
      expect(error.stacktrace).not.toContain(JANE);
      expect(result.text).not.toContain(JANE);
    } finally {
      await small.close();
    }
  });

  it("an id inside an error text gets the pseudonym it gets in its field", async () => {
    const record = buildEvaluation(
      {
        app_id: APP_A,
        user_id: USER_JANE,
        user_username: JANE,
        testset_id: T1,
        status: {
          type: "status",
          value: "EVALUATION_FAILED",
          error: { message: `app ${APP_A} of user ${USER_JANE}: test set ${T1} not found`, stacktrace: null },
        },
      },
      { case: "evaluation-status-failed", seed: 23 },
    ) as unknown as Json;
    const small = await startProvider(serveRecords({ evaluations: [record], human_evaluations: [] }));
    try {
      const result = await snapshot({ source: { baseUrl: small.url, appIds: [APP_A] }, anonymize: { salt: "s1" } });
      const out = result.dataset.evaluations[0] as unknown as Json;
      expect((out.status as Json).error).toEqual({
        message: `app ${out.app_id as string} of user ${out.user_id as string}: test set ${out.testset_id as string} not found`,
        stacktrace: null,
      });
    } finally {
      await small.close();
    }
  });

  it("a customer's host in urllib3's ConnectionError (a URL split into host= and url=) is scrubbed", async () => {
    const message =
      "HTTPSConnectionPool(host='llm.acme-corp.com', port=443): Max retries exceeded with url: /v1/chat/completions " +
      "(Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d0e50>: Failed to establish a new connection'))";
    const record = buildEvaluation(
      { app_id: APP_A, user_username: JANE, status: { type: "status", value: "EVALUATION_FAILED", error: { message, stacktrace: null } } },
      { case: "evaluation-status-failed", seed: 24 },
    ) as unknown as Json;
    const small = await startProvider(serveRecords({ evaluations: [record], human_evaluations: [] }));
    try {
      const result = await snapshot({ source: { baseUrl: small.url, appIds: [APP_A] }, anonymize: { salt: "s1" } });
      expect(result.text).not.toContain("acme-corp");
    } finally {
      await small.close();
    }
  });
});
