// A Scheduler for the mock that never reads the clock: it records each delayed reply with the delay
// asked for and holds it until the test releases it, so delay tests wait on events, not on time.
import type { Scheduler } from "../../src/mock/index.js";

export interface HeldReply {
  delayMs: number;
  /** Sends the held reply now, as the timer would have. */
  release(): void;
  cancelled: boolean;
}

export interface ManualScheduler {
  schedule: Scheduler;
  /** Every delay asked for so far, in order. */
  readonly held: readonly HeldReply[];
  /** The next reply the mock holds (one already held and not yet taken, or the next to come). */
  next(): Promise<HeldReply>;
}

export function manualScheduler(): ManualScheduler {
  const held: HeldReply[] = [];
  let taken = 0;
  const waiters: Array<(reply: HeldReply) => void> = [];
  const schedule: Scheduler = (delayMs, send) => {
    const reply: HeldReply = {
      delayMs,
      cancelled: false,
      release: () => {
        if (!reply.cancelled) send();
      },
    };
    held.push(reply);
    const waiter = waiters.shift();
    if (waiter) {
      taken++;
      waiter(reply);
    }
    return () => {
      reply.cancelled = true;
    };
  };
  return {
    schedule,
    held,
    next: () => (taken < held.length ? Promise.resolve(held[taken++]!) : new Promise((resolve) => waiters.push(resolve))),
  };
}
