// snapshot renders its run through the report module (src/report/from-snapshot.ts): --json (valid
// against schemas/report.json, tool "snapshot"), --junit and --html, the exit code from the model;
// `-` is stdout with the text on stderr; a report file over --out is refused before anything is read.
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { serveRecords, startProvider, type TestProvider } from "./helpers.js";

type Json = Record<string, unknown>;
const APP = "6601bb00000000000000a001";
const DATA = {
  evaluations: [buildEvaluation({ app_id: APP }, { case: "evaluation-status-finished", seed: 1 })] as unknown as Json[],
  human_evaluations: [
    buildHumanEvaluation({ app_id: APP }, { case: "human-a-b-test", seed: 3 }),
    buildHumanEvaluation({ app_id: APP }, { case: "human-single-model", seed: 4 }),
  ] as unknown as Json[],
};
const HUMAN_ID = DATA.human_evaluations[1]!.id as string;

const schema = JSON.parse(readFileSync(fileURLToPath(new URL("../../schemas/report.json", import.meta.url)), "utf8")) as object;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

let dir: string;
let n = 0;
const providers: TestProvider[] = [];
const fresh = (name: string): string => join(dir, `${++n}-${name}`);
const args = (url: string, out: string, ...more: string[]): string[] => [
  "snapshot",
  "--base-url",
  url,
  "--app-id",
  APP,
  "--out",
  out,
  ...more,
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snapshot-report-files-"));
});
afterEach(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("snapshot --json, --junit, --html", () => {
  it("a conforming snapshot: exit 0, a PASS report of tool snapshot, valid against schemas/report.json", async () => {
    const p = await startProvider(serveRecords(DATA));
    providers.push(p);
    const [out, json, junit, html] = [fresh("out.json"), fresh("r.json"), fresh("r.xml"), fresh("r.html")];
    const run = await runCliCaptured(args(p.url, out, "--json", json, "--junit", junit, "--html", html));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(await readFile(json, "utf8")) as Json & { counts: Json; sections: Array<{ checks: Json[] }> };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report).toMatchObject({ tool: "snapshot", verdict: "pass", subject: `${p.url} (1 app)` });
    expect(report.sections[0]!.checks.map((c) => c.check)).toEqual(["exchange", "by-id", "conformance"]);
    expect(await readFile(junit, "utf8")).toMatch(/<testsuites[^>]*>[\s\S]*<testcase[^>]*name="[^"]*by-id/);
    expect(await readFile(html, "utf8")).toMatch(/^<!doctype html>/i);
    expect(run.stdout).toContain(`snapshot of ${p.url} (1 app): 1 evaluation, 2 human evaluations (2 fetched by id) -> ${out}`);
  });

  it("a by-id answer that is not its list record: exit 1, a failed by-id check in --json on stdout, the text on stderr", async () => {
    const p = await startProvider(serveRecords(DATA, (record) => (record.id === HUMAN_ID ? { ...record, testset_name: "other" } : record)));
    providers.push(p);
    const run = await runCliCaptured(args(p.url, fresh("out.json"), "--json", "-"));
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as Json & { findings: Json[]; sections: Array<{ checks: Json[] }> };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.verdict).toBe("fail");
    expect(report.sections[0]!.checks.find((c) => c.check === "by-id")).toMatchObject({ outcome: "failed", errors: 1 });
    expect(report.findings.find((f) => f.check === "by-id")?.message).toContain(`(id ${HUMAN_ID}): the by-id answer differs`);
    expect(run.stderr).toContain("error: by id: human_evaluations[1]");
  });

  it("anonymised: the report names no original id and no salt, in --json, --junit or --html", async () => {
    const p = await startProvider(serveRecords(DATA, (record) => (record.id === HUMAN_ID ? { ...record, testset_name: "other" } : record)));
    providers.push(p);
    const [json, junit, html] = [fresh("a.json"), fresh("a.xml"), fresh("a.html")];
    const salt = "pepper-9f3k";
    const run = await runCliCaptured([
      ...args(p.url, fresh("anon.json"), "--anonymize", "--salt", salt),
      "--json",
      json,
      "--junit",
      junit,
      "--html",
      html,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    for (const file of [json, junit, html]) {
      const text = await readFile(file, "utf8");
      expect(text, file).toContain("by id: human_evaluations[1]");
      for (const secret of [APP, HUMAN_ID, salt]) expect(text, file).not.toContain(secret);
    }
  });

  it("a report file over --out: exit 2 before any request", async () => {
    const p = await startProvider(serveRecords(DATA));
    providers.push(p);
    const out = fresh("same.json");
    const run = await runCliCaptured(args(p.url, out, "--json", out));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--json/);
    expect(p.requests).toEqual([]);
  });
});
