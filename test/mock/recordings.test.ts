// The mock answers exactly as the real framework does: every request of reference/requests.json,
// replayed against the mock on reference/dataset.json in each --compat mode, gets the status, the
// headers a client depends on and the body that FastAPI sent (reference/recordings/<mode>.json,
// recorded live from FastAPI 0.92 + pydantic 1.10; v2 from FastAPI's own test suite). Error bodies
// are compared byte for byte. 200 bodies are compared as JSON text with the recorded key order,
// since Python writes floats in its own notation (6.05e-05 where JavaScript writes 0.0000605).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPAT_MODES, type CompatMode } from "../../src/contract/error-bodies.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";

interface Recording {
  name: string;
  request: { method: string; path: string; headers?: Record<string, string> };
  response: { status: number; headers: Record<string, string>; body: string };
}

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../reference/${path}`, import.meta.url), "utf8")) as T;
const dataset = read<Dataset>("dataset.json");

/** Starlette's preflight lists only its configured origins; the mock echoes any origin, as a dev server must. */
const ORIGIN_DEPENDENT = new Set(["access-control-allow-origin"]);

describe.each(COMPAT_MODES)("mock --compat %s answers as the recorded service", (compat: CompatMode) => {
  const recordings = read<Recording[]>(`recordings/${compat}.json`);
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ data: dataset, port: 0, compat });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has a recording for every request of the table", () => {
    expect(recordings.map((r) => r.name)).toEqual(read<Array<{ name: string }>>("requests.json").map((r) => r.name));
  });

  it.each(recordings.map((r) => [r.name, r] as const))("%s", async (_name, recording) => {
    const { request, response: want } = recording;
    const got = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers ?? {} });
    const body = await got.text();
    expect(got.status).toBe(want.status);
    for (const [name, value] of Object.entries(want.headers))
      if (!ORIGIN_DEPENDENT.has(name)) expect(got.headers.get(name), name).toBe(value);
    if (want.status === 200 && want.headers["content-type"] === "application/json")
      expect(body).toBe(JSON.stringify(JSON.parse(want.body)));
    else expect(body).toBe(want.body);
  });
});
