// The checker's validators are the precompiled ones (Ajv standalone code in src/check/precompiled/):
// the registry hands them out, they find what validators compiled at run time from the same
// keywords find, and a check never calls the Function constructor (a child process where V8 refuses
// code generation from strings, as a page whose CSP lacks 'unsafe-eval' does, finds the same).
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createCheckerAjv, createErrorsAjv, createSpotlessAjv } from "../../src/check/ajv-instances.js";
import { checkDataset, checkDocument, checkResponse } from "../../src/check/index.js";
import { toFindings } from "../../src/check/describe-errors.js";
import type { Finding } from "../../src/check/finding.js";
import { VALIDATORS as CHECKERS } from "../../src/check/precompiled/checker.js";
import { VALIDATORS as ERRORS } from "../../src/check/precompiled/errors.js";
import { VALIDATORS as SPOTLESS } from "../../src/check/precompiled/spotless.js";
import { recordErrors } from "../../src/check/record-errors.js";
import { getValidators } from "../../src/check/registry.js";
import type { CompiledValidator } from "../../src/check/validator-runtime.js";
import { collectWarnings } from "../../src/check/warning-sink.js";
import { schemaId, SCHEMA_NAMES, type SchemaName } from "../../src/schemas/catalog.js";
import { BROKEN_EVALUATION_RULES, brokenEvaluation, conformingEvaluation } from "./broken-records.js";

const dataset = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as {
  evaluations: Record<string, unknown>[];
  human_evaluations: Record<string, unknown>[];
};

describe("the registry", () => {
  it.each(SCHEMA_NAMES)("hands out the precompiled validators of %s", (name) => {
    expect(getValidators(name).check).toBe(CHECKERS[name]);
    expect(getValidators(name).spotless).toBe(SPOTLESS[name]);
  });
});

/** A small seeded generator (mulberry32), so the mutated records are the same every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REPLACEMENTS: unknown[] = [
  null,
  42,
  1.5,
  "",
  "x",
  true,
  [],
  {},
  ["a"],
  { type: "x" },
  "2024-02-30T10:00:00",
  "2024-05-17 10:54:19",
  "2024-05-17T10:54:19",
];

/** `record` with a few values replaced, removed or added anywhere in it (a deep copy). */
function mutate(record: unknown, next: () => number): unknown {
  const copy = structuredClone(record);
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    containers.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) walk(child);
  };
  walk(copy);
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const node = containers[Math.floor(next() * containers.length)]!;
    const keys = Object.keys(node);
    const key = keys[Math.floor(next() * keys.length)];
    const choice = next();
    if (key !== undefined && choice < 0.25) {
      if (Array.isArray(node)) node.splice(Number(key), 1);
      else delete node[key];
    } else if (key !== undefined && choice < 0.85) {
      (node as Record<string, unknown>)[key] = structuredClone(REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]);
    } else if (Array.isArray(node)) node.push(structuredClone(node[0] ?? "x"));
    else node[`extra_${i}`] = 1;
  }
  return copy;
}

/** What the checker reports with `check` (check-resource.ts's steps, without the pre-check). */
function findingsOf(check: CompiledValidator, value: unknown): Finding[] {
  const [valid, warnings] = collectWarnings(() => check(value));
  return toFindings(valid ? [] : (check.errors ?? []), warnings, "$");
}

describe("the precompiled validators", () => {
  // The same keywords and schemas compiled here, at run time, with Ajv's `new Function`.
  const checker = createCheckerAjv();
  const spotless = createSpotlessAjv();
  const compiled = (ajv: typeof checker, name: SchemaName): CompiledValidator => ajv.getSchema(schemaId(name)) as CompiledValidator;

  const samples: [SchemaName, unknown][] = [
    ...dataset.evaluations.map((record): [SchemaName, unknown] => ["Evaluation", record]),
    ...dataset.human_evaluations.map((record): [SchemaName, unknown] => ["HumanEvaluation", record]),
    ["Evaluation", conformingEvaluation()],
    ["Evaluation", brokenEvaluation()],
  ];
  const next = random(21);
  const mutated = samples.flatMap(([name, record]) =>
    Array.from({ length: 16 }, (): [SchemaName, unknown] => [name, mutate(record, next)]),
  );

  it("find exactly what validators compiled at run time find, message for message, on 2,400 records", () => {
    const differ: string[] = [];
    let findings = 0;
    for (const [name, value] of [...samples, ...mutated]) {
      const want = findingsOf(compiled(checker, name), value);
      const got = findingsOf(CHECKERS[name], value);
      findings += got.length;
      if (JSON.stringify(got) !== JSON.stringify(want)) differ.push(`${name}: ${JSON.stringify(value)}`);
      if (SPOTLESS[name](value) !== compiled(spotless, name)(value)) differ.push(`${name} (pre-check): ${JSON.stringify(value)}`);
    }
    expect(differ).toEqual([]);
    expect(samples.length + mutated.length).toBeGreaterThan(2_400);
    expect(findings).toBeGreaterThan(2_000); // the mutations do break records
  });

  it("errors-only (the record builders'): exactly the checker's errors, message for message, on the same records", () => {
    const errors = createErrorsAjv();
    const differ: string[] = [];
    let count = 0;
    for (const [name, value] of [...samples, ...mutated]) {
      if (name !== "Evaluation" && name !== "HumanEvaluation") continue;
      const want = findingsOf(CHECKERS[name], value).filter((f) => f.severity === "error");
      const got = recordErrors(name, value);
      count += got.length;
      if (JSON.stringify(got) !== JSON.stringify(want)) differ.push(`${name}: ${JSON.stringify(value)}`);
      const runtime = compiled(errors, name);
      if (ERRORS[name](value) !== runtime(value) || ERRORS[name](value) !== (want.length === 0))
        differ.push(`${name} (errors-only, valid?): ${JSON.stringify(value)}`);
    }
    expect(differ).toEqual([]);
    expect(count).toBeGreaterThan(1_000);
  });
});

describe("checking with no code generation from strings (node --disallow-code-generation-from-strings)", () => {
  let child: SpawnSyncReturns<string>;
  beforeAll(() => {
    child = spawnSync(
      process.execPath,
      ["--disallow-code-generation-from-strings", "--import", "tsx", fileURLToPath(new URL("./no-eval-child.ts", import.meta.url))],
      { encoding: "utf8", timeout: 60_000 },
    );
  });
  const result = (): {
    guard: string;
    callsDuringChecks: number;
    runtimeCompile: string;
    findings: Record<string, Finding[]>;
  } => {
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    return JSON.parse(child.stdout) as ReturnType<typeof result>;
  };

  it("runs where eval and new Function throw", () => {
    expect(result().guard).toBe("EvalError");
  });

  it("never calls the Function constructor while checking", () => {
    expect(result().callsDuringChecks).toBe(0);
  });

  it("finds there what it finds here", () => {
    const headers = { "content-type": "application/json" };
    const { findings } = result();
    expect(findings).toEqual({
      dataset: checkDataset(dataset),
      conforming: checkDocument("Evaluation", [conformingEvaluation()]),
      broken: checkDocument("Evaluation", [conformingEvaluation(), brokenEvaluation()]),
      response: checkResponse("listEvaluations", { status: 200, headers, body: JSON.stringify([brokenEvaluation(1)]) }),
      many: checkDocument("Evaluation", [...Array.from({ length: 100 }, conformingEvaluation), brokenEvaluation(2)]),
      human: checkResponse("getHumanEvaluation", { status: 200, headers, body: { id: 1 } }),
    });
    expect(findings.conforming).toEqual([]);
    expect([...new Set(findings.broken!.map((f) => f.rule))].sort()).toEqual(BROKEN_EVALUATION_RULES);
    expect(findings.many!.every((f) => f.path.startsWith("$[100]"))).toBe(true);
  });

  it("refuses compiling a validator at run time there (so it would catch a return to it)", () => {
    expect(result().runtimeCompile).toBe("EvalError");
  });
});
