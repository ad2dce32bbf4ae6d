// Issue 31: a state-changing console request with `Sec-Fetch-Site: cross-site` (or same-site: another
// local port is another site) and no Origin is refused, beside the Origin check: a browser or an
// extension that leaves the Origin out cannot switch or reload the mock from another site. Requests
// with no Sec-Fetch-Site at all (curl, scripts) and the console's own page (same-origin) still change it.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossSiteWithoutOrigin } from "../../src/mock/console/host-check.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { exampleDataset } from "./datasets.js";

/** One request with exactly these headers, through node:http (fetch would add its own Sec-Fetch-*). */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ data: exampleDataset(), port: 0, log: () => undefined });
});
afterAll(() => mock.close());

const scenarioNow = async (): Promise<unknown> => JSON.parse((await raw(`${mock.url}/_mock/api/scenario`, "GET", {})).text) as unknown;
const reset = (): Promise<unknown> => raw(`${mock.url}/_mock/api/scenario`, "POST", { "Content-Type": "application/json" }, "{}");

describe("the console refuses a change that Sec-Fetch-Site says comes from another site", () => {
  it.each([
    ["cross-site, no Origin", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["same-site, no Origin (another local port)", { "Sec-Fetch-Site": "same-site" }, 403],
    ["CROSS-SITE in capitals", { "Sec-Fetch-Site": "CROSS-SITE" }, 403],
    ["an unknown value", { "Sec-Fetch-Site": "weird" }, 403],
    ["same-origin, no Origin", { "Sec-Fetch-Site": "same-origin" }, 200],
    ["none (the user's own navigation)", { "Sec-Fetch-Site": "none" }, 200],
    ["no Sec-Fetch-Site (curl, a script)", {}, 200],
  ])("%s %j: %i", async (_name, extra: Record<string, string>, status) => {
    for (const path of ["/_mock/api/scenario", "/_mock/api/reload"]) {
      const answer = await raw(`${mock.url}${path}`, "POST", { "Content-Type": "application/json", ...extra }, '{"code":503}');
      // A reload of in-memory data answers 409 (nothing to reload): what matters is that it got past the guard.
      if (status === 403) {
        expect(answer.status, path).toBe(403);
        expect((JSON.parse(answer.text) as { detail: string }).detail).toMatch(
          /^mock: a change from another site is refused \(Sec-Fetch-Site ".*", no Origin\)$/,
        );
      } else expect(answer.status, path).not.toBe(403);
    }
    expect(await scenarioNow()).toEqual({ scenario: status === 200 ? { code: 503 } : {} });
    await reset();
  });

  it("with the mock's own Origin, the Origin check decides (a cross-site label does not refuse an allowed origin)", async () => {
    expect(crossSiteWithoutOrigin(mock.url, "cross-site")).toBe(false);
    const answer = await raw(
      `${mock.url}/_mock/api/scenario`,
      "POST",
      { "Content-Type": "application/json", Origin: mock.url, "Sec-Fetch-Site": "same-origin" },
      '{"code":500}',
    );
    expect(answer.status).toBe(200);
    await reset();
  });

  it("reading stays open: a cross-site GET of the state is not a change", async () => {
    const answer = await raw(`${mock.url}/_mock/api/state`, "GET", { "Sec-Fetch-Site": "cross-site" });
    expect(answer.status).toBe(200);
  });
});
