// Every example in `evals-contract help validate` runs as written (a shell, the real process)
// against the toolkit's own mock, and succeeds: an example that fails teaches the wrong thing.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCommand } from "../../src/cli/commands/validate.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";

const main = new URL("../../src/cli/main.ts", import.meta.url).pathname;
// The examples run in a scratch folder (they write files): tsx is named by its file, not its package name.
const tsx = new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url).href;
const examples = validateCommand.help
  .split("\nExamples:\n")[1]!
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "");

let server: RunningMockServer;
let dir: string;
let appId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-help-examples-"));
  server = await startMockServer({ port: 0 });
  const data = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as {
    evaluations: { app_id: string }[];
  };
  appId = data.evaluations[0]!.app_id;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("help validate examples", () => {
  it("has examples", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)("runs: %s", async (example) => {
    const command = example
      .replaceAll("evals-contract ", `"${process.execPath}" --import "${tsx}" "${main}" `)
      .replaceAll("http://127.0.0.1:4010", server.url);
    // Not spawnSync: the mock answering curl runs in this process.
    const child = spawn("bash", ["-o", "pipefail", "-c", command], { cwd: dir, env: { ...process.env, APP_ID: appId } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    const run = { status, stdout, stderr };
    expect(run.stderr).not.toMatch(/error|Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/ conforms: 0 errors/);
  });
});
