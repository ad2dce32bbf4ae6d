// Issue 23: valid JSON that clients read differently. A key twice in one record passed verify with no
// finding (the checker sees the last value, a first-wins client the first); `1e400` was reported as
// "got number null". Each is now an error finding at its path that says what it is.
import { afterEach, describe, expect, it } from "vitest";
import { verifyProvider } from "../../src/verify/index.js";
import { APP_A, galleryDataset } from "../verify/dataset.js";
import { startFixtureProvider, type RunningProvider } from "../verify/fixture-provider.js";

let provider: RunningProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

/** The evaluation list's JSON text with `edit` applied to it. */
async function providerEditing(edit: (text: string) => string): Promise<string> {
  provider = await startFixtureProvider({
    data: galleryDataset(),
    transform: (request, reply) =>
      request.operationId === "listEvaluations" && reply.status === 200 ? { ...reply, raw: edit(JSON.stringify(reply.body)) } : reply,
  });
  return provider.url;
}

const rows: Array<[string, (text: string) => string, { rule: string; path: string; message: RegExp }]> = [
  [
    "a key twice in a record",
    (text) => text.replace(`"status":`, `"status":"EVALUATION_FAILED","status":`),
    { rule: "duplicate-key", path: "$[0].status", message: /key "status" appears more than once .*first-wins client/ },
  ],
  [
    "1e400 for a value",
    (text) => text.replace(`"status":`, `"score":1e400,"status":`),
    { rule: "number-out-of-range", path: "$[0].score", message: /1e400 is out of range for a number \(it parses as Infinity/ },
  ],
];

describe("reliability: valid JSON that clients read differently", () => {
  it.each(rows)("%s: an error finding at its path", async (_name, edit, want) => {
    const baseUrl = await providerEditing(edit);
    const report = await verifyProvider({ baseUrl, appId: APP_A, pact: false });
    const hit = report.checks.flatMap((c) => c.findings).find((f) => f.rule === want.rule);
    expect(hit).toMatchObject({ severity: "error", path: want.path, request: expect.stringMatching(/^GET \/evaluations/) });
    expect(hit!.message).toMatch(want.message);
    expect(report.verdict).toBe("fail");
  });
});
