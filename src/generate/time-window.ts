// The fixed time window every generated timestamp falls in: mid-2024, when the real service
// looked like the domain notes describe. Constants, never the clock.

/** 2024-03-01T00:00:00Z */
export const WINDOW_START_MS = Date.UTC(2024, 2, 1);
/** 2024-09-01T00:00:00Z (exclusive) */
export const WINDOW_END_MS = Date.UTC(2024, 8, 1);

export const DAY_MS = 86_400_000;
/** Apps and their variants, test sets and evaluator configs are created in the first weeks... */
export const POOL_END_MS = WINDOW_START_MS + 28 * DAY_MS;
/** ...and evaluations afterwards, until a day before the end (room for durations). */
export const RECORDS_START_MS = POOL_END_MS + DAY_MS;
export const RECORDS_END_MS = WINDOW_END_MS - DAY_MS;
