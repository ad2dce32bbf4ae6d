// Observations of the mock's own answers (the node:http mock's --record and the MSW handlers' record
// option): the mock keeps one answer object per URL, so each (answer, request) is observed once and its
// observation handed out again: recording a kept answer costs a busy mock a map lookup.
// Browser-safe.
import { observe, type Observation, type ObservationSource } from "./observation.js";

/** What the observer reads of one mock answer (src/mock/core.ts's MockAnswer has these). */
export interface MockAnswerLike {
  status: number;
  body: Uint8Array | string;
  delayMs: number;
  /** The mock's log note: `  scenario: code=500`, `  console scenario: ...`, or "". */
  note: string;
}

const decoder = new TextDecoder();

/** Observes the answers of one mock (node:http or MSW) for the consumer side. */
export function createAnswerObserver(
  source: Extract<ObservationSource, "mock" | "msw">,
  basePath = "",
): (method: string, url: string, answer: MockAnswerLike) => Observation | undefined {
  const bodies = new WeakMap<Uint8Array, unknown>();
  const parsed = (body: Uint8Array | string): unknown => {
    if (typeof body === "string") return undefined;
    if (bodies.has(body)) return bodies.get(body);
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(body)) as unknown;
    } catch {
      value = undefined;
    }
    bodies.set(body, value);
    return value;
  };
  // The mock keeps one answer object per URL until its data changes: the observation of that answer
  // to that request is made once and handed out again (the same object, so a writer may cache its line).
  const seen = new WeakMap<MockAnswerLike, { method: string; url: string; observation: Observation | undefined }>();
  return (method, url, answer) => {
    const known = seen.get(answer);
    if (known !== undefined && known.url === url && known.method === method) return known.observation;
    const scenario = /scenario: (.*)$/.exec(answer.note)?.[1];
    const observation = observe({
      side: "consumer",
      source,
      method,
      url,
      status: answer.status,
      body: answer.status === 200 ? parsed(answer.body) : undefined,
      durationMs: answer.delayMs,
      basePath,
      ...(scenario === undefined ? {} : { scenario }),
    });
    seen.set(answer, { method, url, observation });
    return observation;
  };
}
