// Issue 39: the curl line printed on the terminal reproduces the request as the fuzzer sent it, byte
// for byte, even when a header value holds a tab: the terminal's escaping of control characters turned
// a tab inside single quotes into the two characters `\t`, so the printed line sent another header.
// Each line is run by a real bash against a server on port 0 that records the raw bytes it receives.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { escapeControl } from "../../src/check/escape-control.js";
import { createHttpClient } from "../../src/engine/http-client.js";
import { curlCommand } from "../../src/fuzz/index.js";
import type { FuzzRequest } from "../../src/fuzz/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { startRawServer, type RawRequest } from "../helpers/raw-server.js";
import { closeTestServers } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, json, providerUrl } from "./faulty-providers.js";
import { listenForTest } from "../helpers/test-servers.js";

const run = promisify(execFile);
afterEach(closeTestServers);

const request = (over: Partial<FuzzRequest> = {}): FuzzRequest => ({
  index: 0,
  phase: "boundary",
  operationId: "getHumanEvaluation",
  method: "GET",
  path: "/human-evaluations/zz",
  query: [],
  headers: [["accept", "application/json"]],
  label: "test",
  ...over,
});

/** The raw bytes of the `x-probe` header line of a request as received. */
const probeLine = (raw: RawRequest): string => raw.head.split("\r\n").find((line) => line.toLowerCase().startsWith("x-probe:")) ?? "";

/** Runs `line` in bash exactly as printed. */
const bash = (line: string): Promise<{ stdout: string }> =>
  run("bash", ["-c", line], { env: { PATH: process.env.PATH ?? "", LC_ALL: "C.UTF-8" } });

describe("the printed curl line sends the header the fuzzer sent, byte for byte", () => {
  // Values an --header may carry (tab, printable ASCII, Latin-1), and what the shell must not touch.
  const sendable: Array<[string, string]> = [
    ["a tab inside", "a\tb"],
    ["tabs at both ends", "\tx\t"],
    ["quotes", `it's "quoted" 'twice'`],
    ["dollar and command substitution", "$HOME ${PATH} $(id) `id` $'x'"],
    ["backslashes", "a\\b\\tc\\\\ \\x41 \\'"],
    ["non-ASCII (Latin-1)", "José Ñandú ÿ £ \u00a0"],
    ["C1 control", "a\u0085b\u009bc"],
    ["a tab and a quote", "a\t'b"],
  ];

  for (const [name, value] of sendable)
    it(`${name}: what fuzz sent and what the printed line sends are the same bytes`, async () => {
      const server = await startRawServer();
      const client = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, maxResponseBytes: 1000, maxSockets: 1, tool: "fuzz" });
      const fuzzRequest = request();
      await client.send({ method: "GET", target: fuzzRequest.path, headers: [["x-probe", value], ...fuzzRequest.headers] });
      client.close();
      const line = curlCommand(server.url, fuzzRequest, [["x-probe", value]]);
      // What the terminal shows is the line itself: nothing in it for the terminal's escaping to change.
      expect(escapeControl(line)).toBe(line);
      expect(line).not.toMatch(/[^\x20-\x7e]/);
      const { stdout } = await bash(escapeControl(line));
      expect(stdout).toMatch(/^HTTP\/1\.1 200/);
      expect(server.requests).toHaveLength(2);
      const [sent, replayed] = server.requests.map((r) => Buffer.from(probeLine(r), "latin1"));
      expect(sent!.length).toBeGreaterThan(9);
      expect(replayed!.toString("hex")).toBe(sent!.toString("hex"));
      // The value arrived whole (a tab, a byte per Latin-1 character), not as escapes.
      expect(sent!.toString("latin1")).toBe(`x-probe: ${value}`);
    });

  it("a write with its two-byte body: the head is Latin-1 too (node wrote it as UTF-8 beside a string body)", async () => {
    const server = await startRawServer();
    const fuzzRequest = request({ method: "POST", body: "{}", headers: [["content-type", "application/json"]] });
    const client = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, maxResponseBytes: 1000, maxSockets: 1, tool: "fuzz" });
    await client.send({ method: "POST", target: fuzzRequest.path, headers: [["x-probe", "José"], ...fuzzRequest.headers], body: "{}" });
    client.close();
    await bash(curlCommand(server.url, fuzzRequest, [["x-probe", "José"]]));
    const [sent, replayed] = server.requests.map((r) => Buffer.from(probeLine(r), "latin1").toString("hex"));
    expect(sent).toBe(Buffer.from("x-probe: José", "latin1").toString("hex"));
    expect(replayed).toBe(sent);
    expect(server.requests.map((r) => r.body.toString())).toEqual(["{}", "{}"]);
  });

  it("a body-less POST (a shrunk write): one framing, Content-Length 0, from the client and the curl line alike", async () => {
    const server = await startRawServer();
    const fuzzRequest = request({ method: "POST" });
    const client = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, maxResponseBytes: 1000, maxSockets: 1, tool: "fuzz" });
    await client.send({ method: "POST", target: fuzzRequest.path, headers: fuzzRequest.headers });
    client.close();
    await bash(curlCommand(server.url, fuzzRequest));
    const framing = (raw: RawRequest): string[] =>
      raw.headers
        .filter(([name]) => /^(content-length|transfer-encoding)$/i.test(name))
        .map(([name, value]) => `${name.toLowerCase()}: ${value}`);
    // Node's default for a POST without a length was `Transfer-Encoding: chunked` and an empty chunk.
    expect(server.requests.map(framing)).toEqual([["content-length: 0"], ["content-length: 0"]]);
    expect(server.received().length).toBe(server.requests.reduce((n, r) => n + r.headBytes.length + r.body.length, 0));
  });

  it("ESC and other controls no HTTP client sends still come out as the bytes written, and never raw on the terminal", async () => {
    const server = await startRawServer();
    const value = "a\u001b[31mred\u001b[0m\u0007";
    const line = curlCommand(server.url, request(), [["x-probe", value]]);
    expect(line).toContain(`-H $'x-probe: a\\x1b[31mred\\x1b[0m\\x07'`);
    expect(escapeControl(line)).toBe(line);
    await bash(line);
    expect(Buffer.from(probeLine(server.requests[0]!), "latin1").toString("hex")).toBe(
      Buffer.from(`x-probe: ${value}`, "latin1").toString("hex"),
    );
  });

  it("a body is its UTF-8 bytes", async () => {
    const server = await startRawServer();
    const body = "é\t";
    const line = curlCommand(server.url, request({ method: "POST", body, headers: [["content-type", "application/json"]] }));
    expect(line).toContain(`--data-binary $'\\xc3\\xa9\\x09'`);
    await bash(line);
    expect(server.requests[0]!.body.toString("hex")).toBe(Buffer.from(body, "utf8").toString("hex"));
  });

  it('the line the CLI prints for a failure, with --header "X-Probe: a<TAB>b", runs as printed', async () => {
    // One fault: a malformed id is a 500.
    const provider = createFaultyProvider((r) =>
      r.operationId === "getHumanEvaluation" && r.evaluationId === "zzzzzzzzzzzzzzzzzzzzzzzz" ? json(500, { detail: "boom" }) : undefined,
    );
    await listenForTest(provider.server);
    const url = providerUrl(provider.server);
    const value = "a\tb 'q' $x \\t é";
    const result = await runCliCaptured([
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "250",
      "--header",
      `X-Probe: ${value}`,
    ]);
    expect(result.code).toBe(1);
    const printed = result.stdout.split("\n").find((l) => l.trim().startsWith("curl ") && l.includes("/human-evaluations/"));
    expect(printed).toBeDefined();
    expect(printed).toContain(`-H $'x-probe: a\\x09b \\'q\\' $x \\\\t \\xe9'`);
    // The printed line, sent to a server that records bytes (the provider's origin swapped for its own).
    const server = await startRawServer();
    await bash(printed!.trim().replace(url, server.url));
    expect(probeLine(server.requests[0]!)).toBe(`x-probe: ${Buffer.from(value, "latin1").toString("latin1")}`);
    expect(Buffer.from(probeLine(server.requests[0]!), "latin1").toString("hex")).toBe(
      Buffer.from(`x-probe: ${value}`, "latin1").toString("hex"),
    );
  });
});
