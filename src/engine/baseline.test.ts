import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_IDS } from "../contract/operations.js";
import { isToolkitError } from "../errors.js";
import { applyBaseline, BASELINE_SCHEMA_ID, baselineFromFindings, isCalendarDate, type Baseline, type BaselineEntry } from "./baseline.js";
import { baselineText, readBaseline, readBaselineIfExists, writeBaseline } from "./baseline-file.js";
import type { ProviderFinding } from "./finding.js";

const finding = (over: Partial<ProviderFinding> = {}): ProviderFinding => ({
  severity: "error",
  check: "server-error",
  operation: "getHumanEvaluation",
  path: "$",
  rule: "server-error",
  message: "answered 500",
  cause: "500 ValueError: invalid ObjectId",
  request: "GET /human-evaluations/667e1b0ad1812781f7e37701",
  ...over,
});
const entry = (over: Partial<BaselineEntry> = {}): BaselineEntry => ({
  check: "server-error",
  operation: "getHumanEvaluation",
  cause: "500 ValueError: invalid ObjectId",
  ...over,
});
const baseline = (...entries: BaselineEntry[]): Baseline => ({ entries });
const TODAY = "2027-03-01";

describe("applyBaseline: matching by key (check, operation, cause)", () => {
  it.each<[string, ProviderFinding[], BaselineEntry[], boolean[]]>([
    ["the same key", [finding()], [entry()], [true]],
    ["another check", [finding({ check: "status" })], [entry()], [false]],
    ["another operation", [finding({ operation: "listEvaluations" })], [entry()], [false]],
    ["another cause", [finding({ cause: "500 KeyError" })], [entry()], [false]],
    ["a run-wide finding (no operation) is keyed under *", [finding({ operation: undefined })], [entry({ operation: "*" })], [true]],
    ["* matches only run-wide findings", [finding()], [entry({ operation: "*" })], [false]],
    [
      "other requests, ids and seeds: the same key",
      [
        finding({ request: "GET /human-evaluations/1d6c4519e5dd26101aabfc33" }),
        finding({ request: "GET /human-evaluations/%20", message: "answered 500 after 3 ms" }),
      ],
      [entry()],
      [true, true],
    ],
    [
      "without a cause: the rule and the path with its indices blanked",
      [
        finding({ check: "conformance", operation: "listEvaluations", cause: undefined, rule: "type", path: "$[3].status.value" }),
        finding({ check: "conformance", operation: "listEvaluations", cause: undefined, rule: "type", path: "$[17].status.value" }),
        finding({
          check: "conformance",
          operation: "listEvaluations",
          cause: undefined,
          rule: "type",
          path: "$[0].results[2].status.value",
        }),
        finding({ check: "conformance", operation: "listEvaluations", cause: undefined, rule: "required", path: "$[3].status.value" }),
      ],
      [entry({ check: "conformance", operation: "listEvaluations", cause: "type $[*].status.value" })],
      [true, true, false, false],
    ],
    ["a warning is marked too", [finding({ severity: "warning" })], [entry()], [true]],
  ])("%s", (_name, findings, entries, want) => {
    const outcome = applyBaseline(findings, baseline(...entries), TODAY);
    expect(outcome.findings.map((f) => f.known === true)).toEqual(want);
    expect(outcome.counts.known).toBe(want.filter(Boolean).length);
  });

  it("returns new findings, leaves the input as it was, and drops a `known` no entry gives", () => {
    const input = [finding(), finding({ check: "status", known: true })];
    const outcome = applyBaseline(input, baseline(entry()), TODAY);
    expect(outcome.findings[0]).toEqual({ ...input[0], known: true });
    expect(outcome.findings[1]).not.toHaveProperty("known");
    expect(input[0]).not.toHaveProperty("known");
  });

  it("wants today as a real YYYY-MM-DD (an input, never the clock)", () => {
    expect(() => applyBaseline([], baseline(), "2027-3-1")).toThrow(/YYYY-MM-DD/);
    expect(() => applyBaseline([], baseline(), "2027-02-29")).toThrow(/YYYY-MM-DD/);
  });
});

describe("applyBaseline: expiry and stale entries", () => {
  it.each<[string, string | undefined, string, { known: boolean; expired: number }]>([
    ["no expires date", undefined, "2099-12-31", { known: true, expired: 0 }],
    ["the day before", "2027-03-01", "2027-02-28", { known: true, expired: 0 }],
    ["on the day: still holds", "2027-03-01", "2027-03-01", { known: true, expired: 0 }],
    ["the day after: fails again", "2027-03-01", "2027-03-02", { known: false, expired: 1 }],
    ["a year later", "2027-03-01", "2028-01-01", { known: false, expired: 1 }],
  ])("%s", (_name, expires, today, want) => {
    const listed = entry(expires === undefined ? {} : { expires });
    const outcome = applyBaseline([finding()], baseline(listed), today);
    expect(outcome.findings[0]!.known === true).toBe(want.known);
    expect(outcome.expired).toEqual(want.expired === 1 ? [listed] : []);
    expect(outcome.counts).toEqual({ known: want.known ? 1 : 0, stale: 0, expired: want.expired });
  });

  it("an entry that matches no finding is stale (expired or not), in the file's order; each entry is one of known, expired, stale", () => {
    const kept = entry();
    const gone = entry({ check: "status", cause: "404" });
    const goneAndExpired = entry({ check: "leak", cause: "traceback", expires: "2020-01-01" });
    const expired = entry({ check: "content-type", cause: "text/html", expires: "2027-02-28" });
    const outcome = applyBaseline(
      [finding(), finding(), finding({ check: "content-type", cause: "text/html" })],
      baseline(gone, kept, goneAndExpired, expired),
      TODAY,
    );
    expect(outcome.stale).toEqual([gone, goneAndExpired]);
    expect(outcome.expired).toEqual([expired]);
    expect(outcome.counts).toEqual({ known: 2, stale: 2, expired: 1 });
    expect(outcome.findings.map((f) => f.known === true)).toEqual([true, true, false]);
  });

  it("an empty run makes every entry stale", () => {
    expect(applyBaseline([], baseline(entry()), TODAY).counts).toEqual({ known: 0, stale: 1, expired: 0 });
  });
});

describe("baselineFromFindings (--update-baseline)", () => {
  const runFindings = [
    finding({ check: "status", cause: "404 not documented" }),
    finding(),
    finding({ request: "GET /human-evaluations/%20" }),
    finding({
      check: "conformance",
      operation: "listEvaluations",
      cause: undefined,
      rule: "naive-timestamp",
      path: "$[0].created_at",
      severity: "warning",
    }),
    finding({ check: "pact", operation: undefined, cause: "pact run failed", known: true }),
  ];

  it("one entry per distinct key of the errors, known ones included, sorted by check, operation and cause", () => {
    expect(baselineFromFindings(runFindings)).toEqual({
      $schema: BASELINE_SCHEMA_ID,
      entries: [
        { check: "pact", operation: "*", cause: "pact run failed" },
        { check: "server-error", operation: "getHumanEvaluation", cause: "500 ValueError: invalid ObjectId" },
        { check: "status", operation: "getHumanEvaluation", cause: "404 not documented" },
      ],
    });
  });

  it("with strict, warnings too (they fail a strict run)", () => {
    expect(baselineFromFindings(runFindings, undefined, { strict: true }).entries.map((e) => e.check)).toEqual([
      "conformance",
      "pact",
      "server-error",
      "status",
    ]);
  });

  it("keeps expires and reason of entries still found, drops uncurated ones no longer found, keeps $schema", () => {
    const previous: Baseline = {
      $schema: "../node_modules/evals-contract/schemas/baseline.json",
      entries: [
        entry({ expires: "2027-03-01", reason: "legacy ids, TICKET-12" }),
        entry({ check: "leak", cause: "traceback" }),
        { check: "pact", operation: "*", cause: "pact run failed", expires: "2020-01-01" },
      ],
    };
    expect(baselineFromFindings(runFindings, previous, { today: TODAY })).toEqual({
      $schema: "../node_modules/evals-contract/schemas/baseline.json",
      entries: [
        { check: "pact", operation: "*", cause: "pact run failed", expires: "2020-01-01" },
        { ...entry(), expires: "2027-03-01", reason: "legacy ids, TICKET-12" },
        { check: "status", operation: "getHumanEvaluation", cause: "404 not documented" },
      ],
    });
  });

  // Issue 39: an entry a person wrote a reason or a date on was dropped as soon as one run missed it.
  it("keeps a curated entry no longer found, marked stale_since today; the first date stays; found again, unmarked", () => {
    const previous: Baseline = {
      entries: [
        entry({ check: "leak", cause: "traceback", reason: "TICKET-9" }),
        entry({ check: "leak", cause: "stack", expires: "2027-01-01", stale_since: "2026-01-02" }),
        entry({ reason: "legacy ids", stale_since: "2026-01-02" }),
        entry({ check: "leak", cause: "uncurated" }),
      ],
    };
    const next = baselineFromFindings(runFindings, previous, { today: TODAY });
    expect(next.entries.filter((e) => e.check === "leak")).toEqual([
      entry({ check: "leak", cause: "stack", expires: "2027-01-01", stale_since: "2026-01-02" }),
      entry({ check: "leak", cause: "traceback", reason: "TICKET-9", stale_since: TODAY }),
    ]);
    expect(next.entries).toContainEqual(entry({ reason: "legacy ids" }));
    // Applied, a stale-marked entry is still stale (it matches nothing) and marks what it matches.
    expect(applyBaseline(runFindings, next, TODAY).stale.map((e) => e.cause)).toEqual(["stack", "traceback"]);
  });

  it("prune removes the stale entries, curated or not; alone it adds nothing and keeps the others as they are", () => {
    const previous: Baseline = {
      entries: [
        entry({ check: "leak", cause: "traceback", reason: "TICKET-9", stale_since: "2026-01-02" }),
        entry({ check: "leak", cause: "stack", expires: "2027-01-01" }),
        entry({ reason: "legacy ids" }),
      ],
    };
    expect(baselineFromFindings(runFindings, previous, { today: TODAY, update: false, prune: true }).entries).toEqual([
      entry({ reason: "legacy ids" }),
    ]);
    const both = baselineFromFindings(runFindings, previous, { today: TODAY, prune: true });
    expect(both.entries.map((e) => e.check)).toEqual(["pact", "server-error", "status"]);
    expect(both.entries.some((e) => e.stale_since !== undefined)).toBe(false);
  });

  it("keeps as they are the entries of a check the run did not run (Pact under --no-pact), pruned or not", () => {
    const previous: Baseline = { entries: [{ check: "pact", operation: "*", cause: "pact: body mismatch" }] };
    const judged = (key: { check: string }): boolean => key.check !== "pact";
    for (const prune of [false, true])
      expect(baselineFromFindings([], previous, { today: TODAY, judged, prune }).entries).toEqual(previous.entries);
    expect(baselineFromFindings([], previous, { today: TODAY }).entries).toEqual([]);
  });

  it("needs the day to mark a curated entry stale", () => {
    expect(() => baselineFromFindings([], { entries: [entry({ reason: "x" })] })).toThrow(/today must be a YYYY-MM-DD date/);
  });

  it("is the same for the same findings in another order (stable files, small diffs)", () => {
    expect(baselineFromFindings([...runFindings].reverse())).toEqual(baselineFromFindings(runFindings));
  });

  it("marks, applied, every failing finding of the run it came from", () => {
    const outcome = applyBaseline(runFindings, baselineFromFindings(runFindings), TODAY);
    expect(outcome.findings.filter((f) => f.severity === "error").every((f) => f.known === true)).toBe(true);
    expect(outcome.counts.stale).toBe(0);
  });
});

describe("isCalendarDate", () => {
  it.each([
    ["2027-03-01", true],
    ["2028-02-29", true],
    ["2000-02-29", true],
    ["2027-02-29", false],
    ["1900-02-29", false],
    ["2026-04-31", false],
    ["2026-12-31", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-01", false],
    ["2026-01-01T00:00:00Z", false],
    ["", false],
  ])("%s: %s", (text, want) => {
    expect(isCalendarDate(text)).toBe(want);
  });
});

describe("the baseline file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "evals-contract-baseline-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, content: string | Buffer): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const json = (value: unknown): string => JSON.stringify(value);
  const oneEntry = (over: Record<string, unknown>): string => json({ entries: [{ ...entry(), ...over }] });

  /** The one-line message readBaseline fails with, after `baseline <path>: `. */
  async function fault(path: string): Promise<string> {
    try {
      await readBaseline(path);
    } catch (error) {
      expect(isToolkitError(error) && error.code).toBe("E_BASELINE_INVALID");
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message.startsWith(`baseline ${path}: `)).toBe(true);
      return message.slice(`baseline ${path}: `.length);
    }
    throw new Error(`${path} was accepted`);
  }

  it.each<[string, string | Buffer, string | RegExp]>([
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0x7d]), "the file is not valid UTF-8: malformed byte 0xff at byte offset 1"],
    ["not JSON", "{ entries: [] }", /^the file is not valid JSON: /],
    ["empty", "", /^the file is not valid JSON: /],
    ["nested too deep", `${"[".repeat(2000)}${"]".repeat(2000)}`, /nests arrays or objects more than/],
    ["an array", "[]", "$: must be an object, got []"],
    ["no entries", "{}", '$: missing field "entries"'],
    ["entries not an array", json({ entries: {} }), "$.entries: must be an array, got {}"],
    ["an unknown top-level field", json({ entries: [], version: 1 }), '$: unknown field "version" (allowed: $schema, entries)'],
    ["an entry not an object", json({ entries: ["x"] }), '$.entries[0]: must be an object, got "x"'],
    [
      "an unknown entry field",
      oneEntry({ expiry: "2027-03-01" }),
      '$.entries[0]: unknown field "expiry" (allowed: check, operation, cause, expires, reason, stale_since)',
    ],
    ["no cause", json({ entries: [entry(), { check: "status", operation: "listEvaluations" }] }), '$.entries[1]: missing field "cause"'],
    ["an empty check", oneEntry({ check: "" }), "$.entries[0].check: must not be empty"],
    ["a check not a string", oneEntry({ check: 5 }), "$.entries[0].check: must be a string, got 5"],
    [
      "an unknown operation",
      oneEntry({ operation: "getEvaluation" }),
      '$.entries[0].operation: "getEvaluation" is not an operation (one of: listEvaluations, listHumanEvaluations, getHumanEvaluation, *)',
    ],
    ["expires not YYYY-MM-DD", oneEntry({ expires: "2027-3-1" }), '$.entries[0].expires: "2027-3-1" is not a real date (YYYY-MM-DD)'],
    ["expires not a real day", oneEntry({ expires: "2027-02-29" }), '$.entries[0].expires: "2027-02-29" is not a real date (YYYY-MM-DD)'],
    ["expires with a time", oneEntry({ expires: "2027-03-01T00:00:00Z" }), /^\$\.entries\[0\]\.expires: .* is not a real date/],
    ["a reason not a string", oneEntry({ reason: ["x"] }), '$.entries[0].reason: must be a string, got ["x"]'],
    [
      "a key twice",
      json({ entries: [entry(), entry({ check: "status" }), entry({ reason: "again" })] }),
      "$.entries[2]: the same check, operation and cause as $.entries[0] (list each key once)",
    ],
    [
      "a control character in a value is escaped",
      oneEntry({ operation: "x\u001b[2J" }),
      /^\$\.entries\[0\]\.operation: "x\\u001b\[2J" is not an operation/,
    ],
  ])("%s is E_BASELINE_INVALID naming the file and the fault", async (name, content, want) => {
    const message = await fault(file(`${name.replace(/\W+/g, "-")}.json`, content));
    // eslint-disable-next-line no-control-regex -- what must not reach a terminal
    expect(message).not.toMatch(/[\u0000-\u001f]/);
    if (typeof want === "string") expect(message).toBe(want);
    else expect(message).toMatch(want);
  });

  it("a missing file is E_BASELINE_INVALID saying --update-baseline writes it; readBaselineIfExists gives undefined", async () => {
    const path = join(dir, "missing.json");
    expect(await fault(path)).toBe("no such file (--update-baseline writes it)");
    expect(await readBaselineIfExists(path)).toBeUndefined();
  });

  it("a directory is E_BASELINE_INVALID", async () => {
    const path = join(dir, "a-folder");
    mkdirSync(path);
    expect(await fault(path)).toBe("is a directory, not a regular file (only a regular file is read)");
  });

  it("a path that cannot be opened (through a file) is E_BASELINE_INVALID", async () => {
    const path = join(file("plain.txt", "x"), "baseline.json");
    expect(await fault(path)).toMatch(/^cannot be read: ENOTDIR/);
  });

  it.skipIf(process.getuid?.() === 0)("an unreadable file is E_BASELINE_INVALID", async () => {
    const path = file("locked.json", json({ entries: [] }));
    chmodSync(path, 0o000);
    expect(await fault(path)).toMatch(/^cannot be read: EACCES/);
  });

  it("reads a valid file: optional $schema, expires and reason", async () => {
    const content: Baseline = {
      $schema: BASELINE_SCHEMA_ID,
      entries: [entry({ expires: "2028-02-29", reason: "legacy ids, TICKET-12" }), entry({ operation: "*" })],
    };
    expect(await readBaseline(file("ok.json", json(content)))).toEqual(content);
    expect(await readBaseline(file("empty-list.json", json({ entries: [] })))).toEqual({ entries: [] });
  });

  it("writes two-space JSON with a trailing newline, atomically, creating folders; reads back the same", async () => {
    const path = join(dir, ".evals-contract", "baseline.json");
    const written = baselineFromFindings([finding(), finding({ check: "status", cause: "404" })], {
      entries: [entry({ reason: "legacy ids", expires: "2027-03-01" })],
    });
    await writeBaseline(path, written);
    const text = readFileSync(path, "utf8");
    expect(text).toBe(baselineText(written));
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n  "entries": [\n    {\n      "check": "server-error",\n      "operation": "getHumanEvaluation",');
    expect(text.indexOf('"expires"')).toBeLessThan(text.indexOf('"reason"'));
    expect(await readBaseline(path)).toEqual(written);
    await writeBaseline(path, { entries: [] });
    expect(readFileSync(path, "utf8")).toBe('{\n  "entries": []\n}\n');
    expect(readdirSync(join(dir, ".evals-contract"))).toEqual(["baseline.json"]);
  });
});

describe("schemas/baseline.json", () => {
  const schema = JSON.parse(readFileSync(new URL("../../schemas/baseline.json", import.meta.url), "utf8")) as {
    $id: string;
    properties: { entries: { items: { properties: Record<string, { enum?: string[] }> } } };
  };
  const fields: Array<keyof BaselineEntry> = ["check", "operation", "cause", "expires", "reason", "stale_since"];

  it("has the $id new files name, an entry's fields in order, the service's operations and *", () => {
    expect(schema.$id).toBe(BASELINE_SCHEMA_ID);
    const properties = schema.properties.entries.items.properties;
    expect(Object.keys(properties)).toEqual(fields);
    expect(properties.operation!.enum).toEqual([...OPERATION_IDS, "*"]);
  });
});
