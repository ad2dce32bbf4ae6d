// Issue 39: a provider's `postgres://admin:pw@db...` went into the committed baseline and into the
// JSON report's `cause`. Credentials, emails and tokens are redacted by one function
// (src/io/redact.ts) in the baseline and in every report format: text, JSON, JUnit, HTML.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, json, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

const SECRETS = ["admin:pw-9f3e", "pw-9f3e", "ops.lead@acme-bank.ch", "hunter2-77", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"];

/** Every by-id request: a 500 whose detail spills the database URL, a user's email, a password and a JWT. */
const leaky: FaultHook = (request) =>
  request.operationId === "getHumanEvaluation"
    ? json(500, {
        detail: `OperationalError: could not connect postgres://admin:pw-9f3e@db.internal:5432/evals as ops.lead@acme-bank.ch password=hunter2-77 Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl`,
      })
    : undefined;

describe("reliability: nothing secret is written", () => {
  it.each([
    ["verify", ["--no-pact"]],
    ["fuzz", ["--seed", "1", "--max-requests", "400"]],
  ] as const)(
    "%s: the baseline, the text, JSON, JUnit and HTML reports hold no credential, email or token",
    async (tool, extra) => {
      const running = createFaultyProvider(leaky);
      await listenForTest(running.server);
      const dir = mkdtempSync(join(tmpdir(), "evals-baseline-secrets-"));
      const files = {
        baseline: join(dir, "baseline.json"),
        json: join(dir, "r.json"),
        junit: join(dir, "r.xml"),
        html: join(dir, "r.html"),
      };
      const args = [tool, "--base-url", providerUrl(running.server), "--app-id", APP_A, ...extra];
      const update = await runCliCaptured([...args, "--baseline", files.baseline, "--update-baseline"]);
      expect(update.stderr).toBe("");
      expect(update.code).toBe(0);
      const reported = await runCliCaptured([...args, "--json", files.json, "--junit", files.junit, "--html", files.html]);
      expect(reported.code).toBe(1);
      const outputs: Record<string, string> = {
        baseline: readFileSync(files.baseline, "utf8"),
        text: reported.stdout + reported.stderr + update.stdout,
        json: readFileSync(files.json, "utf8"),
        junit: readFileSync(files.junit, "utf8"),
        html: readFileSync(files.html, "utf8"),
      };
      for (const [output, text] of Object.entries(outputs))
        for (const secret of SECRETS)
          expect({ output, leaked: text.includes(secret) ? secret : undefined }).toEqual({ output, leaked: undefined });
      // Still useful: the kind of fault and where it points stay readable.
      expect(outputs.baseline).toContain('"cause": "500 OperationalError: could not connect');
      const report = JSON.parse(outputs.json!) as { findings: Array<{ check: string; cause?: string }> };
      expect(report.findings.find((f) => f.check === "server-error")?.cause).toBe("500 OperationalError: could not connect");
      // Fuzz's answer line: redacted where the secret stood.
      if (tool === "fuzz") expect(outputs.json).toContain("postgres://[redacted]@db.internal");
      // The baseline written from a redacted cause still knows the finding.
      const known = await runCliCaptured([...args, "--baseline", files.baseline]);
      expect(known.code).toBe(0);
    },
    60_000,
  );
});
