// A dataset moved in time to a chosen instant (the anchor), as the mock serves it under --live
// (anchored at its start) and with --now (a fixed anchor, so the answers are byte-stable); see
// docs/mock.md, "Times". Two steps, both pure (the anchor is an input, never the clock):
//  1. every timestamp is shifted by the same whole seconds, so the newest one falls on the anchor: the
//     order of events and every duration stay as they were;
//  2. records in a status that is not final (EVALUATION_INITIALIZED, EVALUATION_STARTED, the old data's
//     COMPARISON_RUN_STARTED) are re-timed to
//     have been created a few minutes before the anchor (1 to 15, fixed per id), their updated_at
//     as far after created_at as before (at most up to the anchor): the web client shows them
//     "Running 6m", as it would a real run, not "Running 31d".
import type { Dataset } from "../types/dataset.js";
import type { Evaluation, HumanEvaluation } from "../types/schemas.js";
import { isPlainObject } from "../types/json.js";
import { isFinalStatus } from "../contract/statuses.js";
import { hashId } from "./live.js";
import { shiftTimestamp, wallClockMs } from "./timestamp.js";

const TIME_FIELDS = ["created_at", "updated_at"] as const;
const MINUTE_MS = 60_000;
/** Moves are whole seconds: a timestamp keeps its milliseconds, so one without a fraction stays without. */
const wholeSeconds = (ms: number): number => Math.round(ms / 1000) * 1000;
/** How long before the anchor a queued or running record was created: 1 to 15 minutes, by id. */
const recentAgeMs = (id: string): number => MINUTE_MS + (hashId(id) % (14 * MINUTE_MS));

/** Queued, running, or the old data's `COMPARISON_RUN_STARTED` (which must not read as 143 days old). */
const isMoving = (status: unknown): boolean => typeof status === "string" && !isFinalStatus(status);

/** Every object of the dataset that carries timestamps: the records and their evaluator configs. */
function* timedObjects(data: Dataset): Generator<Record<string, unknown>> {
  for (const e of data.evaluations) {
    yield e as unknown as Record<string, unknown>;
    for (const aggregate of e.aggregated_results) if (isPlainObject(aggregate?.evaluator_config)) yield aggregate.evaluator_config;
  }
  for (const h of data.human_evaluations) yield h as unknown as Record<string, unknown>;
}

/** The newest timestamp of the dataset in epoch ms (wall clock read as UTC); undefined when it has none. */
export function newestTimestampMs(data: Dataset): number | undefined {
  let newest: number | undefined;
  for (const object of timedObjects(data))
    for (const field of TIME_FIELDS) {
      const value = object[field];
      const ms = typeof value === "string" ? wallClockMs(value) : undefined;
      if (ms !== undefined && (newest === undefined || ms > newest)) newest = ms;
    }
  return newest;
}

/** `object` with its created_at and updated_at moved by `deltaMs` (each in its own style; unreadable ones kept). */
function shifted<T extends object>(object: T, deltaMs: number): T {
  const copy = { ...object } as Record<string, unknown>;
  for (const field of TIME_FIELDS) {
    const value = copy[field];
    if (typeof value === "string") copy[field] = shiftTimestamp(value, deltaMs) ?? value;
  }
  return copy as T;
}

/** A queued or running record (already shifted) created `recentAgeMs` before the anchor, its run as long as before (at most to the anchor). */
function recent<T extends { id: string; created_at: string; updated_at: string }>(record: T, anchorMs: number): T {
  const created = wallClockMs(record.created_at);
  const updated = wallClockMs(record.updated_at);
  if (created === undefined || updated === undefined) return record;
  const age = recentAgeMs(record.id);
  const createdBy = wholeSeconds(anchorMs - age - created);
  const run = Math.max(0, updated - created);
  // As long a run as before, but never past the anchor (the whole seconds may round 0.5 s over).
  const updatedBy = Math.min(
    wholeSeconds(created + createdBy + Math.min(run, age) - updated),
    Math.floor((anchorMs - updated) / 1000) * 1000,
  );
  return {
    ...record,
    created_at: shiftTimestamp(record.created_at, createdBy) ?? record.created_at,
    updated_at: shiftTimestamp(record.updated_at, updatedBy) ?? record.updated_at,
  };
}

function moveEvaluation(e: Evaluation, deltaMs: number, anchorMs: number): Evaluation {
  const moved: Evaluation = {
    ...shifted(e, deltaMs),
    aggregated_results: e.aggregated_results.map((aggregate) =>
      isPlainObject(aggregate?.evaluator_config) && "created_at" in aggregate.evaluator_config
        ? { ...aggregate, evaluator_config: shifted(aggregate.evaluator_config, deltaMs) }
        : aggregate,
    ),
  };
  return e.status.type === "status" && isMoving(e.status.value) ? recent(moved, anchorMs) : moved;
}

function moveHumanEvaluation(h: HumanEvaluation, deltaMs: number, anchorMs: number): HumanEvaluation {
  const moved = shifted(h, deltaMs);
  return isMoving(h.status) ? recent(moved, anchorMs) : moved;
}

/**
 * `data` moved to `anchorMs` (epoch ms): every timestamp shifted so that the newest is the anchor,
 * (to the second), then queued and running records re-timed to a few minutes before it (see the
 * header). Each timestamp keeps its style and its milliseconds; the same data and anchor give the same result.
 */
export function reanchorDataset(data: Dataset, anchorMs: number): Dataset {
  const newest = newestTimestampMs(data);
  if (newest === undefined) return data;
  const anchor = Math.round(anchorMs);
  const deltaMs = wholeSeconds(anchor - newest);
  return {
    evaluations: data.evaluations.map((e) => moveEvaluation(e, deltaMs, anchor)),
    human_evaluations: data.human_evaluations.map((h) => moveHumanEvaluation(h, deltaMs, anchor)),
  };
}
