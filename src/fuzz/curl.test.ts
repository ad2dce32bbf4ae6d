import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../engine/http-client.js";
import { curlCommand, shellQuote } from "./curl.js";
import { targetOf } from "./plan.js";
import type { FuzzRequest } from "./types.js";

const run = promisify(execFile);

const request = (over: Partial<FuzzRequest>): FuzzRequest => ({
  index: 0,
  phase: "random",
  operationId: "getHumanEvaluation",
  method: "GET",
  path: "/human-evaluations/x",
  query: [],
  headers: [],
  label: "test",
  ...over,
});

describe("curlCommand", () => {
  it("quotes for the shell and keeps paths and brackets literal", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const line = curlCommand("http://127.0.0.1:8000/api", request({ path: "/human-evaluations/..", query: [["app_id[$ne]", "'x'"]] }));
    expect(line).toBe(
      `curl --globoff --path-as-is -sS -i -H Accept: 'http://127.0.0.1:8000/api/human-evaluations/..?app_id[$ne]='\\''x'\\'''`,
    );
    expect(curlCommand("http://h", request({ method: "HEAD" }))).toContain(" --head ");
  });

  it("redacts the base URL's credentials and secret headers", () => {
    const line = curlCommand("https://me:pw@h.example/api", request({}), [
      ["authorization", "Bearer abc"],
      ["x-tenant", "t1"],
    ]);
    expect(line).not.toMatch(/pw|abc|me:/);
    expect(line).toContain("-H 'authorization: [redacted]' -H 'x-tenant: t1'");
  });
});

describe("a curl line sends what the fuzzer sent", () => {
  const seen: string[] = [];
  let base = "";
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push(JSON.stringify([req.method, req.url, req.headers.accept ?? null, req.headers["content-type"] ?? null, body]));
      res.writeHead(418, { "content-type": "application/json" }).end("{}");
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const cases: FuzzRequest[] = [
    request({
      path: "/human-evaluations/..",
      query: [
        ["app_id[$ne]", "x"],
        ["q", "%7B%22%24ne%22%3Anull%7D"],
      ],
    }),
    request({ path: "/human-evaluations/%2e%2e/%00%zz%F0%9F%98%80", headers: [["accept", "text/html"]] }),
    request({
      method: "POST",
      path: "/evaluations",
      query: [["app_id", "'%20OR%20'1'%3D'1"]],
      headers: [["content-type", "application/json"]],
      body: "{}",
    }),
    request({ method: "DELETE", path: "/human-evaluations/{x}", query: [["app_id", null]] }),
  ];
  for (const fuzzRequest of cases)
    it(`${fuzzRequest.method} ${targetOf(fuzzRequest)}`, async () => {
      seen.length = 0;
      const exchanger = createHttpClient({ baseUrl: base, timeoutMs: 5000, maxResponseBytes: 1000, maxSockets: 1, tool: "fuzz" });
      await exchanger.send({
        method: fuzzRequest.method,
        target: targetOf(fuzzRequest),
        headers: fuzzRequest.headers,
        body: fuzzRequest.body,
      });
      exchanger.close();
      const { stdout } = await run("sh", ["-c", curlCommand(base, fuzzRequest)]);
      expect(stdout).toMatch(/^HTTP\/1\.1 418/);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBe(seen[0]);
    });
});
