// Issue 32, sessions on the node mock: `PUT /_mock/api/sessions/NAME` gives a session its own data
// and scenario, a request names it with `X-Mock-Session` or the `mock-session` cookie, and parallel
// test workers never see each other's state; a request with no session, or naming one never set,
// sees the default (the default data and the console's scenario). Then the API's edges: names,
// bodies, the 256-session cap, the console's Host / Origin / Sec-Fetch-Site rules, the base path.
import { Agent } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import type { OperationId } from "../../src/contract/operations.js";
import { GATEWAY_PAGE, MAX_SESSIONS, startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { APP_A, APP_B } from "./datasets.js";
import { detailOf, raw, sendJson, type RawAnswer } from "./raw.js";

/** Three evaluations and two human evaluations over two apps, all picked by `seed` (another seed: other records). */
const dataOf = (seed: number): Dataset =>
  buildDataset({
    evaluations: [
      buildEvaluation({ app_id: APP_A }, { seed }),
      buildEvaluation({ app_id: APP_A }, { seed: seed + 1 }),
      buildEvaluation({ app_id: APP_B }, { seed: seed + 2 }),
    ],
    human_evaluations: [buildHumanEvaluation({ app_id: APP_A }, { seed }), buildHumanEvaluation({ app_id: APP_B }, { seed: seed + 1 })],
  });
const SUMMARY = "3 evaluations, 2 human evaluations, 2 apps";

const DEFAULT = dataOf(1);
const OWN = dataOf(100);

interface Want {
  status: number;
  body: string;
}
// The real service's bodies, byte for byte (src/contract/error-bodies.ts).
const NOT_FOUND_BY_ID: Want = { status: 404, body: '{"detail":"Evaluation not found"}' };
const SERVER_ERROR: Want = { status: 500, body: '{"detail":"Internal Server Error"}' };
const UNAVAILABLE: Want = { status: 503, body: '{"detail":"Service Unavailable"}' };
const GATEWAY: Want = { status: 502, body: GATEWAY_PAGE };
const EMPTY: Want = { status: 200, body: "[]" };

interface Call {
  operation: OperationId;
  path: string;
  app?: string;
  id?: string;
}
const listEvaluations = (app: string): Call => ({ operation: "listEvaluations", path: `/evaluations?app_id=${app}`, app });
const listHumanEvaluations = (app: string): Call => ({ operation: "listHumanEvaluations", path: `/human-evaluations?app_id=${app}`, app });
const getHumanEvaluation = (id: string): Call => ({ operation: "getHumanEvaluation", path: `/human-evaluations/${id}`, id });

/** What `data` answers to `call` with no scenario: the records as given, compact JSON (the oracle: no mock code). */
function plain(data: Dataset, call: Call): Want {
  if (call.operation === "getHumanEvaluation") {
    const found = data.human_evaluations.find((record) => record.id === call.id);
    return found === undefined ? NOT_FOUND_BY_ID : { status: 200, body: JSON.stringify(found) };
  }
  const list = call.operation === "listEvaluations" ? data.evaluations : data.human_evaluations;
  return { status: 200, body: JSON.stringify(list.filter((record) => record.app_id === call.app)) };
}

const got = (answer: RawAnswer): Want => ({ status: answer.status, body: answer.text });
const header = (name: string): Record<string, string> => ({ "X-Mock-Session": name });
const cookie = (name: string): Record<string, string> => ({ Cookie: `theme=dark; mock-session=${name}; lang=en` });

describe("sessions: each its own data and scenario", () => {
  let mock: RunningMockServer;
  const session = (name: string): string => `${mock.url}/_mock/api/sessions/${name}`;
  const call = async (c: Call, headers: Record<string, string> = {}): Promise<Want> => got(await raw(`${mock.url}${c.path}`, { headers }));
  beforeAll(async () => {
    mock = await startMockServer({ data: DEFAULT, port: 0 });
  });
  afterAll(() => mock.close());
  afterEach(async () => {
    await sendJson(`${mock.url}/_mock/api/scenario`, "POST", {});
  });

  const calls = [
    listEvaluations(APP_A),
    listEvaluations(APP_B),
    listHumanEvaluations(APP_A),
    getHumanEvaluation(OWN.human_evaluations[0]!.id),
  ];

  it("a session with its own data serves it, named by the header or the cookie; no session and an unknown one see the default", async () => {
    const put = await sendJson(session("own-data"), "PUT", { data: OWN });
    expect([put.status, JSON.parse(put.text)]).toEqual([200, { name: "own-data", data: SUMMARY, scenario: {} }]);
    for (const c of calls) {
      expect(await call(c, header("own-data")), c.path).toEqual(plain(OWN, c));
      expect(await call(c, cookie("own-data")), c.path).toEqual(plain(OWN, c));
      expect(await call(c), c.path).toEqual(plain(DEFAULT, c));
      expect(await call(c, header("never-put")), c.path).toEqual(plain(DEFAULT, c));
      expect(await call(c, cookie("never-put")), c.path).toEqual(plain(DEFAULT, c));
    }
    // The two datasets differ where it matters (else the checks above would prove nothing).
    expect(plain(OWN, calls[0]!)).not.toEqual(plain(DEFAULT, calls[0]!));
    expect(plain(DEFAULT, calls[3]!)).toEqual(NOT_FOUND_BY_ID);
  });

  it.each([
    [{ code: 500 }, { code: 500 }, (): Want => SERVER_ERROR],
    [
      { operation: "getHumanEvaluation", code: 404 },
      { operation: "getHumanEvaluation", code: 404 },
      (c: Call): Want => (c.operation === "getHumanEvaluation" ? NOT_FOUND_BY_ID : plain(DEFAULT, c)),
    ],
    [{ empty: true }, { empty: true }, (c: Call): Want => (c.operation === "getHumanEvaluation" ? plain(DEFAULT, c) : EMPTY)],
    [{ fault: "gateway" }, { fault: "gateway" }, (): Want => GATEWAY],
  ])("a session with the scenario %j applies it to its requests only", async (scenario, described, want) => {
    const name = `scenario-${Object.keys(scenario).join("-")}`;
    const put = await sendJson(session(name), "PUT", { scenario });
    expect([put.status, JSON.parse(put.text)]).toEqual([200, { name, data: null, scenario: described }]);
    const id = DEFAULT.human_evaluations[1]!.id;
    for (const c of [listEvaluations(APP_A), listHumanEvaluations(APP_B), getHumanEvaluation(id)]) {
      expect(await call(c, header(name)), c.path).toEqual(want(c));
      expect(await call(c, cookie(name)), c.path).toEqual(want(c));
      expect(await call(c), c.path).toEqual(plain(DEFAULT, c));
    }
  });

  it("the gateway page of a session is HTML, as a reverse proxy sends it", async () => {
    await sendJson(session("gateway-type"), "PUT", { scenario: { fault: "gateway" } });
    const answer = await raw(`${mock.url}/evaluations?app_id=${APP_A}`, { headers: header("gateway-type") });
    expect([answer.status, answer.headers["content-type"], answer.body.equals(Buffer.from(GATEWAY_PAGE))]).toEqual([
      502,
      "text/html",
      true,
    ]);
  });

  it("a request's own Prefer wins over its session's scenario", async () => {
    await sendJson(session("prefer-wins"), "PUT", { scenario: { code: 500 } });
    const c = listEvaluations(APP_A);
    expect(await call(c, { ...header("prefer-wins"), Prefer: "code=503" })).toEqual(UNAVAILABLE);
    expect(await call(c, { ...header("prefer-wins"), Prefer: "example=empty" })).toEqual(EMPTY);
    expect(await call(c, header("prefer-wins"))).toEqual(SERVER_ERROR);
  });

  it("the header names the session before the cookie", async () => {
    await sendJson(session("by-header"), "PUT", { data: OWN });
    await sendJson(session("by-cookie"), "PUT", { scenario: { code: 500 } });
    const c = listEvaluations(APP_A);
    expect(await call(c, { ...header("by-header"), ...cookie("by-cookie") })).toEqual(plain(OWN, c));
    expect(await call(c, cookie("by-cookie"))).toEqual(SERVER_ERROR);
  });

  it("the console's scenario reaches requests with no session or an unknown one, never a session's", async () => {
    await sendJson(session("console-data"), "PUT", { data: OWN });
    await sendJson(session("console-empty"), "PUT", { scenario: { operation: "listEvaluations", empty: true } });
    const set = await sendJson(`${mock.url}/_mock/api/scenario`, "POST", { code: 503 });
    expect(set.status).toBe(200);
    for (const c of calls) {
      expect(await call(c), c.path).toEqual(UNAVAILABLE);
      expect(await call(c, header("never-put")), c.path).toEqual(UNAVAILABLE);
      expect(await call(c, cookie("never-put")), c.path).toEqual(UNAVAILABLE);
      expect(await call(c, header("console-data")), c.path).toEqual(plain(OWN, c));
      // A session's scenario for one operation leaves the others plain: the console's does not fill in.
      expect(await call(c, cookie("console-empty")), c.path).toEqual(c.operation === "listEvaluations" ? EMPTY : plain(DEFAULT, c));
    }
  });

  it("a deleted session's requests see the default again", async () => {
    await sendJson(session("short-lived"), "PUT", { data: OWN, scenario: { operation: "getHumanEvaluation", code: 500 } });
    const c = listEvaluations(APP_A);
    expect(await call(c, header("short-lived"))).toEqual(plain(OWN, c));
    const deleted = await raw(session("short-lived"), { method: "DELETE" });
    // Its journal entries go with it (issue 40): the one request above.
    expect([deleted.status, JSON.parse(deleted.text)]).toEqual([200, { name: "short-lived", deleted: true, requestsCleared: 1 }]);
    expect(await call(c, header("short-lived"))).toEqual(plain(DEFAULT, c));
    expect(await call(getHumanEvaluation(DEFAULT.human_evaluations[0]!.id), header("short-lived"))).toEqual(
      plain(DEFAULT, getHumanEvaluation(DEFAULT.human_evaluations[0]!.id)),
    );
  });
});

/** A seeded shuffle (mulberry32), so the interleaving is the same on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("sessions hammered in parallel", () => {
  let mock: RunningMockServer;
  let agent: Agent;
  beforeAll(async () => {
    mock = await startMockServer({ data: DEFAULT, port: 0 });
    agent = new Agent({ keepAlive: true, maxSockets: 24 });
  });
  afterAll(async () => {
    agent.destroy();
    await mock.close();
  });

  it("never see each other's data or scenarios, and a session deleted meanwhile falls back to the default", async () => {
    const [A, B, D] = [dataOf(200), dataOf(300), dataOf(400)];
    const GET = "getHumanEvaluation";
    // The default: its data, and a console scenario on one operation.
    const byDefault = (c: Call): Want => (c.operation === GET ? UNAVAILABLE : plain(DEFAULT, c));
    const targets: { name: string; headers: Record<string, string>; want: (c: Call) => Want }[] = [
      { name: "default", headers: {}, want: byDefault },
      { name: "never-put", headers: header("never-put"), want: byDefault },
      { name: "hammer-a", headers: header("hammer-a"), want: (c) => plain(A, c) },
      { name: "hammer-b", headers: cookie("hammer-b"), want: (c) => (c.operation === GET ? NOT_FOUND_BY_ID : plain(B, c)) },
      { name: "hammer-c", headers: header("hammer-c"), want: (c) => (c.operation === GET ? plain(DEFAULT, c) : EMPTY) },
      { name: "hammer-d", headers: cookie("hammer-d"), want: (c) => (c.operation === "listHumanEvaluations" ? GATEWAY : plain(D, c)) },
    ];
    const setups: [string, unknown][] = [
      ["hammer-a", { data: A }],
      ["hammer-b", { data: B, scenario: { operation: "getHumanEvaluation", code: 404 } }],
      ["hammer-c", { scenario: { empty: true } }],
      ["hammer-d", { data: D, scenario: [{ operation: "listHumanEvaluations", fault: "gateway" }] }],
    ];
    for (const [name, body] of setups)
      expect((await sendJson(`${mock.url}/_mock/api/sessions/${name}`, "PUT", body)).status, name).toBe(200);
    expect((await sendJson(`${mock.url}/_mock/api/scenario`, "POST", { operation: GET, code: 503 })).status).toBe(200);

    const ids = [DEFAULT, A, B, D].map((data) => data.human_evaluations[0]!.id);
    const shapes = [listEvaluations(APP_A), listEvaluations(APP_B), listHumanEvaluations(APP_A), ...ids.map(getHumanEvaluation)];
    const plan = targets.flatMap((target) => shapes.flatMap((c) => Array.from({ length: 12 }, () => ({ target, c }))));
    expect(plan.length).toBeGreaterThanOrEqual(500);
    // Every target's answers are distinct from every other's on some call: a crossed wire shows.
    for (const [i, x] of targets.entries())
      for (const y of targets.slice(i + 1))
        if (y.name !== "never-put")
          expect(
            shapes.some((c) => x.want(c).body !== y.want(c).body),
            `${x.name} / ${y.name}`,
          ).toBe(true);

    /** Sends the plan at once over the keep-alive pool; returns what differed from `wantOf`. */
    const run = async (seed: number, wantOf: (name: string, c: Call) => Want | Want[]): Promise<string[]> => {
      const answers = await Promise.all(
        shuffled(plan, seed).map(async ({ target, c }) => ({
          target,
          c,
          answer: await raw(`${mock.url}${c.path}`, { headers: target.headers, agent }),
        })),
      );
      const wrong: string[] = [];
      for (const { target, c, answer } of answers) {
        const allowed = [wantOf(target.name, c)].flat();
        const ok = allowed.some((want) => answer.status === want.status && answer.body.equals(Buffer.from(want.body)));
        if (!ok) wrong.push(`${target.name} ${c.path}: ${answer.status} ${answer.text.slice(0, 60)}`);
      }
      return wrong;
    };
    const wantOf = (name: string, c: Call): Want => targets.find((t) => t.name === name)!.want(c);

    const lastId = mock.requests().at(-1)?.id ?? 0;
    expect(await run(1, wantOf)).toEqual([]);
    // The journal saw every request under the session it named.
    for (const target of targets.slice(1))
      expect(mock.requests({ session: target.name, since: lastId }).length, target.name).toBe(12 * shapes.length);

    // hammer-b goes while the others keep going: its in-flight requests see it or the default.
    const during = run(2, (name, c) => (name === "hammer-b" ? [wantOf(name, c), byDefault(c)] : wantOf(name, c)));
    const deleted = await raw(`${mock.url}/_mock/api/sessions/hammer-b`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await during).toEqual([]);
    expect((await raw(`${mock.url}/_mock/api/sessions/hammer-b`)).status).toBe(404);

    // From then on, hammer-b is the default; the others are unchanged.
    expect(await run(3, (name, c) => (name === "hammer-b" ? byDefault(c) : wantOf(name, c)))).toEqual([]);
    const listed = JSON.parse((await raw(`${mock.url}/_mock/api/sessions`)).text) as { sessions: { name: string }[] };
    expect(listed.sessions.map((s) => s.name).sort()).toEqual(["hammer-a", "hammer-c", "hammer-d"]);
  });
});

describe("the sessions API's edges", () => {
  let mock: RunningMockServer;
  const session = (name: string): string => `${mock.url}/_mock/api/sessions/${name}`;
  beforeAll(async () => {
    mock = await startMockServer({ data: DEFAULT, port: 0 });
  });
  afterAll(() => mock.close());

  /** A mock fault: the status and a one-line detail starting `mock: ` that matches `detail`. */
  const expectFault = (answer: RawAnswer, status: number, detail: RegExp): void => {
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toBe("application/json");
    const text = detailOf(answer);
    expect(text).toEqual(expect.stringMatching(/^mock: [^\n]*$/));
    expect(text).toMatch(detail);
  };

  it("GET and DELETE of a session never PUT are 404", async () => {
    expectFault(await raw(session("nobody")), 404, /^mock: no session "nobody"$/);
    expectFault(await raw(session("nobody"), { method: "DELETE" }), 404, /^mock: no session "nobody"$/);
  });

  it("GET shows a session, the list shows them all", async () => {
    await sendJson(session("shown-1"), "PUT", { data: OWN, scenario: [{ code: 500 }, { operation: "getHumanEvaluation", code: 404 }] });
    await sendJson(session("shown-2"), "PUT", {});
    const one = await raw(session("shown-1"));
    expect([one.status, JSON.parse(one.text)]).toEqual([
      200,
      { name: "shown-1", data: SUMMARY, scenario: [{ code: 500 }, { operation: "getHumanEvaluation", code: 404 }] },
    ]);
    const list = await raw(`${mock.url}/_mock/api/sessions`);
    expect(list.status).toBe(200);
    expect((JSON.parse(list.text) as { sessions: unknown[] }).sessions).toEqual(
      expect.arrayContaining([
        { name: "shown-1", data: SUMMARY, scenario: [{ code: 500 }, { operation: "getHumanEvaluation", code: 404 }] },
        { name: "shown-2", data: null, scenario: {} },
      ]),
    );
    expectFault(await raw(`${mock.url}/_mock/api/sessions?name=shown-1`), 400, /unknown parameter "name"/);
  });

  it.each(["bad%20name", "a".repeat(65), "a%2Fb", "a%00", "%zz", "caf%C3%A9", ""])(
    "a session name %j in the path is a 400",
    async (name) => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const answer = method === "PUT" ? await sendJson(session(name), "PUT", {}) : await raw(session(name), { method });
        expectFault(answer, 400, /^mock: a session name must be 1 to 64 letters, digits, '\.', '_' or '-', got /);
      }
      expect(JSON.parse((await raw(`${mock.url}/_mock/api/sessions`)).text).sessions).not.toContainEqual(expect.objectContaining({ name }));
    },
  );

  it("a name of 64 letters, digits, '.', '_' and '-' is a session name", async () => {
    const name = `a.b_c-D9${"x".repeat(56)}`;
    expect((await sendJson(session(name), "PUT", { data: OWN })).status).toBe(200);
    const c = listEvaluations(APP_A);
    expect(got(await raw(`${mock.url}${c.path}`, { headers: header(name) }))).toEqual(plain(OWN, c));
  });

  it.each([
    ["the header", header("bad name"), /^mock: X-Mock-Session must be 1 to 64 letters, digits, '\.', '_' or '-', got "bad name"$/],
    ["the header", header("a".repeat(65)), /^mock: X-Mock-Session must be /],
    ["the header", header("a/b"), /^mock: X-Mock-Session must be /],
    [
      "the cookie",
      cookie("bad%20name"),
      /^mock: the mock-session cookie must be 1 to 64 letters, digits, '\.', '_' or '-', got "bad name"$/,
    ],
    ["the cookie", cookie("a".repeat(65)), /^mock: the mock-session cookie must be /],
  ])("an unusable session name in %s (%j) is a 400 with the service's error shape", async (_where, headers, detail) => {
    for (const c of [listEvaluations(APP_A), getHumanEvaluation(DEFAULT.human_evaluations[0]!.id)]) {
      const answer = await raw(`${mock.url}${c.path}`, { headers });
      expectFault(answer, 400, detail);
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  // A cookie value with a broken percent escape is a client's typo like any other bad name.
  it("a mock-session cookie with a broken percent escape is a 400, not a 500", async () => {
    const answer = await raw(`${mock.url}/evaluations?app_id=${APP_A}`, { headers: cookie("%zz") });
    expectFault(answer, 400, /^mock: the mock-session cookie must be /);
  });

  it.each([
    ["text/plain", 415, /^mock: send the body as Content-Type: application\/json$/],
    ["application/x-www-form-urlencoded", 415, /^mock: send the body as Content-Type: application\/json$/],
  ])("a body sent as %s is a %i", async (type, status, detail) => {
    expectFault(await sendJson(session("typed"), "PUT", { data: OWN }, { "Content-Type": type }), status, detail);
    expectFault(await raw(session("typed"), { method: "PUT", body: "{}" }), status, detail);
    expect((await raw(session("typed"))).status).toBe(404);
  });

  it.each([
    ["{", /^mock: the body is not valid JSON$/],
    ["[]", /^mock: the body must be a JSON object like /],
    ['"data"', /^mock: the body must be a JSON object like /],
    [
      '{"data": {"evaluations": [], "human_evaluations": []}, "scenarios": {"code": 500}}',
      /^mock: unknown session field "scenarios" \(known: data, scenario\)$/,
    ],
    ['{"scenario": {"code": 302}}', /^mock: scenario: code must be 200 or 400 to 599, got "302"$/],
    ['{"scenario": {"fault": "explode"}}', /^mock: scenario: unknown fault "explode"/],
    ['{"scenario": {"operation": "listEvals"}}', /^mock: scenario: operation must be one of /],
    ['{"scenario": [{"code": 500}, {"delay": 5}]}', /^mock: scenario: two scenarios for every operation/],
  ])("the body %s is a 400", async (body, detail) => {
    expectFault(await sendJson(session("bad-body"), "PUT", body), 400, detail);
    expect((await raw(session("bad-body"))).status).toBe(404);
  });

  it("data that breaks the contract is a 422 naming the path and the rule, and the session stays as it was", async () => {
    const name = "kept";
    const before = await sendJson(session(name), "PUT", { data: OWN, scenario: { operation: "listHumanEvaluations", empty: true } });
    expect(before.status).toBe(200);
    const c = listEvaluations(APP_A);
    const state = async (): Promise<unknown[]> => [
      JSON.parse((await raw(session(name))).text),
      got(await raw(`${mock.url}${c.path}`, { headers: header(name) })),
      got(await raw(`${mock.url}/human-evaluations?app_id=${APP_A}`, { headers: header(name) })),
    ];
    const kept = await state();
    expect(kept).toEqual([JSON.parse(before.text), plain(OWN, c), EMPTY]);

    const broken = structuredClone(OWN) as unknown as { evaluations: Record<string, unknown>[] };
    broken.evaluations[1]!.id = 5;
    const refused = await sendJson(session(name), "PUT", { data: broken, scenario: { code: 500 } });
    expectFault(refused, 422, /^mock: E_DATA_INVALID session kept data is refused: \$\.evaluations\[1\]\.id: type: must be string/);
    const shapeless = await sendJson(session(name), "PUT", { data: { evaluations: [] } });
    expectFault(shapeless, 422, /^mock: E_DATA_INVALID .*\$\.human_evaluations: dataset-shape: /);
    // A good dataset with a bad scenario is refused whole too.
    expectFault(
      await sendJson(session(name), "PUT", { data: dataOf(500), scenario: { delay: -1 } }),
      400,
      /^mock: scenario: delay must be/,
    );
    expect(await state()).toEqual(kept);
  });

  it(`the session after ${MAX_SESSIONS} is a 409 until one is deleted; an existing one can still be set`, async () => {
    const full = await startMockServer({ data: DEFAULT, port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const at = (name: string): string => `${full.url}/_mock/api/sessions/${name}`;
      const puts = await Promise.all(Array.from({ length: MAX_SESSIONS }, (_, i) => sendJson(at(`s${i}`), "PUT", {}, {}, agent)));
      expect(puts.map((p) => p.status)).toEqual(Array.from({ length: MAX_SESSIONS }, () => 200));
      expect(MAX_SESSIONS).toBe(256);
      const over = await sendJson(at("one-more"), "PUT", {});
      expect(over.status).toBe(409);
      expect(detailOf(over)).toMatch(/^mock: 256 sessions are set already: delete one first/);
      expect((await sendJson(at("s7"), "PUT", { scenario: { code: 500 } })).status).toBe(200);
      expect((await raw(at("s0"), { method: "DELETE" })).status).toBe(200);
      expect((await sendJson(at("one-more"), "PUT", {})).status).toBe(200);
      expect((JSON.parse((await raw(`${full.url}/_mock/api/sessions`)).text) as { sessions: unknown[] }).sessions).toHaveLength(256);
    } finally {
      agent.destroy();
      await full.close();
    }
  });

  it("a Host that does not name this machine is refused (DNS rebinding), on every sessions route", async () => {
    await sendJson(session("guarded"), "PUT", { data: OWN });
    for (const host of ["evil.example", `evil.example:${mock.port}`, "localhost.evil.example"]) {
      const headers = { Host: host };
      expectFault(await sendJson(session("guarded"), "PUT", {}, headers), 403, /^mock: the console answers only requests for this machine/);
      expectFault(await raw(session("guarded"), { headers }), 403, /^mock: the console answers only/);
      expectFault(await raw(session("guarded"), { method: "DELETE", headers }), 403, /^mock: the console answers only/);
      expectFault(await raw(`${mock.url}/_mock/api/sessions`, { headers }), 403, /^mock: the console answers only/);
    }
    expect(JSON.parse((await raw(session("guarded"), { headers: { Host: `localhost:${mock.port}` } })).text)).toEqual({
      name: "guarded",
      data: SUMMARY,
      scenario: {},
    });
  });

  it("a change from another site (Origin, or Sec-Fetch-Site without one) is refused; reading is not a change", async () => {
    await sendJson(session("sited"), "PUT", { data: OWN });
    const refused: Record<string, string>[] = [
      { Origin: "http://evil.example" },
      { Origin: "null" },
      { Origin: `http://127.0.0.1:${mock.port + 1}` },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of refused) {
      expectFault(
        await sendJson(session("sited"), "PUT", { scenario: { code: 500 } }, headers),
        403,
        /^mock: a change from another site is refused/,
      );
      expectFault(await sendJson(session("sited-new"), "PUT", {}, headers), 403, /^mock: a change from another site is refused/);
      expectFault(await raw(session("sited"), { method: "DELETE", headers }), 403, /^mock: a change from another site is refused/);
    }
    expect(JSON.parse((await raw(session("sited"), { headers: { Origin: "http://evil.example" } })).text)).toEqual({
      name: "sited",
      data: SUMMARY,
      scenario: {},
    });
    expect((await raw(session("sited-new"))).status).toBe(404);
    // The mock's own page (its origin, same-origin) changes it.
    const own = { Origin: `http://127.0.0.1:${mock.port}`, "Sec-Fetch-Site": "same-origin" };
    expect((await sendJson(session("sited"), "PUT", { scenario: { code: 500 } }, own)).status).toBe(200);
    expect((await raw(session("sited"), { method: "DELETE", headers: own })).status).toBe(200);
  });

  it("other methods on a session are 405", async () => {
    const answer = await sendJson(session("posted"), "POST", {});
    expect([answer.status, answer.headers.allow, answer.text]).toEqual([405, "GET, PUT, PATCH, DELETE", '{"detail":"Method Not Allowed"}']);
  });
});

describe("sessions under a base path", () => {
  let mock: RunningMockServer;
  let root: string;
  beforeAll(async () => {
    mock = await startMockServer({ data: DEFAULT, port: 0, basePath: "/api" });
    root = mock.url.replace(/\/api$/, "");
  });
  afterAll(() => mock.close());

  it("the routes are under {base}/_mock/api/sessions and sessions apply to {base} requests", async () => {
    expect(mock.url).toMatch(/\/api$/);
    const put = await sendJson(`${root}/api/_mock/api/sessions/based`, "PUT", {
      data: OWN,
      scenario: { operation: "getHumanEvaluation", code: 500 },
    });
    expect(put.status).toBe(200);
    const outside = await sendJson(`${root}/_mock/api/sessions/elsewhere`, "PUT", {});
    expect([outside.status, outside.text]).toEqual([404, '{"detail":"Not Found"}']);
    expect((await raw(`${root}/api/_mock/api/sessions/elsewhere`)).status).toBe(404);
    const c = listEvaluations(APP_A);
    expect(got(await raw(`${root}/api${c.path}`, { headers: header("based") }))).toEqual(plain(OWN, c));
    expect(got(await raw(`${root}/api${c.path}`, { headers: cookie("based") }))).toEqual(plain(OWN, c));
    expect(got(await raw(`${root}/api/human-evaluations/${OWN.human_evaluations[0]!.id}`, { headers: header("based") }))).toEqual(
      SERVER_ERROR,
    );
    expect(got(await raw(`${root}/api${c.path}`))).toEqual(plain(DEFAULT, c));
    expect(JSON.parse((await raw(`${root}/api/_mock/api/sessions`)).text)).toEqual({
      sessions: [{ name: "based", data: SUMMARY, scenario: { operation: "getHumanEvaluation", code: 500 } }],
    });
    expect((await raw(`${root}/api/_mock/api/sessions/based`, { method: "DELETE" })).status).toBe(200);
    expect(got(await raw(`${root}/api${c.path}`, { headers: header("based") }))).toEqual(plain(DEFAULT, c));
  });
});
