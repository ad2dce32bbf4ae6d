// The anonymiser: nothing personal left (in the records nor the report), pseudonyms consistent and
// deterministic, everything a client case or the checker looks at kept (the default fixtures stay
// valid and show the same client cases).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkDataset } from "../check/index.js";
import { casesInBody } from "../contract/client-cases.js";
import { observe, tallyCoverage, type Observation } from "../coverage/index.js";
import { costError, EVALUATION_TRACEBACKS } from "../generate/tracebacks.js";
import { acceptDataset } from "../mock/accept-dataset.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../types/dataset.js";
import { anonymizeDataset, createAnonymizer, randomSalt } from "./anonymize.js";

type Json = Record<string, unknown>;

const USER = "jane.doe";
const APP = "65e48be31b48af5e4a2d9bf1";
const OTHER_APP = "65e5085e1b48af5f1456375a";
const USER_ID = "65b83c00184850a13ca7a90f";
const V1 = "65f138bb1948af5eafa88c9d";
const V2 = "65ea49b41948af5ebd31e04c";
const R1 = "66058ce01e48af5ea1a61fa7";
const R2 = "65e8a2b61e48af5e21de221a";
const TESTSET = "65ee5c3f1f48af5e09a89ba1";
const CONFIG = "65e9e2b41c48af5e51e11ff0";

const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/home/jane.doe/acme-support-bot/app.py", line 42, in handle',
  '    reply = client.chat(api_key="sk-proj-AbCdEf0123456789xyzXYZ", user="jane.doe")',
  '  File "C:\\Users\\jane.doe\\acme\\llm.py", line 7, in chat',
  "    raise PermissionError(denied)",
  "PermissionError: jane.doe may not read /srv/acme-corp/secrets.json (token=ghp_abcdefghij0123456789)",
  "",
].join("\n");

const MESSAGE =
  "Evaluation Failed for jane.doe (jane.doe@acme-corp.com): POST https://api.acme-corp.com/v1/chat?key=abc123 answered 401 " +
  "to Authorization: Bearer abcdef0123456789ABCDEFzz from 10.1.2.3, session 3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b, " +
  "JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJlX29mX2phbmU, secret dGhpc0lzQVZlcnlMb25nU2VjcmV0VG9rZW4xMjM0NTY=";

/** An evaluation with personal data in every field that gets replaced. */
function personalEvaluation(): Json {
  return {
    id: "6607e3271d48af5e6a7d0db3",
    app_id: APP,
    user_id: USER_ID,
    user_username: USER,
    variant_ids: [V1, V2],
    variant_names: ["acme-support-bot.gpt4-turbo", V2],
    variant_revision_ids: [R1, R2],
    revisions: ["3", "1"],
    testset_id: TESTSET,
    testset_name: "acme_customers_golden",
    status: { type: "status", value: "EVALUATION_FAILED", error: { message: MESSAGE, stacktrace: TRACEBACK } },
    aggregated_results: [
      {
        evaluator_config: {
          id: CONFIG,
          name: "Jane's exact match for Acme",
          evaluator_key: "auto_webhook_test",
          settings_values: {
            webhook_url: "https://hooks.acme-corp.com/evaluate",
            nested: { headers: ["X-Api-Key: acme-internal-key"], threshold: 0.5, enabled: true, none: null, empty: "" },
          },
          created_at: "2024-03-07T15:52:20.796000",
          updated_at: "2024-03-09T23:56:05.283000",
        },
        result: {
          type: "error",
          value: null,
          error: { message: "Failed: contact jane.doe@acme-corp.com", stacktrace: EVALUATION_TRACEBACKS[1]! },
        },
      },
      { evaluator_config: {}, result: { type: "number", value: null, error: null } },
    ],
    average_cost: { type: "error", value: null, error: costError("average_cost") },
    total_cost: null,
    average_latency: { type: "latency", value: 1.2345, error: null },
    customer_note: "Acme Corp account manager: jane.doe",
    created_at: "2024-03-30T10:02:15.537000",
    updated_at: "2024-03-30T10:04:25.806000",
  };
}

function personalHuman(): Json {
  return {
    id: "6608e5911248af5e4a37192a",
    app_id: APP,
    user_id: USER_ID,
    user_username: USER,
    evaluation_type: "human_a_b_testing",
    variant_ids: [V2, V1],
    variant_names: [V2, "acme-support-bot.gpt4-turbo"],
    variants_revision_ids: [R2, R1],
    revisions: ["1", "3"],
    testset_id: TESTSET,
    testset_name: "acme_customers_golden",
    status: "EVALUATION_FINISHED",
    created_at: "2024-03-31 04:24:49.822000+00:00",
    updated_at: "2024-03-31 05:01:34.788000+00:00",
  };
}

/** Strings and their JSON paths, keys in order (`$.status.error.message`). */
function leaves(value: unknown, path = "$"): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [[path, value]];
}

/** Each leaf's place, in the order of leaves(): the key's index instead of its name. */
function positions(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => positions(item, `${path}[${i}]`));
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap((v, i) => positions(v, `${path}.#${i}`));
  return [path];
}

/** Every key path in order: the shape of a value. */
function keyPaths(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, i) => keyPaths(item, `${path}[${i}]`))];
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [`${path}.${k}`, ...keyPaths(v, `${path}.${k}`)]);
  return [];
}

/** The property names of personalEvaluation() the contract does not name (pseudonymised, issue 39). */
const NOT_CONTRACT = new Set(["nested", "headers", "enabled", "none", "empty", "customer_note"]);
/** A path with the names the contract does not know (and their pseudonyms) as `*`: where a value is, whatever its property's name. */
const contractPath = (path: string): string =>
  path
    .replace(/field-[0-9a-f]{8}/g, "*")
    .replace(/\.([A-Za-z_]+)/g, (all, name: string) =>
      NOT_CONTRACT.has(name) || (name === "threshold" && path.includes(".nested.")) ? ".*" : all,
    );

/** Paths whose values are kept as they are. */
const KEPT = /(\.(status|type|value|evaluation_type|evaluator_key|created_at|updated_at)|\.revisions\[\d+\])$/;

const source = (): Dataset => JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset;

describe("createAnonymizer", () => {
  const anonymizer = createAnonymizer("test-salt");
  const evaluation = anonymizer.evaluation(personalEvaluation()) as Json;
  const human = anonymizer.humanEvaluation(personalHuman()) as Json;
  const output = JSON.stringify([evaluation, human]);
  const report = anonymizer.report();

  it("leaves no original value in the records nor in the report", () => {
    const originals = [...leaves(personalEvaluation()), ...leaves(personalHuman())]
      // The cost error's message names nobody: it is left as it is.
      .filter(
        ([path, value]) => typeof value === "string" && value !== "" && !KEPT.test(path) && value !== costError("average_cost").message,
      )
      .map(([, value]) => value as string);
    const pieces = [
      USER,
      "jane",
      "acme",
      "Acme",
      "sk-proj-AbCdEf0123456789xyzXYZ",
      "abcdef0123456789ABCDEFzz",
      "abc123",
      "ghp_abcdefghij0123456789",
      "eyJhbGciOiJIUzI1NiJ9",
      "dGhpc0lzQVZlcnlMb25nU2VjcmV0VG9rZW4xMjM0NTY",
      "3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b",
      "10.1.2.3",
      "secrets.json",
      "/home/",
      "agenta_backend",
      "6660f1a2d1812781f7e3761a", // an id inside the traceback's message
      "gpt4-turbo",
      "customers_golden",
    ];
    expect(originals.length).toBeGreaterThan(25);
    for (const original of [...originals, ...pieces]) {
      expect(output, original).not.toContain(original);
      expect(JSON.stringify(report), original).not.toContain(original);
    }
  });

  it("keeps statuses, types, numbers, timestamps, keys, nulls and empty strings byte-identical", () => {
    for (const [before, after] of [
      [personalEvaluation(), evaluation],
      [personalHuman(), human],
    ] as const) {
      // Matched by place (the n-th key of the m-th key ...): unknown property names are pseudonymised.
      const got = new Map(leaves(after).map(([, value], i) => [positions(after)[i], value]));
      leaves(before).forEach(([path, value], i) => {
        if (typeof value !== "string" || value === "" || KEPT.test(path)) expect(got.get(positions(before)[i]), path).toStrictEqual(value);
      });
    }
    expect((evaluation.aggregated_results as Json[])[1]!.evaluator_config).toEqual({});
    expect(((evaluation.status as Json).error as Json).message).not.toBe(MESSAGE);
  });

  it("returns new objects with the keys in the same order, the names the contract does not know pseudonymised", () => {
    const input = personalEvaluation();
    expect(keyPaths(evaluation).map(contractPath)).toEqual(keyPaths(input).map(contractPath));
    for (const name of NOT_CONTRACT) expect(keyPaths(evaluation).join(" "), name).not.toContain(`.${name}`);
    expect(keyPaths(human)).toEqual(keyPaths(personalHuman()));
    expect(anonymizer.evaluation(input)).not.toBe(input);
  });

  it("gives one value one pseudonym: across records, kinds of id and the two resources", () => {
    expect(evaluation.app_id).toBe(human.app_id);
    expect(evaluation.user_id).toBe(human.user_id);
    expect(evaluation.user_username).toBe(human.user_username);
    expect(evaluation.testset_id).toBe(human.testset_id);
    expect(evaluation.testset_name).toBe(human.testset_name);
    expect(evaluation.variant_ids).toEqual([...(human.variant_ids as string[])].reverse());
    expect(evaluation.variant_revision_ids).toEqual([...(human.variants_revision_ids as string[])].reverse());
    // Another app: another pseudonym; the same app again: the same one.
    const elsewhere = anonymizer.humanEvaluation({ ...personalHuman(), id: "6608e5911248af5e4a37192b", app_id: OTHER_APP }) as Json;
    expect(elsewhere.app_id).not.toBe(human.app_id);
    expect((anonymizer.evaluation({ ...personalEvaluation(), app_id: OTHER_APP }) as Json).app_id).toBe(elsewhere.app_id);
    // A by-id answer is the same record again: the same pseudonyms.
    expect(anonymizer.humanEvaluation(personalHuman())).toEqual(human);
    // An id is an id, whatever field holds it.
    const other = anonymizer.evaluation({ ...personalEvaluation(), id: V1, testset_id: CONFIG }) as Json;
    expect(other.id).toBe((evaluation.variant_ids as string[])[0]);
    expect(other.testset_id).toBe(((evaluation.aggregated_results as Json[])[0]!.evaluator_config as Json).id);
  });

  it("makes a variant name that fell back to its id follow the id, and keeps the app.variant shape", () => {
    const ids = evaluation.variant_ids as string[];
    const names = evaluation.variant_names as string[];
    expect(names[1]).toBe(ids[1]);
    expect(casesInBody("listEvaluations", [evaluation])).toContain("evaluation-deleted-variant");
    expect(names[0]).toMatch(/^app-[0-9a-f]{6}\.variant-[0-9a-f]{6}$/);
    const more = anonymizer.evaluation({
      ...personalEvaluation(),
      variant_names: ["acme-support-bot.default", "other-app.gpt4-turbo"],
    }) as Json;
    const [sameApp, sameVariant] = more.variant_names as string[];
    expect(sameApp!.split(".")[0]).toBe(names[0]!.split(".")[0]);
    expect(sameApp!.split(".")[1]).not.toBe(names[0]!.split(".")[1]);
    expect(sameVariant!.split(".")[1]).toBe(names[0]!.split(".")[1]);
    // A 24-hex name that is not the record's own variant id still follows that id.
    const elsewhere = anonymizer.evaluation({ ...personalEvaluation(), variant_names: [V2, V1] }) as Json;
    expect(elsewhere.variant_names).toEqual([ids[1], ids[0]]);
  });

  it("keeps the parallel arrays' lengths and order", () => {
    for (const [record, revisions] of [
      [evaluation, "variant_revision_ids"],
      [human, "variants_revision_ids"],
    ] as const)
      for (const name of ["variant_ids", "variant_names", revisions, "revisions"]) expect((record[name] as unknown[]).length, name).toBe(2);
    expect(human.revisions).toEqual(["1", "3"]);
  });

  it("gives ids of the same form: ObjectIds stay ObjectIds, other ids keep length and character classes", () => {
    const a = createAnonymizer("forms");
    const got = a.evaluation({
      id: "ABCDEF0123456789ABCDEF01",
      app_id: "3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b",
      user_id: "user_42-Jane",
      testset_id: "123456",
    }) as Json;
    expect(got.id).toMatch(/^[0-9a-f]{24}$/);
    expect(got.app_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(got.user_id).toMatch(/^[a-z]{4}_\d{2}-[A-Z][a-z]{3}$/);
    expect(got.user_id).not.toBe("user_42-Jane");
    expect(got.testset_id).toMatch(/^\d{6}$/);
    expect(got.testset_id).not.toBe("123456");
    expect(evaluation.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("gives usernames, names and settings readable pseudonyms", () => {
    expect(evaluation.user_username).toMatch(/^user-[0-9a-f]{6}$/);
    expect(evaluation.testset_name).toMatch(/^testset-[0-9a-f]{6}$/);
    const config = (evaluation.aggregated_results as Json[])[0]!.evaluator_config as Json;
    expect(config.name).toMatch(/^evaluator-[0-9a-f]{6}$/);
    // A setting of the real service keeps its name; any other name is pseudonymised (issue 39).
    const settings = config.settings_values as Json;
    expect(Object.keys(settings)).toEqual(["webhook_url", expect.stringMatching(/^field-[0-9a-f]{8}$/)]);
    expect(settings.webhook_url).toMatch(/^value-[0-9a-f]{8}$/);
    expect(Object.values(settings[Object.keys(settings)[1]!] as Json)).toEqual([
      [expect.stringMatching(/^value-[0-9a-f]{8}$/)],
      0.5,
      true,
      null,
      "",
    ]);
    const note = Object.keys(evaluation).find((key) => key.startsWith("field-"))!;
    expect(evaluation[note]).toMatch(/^value-[0-9a-f]{8}$/);
  });

  it("scrubs free text, the username in it by the username's own pseudonym", () => {
    const message = ((evaluation.status as Json).error as Json).message as string;
    const pseudonym = evaluation.user_username as string;
    expect(message).toContain(`Evaluation Failed for ${pseudonym} (`);
    expect(message).toMatch(/email-[0-9a-f]{6}@example\.invalid/);
    expect(message).toMatch(/POST https:\/\/host-[0-9a-f]{6}\.invalid\/path-[0-9a-f]{8} answered 401/);
    expect(message).toMatch(/Bearer redacted-[0-9a-f]{12}/);
    expect(message).toMatch(/from 192\.0\.2\.\d+, session [0-9a-f]{8}-/);
    // Nothing to scrub: left as it is, and not counted.
    const plain = createAnonymizer("x");
    const failed = {
      ...personalEvaluation(),
      status: { type: "status", value: "EVALUATION_FAILED", error: { message: "Evaluation Failed" } },
    };
    expect(((plain.evaluation(failed) as Json).status as Json).error).toEqual({ message: "Evaluation Failed" });
    expect(plain.report().fields.map((f) => f.field)).not.toContain("evaluations[].status.error.message");
  });

  // [text, what must be gone, what the scrubbed text must match]
  const TEXTS: ReadonlyArray<[string, string[], RegExp]> = [
    ["see https://acme.io/runs/42.", ["acme.io", "runs/42"], /^see https:\/\/host-[0-9a-f]{6}\.invalid\/path-[0-9a-f]{8}\.$/],
    ["(docs at www.acme.io/help)", ["acme.io"], /^\(docs at www\.host-[0-9a-f]{6}\.invalid\/path-[0-9a-f]{8}\)$/],
    ["login failed: password: hunter2, retry", ["hunter2"], /^login failed: password: redacted-[0-9a-f]{12}, retry$/],
    ["OPENAI_API_KEY=sk-abc123def456ghi789 is invalid", ["sk-abc123def456ghi789"], /^OPENAI_API_KEY=redacted-[0-9a-f]{12} is invalid$/],
    ["key sk-ant-api03-ABCdef123456789 refused", ["ABCdef123456789"], /^key sk-redacted-[0-9a-f]{12} refused$/],
    [
      "checksum 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b mismatch",
      ["9f86d081884c7d659a2feaa0c55ad015"],
      /^checksum [0-9a-f]{40} mismatch$/,
    ],
    ["Jane.Doe cannot write ~/notes.txt", ["Jane.Doe", "notes"], /^user-[0-9a-f]{6} cannot write ~\/file-[0-9a-f]{6}\.txt$/],
    ["read data/customers/acme.csv", ["customers", "acme"], /^read dir-[0-9a-f]{6}\/dir-[0-9a-f]{6}\/file-[0-9a-f]{6}\.csv$/],
    ["backup of JANE.DOE_2024 failed", ["JANE.DOE"], /^backup of user-[0-9a-f]{6}_2024 failed$/],
    ["no output for 3/4 rows: 'int' and 'NoneType'", [], /^no output for 3\/4 rows: 'int' and 'NoneType'$/],
  ];
  for (const [text, gone, want] of TEXTS)
    it(`scrubs free text: ${text}`, () => {
      const a = createAnonymizer("texts");
      const record = { ...personalEvaluation(), status: { type: "status", value: "EVALUATION_FAILED", error: { message: text } } };
      const got = (((a.evaluation(record) as Json).status as Json).error as Json).message as string;
      expect(got).toMatch(want);
      for (const piece of gone) expect(got).not.toContain(piece);
    });

  it("matches a short username as a whole word only", () => {
    const a = createAnonymizer("short");
    const record = { user_username: "bob", status: { type: "status", value: "x", error: { message: "bob's run of bobsleigh failed" } } };
    const got = a.evaluation(record) as Json;
    expect(((got.status as Json).error as Json).message).toBe(`${got.user_username as string}'s run of bobsleigh failed`);
  });

  it("scrubs the names of users learnt from other records from texts too, whatever the order", () => {
    const orphan = {
      user_username: "",
      status: { type: "status", value: "EVALUATION_FAILED", error: { message: "Evaluation Failed for John.Smith, ask al." } },
    };
    const owner = { user_username: "john.smith" };
    const al = { user_username: "al" };
    const { dataset } = anonymizeDataset({ evaluations: [orphan, owner, al], human_evaluations: [] }, "learn");
    const [first, second, third] = dataset.evaluations as unknown as Json[];
    const message = ((first!.status as Json).error as Json).message as string;
    // "al" is a user name of two letters: found as a whole word (issue 39: `Li`).
    expect(message).toBe(`Evaluation Failed for ${second!.user_username as string}, ask ${third!.user_username as string}.`);
    // One record at a time: a name is known once a record with it was anonymised (or learnt).
    const a = createAnonymizer("learn");
    expect(JSON.stringify(a.evaluation(orphan))).toContain("John.Smith");
    a.learn(owner);
    expect(JSON.stringify(a.evaluation(orphan))).not.toMatch(/john|smith/i);
  });

  it("keeps a test set name's app.name shape", () => {
    const a = createAnonymizer("testsets");
    const [dottedName, plain] = [
      a.evaluation({ testset_name: "acme-support-bot.churn-eval", variant_names: ["acme-support-bot.default"] }),
      a.humanEvaluation({ testset_name: "acme_customers_golden" }),
    ] as Json[];
    expect(dottedName!.testset_name).toMatch(/^app-[0-9a-f]{6}\.testset-[0-9a-f]{6}$/);
    expect((dottedName!.testset_name as string).split(".")[0]).toBe((dottedName!.variant_names as string[])[0]!.split(".")[0]);
    expect(plain!.testset_name).toMatch(/^testset-[0-9a-f]{6}$/);
  });

  it("scrubs a text value of a result, keeps a status's value", () => {
    const a = createAnonymizer("values");
    const got = a.evaluation({
      user_username: USER,
      status: { type: "status", value: "EVALUATION_FINISHED" },
      aggregated_results: [{ evaluator_config: {}, result: { type: "text", value: { answer: "mail jane.doe@acme.io", score: 1 } } }],
      average_cost: { type: "cost", value: 0.0000605 },
    }) as Json;
    expect(got.status).toEqual({ type: "status", value: "EVALUATION_FINISHED" });
    expect(got.average_cost).toEqual({ type: "cost", value: 0.0000605 });
    const result = (got.aggregated_results as Json[])[0]!.result as Json;
    // The value's property names are the provider's, not the contract's: pseudonymised.
    expect(result.type).toBe("text");
    expect(Object.keys(result.value as Json)).toEqual([
      expect.stringMatching(/^field-[0-9a-f]{8}$/),
      expect.stringMatching(/^field-[0-9a-f]{8}$/),
    ]);
    expect(Object.values(result.value as Json)).toEqual([expect.stringMatching(/^mail email-[0-9a-f]{6}@example\.invalid$/), 1]);
    expect(a.report().fields.map((f) => f.field)).toEqual([
      "evaluations[].user_username",
      "evaluations[].aggregated_results[].result.value.*",
    ]);
  });

  it("keeps a Python traceback's shape: lines, File lines' numbers and functions, the exception's name", () => {
    const check = (before: string, after: string): void => {
      const was = before.split("\n");
      const is = after.split("\n");
      expect(is).toHaveLength(was.length);
      expect(is[0]).toBe("Traceback (most recent call last):");
      was.forEach((line, i) => {
        const file = /^(\s*)File "([^"]*)", line (\d+), in (\w+)$/.exec(line);
        if (file === null) return;
        const got = /^(\s*)File "([^"]*)", line (\d+), in (\w+)$/.exec(is[i]!);
        expect(got, is[i]).not.toBeNull();
        expect([got![1], got![3], got![4]]).toEqual([file[1], file[3], file[4]]);
        expect(got![2]).not.toBe(file[2]);
        expect(got![2]).toMatch(/\.py$/);
      });
      const last = was.filter((line) => line !== "").at(-1)!;
      const exception = last.slice(0, last.indexOf(":") + 1);
      expect(
        is
          .filter((line) => line !== "")
          .at(-1)!
          .startsWith(exception),
      ).toBe(true);
    };
    check(TRACEBACK, ((evaluation.status as Json).error as Json).stacktrace as string);
    const aggregate = (evaluation.aggregated_results as Json[])[0]!.result as Json;
    check(EVALUATION_TRACEBACKS[1]!, (aggregate.error as Json).stacktrace as string);
    expect((aggregate.error as Json).stacktrace).toMatch(/NoResultFound: Testset with id [0-9a-f]{24} not found/);
    const windows = (((evaluation.status as Json).error as Json).stacktrace as string).split("\n")[3]!;
    // The user's own folder is a known value: it gets the user name's pseudonym.
    expect(windows).toBe(
      `  File "C:\\${windows.split("\\")[1]!}\\${evaluation.user_username as string}\\${windows.split("\\")[3]!}\\${windows.split("\\")[4]!}`,
    );
    expect(windows).toMatch(/^ {2}File "C:\\dir-[0-9a-f]{6}\\user-[0-9a-f]{6}\\dir-[0-9a-f]{6}\\file-[0-9a-f]{6}\.py", line 7, in chat$/);
  });

  it("reports field paths and counts only", () => {
    const byField = new Map(report.fields.map((f) => [f.field, f]));
    expect(byField.get("evaluations[].user_username")).toEqual({ field: "evaluations[].user_username", replaced: 1, distinct: 1 });
    expect(byField.get("human_evaluations[].variant_names[]")).toEqual({
      field: "human_evaluations[].variant_names[]",
      replaced: 2,
      distinct: 2,
    });
    for (const field of [
      "evaluations[].id",
      "evaluations[].app_id",
      "evaluations[].user_id",
      "evaluations[].variant_ids[]",
      "evaluations[].variant_revision_ids[]",
      "evaluations[].testset_id",
      "evaluations[].testset_name",
      "evaluations[].status.error.message",
      "evaluations[].status.error.stacktrace",
      "evaluations[].aggregated_results[].evaluator_config.id",
      "evaluations[].aggregated_results[].evaluator_config.name",
      "evaluations[].aggregated_results[].evaluator_config.settings_values.*",
      "evaluations[].aggregated_results[].result.error.message",
      "evaluations[].aggregated_results[].result.error.stacktrace",
      "evaluations[].average_cost.error.stacktrace",
      "human_evaluations[].variants_revision_ids[]",
    ])
      expect(byField.has(field), field).toBe(true);
    expect(byField.get("evaluations[].aggregated_results[].evaluator_config.settings_values.*")!.replaced).toBe(2);
    for (const f of report.fields) expect(Object.keys(f)).toEqual(["field", "replaced", "distinct"]);
    // The cost error's message has nothing to scrub.
    expect(byField.has("evaluations[].average_cost.error.message")).toBe(false);
  });

  it("returns a record that is not an object as it is, and guards every access", () => {
    const a = createAnonymizer("guards");
    for (const odd of [null, "x", true]) expect(a.evaluation(odd)).toBe(odd);
    // A number where a record should be: its digits pseudonymised (issue 39: a wrong-type slot is free text).
    expect(a.evaluation(3)).toEqual(expect.any(Number));
    expect(a.evaluation(3)).not.toBe(3);
    // An array where a record should be: its strings pseudonymised (issue 39: a wrong-type slot is not kept).
    expect(a.evaluation([1, "a"])).toEqual([1, expect.stringMatching(/^value-[0-9a-f]{8}$/)]);
    const got = a.evaluation({
      id: 7,
      user_username: "",
      variant_ids: "65f138bb1948af5eafa88c9d",
      variant_names: null,
      status: "EVALUATION_STARTED",
      aggregated_results: [null, { evaluator_config: { name: { first: "Jane" } } }],
      average_cost: [USER],
      __proto__extra: "x",
    }) as Json;
    expect(got.id).toBe(7);
    expect(got.user_username).toBe("");
    expect(got.variant_ids).toMatch(/^[0-9a-f]{24}$/);
    expect(got.variant_names).toBeNull();
    expect(got.status).toBe("EVALUATION_STARTED");
    expect(JSON.stringify(got)).not.toContain("Jane");
    expect(JSON.stringify(got)).not.toContain(USER);
    const proto = a.humanEvaluation(JSON.parse('{"id": "6608e5911248af5e4a37192a", "__proto__": "jane"}')) as Json;
    expect(Object.keys(proto)).toEqual(["id", expect.stringMatching(/^field-[0-9a-f]{8}$/)]);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(JSON.stringify(proto)).not.toContain("jane");
  });
});

describe("anonymizeDataset", () => {
  const dataset = source();
  const salt = "fixtures-salt";
  const { dataset: anonymized, report } = anonymizeDataset(dataset, salt);

  it("is deterministic for the same salt, and another salt gives other pseudonyms", () => {
    expect(JSON.stringify(anonymizeDataset(source(), salt).dataset)).toBe(JSON.stringify(anonymized));
    const other = anonymizeDataset(source(), "another salt").dataset;
    anonymized.evaluations.forEach((e, i) => {
      const o = other.evaluations[i]!;
      expect(o.id).not.toBe(e.id);
      expect(o.app_id).not.toBe(e.app_id);
      expect(o.variant_ids[0]).not.toBe(e.variant_ids[0]);
      if (e.user_username !== "") expect(o.user_username).not.toBe(e.user_username);
    });
    expect(randomSalt()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomSalt()).not.toBe(randomSalt());
  });

  it("does not change its input", () => {
    expect(dataset).toEqual(source());
  });

  it("keeps the default fixtures valid: the same findings, and the mock accepts them", () => {
    const findings = (value: unknown): string[] => checkDataset(value).map((f) => `${f.severity} ${f.path} ${f.rule}`);
    expect(findings(anonymized)).toEqual(findings(dataset));
    expect(checkDataset(anonymized).filter((f) => f.severity === "error")).toEqual([]);
    expect(() => acceptDataset(anonymized, "anonymised fixtures")).not.toThrow();
  });

  it("keeps every client case of every record", () => {
    dataset.evaluations.forEach((e, i) =>
      expect(casesInBody("listEvaluations", [anonymized.evaluations[i]]), e.id).toEqual(casesInBody("listEvaluations", [e])),
    );
    dataset.human_evaluations.forEach((h, i) => {
      const cases = casesInBody("getHumanEvaluation", h);
      expect(casesInBody("getHumanEvaluation", anonymized.human_evaluations[i]), h.id).toEqual(cases);
    });
    // The deleted-variant and empty-username cases are really there to keep.
    const all = casesInBody("listEvaluations", dataset.evaluations);
    expect(all).toEqual(expect.arrayContaining(["evaluation-deleted-variant", "evaluation-empty-username", "evaluation-testset-deleted"]));
  });

  it("keeps the coverage the data shows (per app lists and by-id answers)", () => {
    const observations = (data: Dataset): Observation[] => {
      const apps = [...new Set([...data.evaluations, ...data.human_evaluations].map((r) => r.app_id))];
      const answers = [
        ...apps.map((app) => ({ url: `/evaluations?app_id=${app}`, body: data.evaluations.filter((e) => e.app_id === app) })),
        ...apps.map((app) => ({ url: `/human-evaluations?app_id=${app}`, body: data.human_evaluations.filter((h) => h.app_id === app) })),
        ...data.human_evaluations.map((h) => ({ url: `/human-evaluations/${h.id}`, body: h })),
      ];
      return answers.map(({ url, body }) => observe({ side: "provider", source: "verify", method: "GET", url, status: 200, body })!);
    };
    const counts = (data: Dataset) =>
      tallyCoverage(observations(data), [{ file: "data", side: "provider", source: "verify", observations: 0 }]).rows.map(
        (row) => `${row.operationId} ${row.id} ${row.provider?.count ?? "-"}`,
      );
    expect(counts(anonymized)).toEqual(counts(dataset));
  });

  it("keeps each app's records together and the parallel arrays intact", () => {
    const groups = (data: Dataset): number[][] => {
      const records = [...data.evaluations, ...data.human_evaluations];
      const by = new Map<string, number[]>();
      records.forEach((r, i) => by.set(r.app_id, [...(by.get(r.app_id) ?? []), i]));
      return [...by.values()];
    };
    expect(groups(anonymized)).toEqual(groups(dataset));
    const lengths = (data: Dataset) => [
      ...data.evaluations.map((e) => [e.variant_ids, e.variant_names, e.variant_revision_ids, e.revisions].map((a) => a.length)),
      ...data.human_evaluations.map((h) => [h.variant_ids, h.variant_names, h.variants_revision_ids, h.revisions].map((a) => a.length)),
    ];
    expect(lengths(anonymized)).toEqual(lengths(dataset));
    // The same id in an automatic and a human evaluation: one pseudonym.
    const pseudonym = new Map<string, string>();
    [...dataset.evaluations, ...dataset.human_evaluations].forEach((r, i) => {
      const a = [...anonymized.evaluations, ...anonymized.human_evaluations][i]!;
      r.variant_ids.forEach((v, j) => {
        expect(pseudonym.get(v) ?? a.variant_ids[j]).toBe(a.variant_ids[j]);
        pseudonym.set(v, a.variant_ids[j]!);
      });
    });
    expect(new Set(pseudonym.values()).size).toBe(pseudonym.size);
  });

  it("leaves no username, name or id of the fixtures in the output", () => {
    const text = JSON.stringify(anonymized);
    const originals = new Set<string>();
    for (const e of dataset.evaluations) {
      for (const v of [e.id, e.app_id, e.user_id, e.user_username, e.testset_id, e.testset_name, ...e.variant_ids, ...e.variant_names])
        if (v) originals.add(v);
      for (const a of e.aggregated_results) {
        const config = a.evaluator_config as { id?: string; name?: string };
        if (config.id !== undefined) originals.add(config.id).add(config.name!);
      }
    }
    for (const h of dataset.human_evaluations) for (const v of [h.id, h.user_username, h.testset_name]) if (v) originals.add(v);
    for (const original of originals) expect(text, original).not.toContain(JSON.stringify(original));
    expect(JSON.stringify(report)).not.toMatch(/[0-9a-f]{24}/);
  });
});
