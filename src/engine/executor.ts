// The one executor of every tool that talks to a provider: at most `concurrency` exchanges in flight
// (first come, first served), a deadline after which nothing new is started, and the coverage
// observations of every answer, folded as they come. Verify's client schedules its requests through
// `run` as its checks ask for them; fuzz pumps its lazily drawn plan through `pump`. Both end with
// the same `observations()` (`evals-contract coverage` reads them from their --json).
import { createObservationFolder, observe, type Observation } from "../coverage/observation.js";
import { createLimiter } from "../io/limiter.js";
import type { ExchangeOutcome } from "./http-client.js";
import { targetOf, type PlannedRequest } from "./request.js";

/** Why `pump` stopped drawing: the source ran out, the deadline passed, or the caller said stop. */
export type PumpEnd = "done" | "time-limit" | "stopped";

export interface Executor {
  /** Runs `task` when a slot is free. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Draws requests from `draw` and runs `handle` on each, `concurrency` at a time, until `draw` gives
   * nothing, the deadline passes or `stop()` says so; waits for those in flight.
   */
  pump<R>(draw: () => R | undefined, handle: (request: R) => Promise<void>, stop?: () => boolean): Promise<PumpEnd>;
  /** Notes one exchange's answer for coverage; `body` is the parsed body of a 200 (a list's records: a JsonList) when the caller has it. */
  observe(request: Pick<PlannedRequest, "method" | "path" | "query">, outcome: ExchangeOutcome, body?: unknown): void;
  observations(): Observation[];
  /** True once the deadline has passed. */
  expired(): boolean;
}

export interface ExecutorOptions {
  concurrency: number;
  /** `performance.now()` after which nothing new starts (default: none). */
  deadline?: number;
  /** Which tool the observations name. */
  source: "verify" | "fuzz";
}

export function createExecutor(options: ExecutorOptions): Executor {
  const limit = createLimiter(options.concurrency);
  const deadline = options.deadline ?? Infinity;
  const folder = createObservationFolder();
  const expired = (): boolean => performance.now() >= deadline;
  return {
    run: limit,
    expired,
    async pump(draw, handle, stop = () => false) {
      const inFlight = new Set<Promise<void>>();
      let end: PumpEnd = "done";
      for (;;) {
        if (expired()) {
          end = "time-limit";
          break;
        }
        if (stop()) {
          end = "stopped";
          break;
        }
        const request = draw();
        if (request === undefined) break;
        const running = limit(() => handle(request)).finally(() => inFlight.delete(running));
        inFlight.add(running);
        if (inFlight.size >= options.concurrency) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      return end;
    },
    observe(request, outcome, body) {
      if (!("answer" in outcome) || request.method !== "GET") return;
      const observation = observe({
        side: "provider",
        source: options.source,
        method: "GET",
        url: targetOf(request),
        status: outcome.answer.status,
        body: outcome.answer.status === 200 ? body : undefined,
      });
      if (observation !== undefined) folder.add(observation);
    },
    observations: () => folder.values(),
  };
}
