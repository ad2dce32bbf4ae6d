// The live mode: the pure story (src/generate/live.ts) over the elapsed time, and the mock server
// driven by an injected clock (no sleeps, no wall clock).
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { generateDataset, liveDataset, liveStory } from "../../src/generate/index.js";
import { newestTimestampMs, reanchorDataset } from "../../src/generate/reanchor.js";
import { datasetErrors, startMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import type { Evaluation, HumanEvaluation } from "../../src/types/schemas.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { get } from "./http.js";

const DURATION = 30_000;
const base = generateDataset({ seed: 42 });

const ORDER = ["EVALUATION_INITIALIZED", "EVALUATION_STARTED", "FINAL"];
const FINAL = ["EVALUATION_FINISHED", "EVALUATION_FINISHED_WITH_ERRORS", "EVALUATION_FAILED"];
const rank = (status: string): number => ORDER.indexOf(FINAL.includes(status) ? "FINAL" : status);
const statusOf = (e: Evaluation): string => e.status.value as string;
const moving = (status: string): boolean => status === "EVALUATION_INITIALIZED" || status === "EVALUATION_STARTED";

/** The dataset every `step` ms from the start to past the end. */
function timeline(data: Dataset, step: number, seed = 42): Dataset[] {
  const story = liveStory(data, { seed, durationMs: DURATION });
  const out: Dataset[] = [];
  for (let t = 0; t <= DURATION + step; t += step) out.push(story.at(t));
  return out;
}

describe("liveDataset (pure)", () => {
  it("has queued and running records to move in the default dataset", () => {
    const story = liveStory(base, { durationMs: DURATION });
    expect(story.moving.evaluations).toBeGreaterThanOrEqual(5);
    expect(story.moving.human_evaluations).toBeGreaterThanOrEqual(5);
  });

  it("is deterministic in the seed and the elapsed time, whenever it started", () => {
    for (const elapsed of [0, 4_321, 15_000, 29_999, 60_000]) {
      const a = liveDataset(base, 0, elapsed, { seed: 42, durationMs: DURATION });
      const b = liveDataset(generateDataset({ seed: 42 }), 1_720_000_000_000, 1_720_000_000_000 + elapsed, {
        seed: 42,
        durationMs: DURATION,
      });
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    }
    const other = liveDataset(base, 0, DURATION, { seed: 7, durationMs: DURATION });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(liveDataset(base, 0, DURATION, { seed: 42, durationMs: DURATION })));
  });

  it("starts as the base and ends with every record in a final status", () => {
    expect(liveDataset(base, 0, 0, { durationMs: DURATION })).toEqual(base);
    const end = liveDataset(base, 0, DURATION, { durationMs: DURATION });
    expect(end.evaluations.filter((e) => moving(statusOf(e)))).toEqual([]);
    expect(end.human_evaluations.filter((e) => moving(e.status))).toEqual([]);
    // Only the moving records changed.
    base.evaluations.forEach((e, i) => {
      if (!moving(statusOf(e))) expect(end.evaluations[i]).toBe(e);
    });
  });

  it("every intermediate dataset passes the checker", () => {
    for (const seed of [1, 42, 99]) for (const data of timeline(base, 250, seed)) expect(datasetErrors(data)).toEqual([]);
  });

  it("moves each evaluation forward through the real sequence, filling results, costs and updated_at as the service does", () => {
    const frames = timeline(base, 50);
    const ends = new Set<string>();
    base.evaluations.forEach((first, i) => {
      if (!moving(statusOf(first))) return;
      const seen = frames.map((f) => f.evaluations[i]!);
      for (let k = 1; k < seen.length; k++) {
        const [before, now] = [seen[k - 1]!, seen[k]!];
        expect(rank(statusOf(now))).toBeGreaterThanOrEqual(rank(statusOf(before)));
        expect(now.updated_at >= before.updated_at).toBe(true);
        expect(now.created_at).toBe(first.created_at);
        expect(now.id).toBe(first.id);
        if (now !== before) expect(now.updated_at > before.updated_at).toBe(true);
        // Results come before costs, and both before the final status.
        if (now.average_cost) expect(now.aggregated_results.length).toBeGreaterThan(0);
      }
      const last = seen[seen.length - 1]!;
      ends.add(statusOf(last));
      const keys = Object.keys(first);
      expect(Object.keys(last)).toEqual(keys);
      if (statusOf(last) === "EVALUATION_FAILED") {
        expect(last.status.error).toMatchObject({ message: "Evaluation Failed" });
        expect(last.aggregated_results).toEqual([]);
        expect(last.average_cost).toBeNull();
      } else {
        expect(last.status.error).toBeNull();
        expect(last.aggregated_results.length).toBeGreaterThan(0);
        for (const field of ["average_cost", "total_cost", "average_latency"] as const) expect(last[field]).toHaveProperty("type");
        for (const a of last.aggregated_results) expect(Object.keys(a.result)).toEqual(["type", "value", "error"]);
      }
      // A poll between the last writes sees a running evaluation with results.
      if (statusOf(last) !== "EVALUATION_FAILED")
        expect(seen.some((e) => statusOf(e) === "EVALUATION_STARTED" && e.aggregated_results.length > 0)).toBe(true);
    });
    expect(ends.size).toBeGreaterThanOrEqual(2);
  });

  it("moves human evaluations from INITIALIZED through STARTED to FINISHED", () => {
    const frames = timeline(base, 100);
    base.human_evaluations.forEach((first, i) => {
      if (!moving(first.status)) return;
      const seen = frames.map((f) => f.human_evaluations[i]! as HumanEvaluation);
      const statuses = [...new Set(seen.map((e) => e.status))];
      expect(statuses).toEqual(
        first.status === "EVALUATION_INITIALIZED"
          ? ["EVALUATION_INITIALIZED", "EVALUATION_STARTED", "EVALUATION_FINISHED"]
          : ["EVALUATION_STARTED", "EVALUATION_FINISHED"],
      );
      expect(seen[seen.length - 1]!.updated_at > first.updated_at).toBe(true);
    });
  });

  it("gives an app without evaluator configs in the data a config of a real evaluator", () => {
    const queued = { ...base.evaluations.find((e) => statusOf(e) === "EVALUATION_INITIALIZED")!, app_id: "666dde95962bbaffdb00ffff" };
    for (let seed = 0; seed < 20; seed++) {
      const end = liveDataset({ evaluations: [queued], human_evaluations: [] }, 0, DURATION, { seed, durationMs: DURATION });
      expect(datasetErrors(end)).toEqual([]);
    }
  });
});

describe("mock --live", () => {
  it("serves the story at the injected clock's time; the list and the record by id agree", async () => {
    let now = 1_000;
    const mock = await startMockServer({ data: base, port: 0, live: { durationMs: DURATION, clock: () => now } });
    try {
      expect(mock.live).toMatch(/^\d+ evaluations and \d+ human evaluations move to their final status over 30s$/);
      const human = base.human_evaluations.find((e) => e.status === "EVALUATION_INITIALIZED")!;
      const evaluation = base.evaluations.find((e) => statusOf(e) === "EVALUATION_INITIALIZED")!;
      for (const elapsed of [0, 5_000, 12_000, 20_000, DURATION]) {
        now = 1_000 + elapsed;
        // The data is moved to the live story's start (the clock's first reading), then told.
        const want = liveDataset(reanchorDataset(base, 1_000), 1_000, now, { durationMs: DURATION });
        const evaluations = await get(`${mock.url}/evaluations?app_id=${evaluation.app_id}`);
        expect(checkResponse("listEvaluations", evaluations).filter((f) => f.severity === "error")).toEqual([]);
        expect(JSON.parse(evaluations.text)).toEqual(want.evaluations.filter((e) => e.app_id === evaluation.app_id));
        const list = await get(`${mock.url}/human-evaluations/?app_id=${human.app_id}`);
        const byId = await get(`${mock.url}/human-evaluations/${human.id}`);
        const listed = (JSON.parse(list.text) as HumanEvaluation[]).find((e) => e.id === human.id);
        expect(JSON.parse(byId.text)).toEqual(listed);
        expect(listed).toEqual(want.human_evaluations.find((e) => e.id === human.id));
      }
      expect((JSON.parse((await get(`${mock.url}/human-evaluations/${human.id}`)).text) as HumanEvaluation).status).toBe(
        "EVALUATION_FINISHED",
      );
      // The console says the data moves on its own (and a mock without --live says it is off).
      const state = JSON.parse((await get(`${mock.url}/_mock/api/state`)).text) as { dataset: { live?: string } };
      expect(state.dataset.live).toBe(mock.live);
    } finally {
      await mock.close();
    }
  });

  it("leaves live out of the console's state when it is off", async () => {
    const mock = await startMockServer({ data: base, port: 0 });
    try {
      const state = JSON.parse((await get(`${mock.url}/_mock/api/state`)).text) as { dataset: Record<string, unknown> };
      expect("live" in state.dataset).toBe(false);
    } finally {
      await mock.close();
    }
  });

  it("--live-duration needs --live and a duration", async () => {
    const without = await runCliCaptured(["mock", "--live-duration", "10s", "--port", "0"]);
    expect(without.code).toBe(2);
    expect(without.stderr).toBe("evals-contract mock: --live-duration needs --live\n");
    const bad = await runCliCaptured(["mock", "--live", "--live-duration", "soon", "--port", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--live-duration must be a duration from 1s to 86400s \(e\.g\. 30s, 2m, 1500ms\), got "soon"/);
  });

  it("moves the data to its start: a running record reads as recent, however old the file", async () => {
    const before = Date.now();
    const mock = await startMockServer({ data: base, port: 0, live: { durationMs: DURATION } });
    try {
      const oldestFirst = base.evaluations
        .filter((e) => statusOf(e) === "EVALUATION_STARTED")
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      const running = oldestFirst[0]!;
      const listed = JSON.parse((await get(`${mock.url}/evaluations?app_id=${running.app_id}`)).text) as Evaluation[];
      const newest = newestTimestampMs({ evaluations: listed, human_evaluations: [] })!;
      expect(newest).toBeGreaterThan(before - 15 * 60_000);
      expect(newest).toBeLessThanOrEqual(Date.now() + DURATION);
      // Created a few minutes before the mock started (the oldest running one: weeks before the data's newest record).
      const served = listed.find((e) => e.id === running.id)!;
      const age = before - Date.parse(`${served.created_at}Z`);
      expect(age).toBeGreaterThanOrEqual(60_000 - 1000);
      expect(age).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      await mock.close();
    }
  });
});

describe("mock with a fixed anchor (--now)", () => {
  const ANCHOR = Date.parse("2026-11-25T12:00:00Z");

  it("serves the data moved so its newest timestamp is the anchor, byte-stable from run to run", async () => {
    const answers: string[] = [];
    for (let run = 0; run < 2; run++) {
      const mock = await startMockServer({ data: base, port: 0, anchor: ANCHOR });
      try {
        const app = base.evaluations[0]!.app_id;
        answers.push(
          (await get(`${mock.url}/evaluations?app_id=${app}`)).text + (await get(`${mock.url}/human-evaluations?app_id=${app}`)).text,
        );
      } finally {
        await mock.close();
      }
    }
    expect(answers[1]).toBe(answers[0]);
    const moved = reanchorDataset(base, ANCHOR);
    expect(newestTimestampMs(moved)).toBeLessThanOrEqual(ANCHOR);
    expect(newestTimestampMs(moved)).toBeGreaterThan(ANCHOR - 15 * 60_000);
    const app = base.evaluations[0]!.app_id;
    expect(answers[0]).toBe(
      JSON.stringify(moved.evaluations.filter((e) => e.app_id === app)) +
        JSON.stringify(moved.human_evaluations.filter((e) => e.app_id === app)),
    );
  });

  it("moves a reloaded data file too (read off the main thread)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "evals-contract-anchor-"));
    const file = join(dir, "data.json");
    await writeFile(file, JSON.stringify(base));
    const changes: string[] = [];
    const mock = await startMockServer({ dataFile: file, port: 0, anchor: ANCHOR, onDataChange: (e) => changes.push(String(e.ok)) });
    try {
      const smaller: Dataset = { evaluations: base.evaluations.slice(0, 3), human_evaluations: [] };
      await writeFile(`${file}.next`, JSON.stringify(smaller));
      await rename(`${file}.next`, file);
      await vi.waitFor(() => expect(changes).toEqual(["true"]), { timeout: 10_000 });
      const app = smaller.evaluations[0]!.app_id;
      const listed = JSON.parse((await get(`${mock.url}/evaluations?app_id=${app}`)).text) as Evaluation[];
      expect(listed).toEqual(reanchorDataset(smaller, ANCHOR).evaluations.filter((e) => e.app_id === app));
    } finally {
      await mock.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("--now takes an ISO 8601 instant with an offset: anything else is one usage line", async () => {
    for (const bad of ["yesterday", "2026-11-25T12:00:00", "2026-13-45T99:00:00Z", ""]) {
      const run = await runCliCaptured(["mock", "--now", bad, "--port", "0"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `evals-contract mock: --now must be an ISO 8601 instant with Z or an offset (e.g. 2026-11-25T12:00:00Z), got "${bad}"\n`,
      );
    }
  });
});
