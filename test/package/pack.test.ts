// The "Done when" test of the package: `npm pack`, install the tarball into an empty project
// outside the clone (peers left out, as a plain `npm install evals-contract` does), and use it as a
// stranger would: the built CLI for every command (this is also the dist smoke test: no tsx), an
// ESM import of every entry, the size of the install, and the public types compiled by a project
// that has nothing but `typescript` (then msw, for the /msw entry).
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_CORE_BYTES = 20 * 1024 * 1024;
const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

const npm = (args: string[], cwd: string) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], cwd);

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

let project: string;
let tarball: string;
let coreBytes = 0;
const cli = (args: string[], input?: string) =>
  run(process.execPath, [join(project, "node_modules/evals-contract/dist/cli/main.js"), ...args], project, input);

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), "evals-contract-pack-"));
  const packed = await npm(["pack", "--pack-destination", project, "--json"], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  tarball = join(project, (JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as Array<{ filename: string }>)[0]!.filename);
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const installed = await npm(["install", tarball, "--prefer-offline"], project);
  expect(installed.code, installed.stderr).toBe(0);
  coreBytes = await bytesUnder(join(project, "node_modules"));
}, 180_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe("the packed package, installed in an empty project", () => {
  it(`installs without Prism, Pact or MSW, in at most 20 MB of node_modules`, async () => {
    const names = await readdir(join(project, "node_modules"));
    expect(names).not.toContain("msw");
    expect(await readdir(join(project, "node_modules/@pact-foundation")).catch(() => [])).toEqual([]);
    expect(await readdir(join(project, "node_modules/@stoplight")).catch(() => [])).toEqual([]);
    console.info(`core install: ${(coreBytes / 1024 / 1024).toFixed(1)} MB of node_modules`);
    expect(coreBytes).toBeLessThanOrEqual(MAX_CORE_BYTES);
  });

  it("npx evals-contract --version prints the version", async () => {
    const got = await run("npx", ["--no-install", "evals-contract", "--version"], project);
    expect([got.code, got.stdout.trim()]).toEqual([0, pkg.version]);
  });

  it("help <command> equals <command> --help, for every command", async () => {
    for (const command of ["validate", "fixtures", "mock", "verify", "prism"]) {
      const [viaHelp, viaFlag] = await Promise.all([cli(["help", command]), cli([command, "--help"])]);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
      expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: evals-contract ${command}`));
    }
  });

  it("fixtures writes a dataset and validate checks it (a file, and stdin)", async () => {
    const written = await cli(["fixtures", "--seed", "7", "--evaluations", "20", "--human-evaluations", "5", "--out", "data.json"]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout + written.stderr).toMatch(/wrote 25 records/);
    const checked = await cli(["validate", "data.json"]);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/data\.json \(20 Evaluation records, 5 HumanEvaluation records\) conforms/);
    const piped = await cli(["validate", "-", "--schema", "Evaluation"], JSON.stringify({ id: "x" }));
    expect(piped.code).toBe(1);
    expect(piped.stdout).toMatch(/does not conform/);
  });

  it("mock starts, answers and stops; verify --no-pact passes it", async () => {
    const child = spawn(process.execPath, [join(project, "node_modules/evals-contract/dist/cli/main.js"), "mock", "--port", "0"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
      });
      const dataset = JSON.parse(await readFile(join(project, "node_modules/evals-contract/fixtures/default.json"), "utf8")) as {
        evaluations: Array<{ app_id: string }>;
      };
      const appId = dataset.evaluations[0]!.app_id;
      const response = await fetch(`${url}/evaluations?app_id=${appId}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);

      const verified = await cli(["verify", "--base-url", url, "--app-id", appId, "--no-pact"]);
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      expect(verified.stdout).toMatch(/PASS/);

      // Without Pact installed, the Pact step stops before any request, naming the install line.
      const noPact = await cli(["verify", "--base-url", url, "--app-id", appId]);
      expect(noPact.code).toBe(2);
      expect(noPact.stderr.trim()).toBe(
        `evals-contract verify: @pact-foundation/pact is not installed (the Pact step of verify needs it; or pass --no-pact); run: npm install --save-dev @pact-foundation/pact@${pkg.peerDependencies["@pact-foundation/pact"]}`,
      );
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });

  it("prism without Prism installed exits 2 with the npm install line", async () => {
    const got = await cli(["prism", "mock", "--port", "0"]);
    expect(got.code).toBe(2);
    expect(got.stderr).toContain(`run: npm install --save-dev @stoplight/prism-cli@${pkg.peerDependencies["@stoplight/prism-cli"]}`);
  });

  it("an unknown option is one line with a did-you-mean and the usage, exit 2", async () => {
    const got = await cli(["validate", "data.json", "--strikt"]);
    expect(got.code).toBe(2);
    expect(got.stderr.trim().split("\n")).toHaveLength(1);
    expect(got.stderr).toMatch(/unknown option --strikt \(did you mean --strict\?\)\. Usage: evals-contract validate/);
  });

  it("every entry imports from an ESM script (msw's once msw is installed)", async () => {
    const script = `
      import * as root from "evals-contract";
      import * as mock from "evals-contract/mock";
      import * as verify from "evals-contract/verify";
      import * as prism from "evals-contract/prism";
      import * as generate from "evals-contract/generate";
      const data = generate.generateDataset({ seed: 1, evaluations: 3, humanEvaluations: 2 });
      const findings = root.checkDocument("Evaluation", data.evaluations);
      const server = await mock.startMockServer({ data, port: 0 });
      await server.close();
      let msw = "absent";
      try { await import("evals-contract/msw"); msw = "loaded"; } catch (error) { msw = error.code; }
      console.log(JSON.stringify({ findings: root.hasErrors(findings), verify: typeof verify.verifyProvider, prism: typeof prism.startPrism, msw }));
    `;
    await writeFile(join(project, "use.mjs"), script);
    const got = await run(process.execPath, ["use.mjs"], project);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ findings: false, verify: "function", prism: "function", msw: "ERR_MODULE_NOT_FOUND" });
  });

  it("the public types compile under strict with only typescript installed (then msw for /msw)", async () => {
    const typescript = `typescript@${pkg.devDependencies["typescript"]}`;
    expect((await npm(["install", "--no-save", "--prefer-offline", tarball, typescript], project)).code).toBe(0);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        lib: ["ES2023", "DOM"],
        types: [],
        noEmit: true,
      },
      files: ["consumer.ts"],
    };
    await writeFile(join(project, "tsconfig.json"), JSON.stringify(tsconfig));
    const consumer = `
      import { checkDocument, type Evaluation, type Finding, type HumanEvaluation, type Dataset, type Result } from "evals-contract";
      import { startMockServer, createMockCore, type MockAnswer } from "evals-contract/mock";
      import { verifyProvider, type VerificationReport } from "evals-contract/verify";
      import { startPrism, type RunningPrism } from "evals-contract/prism";
      import { generateDataset } from "evals-contract/generate";
      const data: Dataset = generateDataset({ seed: 1 });
      const first: Evaluation | undefined = data.evaluations[0];
      const cost: Result | null | undefined = first?.average_cost;
      const human: HumanEvaluation | undefined = data.human_evaluations[0];
      const findings: Finding[] = checkDocument("Evaluation", data.evaluations);
      const answer: MockAnswer = createMockCore({ data }).respond({ method: "GET", url: "/", headers: {} });
      export const use = [cost, human, findings, answer, startMockServer, verifyProvider, startPrism] as const;
      export type T = [VerificationReport, RunningPrism];
    `;
    await writeFile(join(project, "consumer.ts"), consumer);
    const tsc = join(project, "node_modules/typescript/bin/tsc");
    const core = await run(process.execPath, [tsc, "-p", "."], project);
    expect(core.stdout + core.stderr).toBe("");

    expect(
      (await npm(["install", "--no-save", "--prefer-offline", tarball, typescript, `msw@${pkg.devDependencies["msw"]}`], project)).code,
    ).toBe(0);
    await writeFile(
      join(project, "consumer.ts"),
      `${consumer}
      import { createMswHandlers } from "evals-contract/msw";
      export const handlers = createMswHandlers({ data, basePath: "/api", compat: "v2" });
    `,
    );
    const withMsw = await run(process.execPath, [tsc, "-p", "."], project);
    expect(withMsw.stdout + withMsw.stderr).toBe("");
  }, 120_000);
});
