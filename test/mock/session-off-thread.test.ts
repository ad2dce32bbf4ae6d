// Issue 39: a large `PUT /_mock/api/sessions/NAME` (a whole dataset, up to 32 MiB) is parsed and
// checked on the dataset worker, not on the request thread: another client's GET, sent once the mock
// has the whole body, is answered before the PUT is (it stalled every client for 2.4-5.9 s at 30 MiB).
// A large body gets the same answers as a small one: 400, 422 naming the path, the session's data
// served (moved to the mock's anchor), the size bounds. Real clients, the mock on port 0.
import { request, type IncomingMessage, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateDataset } from "../../src/generate/index.js";
import { createMockCore, createMockServer, type MockHttpServer } from "../../src/mock/index.js";
import { MAX_SESSION_BODIES_HELD, MAX_SESSION_BODY_BYTES, OFF_THREAD_SESSION_BYTES } from "../../src/mock/console/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { detailOf, raw, sendJson } from "./raw.js";

let mock: MockHttpServer | undefined;
const stop = async (server: MockHttpServer): Promise<void> => {
  server.mock.dispose();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};
afterEach(async () => {
  if (mock !== undefined) await stop(mock);
  mock = undefined;
});

async function listening(anchor?: number): Promise<[MockHttpServer, string]> {
  const server = createMockServer({ data: exampleDataset(), ...(anchor === undefined ? {} : { anchor }) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return [server, `http://127.0.0.1:${(server.address() as { port: number }).port}`];
}

/** A mock of this test alone (closed after it). */
async function start(anchor?: number): Promise<string> {
  const [server, url] = await listening(anchor);
  mock = server;
  return url;
}

// One mock for the tests that need no hook of their own (its worker started once).
let sharedMock: MockHttpServer;
let shared: string;
beforeAll(async () => {
  [sharedMock, shared] = await listening();
});
afterAll(() => stop(sharedMock));

/** A JSON text padded with spaces (still the same JSON) to `size` bytes: past the off-thread threshold. */
const padded = (text: string, size = OFF_THREAD_SESSION_BYTES + 1): string =>
  text + " ".repeat(Math.max(0, size - Buffer.byteLength(text)));

describe("a large session PUT is checked off the request thread", () => {
  it("another client's GET, sent once the mock has the whole body, is answered before the PUT", async () => {
    const url = await start();
    // About 8 MB: seconds of parsing and checking on a loaded machine, a GET is milliseconds.
    const big = generateDataset({ seed: 39, apps: 2, evaluations: 6_000, humanEvaluations: 20 });
    const body = Buffer.from(JSON.stringify({ data: big }));
    const app = big.evaluations[0]!.app_id;
    const order: string[] = [];
    const started = performance.now();
    let getMs = 0;
    let putMs = 0;
    let got: Promise<number> | undefined;
    // The mock's request handler reads the body first (its 'end' listener comes first): this one,
    // added after, sends the GET at the moment the mock has the whole body and starts checking it.
    (mock as unknown as Server).on("request", (incoming: IncomingMessage) => {
      if (incoming.method !== "PUT") return;
      incoming.on("end", () => {
        const sent = performance.now();
        got = new Promise((resolve, reject) => {
          const req = request(`${url}/evaluations?app_id=${APP_A}`, { agent: false }, (response) => {
            response.resume();
            response.on("end", () => {
              getMs = performance.now() - sent;
              order.push("GET");
              resolve(response.statusCode ?? 0);
            });
          });
          req.on("error", reject);
          req.end();
        });
      });
    });
    const put = await sendJson(`${url}/_mock/api/sessions/big`, "PUT", body.toString("utf8"));
    putMs = performance.now() - started;
    order.push("PUT");
    expect(await got).toBe(200);
    console.log(
      `session PUT of ${(body.length / 1e6).toFixed(1)} MB answered in ${putMs.toFixed(0)} ms; a GET meanwhile ${getMs.toFixed(0)} ms`,
    );
    expect(put.status, put.text).toBe(200);
    expect(order).toEqual(["GET", "PUT"]);
    // The session serves its data, byte for byte what a core built from it serves.
    const expected = createMockCore({ data: big }).respond({ method: "GET", url: `/evaluations?app_id=${app}`, headers: {} });
    const served = await raw(`${url}/evaluations?app_id=${app}`, { headers: { "X-Mock-Session": "big" } });
    expect(served.status).toBe(200);
    expect(served.body.equals(Buffer.from(expected.body))).toBe(true);
    expect(JSON.parse(put.text)).toMatchObject({ name: "big", data: createMockCore({ data: big }).summary });
  }, 60_000);

  it("a large body's data is moved to the mock's anchor, as a small one's", async () => {
    const anchor = Date.parse("2031-02-03T04:05:06Z");
    const url = await start(anchor);
    const data = exampleDataset();
    for (const text of [JSON.stringify({ data }), padded(JSON.stringify({ data }))]) {
      const size = Buffer.byteLength(text);
      const put = await sendJson(`${url}/_mock/api/sessions/s${size}`, "PUT", text);
      expect(put.status, put.text).toBe(200);
    }
    const small = await raw(`${url}/evaluations?app_id=${APP_A}`, {
      headers: { "X-Mock-Session": `s${Buffer.byteLength(JSON.stringify({ data }))}` },
    });
    const large = await raw(`${url}/evaluations?app_id=${APP_A}`, { headers: { "X-Mock-Session": `s${OFF_THREAD_SESSION_BYTES + 1}` } });
    expect(large.text).toBe(small.text);
    // Moved in time: not what the data says as it is.
    const unmoved = createMockCore({ data }).respond({ method: "GET", url: `/evaluations?app_id=${APP_A}`, headers: {} });
    expect(large.text).not.toBe(Buffer.from(unmoved.body).toString("utf8"));
  });

  // [what, body (padded past the threshold), status, detail]: the answers of a small body.
  const data = exampleDataset();
  const broken = { ...data, evaluations: [{ ...data.evaluations[0]!, status: "NOPE" }] };
  it.each([
    ["not JSON", padded('{"data": '), 400, /^mock: the body is not valid JSON$/],
    ["not an object", padded("[1, 2]"), 400, /^mock: the body must be a JSON object/],
    ["an unknown field", padded('{"dta": {}}'), 400, /^mock: unknown session field "dta" \(known: data, scenario\)$/],
    ["a bad scenario", padded('{"scenario": {"code": 99}}'), 400, /^mock: scenario: /],
    [
      "data with a contract error",
      padded(JSON.stringify({ data: broken })),
      422,
      /^mock: E_DATA_INVALID session bad data is refused: \$\.evaluations\[0\]\.status/,
    ],
    [
      "data 200,000 levels deep",
      padded(`{"data": {"evaluations": ${"[".repeat(200_000)}${"]".repeat(200_000)}, "human_evaluations": []}}`),
      422,
      /^mock: E_DATA_INVALID session bad data is refused: \$\.evaluations\[0\]: type: must be object, got array$/,
    ],
    ["a scenario alone", padded('{"scenario": {"code": 503}}'), 200, undefined],
  ])("a large body with %s is answered as a small one", async (_what, text, status, detail) => {
    const url = shared;
    const put = await sendJson(`${url}/_mock/api/sessions/bad`, "PUT", text);
    expect(put.status, put.text).toBe(status);
    if (detail !== undefined) expect(detailOf(put)).toMatch(detail);
    // The same body, unpadded (checked on the request thread), gets the same answer.
    const small = await sendJson(`${url}/_mock/api/sessions/bad`, "PUT", text.trimEnd());
    expect([small.status, small.status === 200 ? "" : detailOf(small)]).toEqual([put.status, put.status === 200 ? "" : detailOf(put)]);
  });

  it(`a body over ${MAX_SESSION_BODY_BYTES} bytes is 413, and the mock goes on`, async () => {
    const url = shared;
    const put = await sendJson(`${url}/_mock/api/sessions/huge`, "PUT", padded("{}", MAX_SESSION_BODY_BYTES + 1));
    expect([put.status, detailOf(put)]).toEqual([413, `mock: the body is over ${MAX_SESSION_BODY_BYTES} bytes`]);
    expect((await raw(`${url}/evaluations?app_id=${APP_A}`)).status).toBe(200);
  });

  it(`session bodies held at once are bounded (${MAX_SESSION_BODIES_HELD} bytes): one more is 503 with Retry-After; a client gone mid-body gives its bytes back`, async () => {
    const url = await start();
    let received = 0;
    (mock as unknown as Server).on("request", (incoming: IncomingMessage) => {
      if (incoming.method === "PUT") incoming.on("data", (chunk: Buffer) => (received += chunk.length));
    });
    const part = MAX_SESSION_BODY_BYTES - 16;
    /** A PUT whose body (`{}` and spaces) is sent but not ended: the mock holds what it read. */
    const open = (name: string): { end: () => Promise<number>; abort: () => void } => {
      let status: (code: number) => void = () => undefined;
      const answered = new Promise<number>((resolve) => (status = resolve));
      const req = request(
        `${url}/_mock/api/sessions/${name}`,
        { method: "PUT", agent: false, headers: { "Content-Type": "application/json" } },
        (response) => {
          response.resume();
          response.on("end", () => status(response.statusCode ?? 0));
        },
      );
      req.on("error", () => status(0));
      req.write(padded("{}", part));
      return {
        end: () => {
          req.end();
          return answered;
        },
        abort: () => req.destroy(),
      };
    };
    const a = open("held-a");
    const b = open("held-b");
    await expect.poll(() => received, { timeout: 20_000 }).toBe(2 * part);
    const refused = await sendJson(`${url}/_mock/api/sessions/third`, "PUT", padded("{}", 2 * 1024 * 1024));
    expect([refused.status, refused.headers["retry-after"], detailOf(refused)]).toEqual([
      503,
      "1",
      `mock: other session bodies hold ${MAX_SESSION_BODIES_HELD} bytes being read or checked: retry once they are set`,
    ]);
    a.abort();
    expect(await b.end()).toBe(200);
    // a's and b's bytes are given back: a body as large is taken again.
    const again = await sendJson(`${url}/_mock/api/sessions/again`, "PUT", padded("{}", part));
    expect(again.status, again.text).toBe(200);
    const twice = await sendJson(`${url}/_mock/api/sessions/twice`, "PUT", padded("{}", part));
    expect(twice.status, twice.text).toBe(200);
  }, 60_000);

  it.each([
    ["a DELETE", "DELETE", undefined, 404],
    ["a small PUT", "PUT", { scenario: { code: 503 } }, 200],
  ])(
    "%s of the session while a large PUT is checked wins: the large one is 409, the session left as the later request set it",
    async (_what, method, body, status) => {
      const url = await start();
      const at = `${url}/_mock/api/sessions/race`;
      let later: Promise<number> | undefined;
      (mock as unknown as Server).on("request", (incoming: IncomingMessage) => {
        if (incoming.method !== "PUT" || later !== undefined) return;
        incoming.on("end", () => {
          later = sendJson(at, method, body ?? "").then((answer) => answer.status);
        });
      });
      const large = await sendJson(at, "PUT", padded(JSON.stringify({ data: exampleDataset() })));
      expect(await later).toBe(status);
      expect([large.status, detailOf(large)]).toEqual([
        409,
        'mock: session "race" was put or deleted by a later request while this body was checked: left as that request set it',
      ]);
      const session = await raw(at);
      if (method === "DELETE") expect(session.status).toBe(404);
      else expect(JSON.parse(session.text)).toEqual({ name: "race", data: null, scenario: { code: 503 } });
    },
  );
});
