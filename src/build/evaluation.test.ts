// buildEvaluation: each case as the real service makes it (domain notes; the generator's texts), the
// overrides merged over the record, a broken override refused with its path and rule, the times.
import { describe, expect, it } from "vitest";
import { checkResource } from "../check/check-resource.js";
import { ToolkitError } from "../errors.js";
import { EVALUATOR_KINDS } from "../generate/evaluator-kinds.js";
import { EVALUATION_TRACEBACKS } from "../generate/tracebacks.js";
import { getSchema } from "../schemas/catalog.js";
import type { Evaluation, Result } from "../types/schemas.js";
import { DEFAULT_APP_ID } from "./app-parts.js";
import { EVALUATION_CASE_IDS, type EvaluationCaseId } from "./cases.js";
import { buildEvaluation } from "./evaluation.js";
import { DEFAULT_NOW } from "./options.js";

const NOW = Date.parse(DEFAULT_NOW);
const NAIVE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/;
const msOf = (timestamp: string): number => Date.parse(`${timestamp}Z`);
const COSTS = ["average_cost", "total_cost", "average_latency"] as const;
const KEYS = EVALUATOR_KINDS.map((kind) => kind.key);
/** The statuses of a run with aggregates and costs. */
const FINISHED = ["EVALUATION_FINISHED", "EVALUATION_FINISHED_WITH_ERRORS"];

const status = (value: string, error: Result["error"] = null): Result => ({ type: "status", value, error });
const noCosts = (record: Evaluation): void => {
  for (const field of COSTS) expect(record[field], field).toBeNull();
  expect(record.aggregated_results).toEqual([]);
};
const failedStatus = (record: Evaluation, value: string, message: string): void => {
  expect(record.status).toEqual(status(value, { message, stacktrace: expect.any(String) as string }));
  expect(EVALUATION_TRACEBACKS).toContain(record.status.error!.stacktrace);
  noCosts(record);
};
const finishedCosts = (record: Evaluation): void => {
  expect(record.average_cost).toEqual({ type: "cost", value: expect.any(Number) as number, error: null });
  expect(record.total_cost).toEqual({ type: "cost", value: expect.any(Number) as number, error: null });
  expect(record.average_latency).toEqual({ type: "latency", value: expect.any(Number) as number, error: null });
  const [average, total, latency] = COSTS.map((field) => record[field]!.value as number);
  // Costs like 0.0000605 (7 decimals), a total over the test set's rows, latency in seconds with 4 decimals.
  expect(average).toBeGreaterThan(0);
  expect(average).toBeLessThan(0.01);
  expect(Math.round(average! * 1e7) / 1e7).toBe(average);
  expect(total).toBeGreaterThanOrEqual(average! * 5 - 1e-7);
  expect(Math.round(latency! * 1e4) / 1e4).toBe(latency);
};
const results = (record: Evaluation): Result[] => record.aggregated_results.map((a) => a.result);

/** How the real service makes each case (domain notes, "Values the seed leaves open"). */
const SHAPES: Record<EvaluationCaseId, (record: Evaluation) => void> = {
  "evaluation-status-initialized": (r) => {
    expect(r.status).toEqual(status("EVALUATION_INITIALIZED"));
    noCosts(r);
    expect(r.created_at).toBe(r.updated_at);
    expect(NOW - msOf(r.updated_at)).toBeLessThanOrEqual(60_000);
  },
  "evaluation-status-started": (r) => {
    expect(r.status).toEqual(status("EVALUATION_STARTED"));
    noCosts(r);
    // A running one is polled: written seconds before now.
    expect(NOW - msOf(r.updated_at)).toBeLessThanOrEqual(20_000);
    expect(NOW - msOf(r.created_at)).toBeLessThanOrEqual(600_000);
  },
  "evaluation-status-finished": (r) => {
    expect(r.status).toEqual(status("EVALUATION_FINISHED"));
    expect(r.aggregated_results.length).toBeGreaterThan(0);
    for (const result of results(r)) expect(result).toEqual({ type: "number", value: expect.any(Number) as number, error: null });
    finishedCosts(r);
  },
  "evaluation-status-finished-with-errors": (r) => {
    expect(r.status).toEqual(status("EVALUATION_FINISHED_WITH_ERRORS"));
    // One evaluator had failing rows: its aggregate is an error Result, or null for regex and AI critique.
    const failed = r.aggregated_results.filter((a) => a.result.type === "error" || a.result.value === null);
    expect(failed.length).toBeGreaterThan(0);
    finishedCosts(r);
  },
  "evaluation-status-failed": (r) => failedStatus(r, "EVALUATION_FAILED", "Evaluation Failed"),
  "evaluation-status-aggregation-failed": (r) => failedStatus(r, "EVALUATION_AGGREGATION_FAILED", "Evaluation Aggregation Failed"),
  "evaluation-status-error": (r) => failedStatus(r, "EVALUATION_FAILED", "Evaluation Failed"),
  "evaluation-error-result": (r) => {
    expect(r.status.value).toBe("EVALUATION_FINISHED_WITH_ERRORS");
    const error = results(r).find((result) => result.type === "error");
    expect(error).toEqual({
      type: "error",
      value: null,
      error: { message: "Failed", stacktrace: expect.stringMatching(/^Traceback \(most recent call last\):\n/) },
    });
    expect(error!.error!.stacktrace).toMatch(/TypeError: unsupported operand type\(s\) for \+: '(bool|int|float)' and 'NoneType'\n$/);
  },
  "evaluation-null-aggregate": (r) => {
    expect(FINISHED).toContain(r.status.value);
    expect(results(r)).toContainEqual({ type: "number", value: null, error: null });
  },
  "evaluation-deleted-evaluator-config": (r) => {
    expect(FINISHED).toContain(r.status.value);
    // The config was deleted after the run: its aggregate stays, under {}.
    expect(r.aggregated_results.at(-1)!.evaluator_config).toEqual({});
  },
  "evaluation-null-cost": (r) => {
    expect(r.status).toEqual(status("EVALUATION_STARTED"));
    noCosts(r);
  },
  "evaluation-cost-error": (r) => {
    expect(FINISHED).toContain(r.status.value);
    expect(r.average_cost).toEqual({
      type: "error",
      value: null,
      error: {
        message: "No valid values found for cost aggregation.",
        stacktrace: expect.stringMatching(/ValueError: No valid values found for cost aggregation.\n$/),
      },
    });
    expect(r.total_cost!.error!.message).toBe("No valid values found for cost sum aggregation.");
    expect(r.average_latency!.error!.message).toBe("No valid values found for latency aggregation.");
  },
  "evaluation-testset-deleted": (r) => expect([r.testset_id, r.testset_name]).toEqual(["", ""]),
  "evaluation-empty-username": (r) => expect(r.user_username).toBe(""),
  "evaluation-deleted-variant": (r) => {
    expect(r.variant_names).toEqual(r.variant_ids);
    expect(r.variant_ids[0]).toMatch(/^[0-9a-f]{24}$/);
  },
};

/** What every record of the real service has, whatever its case. */
function realistic(record: Evaluation): void {
  expect(Object.keys(record)).toEqual(Object.keys(getSchema("Evaluation").properties as object));
  for (const id of [record.id, record.app_id, record.user_id, ...record.variant_ids, ...record.variant_revision_ids])
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  // One variant per automatic evaluation; the four arrays parallel.
  expect([record.variant_ids, record.variant_names, record.variant_revision_ids, record.revisions].map((a) => a.length)).toEqual([
    1, 1, 1, 1,
  ]);
  expect(record.revisions[0]).toMatch(/^[1-9]\d*$/);
  expect(record.variant_names[0]).toMatch(record.variant_names[0] === record.variant_ids[0] ? /^[0-9a-f]{24}$/ : /^app\.[a-z0-9.-]+$/);
  expect(record.testset_id === "").toBe(record.testset_name === "");
  for (const result of [record.status, ...COSTS.map((f) => record[f]), ...results(record)])
    if (result) expect(Object.keys(result)).toEqual(["type", "value", "error"]);
  for (const { evaluator_config: config } of record.aggregated_results)
    if (Object.keys(config).length > 0) {
      expect(Object.keys(config)).toEqual(["id", "name", "evaluator_key", "settings_values", "created_at", "updated_at"]);
      expect(KEYS).toContain(config.evaluator_key);
    }
  expect(record.created_at).toMatch(NAIVE);
  expect(record.updated_at).toMatch(NAIVE);
  expect(msOf(record.created_at)).toBeLessThanOrEqual(msOf(record.updated_at));
  expect(msOf(record.updated_at)).toBeLessThanOrEqual(NOW);
  // The toolkit's whole checker: no error; warnings only for what the real service sends (null optionals, naive times).
  const findings = checkResource("Evaluation", record);
  expect(findings.filter((f) => f.severity === "error")).toEqual([]);
  expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(["naive-timestamp", "null-optional"]));
}

describe("buildEvaluation", () => {
  it("with no case: a finished evaluation in the default app, with aggregates and costs", () => {
    const record = buildEvaluation();
    realistic(record);
    SHAPES["evaluation-status-finished"](record);
    expect(record.app_id).toBe(DEFAULT_APP_ID);
  });

  it.each(EVALUATION_CASE_IDS)("%s: made as the real service makes it, over 20 seeds", (id) => {
    for (let seed = 1; seed <= 20; seed++) {
      const record = buildEvaluation({}, { case: id, seed });
      realistic(record);
      SHAPES[id](record);
      // Alone, a case that allows several statuses takes the plainest: finished, or running for null costs.
      if (id === "evaluation-null-aggregate" || id === "evaluation-deleted-evaluator-config" || id === "evaluation-cost-error")
        expect(record.status.value).toBe("EVALUATION_FINISHED");
    }
  });

  it("combines cases: each shape holds at once", () => {
    const combos: EvaluationCaseId[][] = [
      ["evaluation-error-result", "evaluation-null-aggregate", "evaluation-deleted-evaluator-config", "evaluation-cost-error"],
      ["evaluation-status-finished-with-errors", "evaluation-null-aggregate"],
      ["evaluation-status-aggregation-failed", "evaluation-status-error", "evaluation-null-cost", "evaluation-deleted-variant"],
      ["evaluation-status-initialized", "evaluation-null-cost", "evaluation-testset-deleted", "evaluation-empty-username"],
    ];
    for (const combo of combos)
      for (let seed = 1; seed <= 20; seed++) {
        const record = buildEvaluation({}, { case: combo, seed });
        realistic(record);
        for (const id of combo) if (id !== "evaluation-status-error" && id !== "evaluation-null-cost") SHAPES[id](record);
      }
  });
});

describe("buildEvaluation's overrides", () => {
  it("are merged over the record: plain objects key by key, arrays replaced, undefined ignored", () => {
    const base = buildEvaluation({}, { seed: 7 });
    const record = buildEvaluation(
      { status: { value: "EVALUATION_FINISHED_WITH_ERRORS" }, aggregated_results: [], user_username: undefined, testset_name: null },
      { seed: 7 },
    );
    expect(record.status).toEqual({ type: "status", value: "EVALUATION_FINISHED_WITH_ERRORS", error: null });
    expect(record.aggregated_results).toEqual([]);
    expect(record.user_username).toBe(base.user_username);
    expect(record.testset_name).toBeNull();
    expect({ ...record, status: base.status, aggregated_results: base.aggregated_results, testset_name: base.testset_name }).toEqual(base);
  });

  it("take app_id, ids and timestamps; the app's variants follow its id; the other timestamp keeps the duration", () => {
    const app = "65e48be31b48af5e4a2d9bf1";
    const mine = buildEvaluation({ app_id: app, id: "0123456789abcdef01234567" }, { seed: 3 });
    expect([mine.app_id, mine.id]).toEqual([app, "0123456789abcdef01234567"]);
    expect(mine.variant_ids).not.toEqual(buildEvaluation({}, { seed: 3 }).variant_ids);
    expect(buildEvaluation({ app_id: app }, { seed: 4 }).testset_id).toBe(mine.testset_id); // one app, one test set
    const base = buildEvaluation({}, { seed: 5 });
    const duration = msOf(base.updated_at) - msOf(base.created_at);
    const created = buildEvaluation({ created_at: "2025-01-02T03:04:05" }, { seed: 5 });
    expect(created.created_at).toBe("2025-01-02T03:04:05");
    expect(msOf(created.updated_at) - msOf(created.created_at)).toBe(duration);
    const updated = buildEvaluation({ updated_at: "2025-01-02 03:04:05.678000+00:00" }, { seed: 5 });
    expect(updated.updated_at).toBe("2025-01-02 03:04:05.678000+00:00");
    expect(updated.created_at).toMatch(/^2025-01-02 \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    const both = buildEvaluation({ created_at: "2025-01-01T00:00:00Z", updated_at: "2025-01-01T00:00:00Z" });
    expect([both.created_at, both.updated_at]).toEqual(["2025-01-01T00:00:00Z", "2025-01-01T00:00:00Z"]);
  });

  it("share nothing with the record: changing either later changes nothing in the other", () => {
    const overrides = { variant_ids: ["0123456789abcdef01234567"], status: { error: { message: "boom", stacktrace: null } } };
    const record = buildEvaluation(overrides, { case: "evaluation-status-failed" });
    record.variant_ids.push("x");
    record.status.error!.message = "changed";
    expect(overrides).toEqual({ variant_ids: ["0123456789abcdef01234567"], status: { error: { message: "boom", stacktrace: null } } });
  });

  it("refuse a __proto__ key (what JSON.parse makes): E_DATA_INVALID, never a prototype", () => {
    const overrides = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(() => buildEvaluation(overrides)).toThrow(
      expect.objectContaining({
        code: "E_DATA_INVALID",
        message: expect.stringMatching(/^buildEvaluation: \$\.__proto__: a __proto__ key/),
      }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("buildEvaluation's refusals", () => {
  const refusal = (build: () => unknown): ToolkitError => {
    try {
      build();
    } catch (error) {
      return error as ToolkitError;
    }
    throw new Error("no error thrown");
  };

  it.each([
    [{ variant_ids: "667d98fbd1812781f7e3761a" }, "$.variant_ids: type: must be array, got string"],
    [
      { created_at: "2024-02-30T10:00:00" },
      '$.created_at: timestamp: "2024-02-30T10:00:00" is not a real date-time (February 2024 has 29 days)',
    ],
    [{ status: { type: 1 } }, "$.status.type: type: must be string, got integer"],
    [{ user_id: null }, "$.user_id: type: must be string, got null"],
    [{ aggregated_results: [{ evaluator_config: "x" }] }, '$.aggregated_results[0].result: required: missing required property "result"'],
    [
      { aggregated_results: [{ evaluator_config: "x", result: { type: "number", value: 1 } }] },
      "$.aggregated_results[0].evaluator_config: any-of: must be EvaluatorConfig or object",
    ],
  ])("%j: E_DATA_INVALID naming the JSON path, the rule and what is wrong", (overrides, fault) => {
    const error = refusal(() => buildEvaluation(overrides as never));
    expect(error).toBeInstanceOf(ToolkitError);
    expect(error.code).toBe("E_DATA_INVALID");
    expect(error.message).toMatch(/^buildEvaluation: the Evaluation breaks the contract: \$/);
    expect(error.message).toContain(fault);
  });

  it("names every fault, not only the first", () => {
    const error = refusal(() => buildEvaluation({ user_id: 1, revisions: [3] } as never));
    expect(error.message).toBe(
      "buildEvaluation: the Evaluation breaks the contract: $.user_id: type: must be string, got integer; $.revisions[0]: type: must be string, got integer",
    );
  });

  it.each([
    [() => buildEvaluation([] as never), "buildEvaluation: overrides must be a plain object (a partial record), got an array"],
    [
      () => buildEvaluation({}, "evaluation-status-failed" as never),
      "buildEvaluation: options must be a plain object ({ case?, seed?, now?, allowUnknown? }), got a string",
    ],
    [() => buildEvaluation({}, { seed: -1 }), "buildEvaluation: options.seed must be a whole number from 0, got -1"],
    [() => buildEvaluation({}, { seed: 1.5 }), "options.seed must be a whole number from 0, got 1.5"],
    [() => buildEvaluation({}, { now: "yesterday" }), "options.now must be an instant from 1970-02-01 to 9999-01-01"],
  ])("bad arguments: E_USAGE (%#)", (build, message) => {
    const error = refusal(build);
    expect(error.code).toBe("E_USAGE");
    expect(error.message).toContain(message);
  });
});

describe("buildEvaluation's time", () => {
  it("comes from options.now (ISO with or without offset, epoch ms or a Date), never the clock", () => {
    const at = "2026-11-25T12:00:00Z";
    const records = [at, "2026-11-25T12:00:00", "2026-11-25T13:00:00+01:00", Date.parse(at), new Date(at)].map((now) =>
      buildEvaluation({}, { case: "evaluation-status-started", seed: 9, now }),
    );
    for (const record of records) expect(record).toEqual(records[0]);
    expect(Date.parse(at) - msOf(records[0]!.updated_at)).toBeLessThanOrEqual(20_000);
    expect(records[0]!.updated_at.startsWith("2026-11-25T11:59:")).toBe(true);
  });
});
