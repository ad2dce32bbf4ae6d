// Every provider check of the engine's registry has its line in the "Provider checks" table of
// docs/rules.md, and every rule the engine and the verifier can emit (besides the checker's: those
// are test/check/rules-documented.test.ts) has its line in "Provider rules", each with the severities
// its sources give. The rules are read from the sources, so a new rule or check without a line fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECK_NAMES } from "../../src/engine/checks/index.js";

const doc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
const sectionOf = (heading: string): string => (doc.split(new RegExp(`^# ${heading}$`, "m"))[1] ?? "").split(/^# /m)[0]!;
/** name -> its severity column, e.g. `error or warning`. */
const table = (heading: string): Map<string, string> =>
  new Map([...sectionOf(heading).matchAll(/^\| `([a-z-]+)` +\| ([^|]+?) +\|/gm)].map((m) => [m[1]!, m[2]!]));
const checksDocumented = table("Provider checks");
const rulesDocumented = table("Provider rules");

const sources = ["../../src/verify/", "../../src/engine/"].flatMap((dir) => {
  const base = new URL(dir, import.meta.url);
  return readdirSync(base, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => ({ file: `${dir.slice(10)}${file}`, text: readFileSync(new URL(file, base), "utf8") }));
});

/** An argument that is a literal or a name: `"$"`, `` `$[${i}].id` ``, `difference.path`. */
const ARG = String.raw`(?:"[^"]*"|\x60[^\x60]*\x60|[\w.]+)`;
/** `finding("error", path, "rule", ...)`: verify's and the conformance check's helper. */
const FINDING_CALL = new RegExp(String.raw`\bfinding\(\s*"(error|warning)",\s*${ARG},\s*"([a-z-]+)"`, "g");
/** `found("check", context, "error", "rule", ...)`: the engine checks' helper (a severity may be a name set just above). */
const FOUND_CALL = new RegExp(String.raw`\bfound\(\s*"([a-z-]+)",\s*[\w{} ]+,\s*("error"|"warning"|severity),\s*"([a-z-]+)"`, "g");
/** Helpers of a fixed severity that take the rule first: `const pactFinding = (rule: string, ...) => ({ severity: "error", ...`. */
const RULE_HELPER = /const (\w+) = \(rule: string[^)]*\)[^=]*=> \(\{\s*severity: "(error|warning)"/g;

interface Emitted {
  rule: string;
  severity: string;
  check?: string;
}

const emitted: Emitted[] = [];
const unread: string[] = [];
for (const { file, text } of sources) {
  // A check module's own `finding(...)` calls are that check's (engine/checks/conformance.ts).
  const own = /engine\/checks\/([a-z-]+)\.ts$/.exec(file)?.[1];
  const check = own !== undefined && (CHECK_NAMES as readonly string[]).includes(own) ? own : undefined;
  const findings = [...text.matchAll(FINDING_CALL)].map((m) => ({
    rule: m[2]!,
    severity: m[1]!,
    ...(check === undefined ? {} : { check }),
  }));
  if (findings.length !== (text.match(/\bfinding\(/g) ?? []).length) unread.push(`${file}: finding(...)`);
  emitted.push(...findings);
  // `severity` as a name: `const severity = ... ? "warning" : "error"` in the same module.
  const named = [...(/const severity = [^;]*/.exec(text)?.[0] ?? "").matchAll(/"(error|warning)"/g)].map((m) => m[1]!);
  const founds = [...text.matchAll(FOUND_CALL)].flatMap((m) =>
    (m[2] === "severity" ? named : [m[2]!.slice(1, -1)]).map((severity) => ({ check: m[1]!, severity, rule: m[3]! })),
  );
  if (founds.length < (text.match(/\bfound\(\s*"/g) ?? []).length) unread.push(`${file}: found(...)`);
  emitted.push(...founds);
  for (const [, helper, severity] of text.matchAll(RULE_HELPER)) {
    const calls = [...text.matchAll(new RegExp(String.raw`\b${helper!}\(\s*"([a-z-]+)"`, "g"))];
    if (calls.length !== (text.match(new RegExp(String.raw`\b${helper!}\(`, "g")) ?? []).length) unread.push(`${file}: ${helper!}(...)`);
    emitted.push(...calls.map((m) => ({ rule: m[1]!, severity: severity! })));
  }
}
// `const warning = (cause, message) => [found("method", context, "warning", "method", ...)]` is read above;
// the conformance check also passes on the checker's own warnings (null-optional, ...): its severity is both.
emitted.push({ check: "conformance", severity: "warning", rule: "null-optional" });

const group = (key: "rule" | "check"): Map<string, Set<string>> => {
  const out = new Map<string, Set<string>>();
  for (const e of emitted) if (e[key] !== undefined) out.set(e[key]!, (out.get(e[key]!) ?? new Set()).add(e.severity));
  return out;
};
const ruleSeverities = group("rule");
const checkSeverities = group("check");
// The checker's own rules are documented in its section; the conformance check passes them on.
ruleSeverities.delete("null-optional");

describe("docs/rules.md: provider checks", () => {
  it("documents every check of the registry, and nothing else", () => {
    expect([...checksDocumented.keys()].sort()).toEqual([...CHECK_NAMES].sort());
  });
  it.each([...CHECK_NAMES])("%s: the documented severity is the one its module gives", (check) => {
    expect(checksDocumented.get(check)!.split(/ or /).sort()).toEqual([...(checkSeverities.get(check) ?? [])].sort());
  });
});

describe("docs/rules.md: provider rules", () => {
  it("finds the rules in the sources, every call read", () => {
    expect(unread).toEqual([]);
    expect([...ruleSeverities.keys()]).toEqual(
      expect.arrayContaining(["pact", "pact-error", "duplicate-id", "server-error", "content-encoding"]),
    );
  });

  it.each([...ruleSeverities.keys()].sort())("documents %s with its severity", (rule) => {
    const column = rulesDocumented.get(rule);
    expect(column, `docs/rules.md's "Provider rules" table lacks ${rule}`).toBeDefined();
    expect(column!.split(/ or /).sort(), `the severity of ${rule}`).toEqual([...ruleSeverities.get(rule)!].sort());
  });

  it("documents no rule the sources cannot emit", () => {
    expect([...rulesDocumented.keys()].filter((rule) => !ruleSeverities.has(rule))).toEqual([]);
  });
});
