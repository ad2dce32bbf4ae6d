// The recording keeps every line it is given: a write past 256 KB drains at once, the 50 ms timer then
// finds nothing pending, and every later line, the last ones at close included, still reaches the file
// (a drain that found nothing used to leave a settled `draining` behind, and each later drain, the one
// at close included, wrote nothing: the last requests of a run were missing from the recording).
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Observation } from "../coverage/observation.js";
import { prepareRecording } from "./recording.js";

const observation = (n: number, padding = 0): Observation => ({
  v: 1,
  side: "consumer",
  source: "mock",
  request: `GET /evaluations?app_id=${String(n).padStart(24, "0")}${"&x=1".repeat(padding)}`,
  operationId: "listEvaluations",
  status: 200,
  surface: ["status-200", "with-app-id"],
  cases: [],
});

describe("prepareRecording", () => {
  it("writes every line, however the writes and the timer interleave", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "evals-recording-")), "record.ndjson");
    const recording = await prepareRecording(file, [], () => undefined);
    await recording.start();
    // Past 256 KB pending: drained at once; the timer set by the first write then fires on nothing.
    for (let n = 0; n < 300; n++) recording.write(observation(n, 250));
    await new Promise((resolve) => setTimeout(resolve, 120));
    recording.write(observation(300));
    await new Promise((resolve) => setTimeout(resolve, 120));
    recording.write(observation(301));
    recording.write(observation(302));
    await recording.close();
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(303);
    expect(lines.map((line) => (JSON.parse(line) as Observation).request.slice(24, 48))).toEqual(
      Array.from({ length: 303 }, (_, n) => String(n).padStart(24, "0")),
    );
  });
});
