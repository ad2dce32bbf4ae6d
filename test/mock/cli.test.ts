// `evals-contract mock` in-process: start-up output, request logs, clean stop on interrupt, and one
// clear line with exit 2 for a busy port or an unreadable data file.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { generateDataset } from "../../src/generate/index.js";
import { startMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { get } from "./http.js";
import { startCliSession as startCli } from "../helpers/run-cli.js";

let dir: string;
let dataFile: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mock-cli-"));
  dataFile = join(dir, "data.json");
  await writeFile(dataFile, JSON.stringify(exampleDataset()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("evals-contract mock", () => {
  it("prints the URL and endpoints, logs each request in one line, and stops cleanly on Ctrl-C", async () => {
    const cli = startCli(["mock", "--data", dataFile, "--port", "0", "--base-path", "/api"]);
    try {
      const [, url] = await cli.waitFor(/^Mock Evaluation Listing Service on (http:\/\/127\.0\.0\.1:\d+\/api)$/m);
      await cli.waitFor(/Press Ctrl-C to stop\.\n/);
      expect(cli.stdout()).toContain(`GET ${url}/human-evaluations/{evaluation_id}`);
      expect(cli.stdout()).toContain(`watching ${dataFile} for changes`);
      expect(cli.stdout()).toContain(`data: ${dataFile} (5 evaluations, 4 human evaluations, 3 apps)`);
      const got = await get(`${url}/evaluations?app_id=${APP_A}`);
      expect(got.status).toBe(200);
      expect(JSON.parse(got.text)).toHaveLength(2);
      await cli.waitFor(new RegExp(`^GET /api/evaluations\\?app_id=${APP_A} 200 \\d+\\.\\dms$`, "m"));
      // A scenario asked for in a header, and a malformed one, are named in the line.
      expect((await get(`${url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=503" } })).status).toBe(503);
      await cli.waitFor(new RegExp(`^GET /api/evaluations\\?app_id=${APP_A} 503 \\d+\\.\\dms  scenario: code=503$`, "m"));
      expect((await get(`${url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "delay=soon" } })).status).toBe(400);
      await cli.waitFor(/^GET \/api\/evaluations\?app_id=\w+ 400 \d+\.\dms {2}mock: delay must be 0 to 120000 ms, got "soon"$/m);
    } finally {
      cli.interrupt();
    }
    expect(await cli.done).toBe(0);
    expect(cli.stdout()).toMatch(/Mock server stopped\.\n$/);
    expect(cli.stderr()).toBe("");
  });

  it("serves the dataset generated with --seed", async () => {
    const cli = startCli(["mock", "--seed", "7", "--port", "0"]);
    try {
      const [, url] = await cli.waitFor(/^Mock Evaluation Listing Service on (\S+)$/m);
      await cli.waitFor(/Press Ctrl-C to stop\.\n/);
      const want = generateDataset({ seed: 7 });
      expect(cli.stdout()).toContain(`data: generated with seed 7 (${want.evaluations.length} evaluations,`);
      const app = want.evaluations[0]!.app_id;
      const got = await get(`${url}/evaluations?app_id=${app}`);
      expect(checkResponse("listEvaluations", got).filter((f) => f.severity === "error")).toEqual([]);
      expect(JSON.parse(got.text)).toEqual(JSON.parse(JSON.stringify(want.evaluations.filter((e) => e.app_id === app))));
    } finally {
      cli.interrupt();
    }
    expect(await cli.done).toBe(0);
  });

  it("says in one line that the port is busy, and exits 2", async () => {
    const busy = await startMockServer({ data: exampleDataset(), port: 0 });
    try {
      const cli = startCli(["mock", "--data", dataFile, "--port", String(busy.port)]);
      expect(await cli.done).toBe(2);
      expect(cli.stderr()).toBe(`evals-contract mock: port ${busy.port} on 127.0.0.1 is already in use (choose another with --port)\n`);
      await expect(startMockServer({ data: exampleDataset(), port: busy.port })).rejects.toMatchObject({ code: "E_PORT_IN_USE" });
    } finally {
      await busy.close();
    }
  });

  it.each([
    [["--data", "/nonexistent/data.json"], 2, /^evals-contract mock: file not found: \/nonexistent\/data\.json\n$/],
    [["--data", "."], 2, /^evals-contract mock: \. is a directory, not a file\n$/],
    [["--data", ""], 2, /^evals-contract mock: --data needs a file name\n$/],
    [["--port", "70000"], 2, /^evals-contract mock: --port must be an integer from 0 to 65535, got "70000"\n$/],
    [["--delay", "soon"], 2, /^evals-contract mock: --delay must be an integer/],
    [["--data", "x.json", "--seed", "1"], 2, /^evals-contract mock: give either --data or --seed, not both\n$/],
    [["--bogus"], 2, /^evals-contract mock: unknown option --bogus. Usage: evals-contract mock/],
  ])("refuses %j in one line with exit %i", async (args, code, message) => {
    const cli = startCli(["mock", ...args]);
    expect(await cli.done).toBe(code);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr().trimEnd().split("\n")).toHaveLength(1);
  });

  it("refuses a data file that fails the checker in one line, exit 1", async () => {
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ evaluations: [{ id: 1 }], human_evaluations: [] }));
    const cli = startCli(["mock", "--data", bad, "--port", "0"]);
    expect(await cli.done).toBe(1);
    expect(cli.stderr()).toMatch(
      /^evals-contract mock: .*bad\.json is refused: \$\.evaluations\[0\]\S*: \S+: .* \(and \d+ more errors\)\n$/,
    );
  });
});
