// The MSW handlers' in-process cost per request: `setupServer(...createMswHandlers({ data }))` against
// a hand-written MSW handler that returns the same bytes and headers for the same URL (what a team
// writes by hand: `http.get(url, () => new HttpResponse(bytes, { headers }))`). Both answer the same
// fetch loop in this process, alternating rounds; the ratio is the toolkit's rate over the hand-written
// one (issue 26: at least 0.8x). MSW's own interception is in both: the figure is what the toolkit adds.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createMockCore } from "../../src/mock/core.js";
import { createMswHandlers } from "../../src/msw/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { alternate, type Rounds } from "./rounds.js";

const ORIGIN = "http://evals.bench.test";

export interface MswRate {
  path: string;
  rounds: Rounds;
}

/** Requests per second of `count` sequential fetches of `url` (bodies read). */
async function rate(url: string, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await (await fetch(url)).arrayBuffer();
  return count / ((performance.now() - started) / 1000);
}

type ListenOptions = Parameters<ReturnType<typeof setupServer>["listen"]>[0];
const quiet = { onUnhandledRequest: "error", onUnhandledFrame: "error" } as unknown as ListenOptions;

export async function benchMswRate(data: Dataset, paths: readonly string[], rounds: number, count: number): Promise<MswRate[]> {
  const core = createMockCore({ data });
  const results: MswRate[] = [];
  for (const path of paths) {
    const answer = core.respond({ method: "GET", url: path, headers: {} });
    const bytes = typeof answer.body === "string" ? answer.body : answer.body.slice();
    const headers = Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, String(value)]));
    const handWritten = setupServer(
      http.get(
        `${ORIGIN}${path.split("?")[0]}`,
        () => new HttpResponse(typeof bytes === "string" ? bytes : bytes.slice(), { status: answer.status, headers }),
      ),
    );
    const toolkit = setupServer(...createMswHandlers({ data, wait: async () => undefined }));
    const measure = async (which: "anchor" | "subject"): Promise<number> => {
      const server = which === "anchor" ? handWritten : toolkit;
      server.listen(quiet);
      try {
        return await rate(`${ORIGIN}${path}`, count);
      } finally {
        server.close();
      }
    };
    await measure("anchor"); // warm-up of both
    await measure("subject");
    results.push({ path, rounds: await alternate(rounds, measure) });
  }
  return results;
}
