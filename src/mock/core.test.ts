// The core keeps the answer of a plain request by URL (createMockCore): a kept answer must never
// outlive what it depends on. Each case asks the same URL plainly first, so the answer is kept, then
// changes one thing the answer depends on and expects the answer the change calls for.
import { describe, expect, it } from "vitest";
import { generateDataset } from "../generate/index.js";
import type { Dataset } from "../types/dataset.js";
import { createMockCore, MAX_PLAIN_ANSWERS, type MockAnswer, type MockRequest } from "./core.js";
import { indexDataset } from "./dataset-index.js";
import { NO_PLAN, type ScenarioPlan } from "./scenarios.js";
import { parseScenarioSetting } from "./scenario-switch.js";

const data: Dataset = generateDataset({ seed: 5, apps: 2, evaluations: 6, humanEvaluations: 4 });
const human = data.human_evaluations[0]!;
const byId = `/human-evaluations/${human.id}`;
const list = `/evaluations?app_id=${data.evaluations[0]!.app_id}`;

const get = (url: string, headers: MockRequest["headers"] = {}): MockRequest => ({ method: "GET", url, headers });
const text = (answer: MockAnswer): string => Buffer.from(answer.body as Uint8Array).toString("utf8");
const plan = (setting: unknown): ScenarioPlan => parseScenarioSetting(setting, "console scenario") as ScenarioPlan;

describe("answers kept for plain requests", () => {
  it("answers a repeated plain request with the same bytes and headers", () => {
    const core = createMockCore({ data });
    const first = core.respond(get(byId));
    expect(JSON.parse(text(first))).toEqual(human);
    expect(core.respond(get(byId))).toEqual(first);
    expect(first.headers["Access-Control-Allow-Origin"]).toBe("*");
  });

  it("answers a request with an Origin, a Prefer or a body on its own, not from the kept answer", () => {
    const core = createMockCore({ data });
    core.respond(get(list));
    const withOrigin = core.respond(get(list, { origin: "http://localhost:5173" }));
    expect(withOrigin.headers["Access-Control-Allow-Origin"]).toBe("http://localhost:5173");
    expect(withOrigin.headers["Vary"]).toBe("Origin");
    const empty = core.respond(get(list, { prefer: "example=empty" }));
    expect(text(empty)).toBe("[]");
    expect(empty.headers["Preference-Applied"]).toBe("example=empty");
    expect(core.respond(get(`${list}&__code=503`)).status).toBe(503);
    expect(core.respond(get(`${list}&%5F%5Fcode=503`)).status).toBe(503);
    expect(core.respond({ method: "GET", url: list, headers: { "content-length": "2000000" } }).status).toBe(413);
    expect(core.respond({ method: "POST", url: list, headers: {} }).status).toBe(405);
    // and the plain answer is still the plain one
    expect(JSON.parse(text(core.respond(get(list)))).length).toBeGreaterThan(0);
  });

  it("follows the console's scenario as soon as it is switched on and off", () => {
    let current: ScenarioPlan = NO_PLAN;
    const core = createMockCore({ data, scenario: () => current });
    expect(core.respond(get(byId)).status).toBe(200);
    current = plan({ code: 500 });
    const forced = core.respond(get(byId));
    expect(forced.status).toBe(500);
    expect(forced.note).toBe("  console scenario: code=500");
    current = NO_PLAN;
    expect(core.respond(get(byId)).status).toBe(200);
  });

  it("serves new data from the next request after setDataset and setIndex", () => {
    const core = createMockCore({ data });
    expect(core.respond(get(byId)).status).toBe(200);
    const without: Dataset = { evaluations: data.evaluations, human_evaluations: data.human_evaluations.slice(1) };
    core.setDataset(without);
    expect(core.respond(get(byId)).status).toBe(404);
    core.setIndex(indexDataset(data));
    expect(JSON.parse(text(core.respond(get(byId))))).toEqual(human);
  });

  it("keeps no answer in live mode, where the data moves by itself", () => {
    const moving = generateDataset({ seed: 42 });
    const queued = moving.human_evaluations.find((e) => e.status === "EVALUATION_INITIALIZED");
    expect(queued, "seed 42 has a queued human evaluation").toBeDefined();
    let now = 0;
    const core = createMockCore({ data: moving, live: { durationMs: 10_000, clock: () => now } });
    const url = `/human-evaluations/${queued!.id}`;
    const before = text(core.respond(get(url)));
    now = 10_000;
    const after = text(core.respond(get(url)));
    expect(after).not.toBe(before);
    expect((JSON.parse(after) as { status: string }).status).not.toBe("EVALUATION_INITIALIZED");
  });

  it("stays correct past the number of answers it keeps (unknown ids, distinct URLs)", () => {
    const core = createMockCore({ data });
    for (let i = 0; i <= MAX_PLAIN_ANSWERS; i++) {
      const answer = core.respond(get(`/human-evaluations/${i.toString(16).padStart(24, "0")}`));
      expect(answer.status).toBe(404);
    }
    expect(JSON.parse(text(core.respond(get(byId))))).toEqual(human);
  });
});
