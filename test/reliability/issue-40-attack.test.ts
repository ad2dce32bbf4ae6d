// Issue 40, attacked: the mock client (`evals-contract/mock-client`), the journal kept per session,
// `DELETE /_mock/api/requests`, `PATCH /_mock/api/sessions/NAME` and the tools' User-Agent, as a
// hostile page, a careless user and a hostile "mock" would use them. Each attempt is a test, whether
// it held or needed a fix.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID } from "../../src/build/index.js";
import { createJournal, JOURNAL_TOTAL, type JournalRecord } from "../../src/mock/journal.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { createSessions, MAX_SESSION_DATA_BYTES } from "../../src/mock/sessions.js";
import { createMockClient, MockClientError, SESSION_HEADER, type MockClient } from "../../src/mock-client/index.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers (Host and Origin included), through node:http. */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    // The path as written (node would resolve a `..` or `%2E%2E` segment of a URL string away).
    const at = /^http:\/\/([^/:]+):(\d+)(\/.*)$/.exec(url)!;
    const options = {
      host: at[1],
      port: Number(at[2]),
      path: at[3],
      method: init.method ?? "GET",
      headers: init.headers ?? {},
      agent: false,
    };
    const req = httpRequest(options, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    req.on("error", fail);
    req.end(init.body);
  });
}

const JSON_TYPE = { "content-type": "application/json" };
const LIST = `/evaluations?app_id=${DEFAULT_APP_ID}`;
const HUMAN = `/human-evaluations?app_id=${DEFAULT_APP_ID}`;

let server: RunningMockServer;
let mock: MockClient;

beforeAll(async () => {
  const data = buildDataset({
    evaluations: [buildEvaluation({}, { seed: 1 }), buildEvaluation({}, { seed: 2 })],
    human_evaluations: [buildHumanEvaluation({}, { seed: 1 })],
  });
  server = await startMockServer({ port: 0, host: "127.0.0.1", log: () => undefined, data });
  mock = createMockClient(server.url);
});
afterAll(() => server.close());
afterEach(closeTestServers);

/** A request of `path` under `session`; its status. */
async function ask(path: string, session?: string): Promise<number> {
  const response = await fetch(`${server.url}${path}`, session === undefined ? {} : { headers: { [SESSION_HEADER]: session } });
  await response.arrayBuffer();
  return response.status;
}

describe("attack: cross-site PATCH and DELETE on the console", () => {
  const scenario = JSON.stringify({ scenario: { code: 500 } });
  it.each([
    ["PATCH, a foreign Origin", "PATCH", "/_mock/api/sessions/xsite", { ...JSON_TYPE, origin: "http://evil.example" }, scenario],
    ["PATCH, Origin null (a sandboxed frame)", "PATCH", "/_mock/api/sessions/xsite", { ...JSON_TYPE, origin: "null" }, scenario],
    ["PATCH, another port of this machine", "PATCH", "/_mock/api/sessions/xsite", { ...JSON_TYPE, origin: "http://127.0.0.1:1" }, scenario],
    [
      "PATCH, no Origin, Sec-Fetch-Site cross-site",
      "PATCH",
      "/_mock/api/sessions/xsite",
      { ...JSON_TYPE, "sec-fetch-site": "cross-site" },
      scenario,
    ],
    ["PATCH, DNS rebinding (a foreign Host)", "PATCH", "/_mock/api/sessions/xsite", { ...JSON_TYPE, host: "evil.example" }, scenario],
    ["PATCH as text/plain (a form, a no-cors fetch)", "PATCH", "/_mock/api/sessions/xsite", { "content-type": "text/plain" }, scenario],
    ["DELETE requests, a foreign Origin", "DELETE", "/_mock/api/requests", { origin: "http://evil.example" }, undefined],
    ["DELETE requests, no Origin, Sec-Fetch-Site same-site", "DELETE", "/_mock/api/requests", { "sec-fetch-site": "same-site" }, undefined],
    ["DELETE requests, DNS rebinding", "DELETE", "/_mock/api/requests?session=victim", { host: "evil.example:80" }, undefined],
    ["DELETE a session, a foreign Origin", "DELETE", "/_mock/api/sessions/victim", { origin: "https://evil.example" }, undefined],
  ])("%s: refused, nothing changed", async (_name, method, path, headers, body) => {
    await mock.session("victim").use({ scenario: { code: 503 } });
    await ask(LIST, "victim");
    const answer = await raw(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    expect([403, 415]).toContain(answer.status);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(server.requests({ session: "victim" }).length).toBe(1);
    expect(await ask(LIST, "victim")).toBe(503);
    expect((await raw(`${server.url}/_mock/api/sessions/xsite`)).status).toBe(404);
    await mock.session("victim").delete();
  });

  it("a preflight for a cross-site PATCH or DELETE is not granted", async () => {
    for (const method of ["PATCH", "DELETE"]) {
      const answer = await raw(`${server.url}/_mock/api/sessions/victim`, {
        method: "OPTIONS",
        headers: {
          origin: "http://evil.example",
          "access-control-request-method": method,
          "access-control-request-headers": "content-type",
        },
      });
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(answer.headers["access-control-allow-methods"]).toBeUndefined();
    }
  });

  it("the mock's own page (same Origin, Sec-Fetch-Site same-origin) may PATCH and DELETE", async () => {
    const origin = new URL(server.url).origin;
    const headers = { ...JSON_TYPE, origin, "sec-fetch-site": "same-origin" };
    expect((await raw(`${server.url}/_mock/api/sessions/own`, { method: "PATCH", headers, body: scenario })).status).toBe(200);
    expect((await raw(`${server.url}/_mock/api/requests?session=own`, { method: "DELETE", headers })).status).toBe(200);
    expect((await raw(`${server.url}/_mock/api/sessions/own`, { method: "DELETE", headers })).status).toBe(200);
  });
});

describe("attack: session names with odd characters", () => {
  it("'.' and '..' are no session names: fetch would resolve them away (`/_mock/api/sessions/..` is `/_mock/api/`)", async () => {
    for (const name of [".", ".."]) {
      expect(() => mock.session(name)).toThrow(/^mock\.session: a session name must not be "\." or "\.\."/);
      expect(() => mock.session(name)).toThrow(expect.objectContaining({ code: "E_USAGE" }));
      expect((await raw(`${server.url}${LIST}`, { headers: { [SESSION_HEADER]: name } })).status).toBe(400);
      expect(
        (
          await raw(`${server.url}/_mock/api/sessions/${name === "." ? "%2e" : "%2E%2e"}`, {
            method: "PUT",
            headers: JSON_TYPE,
            body: "{}",
          })
        ).status,
      ).toBe(400);
    }
    // Dots elsewhere are fine, and reach their session.
    const dots = mock.session("...");
    await dots.use({ scenario: { code: 502 } });
    expect(await ask(LIST, "...")).toBe(502);
    await dots.delete();
    expect(await ask(LIST, "...")).toBe(200);
  });

  it("__proto__, constructor and toString are plain session names: nothing polluted", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const session = mock.session(name);
      const info = await session.use({ scenario: { operation: "listEvaluations", code: 418 } });
      expect(info).toMatchObject({ name, data: null });
      expect(await ask(LIST, name)).toBe(418);
      expect((await session.requests()).map((entry) => entry.session)).toEqual([name]);
    }
    expect(({} as Record<string, unknown>).scenario).toBeUndefined();
    const listed = (await (await fetch(`${server.url}/_mock/api/sessions`)).json()) as { sessions: Array<{ name: string }> };
    expect(listed.sessions.map((session) => session.name)).toEqual(expect.arrayContaining(["__proto__", "constructor"]));
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) await mock.session(name).delete();
    expect(server.requests({ session: "__proto__" })).toEqual([]);
    expect(await ask(LIST, "__proto__")).toBe(200);
    await mock.session("__proto__").delete();
  });

  it.each([
    ["a%2Fb (a slash)", "a%2Fb", 400],
    ["%00", "%00", 400],
    ["a%20b (a space)", "a%20b", 400],
    ["broken escape %E0%A4%A", "%E0%A4%A", 400],
    ["%C3%A9 (é)", "%C3%A9", 400],
    ["65 characters", "x".repeat(65), 400],
    ["a%2Db is a-b", "a%2Db", 200],
  ])("PATCH /_mock/api/sessions/ with %s: %s -> %i", async (_name, segment, status) => {
    const answer = await raw(`${server.url}/_mock/api/sessions/${segment}`, { method: "PATCH", headers: JSON_TYPE, body: "{}" });
    expect(answer.status).toBe(status);
    if (status === 400) expect(JSON.parse(answer.text)).toEqual({ detail: expect.stringMatching(/^mock: a session name must be 1 to 64/) });
    else expect((await raw(`${server.url}/_mock/api/sessions/a-b`, { method: "DELETE" })).status).toBe(200);
  });
});
