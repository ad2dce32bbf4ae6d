// Every rule the verifier can emit besides the checker's (those are test/check/rules-documented.test.ts)
// is documented in the "Verifier rules" table of docs/rules.md, with the severities it is emitted
// with. The rules are read from the sources, so a new rule without a line in the table fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const doc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
// Up to the next top-level section (the fuzz checks follow it).
const verifierSection = (doc.split(/^# Verifier rules$/m)[1] ?? "").split(/^# /m)[0]!;
/** rule -> its severity column, e.g. `error or warning`. */
const documented = new Map([...verifierSection.matchAll(/^\| `([a-z-]+)` +\| ([^|]+?) +\|/gm)].map((m) => [m[1]!, m[2]!]));

const verifyDir = new URL("../../src/verify/", import.meta.url);
const sources = readdirSync(verifyDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file, text: readFileSync(new URL(file, verifyDir), "utf8") }));

/** An argument that is a literal or a name: `"$"`, `` `$[${i}].id` ``, `difference.path`. */
const ARG = String.raw`(?:"[^"]*"|\x60[^\x60]*\x60|[\w.]+)`;
/** `finding("error", path, "rule", ...)`, the helper every check builds its findings with. */
const FINDING_CALL = new RegExp(String.raw`\bfinding\(\s*"(error|warning)",\s*${ARG},\s*"([a-z-]+)"`, "g");
/** Helpers of a fixed severity that take the rule first: `const pactFinding = (rule: string, ...) => ({ severity: "error", ...`. */
const RULE_HELPER = /const (\w+) = \(rule: string[^)]*\)[^=]*=> \(\{ severity: "(error|warning)"/g;

interface Emitted {
  rule: string;
  severity: string;
  file: string;
}

const emitted: Emitted[] = [];
const unread: string[] = [];
for (const { file, text } of sources) {
  const found = [...text.matchAll(FINDING_CALL)].map((m) => ({ rule: m[2]!, severity: m[1]!, file }));
  // A call whose severity or rule is not a literal cannot be read: it fails the test rather than go unchecked.
  if (found.length !== (text.match(/\bfinding\(/g) ?? []).length) unread.push(`${file}: finding(...)`);
  emitted.push(...found);
  for (const [, helper, severity] of text.matchAll(RULE_HELPER)) {
    const calls = [...text.matchAll(new RegExp(String.raw`\b${helper!}\(\s*"([a-z-]+)"`, "g"))];
    if (calls.length !== (text.match(new RegExp(String.raw`\b${helper!}\(`, "g")) ?? []).length) unread.push(`${file}: ${helper!}(...)`);
    emitted.push(...calls.map((m) => ({ rule: m[1]!, severity: severity!, file })));
  }
}

const severities = new Map<string, Set<string>>();
for (const { rule, severity } of emitted) severities.set(rule, (severities.get(rule) ?? new Set()).add(severity));

describe("docs/rules.md: verifier rules", () => {
  it("finds the rules in the sources, every finding call read", () => {
    expect(unread).toEqual([]);
    expect([...severities.keys()]).toEqual(
      expect.arrayContaining(["pact", "pact-error", "duplicate-id", "app-id-filter", "unknown-app-id"]),
    );
    expect(severities.size).toBeGreaterThanOrEqual(12);
  });

  it.each([...severities.keys()].sort())("documents %s with its severity", (rule) => {
    const column = documented.get(rule);
    expect(column, `docs/rules.md's "Verifier rules" table lacks ${rule}`).toBeDefined();
    const want = [...severities.get(rule)!].sort();
    expect(column!.split(/ or /).sort(), `the severity of ${rule}`).toEqual(want);
  });

  it("documents no rule the verifier cannot emit", () => {
    expect([...documented.keys()].filter((rule) => !severities.has(rule))).toEqual([]);
  });
});
