// Issue 12, streams and terminals: a failing stdout is one line and exit 2, a reader that goes
// away is a quiet exit 0 (the mock keeps serving), every value from a request, a provider or a
// file is escaped before it reaches a log or a text report, and scenario statuses are three digits.
// The CLI rows run the real binary entry (src/cli/main.ts under tsx) in a child process.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMockServer } from "../../src/mock/index.js";
import { fromVerify, renderText, verifyProvider } from "../../src/verify/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const ROOT = new URL("../../", import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "reliability-streams-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DEFAULT_DATA = JSON.parse(readFileSync(new URL("fixtures/default.json", ROOT), "utf8")) as { evaluations: object[] };
// Megabytes of findings: far more than a pipe buffers, so the reader leaves mid-output.
writeFileSync(join(dir, "many.json"), JSON.stringify(Array.from({ length: 50 }, () => DEFAULT_DATA.evaluations).flat()));

// eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\n(?!$)/;

interface Child {
  code: Promise<number | null>;
  stderr: () => string;
  stdout: NodeJS.ReadableStream | null;
  kill: (signal: NodeJS.Signals) => void;
}

function cli(args: string[], stdout: "pipe" | number): Child {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: ROOT, stdio: ["ignore", stdout, "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  return { code, stderr: () => stderr, stdout: child.stdout, kill: (signal) => child.kill(signal) };
}

/** Reads the child's stdout until `pattern` matches, then returns what was read (the pipe stays open). */
function readUntil(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer): void => {
      text += chunk.toString("utf8");
      if (!pattern.test(text)) return;
      stream.off("data", onData);
      resolve(text);
    };
    stream.on("data", onData);
  });
}

describe("reliability: stdout that fails or goes away", () => {
  const full: Array<[string, string[]]> = [
    ["fixtures > /dev/full", ["fixtures", "--evaluations", "50"]],
    ["validate > /dev/full", ["validate", "fixtures/default.json", "--schema", "Evaluation"]],
  ];
  it.each(full)("%s: one line on stderr, exit 2, no stack trace", async (_name, args) => {
    const fd = openSync("/dev/full", "w");
    const child = cli(args, fd);
    closeSync(fd);
    expect(await child.code).toBe(2);
    expect(child.stderr().trimEnd().split("\n")).toEqual([expect.stringMatching(/cannot write to stdout: ENOSPC$/)]);
  });

  const head: Array<[string, string[]]> = [
    ["fixtures | head -1", ["fixtures", "--evaluations", "20000", "--format", "ndjson"]],
    ["validate (50,000 findings) | head -1", ["validate", join(dir, "many.json"), "--schema", "Evaluation", "--strict", "--all"]],
  ];
  it.each(head)("%s: a quiet exit 0", async (_name, args) => {
    const child = cli(args, "pipe");
    await readUntil(child.stdout!, /\n/);
    (child.stdout as unknown as { destroy(): void }).destroy();
    expect(await child.code).toBe(0);
    expect(child.stderr()).toBe("");
  });

  it("mock | head: the reader goes away, the mock keeps serving and stops logging", async () => {
    const child = cli(["mock", "--port", "0"], "pipe");
    const banner = await readUntil(child.stdout!, /Press Ctrl-C/);
    const url = /on (http:\S+)/.exec(banner)![1]!;
    (child.stdout as unknown as { destroy(): void }).destroy();
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/evaluations?app_id=x`)).status).toBe(200);
    child.kill("SIGTERM");
    expect(await child.code).toBe(0);
    expect(child.stderr()).toBe("");
  });
});

describe("reliability: escaping what comes from outside", () => {
  it("the mock's log escapes a decoded ?__code=%0a... and ESC from the request", async () => {
    const lines: string[] = [];
    const mock = await startMockServer({ port: 0, log: (line) => lines.push(line) });
    try {
      await fetch(`${mock.url}/evaluations?app_id=x&__code=%0aGET%20/forged%20200%1b[2J`);
      await fetch(`${mock.url}/evaluations?app_id=x`, { headers: { prefer: "code=5\u009b31m" } });
    } finally {
      await mock.close();
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(RAW_CONTROL);
    expect(lines[0]).toContain('got "\\nGET /forged 200\\x1b[2J"');
  });

  it("validate's text report escapes an ESC inside a JSON key and value", async () => {
    const file = join(dir, "esc.json");
    const record = JSON.parse(
      JSON.stringify(
        (
          JSON.parse(await import("node:fs").then((fs) => fs.readFileSync(new URL("fixtures/default.json", ROOT), "utf8"))) as {
            evaluations: object[];
          }
        ).evaluations[0],
      ),
    ) as Record<string, unknown>;
    record["\u001b[2Jevil\nkey"] = 1;
    record.status = "\u001b]0;title\u0007";
    writeFileSync(file, JSON.stringify([record]));
    const { stdout } = await runCliCaptured(["validate", file, "--schema", "Evaluation"]);
    for (const line of stdout.trimEnd().split("\n")) expect(line).not.toMatch(RAW_CONTROL);
    expect(stdout).toMatch(/\\x1b/);
  });

  it("verify's text report escapes control characters from a provider's body", async () => {
    // Escaped on the wire (valid JSON), raw once parsed: the checker quotes the value in its message.
    const record = structuredClone(DEFAULT_DATA.evaluations[0]) as Record<string, unknown>;
    record["\u001b[2J\nPASS: the provider conforms to the contract"] = 1;
    record.app_id = "666dde95962bbaffdb0072b5";
    const server = createServer((request, response) => {
      const known = request.url?.includes("app_id=666dde95962bbaffdb0072b5") && request.url.startsWith("/evaluations");
      response.writeHead(200, { "content-type": "application/json" }).end(known ? JSON.stringify([record]) : "[]");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const report = await verifyProvider({ baseUrl: `http://127.0.0.1:${port}`, appId: "666dde95962bbaffdb0072b5", pact: false });
      const lines = renderText(fromVerify(report));
      for (const line of lines) expect(line).not.toMatch(RAW_CONTROL);
      expect(lines.join("\n")).toContain("\\x1b[2J\\nPASS");
      expect(lines.filter((l) => l.startsWith("PASS"))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const statuses: Array<[string, RequestInit, string]> = [
    ["?__code=0500", {}, "&__code=0500"],
    ["Prefer: code=0500", { headers: { prefer: "code=0500" } }, ""],
    ["?__code=+500", {}, "&__code=%2B500"],
  ];
  it.each(statuses)("%s is refused: only three-digit statuses (kept)", async (_name, init, query) => {
    const mock = await startMockServer({ port: 0 });
    try {
      const response = await fetch(`${mock.url}/evaluations?app_id=x${query}`, init);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/code must be 200 or 400 to 599/);
    } finally {
      await mock.close();
    }
  });
});
