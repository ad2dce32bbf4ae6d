// README.md is a front page: at most 250 lines, a row in its table for every command and package entry,
// and its five-minute tours are runnable. Every `npx evals-contract` line of its shell blocks runs, in
// order, as written: `$PROVIDER_URL` and `$STAGING_URL` are a mock server (a FastAPI-recorded OpenAPI
// document at `/openapi.json` for `drift`), `$APP_ID` an app of the embedded dataset, relative files
// live in a temporary folder; a `mock` line serves until it is interrupted; the `curl` line is sent to
// the mock that the line before it started. The validate output shown is the command's output today.
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands/index.js";
import { startMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { runCliCaptured, startCliSession } from "../helpers/run-cli.js";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const README = read("README.md");
const DATASET = JSON.parse(read("fixtures/default.json")) as Dataset;
const APP_ID = DATASET.evaluations[0]!.app_id;

/** The ```sh blocks' lines, comments dropped, in page order. */
const shellLines = (text: string): string[] =>
  [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((m) =>
    m[1]!
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line !== ""),
  );

/** A shell line's words: single and double quotes, `$NAME` (in or out of double quotes) from `env`. */
function words(line: string, env: Record<string, string>): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    const word = m[1] ?? (m[2] ?? m[3]!).replace(/\$([A-Z_]+)/g, (_all, name: string) => env[name] ?? `$${name}`);
    out.push(word);
  }
  return out;
}

const FILE = /^[\w-]+(?:\/[\w.-]+)*\.(?:json|xml|html|ndjson)$/;

let dir = "";
let mock: Awaited<ReturnType<typeof startMockServer>>;
let documents: Server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "readme-tour-"));
  mock = await startMockServer({ port: 0 });
  const openapi = read("reference/recordings/openapi.json");
  documents = createServer((request, response) => {
    if (request.url === "/openapi.json") response.writeHead(200, { "content-type": "application/json" }).end(openapi);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await mock?.close();
  documents?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The argv of an `npx evals-contract` line, its files in the temporary folder. */
function argvOf(line: string): string[] {
  const documentsUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  const env = { PROVIDER_URL: mock.url, STAGING_URL: mock.url, APP_ID };
  return words(line, env)
    .slice(2)
    .map((word) => (word === `${mock.url}/openapi.json` ? `${documentsUrl}/openapi.json` : FILE.test(word) ? join(dir, word) : word));
}

/** The section of the README from `heading` to the next `## `. */
const section = (heading: string): string => {
  const start = README.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end === -1 ? undefined : end);
};

describe("README.md, the front page", () => {
  it("is at most 250 lines", () => {
    const lines = README.split("\n").length - (README.endsWith("\n") ? 1 : 0);
    console.info(`README.md: ${lines} lines`);
    expect(lines).toBeLessThanOrEqual(250);
  });

  it("has a row for every command and every package entry, each linking to docs/", () => {
    const table = section("Commands and entries");
    const rows = table.split("\n").filter((line) => /^\| [^-]/.test(line) && !line.startsWith("| tool"));
    for (const row of rows) expect(row, row).toMatch(/\]\(docs\/[\w./-]+\.md(?:#[\w-]+)?\) *\|$/);
    for (const command of Object.keys(COMMANDS)) expect(table, command).toContain(`\`evals-contract ${command}`);
    const pkg = JSON.parse(read("package.json")) as { exports: Record<string, unknown> };
    const entries = Object.keys(pkg.exports).filter((entry) => entry !== "./package.json");
    for (const entry of entries) {
      const name = entry === "." ? "`evals-contract`" : entry.replace(/^\.\//, "").replace(/\/\*$/, "");
      expect(table, entry).toContain(name === "`evals-contract`" ? name : `/${name}`);
    }
  });

  it.each([
    ["Five minutes as a frontend developer", 1],
    ["Five minutes in a backend's CI", 3],
    ["Five minutes with data", 4],
  ] as const)(
    "%s: every evals-contract line runs as written",
    async (heading, count) => {
      const lines = shellLines(section(heading));
      const commands = lines.filter((line) => line.startsWith("npx evals-contract "));
      expect(commands.length).toBe(count);
      let served: string | undefined;
      let serving: ReturnType<typeof startCliSession> | undefined;
      const stop = async (): Promise<void> => {
        if (serving === undefined) return;
        serving.interrupt();
        expect(await serving.done, serving.stderr()).toBe(0);
        serving = undefined;
      };
      for (const line of lines) {
        if (line.startsWith("curl ")) {
          expect(served, "a curl line follows a mock line").toBeDefined();
          const [, ...args] = words(line, {});
          const url = new URL(args.at(-1)!);
          const header = args[args.indexOf("-H") + 1]!.split(": ");
          const response = await fetch(`${served}${url.pathname.replace(/^\/api/, "")}${url.search}`, {
            headers: { [header[0]!]: header[1]! },
          });
          expect([line, response.status]).toEqual([line, Number(/code=(\d+)/.exec(header[1]!)![1])]);
          continue;
        }
        if (!line.startsWith("npx evals-contract ")) continue;
        const argv = argvOf(line);
        if (argv[0] === "mock") {
          await stop();
          serving = startCliSession([...argv, "--port", "0"]);
          served = (await serving.waitFor(/Mock Evaluation Listing Service on (\S+)/))[1]!;
          const probe = await fetch(`${served}/evaluations?app_id=${APP_ID}`);
          expect([line, probe.status]).toEqual([line, 200]);
          continue;
        }
        const run = await runCliCaptured(argv);
        expect([line, run.code, run.stderr]).toEqual([line, 0, run.stderr]);
      }
      await stop();
    },
    120_000,
  );

  it("Install it in your project: `npx evals-contract --version` prints the package's version", async () => {
    expect(shellLines(section("Install it in your project"))).toContain("npx evals-contract --version");
    const run = await runCliCaptured(["--version"]);
    expect([run.code, run.stdout.trim()]).toEqual([0, (JSON.parse(read("package.json")) as { version: string }).version]);
  });

  it("shows validate's output on a record with a misspelt field as the command prints it", async () => {
    const block = /^```\n\$ npx evals-contract (validate .*)\n([\s\S]*?)^```$/m.exec(section("Five minutes with data"));
    expect(block).not.toBeNull();
    const [command, shown] = [block![1]!.split(" "), block![2]!];
    const record: Record<string, unknown> = { ...DATASET.evaluations[0] };
    record.variants_revision_ids = record.variant_revision_ids;
    delete record.variant_revision_ids;
    const file = join(dir, "response.json");
    await writeFile(file, JSON.stringify([record]));
    const run = await runCliCaptured(command.map((word) => (word === "response.json" ? file : word)));
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`.replaceAll(file, "response.json")).toBe(shown);
  });
});
