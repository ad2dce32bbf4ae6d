// The live mode's driver: a dataset provider that answers, for each request, the live story of the
// served data at the time its clock says. The story is pure (src/generate/live.ts); this is the one
// place that reads the clock, and a test passes its own. The snapshot changes only when a record
// does, so the index is rebuilt only then, and each request is answered from one snapshot: a list
// and the record by id always agree.
import { checkDocument } from "../check/check-resource.js";
import { ToolkitError } from "../errors.js";
import { liveStory, type LiveStory } from "../generate/live.js";
import type { Dataset } from "../types/dataset.js";

export interface LiveMockOptions {
  /** Every queued or running record reaches its final status within this time (default 30 s). */
  durationMs?: number;
  /** The story's seed (default 42). */
  seed?: number;
  /**
   * Epoch milliseconds; default Date.now. Read once at start (the story's start, and the instant the
   * data is moved to unless the mock's `now` is given) and once per request.
   */
  clock?: () => number;
}

export const DEFAULT_LIVE_DURATION_MS = 30_000;

export interface LiveProvider {
  /** The data now: the same object until a record changes. */
  current(): Dataset;
  /** One line for the start-up log. */
  readonly summary: string;
}

/** Checks every stage of the story once: a record the checker refuses would be a bug of the story. */
function checkStages(story: LiveStory): void {
  for (const [schema, records] of [
    ["Evaluation", story.stages.evaluations],
    ["HumanEvaluation", story.stages.human_evaluations],
  ] as const) {
    const error = checkDocument(schema, records).find((f) => f.severity === "error");
    if (error) throw new ToolkitError("E_DATA_INVALID", `live mode made a record the checker refuses: ${error.path}: ${error.message}`);
  }
}

/** A provider of `base` (already accepted) told as a live story from now on. */
export function createLiveProvider(base: Dataset, options: LiveMockOptions = {}): LiveProvider {
  const clock = options.clock ?? Date.now;
  const story = liveStory(base, { seed: options.seed, durationMs: options.durationMs ?? DEFAULT_LIVE_DURATION_MS });
  checkStages(story);
  const startedAt = clock();
  let version = 0;
  let data = base;
  const { evaluations, human_evaluations } = story.moving;
  return {
    summary: `${evaluations} evaluations and ${human_evaluations} human evaluations move to their final status over ${story.durationMs / 1000}s`,
    current(): Dataset {
      const elapsed = clock() - startedAt;
      const now = story.version(elapsed);
      if (now !== version) {
        version = now;
        data = story.at(elapsed);
      }
      return data;
    },
  };
}
