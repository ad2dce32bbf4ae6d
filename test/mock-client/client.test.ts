// Issue 40, the node mock from a test: `createMockClient(baseUrl)` (evals-contract/mock-client) drives a
// real mock on port 0 over HTTP. A session's `use` stacks per operation as `handlers.use` does (three
// uses give 502, 503 and 200, not the last one alone), `reset` undoes it, `requests` lists only the
// session's entries, `delete` removes the session and its entries; the journal is kept per session
// (one busy session never pushes another's entries out), cleared whole or per session; typos are
// E_USAGE before any request, and a refusal is a MockClientError with the mock's status and detail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID } from "../../src/build/index.js";
import { JOURNAL_SIZE, startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { createMockClient, MockClientError, SESSION_HEADER, type MockClient } from "../../src/mock-client/index.js";

let server: RunningMockServer;
let mock: MockClient;

beforeAll(async () => {
  const data = buildDataset({
    evaluations: [buildEvaluation({}, { seed: 1 }), buildEvaluation({}, { seed: 2 })],
    human_evaluations: [buildHumanEvaluation({}, { seed: 1 })],
  });
  server = await startMockServer({ port: 0, host: "127.0.0.1", log: () => undefined, data });
  mock = createMockClient(`${server.url}/`);
});
afterAll(() => server.close());

/** A request of `path` under `session` (none: the default); its status and body. */
async function ask(path: string, session?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, session === undefined ? {} : { headers: { [SESSION_HEADER]: session } });
  return { status: response.status, text: await response.text() };
}
const LIST = `/evaluations?app_id=${DEFAULT_APP_ID}`;
const HUMAN = `/human-evaluations?app_id=${DEFAULT_APP_ID}`;

describe("createMockClient: sessions", () => {
  it("use() stacks per operation: three uses give the list 502, the human list 503 and the rest 200", async () => {
    const session = mock.session("stack-1");
    await session.use({ scenario: { operation: "listEvaluations", fault: "gateway" } });
    await session.use({ scenario: { operation: "listHumanEvaluations", code: 503 } });
    const info = await session.use({ scenario: { operation: "getHumanEvaluation", code: 200 } });
    expect(info.name).toBe("stack-1");
    expect((await ask(LIST, "stack-1")).status).toBe(502);
    expect((await ask(HUMAN, "stack-1")).status).toBe(503);
    const byId = JSON.parse((await ask(HUMAN)).text) as Array<{ id: string }>;
    expect((await ask(`/human-evaluations/${byId[0]!.id}`, "stack-1")).status).toBe(200);
    // The default is untouched.
    expect((await ask(LIST)).status).toBe(200);
    await session.delete();
  });

  it("use({ data }) keeps the session's scenario; use({ scenario }) keeps its data", async () => {
    const session = mock.session("stack-2");
    const data = buildDataset({ evaluations: [buildEvaluation({}, { seed: 7 })] });
    await session.use({ scenario: { operation: "listHumanEvaluations", code: 500 } });
    const info = await session.use({ data });
    expect(info.data).toBe("1 evaluation, 0 human evaluations, 1 app");
    expect(JSON.parse((await ask(LIST, "stack-2")).text)).toHaveLength(1);
    expect((await ask(HUMAN, "stack-2")).status).toBe(500);
    await session.use({ scenario: { operation: "listEvaluations", delay: 1 } });
    expect(JSON.parse((await ask(LIST, "stack-2")).text)).toHaveLength(1);
    await session.delete();
  });

  it("times: N counts on across a later use() of another operation (fails twice, then answers)", async () => {
    const session = mock.session("times");
    await session.use({ scenario: { operation: "listEvaluations", code: 500, times: 2 } });
    expect((await ask(LIST, "times")).status).toBe(500);
    await session.use({ scenario: { operation: "listHumanEvaluations", code: 503 } });
    expect((await ask(LIST, "times")).status).toBe(500);
    expect((await ask(LIST, "times")).status).toBe(200);
    await session.delete();
  });

  it("reset() is the default again; its journal entries stay", async () => {
    const session = mock.session("reset");
    await session.use({ scenario: { code: 500 } });
    expect((await ask(LIST, "reset")).status).toBe(500);
    await session.reset();
    expect((await ask(LIST, "reset")).status).toBe(200);
    expect((await session.requests()).map((entry) => entry.status)).toEqual([500, 200]);
    await session.delete();
  });

  it("requests() lists only the session's requests, filtered by operation and since", async () => {
    const a = mock.session("journal-a");
    const b = mock.session("journal-b");
    await ask(LIST, "journal-a");
    await ask(HUMAN, "journal-b");
    const [first] = await a.requests();
    await ask(HUMAN, "journal-a");
    expect((await a.requests()).map((entry) => [entry.session, entry.operation])).toEqual([
      ["journal-a", "listEvaluations"],
      ["journal-a", "listHumanEvaluations"],
    ]);
    expect((await a.requests({ operation: "listHumanEvaluations" })).map((entry) => entry.url)).toEqual([HUMAN]);
    expect((await a.requests({ since: first!.id })).map((entry) => entry.url)).toEqual([HUMAN]);
    expect((await a.requests({ since: new Date(Date.parse(first!.at)) })).length).toBe(2);
    expect((await b.requests()).map((entry) => entry.url)).toEqual([HUMAN]);
    await a.delete();
    await b.delete();
  });

  it("delete() removes the session and its journal entries; deleting none is no error", async () => {
    const session = mock.session("gone");
    await session.use({ scenario: { code: 503 } });
    await ask(LIST, "gone");
    await ask(LIST, "other-gone");
    await session.delete();
    expect(await session.requests()).toEqual([]);
    expect((await ask(LIST, "gone")).status).toBe(200);
    expect((await mock.requests({ session: "other-gone" })).length).toBe(1);
    await session.delete();
    await mock.session("never-set").delete();
    await mock.session("other-gone").delete();
    expect(await mock.requests({ session: "other-gone" })).toEqual([]);
  });
});

describe("createMockClient: the journal", () => {
  it("clearRequests() forgets every session's entries; ids go on", async () => {
    await ask(LIST);
    await ask(LIST, "clear-1");
    const before = await mock.requests();
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await mock.clearRequests()).toBe(before.length);
    expect(await mock.requests()).toEqual([]);
    await ask(LIST);
    const [next] = await mock.requests();
    expect(next!.id).toBeGreaterThan(before.at(-1)!.id);
  });

  it("keeps each session's last entries: a busy session never pushes another's out (GET, DELETE ?session=)", async () => {
    await mock.clearRequests();
    await ask(LIST, "quiet");
    // More than one session keeps: sent through the handler as fast as it answers.
    const busy = JOURNAL_SIZE + 20;
    for (let i = 0; i < busy; i += 50) await Promise.all(Array.from({ length: Math.min(50, busy - i) }, () => ask(HUMAN, "busy")));
    expect((await mock.requests({ session: "quiet" })).length).toBe(1);
    const kept = await mock.requests({ session: "busy" });
    expect(kept.length).toBe(JOURNAL_SIZE);
    const response = await fetch(`${server.url}/_mock/api/requests?session=busy`, { method: "DELETE" });
    expect(await response.json()).toEqual({ cleared: JOURNAL_SIZE });
    expect((await mock.requests({ session: "quiet" })).length).toBe(1);
    expect(server.requests({ session: "busy" })).toEqual([]);
    await mock.clearRequests();
  });
});

describe("createMockClient: wrong use", () => {
  it("a bad URL, session name, filter or option is E_USAGE, before any request", async () => {
    let sent = 0;
    const counting = createMockClient(server.url, { fetch: (input, init) => (sent++, fetch(input, init)) });
    expect(() => createMockClient("localhost:3000")).toThrow(/must be http or https|is not a URL/);
    expect(() => createMockClient("ftp://x")).toThrow(/http or https/);
    expect(() => createMockClient("http://x/?a=1")).toThrow(/without a query/);
    expect(() => counting.session("a b")).toThrow(expect.objectContaining({ code: "E_USAGE" }));
    expect(() => counting.session("x".repeat(65))).toThrow(/1 to 64/);
    await expect(counting.requests({ operaton: "listEvaluations" } as never)).rejects.toThrow(
      /unknown filter "operaton" \(did you mean "operation"\?\)/,
    );
    await expect(counting.requests({ operation: "listEvaluation" as never })).rejects.toThrow(/did you mean "listEvaluations"/);
    await expect(counting.session("s").use({ scenarios: {} } as never)).rejects.toThrow(/unknown option "scenarios"/);
    await expect(counting.session("s").requests({ session: "t" } as never)).rejects.toThrow(/no session filter here/);
    expect(sent).toBe(0);
  });

  it("a refusal is a MockClientError with the mock's status and detail; nothing is half set", async () => {
    const session = mock.session("refused");
    const error = await session.use({ scenario: { code: 999 } as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MockClientError);
    expect(error).toMatchObject({ code: "E_MOCK_CLIENT", status: 400 });
    expect((error as Error).message).toMatch(/^session refused: use: the mock answered 400: mock: scenario: /);
    const invalid = await session
      .use({ data: { evaluations: [{ id: "x" }], human_evaluations: [] } as never })
      .catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({ status: 422 });
    expect((await ask(LIST, "refused")).status).toBe(200);
  });

  it("a mock that is not there, or not a mock: one clear error", async () => {
    const gone = createMockClient("http://127.0.0.1:9");
    await expect(gone.requests()).rejects.toThrow(/mock\.requests: the mock at http:\/\/127\.0\.0\.1:9 cannot be reached/);
    const wrongBase = createMockClient(`${server.url}/api`);
    await expect(wrongBase.requests()).rejects.toThrow(/answered 404.*is this the evals-contract mock, and its base path\?/);
  });
});
