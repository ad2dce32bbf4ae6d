// created_at and updated_at of a built record, as the service writes them (naive, microseconds:
// src/generate/timestamp.ts). A record whose overrides give one of the two gets the other moved
// with it, so the pair keeps the built duration (never updated before created).
import { formatTimestamp, shiftTimestamp } from "../generate/timestamp.js";
import type { Json } from "./merge.js";

export function timesOf(createdMs: number, updatedMs: number, overrides: Json): { created_at: string; updated_at: string } {
  const created = overrides.created_at;
  const updated = overrides.updated_at;
  const duration = updatedMs - createdMs;
  return {
    created_at:
      (typeof updated === "string" && created === undefined && shiftTimestamp(updated, -duration)) || formatTimestamp(createdMs, "naive"),
    updated_at:
      (typeof created === "string" && updated === undefined && shiftTimestamp(created, duration)) || formatTimestamp(updatedMs, "naive"),
  };
}
