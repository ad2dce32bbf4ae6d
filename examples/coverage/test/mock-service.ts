// The Evaluation Listing Service for the tests: evals-contract's MSW handlers (the mock's answers
// for the embedded default dataset) under msw/node. Every answered request is recorded, and each
// test file appends its observations to observations/observations.ndjson when it ends, for
// `evals-contract coverage` to read after the run.
import { appendFileSync } from "node:fs";
import { createMswHandlers, observationLine } from "evals-contract/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

export const OBSERVATIONS = "observations/observations.ndjson";

/** Where the client under test sends its requests (any origin: the handlers answer the service's paths). */
export const BASE_URL = "https://evaluations.example.com";

/** Starts the mock service for the test file that calls it. */
export function useMockService(): void {
  const lines: string[] = [];
  // One NDJSON line per answered request, as `evals-contract mock --record FILE` writes them.
  const server = setupServer(...createMswHandlers({ record: (observation) => lines.push(observationLine(observation)) }));
  // Any other request fails its test: msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame (and ignores the other); a
  // variable, since an object literal with the name the installed msw does not know is a type error.
  const strict = { onUnhandledRequest: "error", onUnhandledFrame: "error" } as const;
  beforeAll(() => server.listen(strict));
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    // One write per test file: files running in parallel workers never interleave their lines.
    appendFileSync(OBSERVATIONS, lines.join(""));
  });
}

/**
 * A fetch that asks the mock for a scenario with Prism's `Prefer` header (`code=500`,
 * `example=empty`, `delay=1500`): what a test passes to the client instead of the global fetch.
 */
export const preferring =
  (prefer: string): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("Prefer", prefer);
    return fetch(input, { ...init, headers });
  };
