// Runs every conformance case in cases/*.json: a case is a value (a base record with edits, or
// literal data) and the exact findings the checker must report, as [rule, path] pairs.
// Adding a case is adding an entry (or a file). Each case also runs under --strict.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkResource } from "../../src/check/check-resource.js";
import { escalateWarnings, type Finding } from "../../src/check/finding.js";
import { getValidators } from "../../src/check/registry.js";
import type { SchemaName } from "../../src/schemas/catalog.js";

interface Case {
  description: string;
  schema: SchemaName;
  base?: string;
  data?: unknown;
  set?: Record<string, unknown>;
  remove?: string[];
  rename?: Record<string, string>;
  errors: [string, string][];
  warnings: [string, string][];
  messageIncludes?: string;
}

const casesDir = new URL("./cases/", import.meta.url);
const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, "utf8"));

type Container = Record<string, unknown> | unknown[];

/** The container and last key a JSON Pointer designates. */
function locate(root: unknown, pointer: string): [Container, string] {
  const keys = pointer.slice(1).split("/");
  const last = keys.pop()!;
  let node = root as Container;
  for (const key of keys) node = (node as Record<string, unknown>)[key] as Container;
  return [node, last];
}

function materialize(c: Case): unknown {
  const value = structuredClone(c.base ? readJson(new URL(`bases/${c.base}.json`, casesDir)) : c.data);
  for (const [pointer, replacement] of Object.entries(c.set ?? {})) {
    const [node, key] = locate(value, pointer);
    (node as Record<string, unknown>)[key] = replacement;
  }
  for (const pointer of c.remove ?? []) {
    const [node, key] = locate(value, pointer);
    delete (node as Record<string, unknown>)[key];
  }
  for (const [from, to] of Object.entries(c.rename ?? {})) {
    const [node, key] = locate(value, from);
    const [target, newKey] = locate(value, to);
    (target as Record<string, unknown>)[newKey] = (node as Record<string, unknown>)[key];
    delete (node as Record<string, unknown>)[key];
  }
  return value;
}

const pairs = (findings: Finding[], severity: Finding["severity"]): [string, string][] =>
  findings
    .filter((f) => f.severity === severity)
    .map((f): [string, string] => [f.rule, f.path])
    .sort();

const caseFiles = readdirSync(casesDir).filter((f) => f.endsWith(".json"));

describe("conformance cases", () => {
  it("has case files", () => expect(caseFiles.length).toBeGreaterThan(5));
  for (const file of caseFiles) {
    describe(file, () => {
      for (const c of readJson(new URL(file, casesDir)) as Case[]) {
        it(c.description, () => {
          const findings = checkResource(c.schema, materialize(c));
          expect(pairs(findings, "error")).toEqual([...c.errors].sort());
          expect(pairs(findings, "warning")).toEqual([...c.warnings].sort());
          if (c.messageIncludes) expect(findings.map((f) => f.message).join("\n")).toContain(c.messageIncludes);
          for (const f of findings) expect(f.message).not.toMatch(/must match a schema|schemaPath|#\//);
        });
        it(`${c.description} (the fast pre-check agrees)`, () => {
          const value = materialize(c);
          const clean = c.errors.length === 0 && c.warnings.length === 0;
          expect(getValidators(c.schema).spotless(value)).toBe(clean);
        });
        it(`${c.description} (--strict)`, () => {
          const strict = escalateWarnings(checkResource(c.schema, materialize(c)));
          expect(pairs(strict, "error")).toEqual([...c.errors, ...c.warnings].sort());
          expect(pairs(strict, "warning")).toEqual([]);
        });
      }
    });
  }
});
