// Every rule the checker can emit is documented in docs/rules.md, in its checker part (the
// verifier's own rules follow under "# Verifier rules": test/verify/rules-documented.test.ts).
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const doc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8").split(/^# Verifier rules$/m)[0]!;
const documented = new Set([...doc.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]!));
const sources = [
  "../../src/check/describe-errors.ts",
  "../../src/check/warning-keywords.ts",
  "../../src/check/check-response.ts",
  "../../src/check/validate-ndjson.ts",
  "../../src/check/validate-record-stream.ts",
];
const emitted = new Set(
  sources.flatMap((file) =>
    [
      ...readFileSync(new URL(file, import.meta.url), "utf8").matchAll(
        /rule: "([a-z-]+)"|"(?:error|warning)", "\$", "([a-z-]+)"|warn\([^,]+, "([a-z-]+)"|lineError\(\w+, "([a-z-]+)"/g,
      ),
    ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]!),
  ),
);
const casesDir = new URL("./cases/", import.meta.url);
const fromCases = readdirSync(casesDir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) =>
    (JSON.parse(readFileSync(new URL(f, casesDir), "utf8")) as { errors: string[][]; warnings: string[][] }[]).flatMap((c) =>
      [...c.errors, ...c.warnings].map((p) => p[0]!),
    ),
  );

describe("docs/rules.md", () => {
  it("finds the rules in the sources", () => expect(emitted.size).toBeGreaterThan(10));
  it.each([...new Set([...emitted, ...fromCases])].filter((r) => r !== "expected-required"))("documents %s", (rule) => {
    expect(documented.has(rule), `docs/rules.md lacks ${rule}`).toBe(true);
  });
});
