// The report schema (schemas/report.json) ships in the package, and every command's `--json` output
// is valid against it: verify (full and partial), fuzz, coverage, drift and validate, each passing
// and failing, so every kind of section and finding is met.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_SCHEMA_ID, type Report } from "../../src/report/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { appIdOf, createFaultyProvider, json, providerUrl } from "../fuzz/faulty-providers.js";
import { APP_A, galleryDataset } from "../verify/dataset.js";
import { startFixtureProvider, type RunningProvider } from "../verify/fixture-provider.js";

const SCHEMA_FILE = fileURLToPath(new URL("../../schemas/report.json", import.meta.url));
const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as { $id: string };
// ajv-formats is CommonJS: its default export is the plugin under Node's ESM and under vitest.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let dir: string;
let validate: ValidateFunction;
let good: RunningProvider;
let broken: RunningProvider;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-report-schema-"));
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  validate = ajv.compile(schema);
  good = await startFixtureProvider({ data: galleryDataset() });
  // One fault: the evaluations list ignores the app_id filter.
  broken = await startFixtureProvider({
    data: galleryDataset(),
    transform: (request, reply, data) =>
      request.operationId === "listEvaluations" && reply.status === 200 ? { ...reply, body: data.evaluations } : reply,
  });
});
afterAll(async () => {
  await Promise.all([good.close(), broken.close(), closeTestServers()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command with `--json FILE`, and returns the report after checking it against the schema. */
async function reportOf(name: string, args: string[], code: number): Promise<Report> {
  const file = join(dir, `${name}.json`);
  const result = await runCliCaptured([...args, "--json", file]);
  expect(result.code, result.stderr).toBe(code);
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const valid = validate(report);
  expect(validate.errors ?? [], `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toEqual([]);
  expect(valid).toBe(true);
  return report;
}

describe("schemas/report.json", () => {
  it("ships in the package: evals-contract/schemas/report.json resolves to it", () => {
    expect(createRequire(import.meta.url).resolve("evals-contract/schemas/report.json")).toBe(SCHEMA_FILE);
    expect(schema.$id).toBe(REPORT_SCHEMA_ID);
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { files: string[] };
    expect(pkg.files).toContain("schemas");
  });

  it("verify --json: a pass, a failure and a partial run", async () => {
    const pass = await reportOf("verify-pass", ["verify", "--base-url", good.url, "--app-id", APP_A, "--no-pact"], 0);
    expect(pass).toMatchObject({ $schema: REPORT_SCHEMA_ID, tool: "verify", verdict: "pass" });
    expect(pass.observations?.length).toBeGreaterThan(0);
    const fail = await reportOf("verify-fail", ["verify", "--base-url", broken.url, "--app-id", APP_A, "--no-pact"], 1);
    expect(fail.findings).toContainEqual(expect.objectContaining({ severity: "error", operation: "listEvaluations", path: "$[2].app_id" }));
    // Each check names its findings by a range of the report's list.
    for (const section of fail.sections)
      if (section.kind === "checks")
        for (const check of section.checks)
          for (const finding of fail.findings.slice(check.findings.first, check.findings.first + check.findings.count))
            expect(finding.check).toBe(check.check);
    const partial = await reportOf("verify-partial", ["verify", "--base-url", good.url, "--partial"], 0);
    expect(partial).toMatchObject({ verdict: "partial", name: "evals-contract verify (partial: no --app-id)" });
  });

  it("fuzz --json: a pass and a failure with its request as sent", async () => {
    const clean = createFaultyProvider();
    const bypass = createFaultyProvider((request, data) =>
      request.operationId === "listEvaluations" && appIdOf(request) !== undefined ? json(200, data.evaluations) : undefined,
    );
    await Promise.all([listenForTest(clean.server), listenForTest(bypass.server)]);
    const run = (url: string): string[] => ["fuzz", "--base-url", url, "--app-id", APP_A, "--seed", "3", "--max-requests", "250"];
    await reportOf("fuzz-pass", run(providerUrl(clean.server)), 0);
    const fail = await reportOf("fuzz-fail", run(providerUrl(bypass.server)), 1);
    const finding = fail.findings.find((f) => f.check === "filter-bypass" && f.severity === "error");
    expect(finding).toMatchObject({ operation: "listEvaluations", sent: { method: "GET", path: "/evaluations" } });
    expect(finding?.reproduce).toMatch(/^curl /);
  });

  it("coverage --json: tables, lists and failed requirements", async () => {
    const verified = join(dir, "verify-pass.json");
    const report = await reportOf("coverage", ["coverage", verified, "--min", "99", "--require", "status-404"], 1);
    expect(report.sections.map((s) => s.kind)).toEqual(expect.arrayContaining(["table", "list", "checks"]));
    expect(report.findings.some((f) => f.check === "min" && f.severity === "error")).toBe(true);
  });

  it("drift --json: no breaking drift, and a breaking one", async () => {
    const fastapi = "reference/recordings/openapi.json";
    await reportOf("drift-pass", ["drift", "--openapi", fastapi], 0);
    const doc = JSON.parse(readFileSync(fastapi, "utf8")) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    delete doc.components.schemas.Evaluation!.properties.created_at;
    const mutated = join(dir, "openapi.json");
    writeFileSync(mutated, JSON.stringify(doc));
    const fail = await reportOf("drift-fail", ["drift", "--openapi", mutated], 1);
    expect(fail.findings).toContainEqual(
      expect.objectContaining({ check: "field-missing", severity: "error", operation: "listEvaluations", path: "$[*].created_at" }),
    );
  });

  it("validate --json: findings of a file, strict, and a document too deep to check", async () => {
    const data = join(dir, "data.json");
    writeFileSync(data, readFileSync(new URL("../../fixtures/default.json", import.meta.url)));
    const lenient = await reportOf("validate", ["validate", data], 0);
    expect(lenient.counts.warnings).toBeGreaterThan(0);
    const strict = await reportOf("validate-strict", ["validate", data, "--strict"], 1);
    expect(strict.counts.errors).toBe(lenient.counts.warnings);
    const deep = join(dir, "deep.json");
    writeFileSync(deep, `${"[".repeat(5000)}${"]".repeat(5000)}`);
    const tooDeep = await reportOf("validate-deep", ["validate", deep, "--schema", "Evaluation"], 1);
    expect(tooDeep.findings).toEqual([expect.objectContaining({ rule: "max-depth", severity: "error" })]);
  });
});
