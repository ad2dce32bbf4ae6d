// The drift check against the document FastAPI 0.92 + pydantic 1.10 serves for the service's own
// models (reference/recordings/openapi.json): no breaking drift, every reported difference known
// in docs/drift.md; and each mutation of it found at its path with its severity.
import { createServer } from "node:http";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/contract/index.js";
import { checkDrift, type DriftFinding } from "../../src/drift/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test fixtures edit deep OpenAPI paths
const FASTAPI = "reference/recordings/openapi.json";
const fastapi = async (): Promise<Doc> => JSON.parse(await readFile(FASTAPI, "utf8")) as Doc;
const schemas = (doc: Doc): Doc => doc.components.schemas as Doc;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drift-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const brief = (f: DriftFinding): string => `${f.severity} ${f.kind} ${f.where} ${f.path}`.trim();

describe("drift against FastAPI's document of the service", () => {
  it("reports no breaking drift, and every difference it reports is listed in docs/drift.md", async () => {
    const report = checkDrift(await fastapi(), { source: FASTAPI });
    expect(report.breaking).toBe(0);
    expect(report.findings.map(brief)).toEqual([
      "compatible openapi-version document",
      "compatible operation-id GET /evaluations",
      "compatible schema-name GET /evaluations 422 $.detail[*]",
      "compatible operation-id GET /human-evaluations",
      "compatible operation-id GET /human-evaluations/{evaluation_id}",
    ]);
    // Table rows of docs/drift.md, spaces collapsed (prettier pads the columns).
    const docs = (await readFile("docs/drift.md", "utf8")).replace(/ +/g, " ");
    for (const f of report.findings)
      expect(docs, `${f.kind} at ${f.where} ${f.path}`).toContain(
        `| \`${f.kind}\` | ${f.where} | ${f.path === "" ? "" : `\`${f.path}\` `}|`,
      );
  });

  it("finds nothing between the contract and itself", () => {
    expect(checkDrift(buildOpenApiDocument()).findings).toEqual([]);
  });

  const mutations: [string, (doc: Doc) => void, string[]][] = [
    [
      "a required field renamed",
      (d) => {
        const h = schemas(d).HumanEvaluation;
        h.properties.testset_title = h.properties.testset_name;
        delete h.properties.testset_name;
        h.required = h.required.map((k: string) => (k === "testset_name" ? "testset_title" : k));
      },
      ["breaking field-renamed GET /human-evaluations 200 $[*].testset_name"],
    ],
    [
      "a type changed (revision numbers as integers)",
      (d) => void (schemas(d).Evaluation.properties.revisions.items = { type: "integer" }),
      ["breaking type-changed GET /evaluations 200 $[*].revisions[*]"],
    ],
    [
      "a required field dropped from required",
      (d) => void (schemas(d).Evaluation.required = schemas(d).Evaluation.required.filter((k: string) => k !== "status")),
      ["breaking required-changed GET /evaluations 200 $[*].status"],
    ],
    [
      "nullable added where the contract says non-null (3.0 nullable: true)",
      (d) => void (schemas(d).HumanEvaluation.properties.status.nullable = true),
      ["breaking nullable-changed GET /human-evaluations 200 $[*].status"],
    ],
    [
      "nullable added, 3.1 style (type: [string, null])",
      (d) => {
        d.openapi = "3.1.0";
        schemas(d).EvaluatorConfig.properties.name.type = ["string", "null"];
      },
      ["breaking nullable-changed GET /evaluations 200 $[*].aggregated_results[*].evaluator_config.name"],
    ],
    [
      "nullable added, anyOf with null around a $ref",
      (d) => void (schemas(d).Evaluation.properties.status = { anyOf: [{ $ref: "#/components/schemas/Result" }, { type: "null" }] }),
      ["breaking nullable-changed GET /evaluations 200 $[*].status"],
    ],
    [
      "a field missing",
      (d) => void delete schemas(d).Error.properties.stacktrace,
      ["breaking field-missing GET /evaluations 200 $[*].status.error.stacktrace"],
    ],
    [
      "an extra field and an extra operation (compatible)",
      (d) => {
        schemas(d).HumanEvaluation.properties.notes = { type: "string" };
        d.paths["/evaluations/{evaluation_id}"] = { get: { responses: { "200": { description: "ok" } } } };
      },
      ["compatible field-added GET /human-evaluations 200 $[*].notes", "compatible operation-added GET /evaluations/{evaluation_id}"],
    ],
    [
      "a new anyOf branch",
      (d) => void schemas(d).AggregatedResult.properties.evaluator_config.anyOf.push({ type: "string" }),
      ["breaking anyof-branch-added GET /evaluations 200 $[*].aggregated_results[*].evaluator_config"],
    ],
    [
      "an operation missing",
      (d) => void delete d.paths["/human-evaluations/{evaluation_id}"],
      ["breaking operation-missing GET /human-evaluations/{evaluation_id}"],
    ],
    [
      "a new required parameter",
      (d) => void d.paths["/evaluations"].get.parameters.push({ name: "page", in: "query", required: true, schema: { type: "integer" } }),
      ["breaking parameter-added GET /evaluations query.page"],
    ],
    [
      "trailing-slash twins and another path parameter name are the same operations",
      (d) => {
        d.paths["/evaluations/"] = d.paths["/evaluations"];
        const item = d.paths["/human-evaluations/{evaluation_id}"];
        delete d.paths["/human-evaluations/{evaluation_id}"];
        item.get.parameters[0].name = "id";
        d.paths["/human-evaluations/{id}/"] = item;
      },
      ["compatible parameter-renamed GET /human-evaluations/{evaluation_id} path.evaluation_id"],
    ],
  ];

  it.each(mutations)("finds %s at its path", async (_name, mutate, want) => {
    const doc = await fastapi();
    const before = new Set(checkDrift(doc).findings.map(brief));
    mutate(doc);
    const found = checkDrift(doc)
      .findings.map(brief)
      .filter((b) => !before.has(b));
    expect(found).toEqual(want);
  });
});

describe("evals-contract drift", () => {
  it("exits 0 on the FastAPI document, as JSON too, and writes JUnit and HTML", async () => {
    const junit = join(dir, "reports", "drift.xml");
    const html = join(dir, "reports", "drift.html");
    const text = await runCliCaptured(["drift", "--openapi", FASTAPI, "--junit", junit, "--html", html]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      "5 differences: 0 breaking (errors), 5 compatible (warnings)\nPASS: no breaking drift from the contract\n",
    );
    expect(await readFile(junit, "utf8")).toMatch(/<testsuite name="drift" tests="5" failures="0" errors="0" skipped="0"/);
    expect(await readFile(html, "utf8")).toContain(`<title>PASS: drift ${FASTAPI}</title>`);
    // Issue 22: a second run replaces its own report (no "already exists").
    const again = await runCliCaptured(["drift", "--openapi", FASTAPI, "--junit", junit]);
    expect([again.code, again.stderr]).toEqual([0, ""]);
    // `--json -` is stdout: the JSON alone there, the text report on stderr.
    const json = await runCliCaptured(["drift", "--openapi", FASTAPI, "--json", "-"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      tool: "drift",
      verdict: "pass",
      counts: { errors: 0, warnings: 5 },
      properties: { providerVersion: "3.0.2" },
    });
    expect(json.stderr).toMatch(/\nPASS: no breaking drift from the contract\n$/);
  });

  it("exits 1 on breaking drift, from YAML served over HTTP", async () => {
    const doc = await fastapi();
    delete schemas(doc).Evaluation.properties.created_at;
    const server = createServer((_req, res) => res.end(stringify(doc)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const junit = join(dir, "broken.xml");
      const run = await runCliCaptured(["drift", "--openapi", `http://127.0.0.1:${port}/openapi.yaml`, "--junit", junit]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /\nGET \/evaluations 200\n {2}FAIL {2}field-missing \(1 error\)\n {8}error {3}\$\[\*\]\.created_at {2}field-missing: the provider does not describe "created_at"/,
      );
      expect(run.stdout).toMatch(/FAIL: /);
      expect(await readFile(junit, "utf8")).toContain(
        '<failure message="1 error: $[*].created_at field-missing: the provider does not describe &quot;created_at&quot;',
      );
    } finally {
      server.close();
    }
  });

  it("exits 2 on usage and I/O problems: no --openapi, a missing file, not OpenAPI, an unreachable URL", async () => {
    const notOpenApi = join(dir, "swagger.json");
    await writeFile(notOpenApi, JSON.stringify({ swagger: "2.0", paths: {} }));
    const cases: [string[], RegExp][] = [
      [["drift"], /--openapi URL\|FILE is required/],
      [["drift", "--openapi", join(dir, "nope.json")], /file not found/],
      [["drift", "--openapi", notOpenApi], /is not an OpenAPI 3\.0 or 3\.1 document \(Swagger 2\.0\)/],
      [["drift", "--openapi", "http://127.0.0.1:9/openapi.json"], /cannot fetch http:\/\/127\.0\.0\.1:9\/openapi\.json/],
    ];
    for (const [argv, message] of cases) {
      const run = await runCliCaptured(argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
