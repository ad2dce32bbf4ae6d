// Issue 12, secrets: broker tokens, passwords and URL credentials never appear in output, logs or
// report files, not even with --pact-log-level trace (Pact's trace log prints the Authorization
// header). Row 1 failed before the hardening; rows 2 and 3 held and are kept.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRedactor } from "../../src/io/index.js";
import { startMockServer } from "../../src/mock/index.js";
import { PACT_FILE, PACT_PROVIDER } from "../../src/pact/contract.js";
import { fromVerify, renderText, verifyProvider } from "../../src/verify/index.js";
import { startFakeBroker } from "../pact/fake-broker.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const TOKEN = "tok-7f3a9c1e5b";
const USER = "ci-bot";
const PASSWORD = "pw-84c2e1d9aa";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Echo {
  bytes: number;
  redacted: boolean;
  leaked: string[];
}

/**
 * What this process writes to stderr while `run` runs (Pact's echoed log goes there), scanned for
 * `secrets` write by write and not kept: a trace log can run to hundreds of megabytes. The echo is
 * written in whole lines, so a secret never straddles two writes.
 */
async function scanStderr(secrets: readonly string[], run: () => Promise<unknown>): Promise<Echo> {
  const echo: Echo = { bytes: 0, redacted: false, leaked: [] };
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    echo.bytes += text.length;
    echo.redacted ||= text.includes("[redacted]");
    for (const secret of secrets) if (text.includes(secret) && !echo.leaked.includes(secret)) echo.leaked.push(secret);
    return true;
  }) as typeof process.stderr.write);
  await run();
  return echo;
}

describe("reliability: secrets", () => {
  const brokerRuns: Array<[string, string[], string[]]> = [
    ["--broker-token", ["--broker-token", TOKEN], [TOKEN]],
    [
      "--broker-username/--broker-password",
      ["--broker-username", USER, "--broker-password", PASSWORD],
      [PASSWORD, Buffer.from(`${USER}:${PASSWORD}`).toString("base64")],
    ],
  ];
  it.each(brokerRuns)(
    "verify %s --pact-log-level trace: the secret is in neither the echoed Pact log, the output nor the --json report",
    async (_name, args, secrets) => {
      const mock = await startMockServer({ port: 0 });
      closers.push(() => mock.close());
      const broker = await startFakeBroker(JSON.parse(readFileSync(PACT_FILE, "utf8")) as Record<string, unknown>, PACT_PROVIDER);
      closers.push(async () => broker.close());
      const data = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as {
        evaluations: { app_id: string }[];
      };
      let result = { code: -1, stdout: "", stderr: "" };
      const echoed = await scanStderr(secrets, async () => {
        result = await runCliCaptured([
          "verify",
          "--base-url",
          mock.url,
          "--app-id",
          data.evaluations[0]!.app_id,
          "--broker-url",
          broker.url,
          ...args,
          "--pact-log-level",
          "trace",
          "--json",
          "-",
        ]);
      });
      expect(echoed.bytes).toBeGreaterThan(1000); // trace did print Pact's log
      expect(echoed.redacted).toBe(true);
      expect(echoed.leaked).toEqual([]);
      for (const secret of secrets) {
        expect(result.stdout).not.toContain(secret);
        expect(result.stderr).not.toContain(secret);
      }
    },
    60_000,
  );

  it("user:pass@ in the base URL and in a redirect's Location never reaches the report (kept)", async () => {
    const server = createServer((request, response) => {
      if (request.url?.startsWith("/evaluations?"))
        return response.writeHead(307, { location: `http://${USER}:${PASSWORD}@example.invalid/x` }).end();
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const report = await verifyProvider({ baseUrl: `http://${USER}:${PASSWORD}@127.0.0.1:${port}`, appId: "a", pact: false });
    const text = `${renderText(fromVerify(report)).join("\n")}\n${JSON.stringify(report)}`;
    expect(text).toMatch(/cross-origin-redirect/);
    expect(text).not.toContain(PASSWORD);
  });

  it("the redactor removes secrets, Basic encodings, Authorization values and URL credentials", () => {
    const redact = createRedactor([TOKEN, PASSWORD], USER);
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
    const out = redact(`Authorization: Bearer ${TOKEN}\n"authorization": "Basic ${basic}"\nhttps://${USER}:${PASSWORD}@h/ ${PASSWORD}`);
    for (const secret of [TOKEN, PASSWORD, basic]) expect(out).not.toContain(secret);
  });
});
