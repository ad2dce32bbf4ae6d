// The "Done when" test of the package: `npm pack`, install the tarball into an empty project
// outside the clone (peers left out, as a plain `npm install evals-contract` does), and use it as a
// stranger would: the built CLI for every command (this is also the dist smoke test: no tsx), an
// ESM import of every entry (the builders' records served by the mock), the size of the install, and
// the public types compiled by a project that has nothing but `typescript` (then the newest msw that
// runs on this Node, for /msw).
// Then, in a second project, the same tarball installed beside the newest peers that run on this
// Node (what a user starting today has: on Node 20 msw 2, Pact 16 and Prism 5.14.2, newer majors
// on newer lines, see peerRangeFor): a plain `npm install`, a clean `npm ls`, and each peer used
// through the package. Both projects share one `npm pack`: a second pack in another test file
// would run the build (`prepare`) into the same dist/ at the same time.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPTIONAL_PEERS, peerRangeFor, type OptionalPeer } from "../../src/optional-peers.js";
import { semver } from "./semver.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_CORE_BYTES = 20 * 1024 * 1024;
const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
const PEERS = Object.keys(OPTIONAL_PEERS) as OptionalPeer[];

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

const npm = (args: string[], cwd: string, loglevel: "error" | "warn" = "error") =>
  run("npm", [...args, "--no-audit", "--no-fund", `--loglevel=${loglevel}`], cwd);

/** The installed CLI of `project`, as a long-running process (a server). */
const spawnCli = (project: string, args: string[]): ChildProcessWithoutNullStreams =>
  spawn(process.execPath, [join(project, "node_modules/evals-contract/dist/cli/main.js"), ...args], {
    cwd: project,
    env: { ...process.env, NO_COLOR: "1" },
  });

/** The first match of `pattern` in the child's stdout; rejects if it exits first. */
const waitForOutput = (child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<RegExpExecArray> =>
  new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) resolve(match);
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before ${pattern}: ${out}${err}`)));
  });

/** Stops a server started by spawnCli as Ctrl-C would (SIGTERM) and resolves with its exit code. */
async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

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

// The second project: the newest peers that run on this Node, installed while the package is packed
// and tried without them (the download is most of the wait); the package goes in after.
const PEER_SPECS = PEERS.map((name) => `${name}@${peerRangeFor(name)}`);
let withPeers: string | undefined;
let peersInstalled: Promise<Run> | undefined;

beforeAll(async () => {
  withPeers = await mkdtemp(join(tmpdir(), "evals-contract-peers-"));
  await writeFile(join(withPeers, "package.json"), JSON.stringify({ name: "consumer-with-peers", private: true, type: "module" }));
  // As a project that already uses them has them. Warnings kept to be read (see below).
  peersInstalled = npm(["install", "--save-dev", "--prefer-offline", ...PEER_SPECS], withPeers, "warn");
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
  await peersInstalled;
  if (project) await rm(project, { recursive: true, force: true });
  if (withPeers) await rm(withPeers, { recursive: true, force: true });
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
    for (const command of ["validate", "fixtures", "mock", "verify", "fuzz", "coverage", "prism", "drift"]) {
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
    const child = spawnCli(project, ["mock", "--port", "0"]);
    try {
      const url = (await waitForOutput(child, /on (http:\/\/\S+)/))[1]!;
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

      // The fuzzer needs no peer: the mock passes it (warnings only).
      const fuzzed = await cli(["fuzz", "--base-url", url, "--app-id", appId, "--seed", "1", "--max-requests", "300"]);
      expect(fuzzed.code, fuzzed.stdout + fuzzed.stderr).toBe(0);
      expect(fuzzed.stdout.trimEnd().split("\n").at(-1)).toBe("PASS: no odd request broke the provider");

      // Without Pact installed, the Pact step stops before any request, naming the install line:
      // the newest Pact that runs on this Node, one range.
      const noPact = await cli(["verify", "--base-url", url, "--app-id", appId]);
      expect(noPact.code).toBe(2);
      expect(noPact.stderr.trim()).toBe(
        `evals-contract verify: @pact-foundation/pact is not installed (the Pact step of verify needs it; or pass --no-pact); run: npm install --save-dev @pact-foundation/pact@${peerRangeFor("@pact-foundation/pact")}`,
      );
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it("prism without Prism installed exits 2 with the npm install line", async () => {
    const got = await cli(["prism", "mock", "--port", "0"]);
    expect(got.code).toBe(2);
    expect(got.stderr).toContain(`run: npm install --save-dev @stoplight/prism-cli@${peerRangeFor("@stoplight/prism-cli")}\n`);
  });

  it("an unknown option is one line with a did-you-mean and the usage, exit 2", async () => {
    const got = await cli(["validate", "data.json", "--strikt"]);
    expect(got.code).toBe(2);
    expect(got.stderr.trim().split("\n")).toHaveLength(1);
    expect(got.stderr).toMatch(/unknown option --strikt \(did you mean --strict\?\)\. Usage: evals-contract validate/);
  });

  it("every entry imports from an ESM script (msw's and playwright's: E_MISSING_PEER with the install line until their peer is installed)", async () => {
    const script = `
      import * as root from "evals-contract";
      import * as mock from "evals-contract/mock";
      import * as verify from "evals-contract/verify";
      import * as prism from "evals-contract/prism";
      import * as generate from "evals-contract/generate";
      import * as fuzz from "evals-contract/fuzz";
      import * as coverage from "evals-contract/coverage";
      import * as build from "evals-contract/build";
      import * as snapshot from "evals-contract/snapshot";
      const data = generate.generateDataset({ seed: 1, evaluations: 3, humanEvaluations: 2 });
      const built = build.buildDataset({ evaluations: [build.buildEvaluation({}, { case: "evaluation-status-failed" })], human_evaluations: [{}] });
      const findings = root.checkDocument("Evaluation", data.evaluations);
      const server = await mock.startMockServer({ data, port: 0 });
      await server.close();
      let msw = "absent";
      try { await import("evals-contract/msw"); msw = "loaded"; } catch (error) { msw = error.code + ": " + error.message; }
      let playwright = "absent";
      try { await import("evals-contract/playwright"); playwright = "loaded"; } catch (error) { playwright = error.code + ": " + error.message; }
      const builtServer = await mock.startMockServer({ data: built, port: 0 });
      const failed = await (await fetch(builtServer.url + "/evaluations?app_id=" + build.DEFAULT_APP_ID)).json();
      await builtServer.close();
      console.log(JSON.stringify({ findings: root.hasErrors(findings), verify: typeof verify.verifyProvider, fuzz: typeof fuzz.fuzzProvider + " " + typeof verify.fuzzProvider, coverage: typeof coverage.tallyCoverage, prism: typeof prism.startPrism, build: failed[0].status.error.message, snapshot: typeof snapshot.snapshot, msw, playwright }));
    `;
    await writeFile(join(project, "use.mjs"), script);
    const got = await run(process.execPath, ["use.mjs"], project);
    expect(got.code, got.stderr).toBe(0);
    // Without msw, its entry says so as the CLI does: the install line, not Node's raw ERR_MODULE_NOT_FOUND.
    expect(JSON.parse(got.stdout)).toEqual({
      findings: false,
      verify: "function",
      fuzz: "function function",
      coverage: "function",
      prism: "function",
      build: "Evaluation Failed",
      snapshot: "function",
      msw: `E_MISSING_PEER: msw is not installed (evals-contract/msw needs it); run: npm install --save-dev msw@${peerRangeFor("msw")}`,
      playwright: `E_MISSING_PEER: @playwright/test is not installed (evals-contract/playwright needs it); run: npm install --save-dev @playwright/test@${peerRangeFor("@playwright/test")}`,
    });
  });

  it("the public types compile under strict with only typescript installed (then the newest msw for /msw)", async () => {
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
      import { fuzzProvider, type FuzzReport } from "evals-contract/fuzz";
      import { buildDataset, buildEvaluation, type DeepPartial } from "evals-contract/build";
      const data: Dataset = generateDataset({ seed: 1 });
      const overrides: DeepPartial<Evaluation> = { status: { value: "EVALUATION_STARTED" } };
      const built: Dataset = buildDataset({ evaluations: [buildEvaluation(overrides, { case: ["evaluation-null-cost", "evaluation-empty-username"] })] });
      // @ts-expect-error the case ids are typed: a typo does not compile
      buildEvaluation({}, { case: "evaluation-stauts-failed" });
      const first: Evaluation | undefined = data.evaluations[0];
      const cost: Result | null | undefined = first?.average_cost;
      const human: HumanEvaluation | undefined = data.human_evaluations[0];
      const findings: Finding[] = checkDocument("Evaluation", data.evaluations);
      const answer: MockAnswer = createMockCore({ data }).respond({ method: "GET", url: "/", headers: {} });
      export const use = [cost, human, findings, answer, startMockServer, verifyProvider, startPrism, fuzzProvider, built] as const;
      export type T = [VerificationReport, RunningPrism, FuzzReport];
    `;
    await writeFile(join(project, "consumer.ts"), consumer);
    const tsc = join(project, "node_modules/typescript/bin/tsc");
    const core = await run(process.execPath, [tsc, "-p", "."], project);
    expect(core.stdout + core.stderr).toBe("");

    expect((await npm(["install", "--no-save", "--prefer-offline", tarball, typescript, `msw@${peerRangeFor("msw")}`], project)).code).toBe(
      0,
    );
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

describe("the packed package, installed beside the newest peers that run on this Node", () => {
  let root = "";
  let installOutput = "";
  const dataset = async () =>
    JSON.parse(await readFile(join(root, "node_modules/evals-contract/fixtures/default.json"), "utf8")) as {
      evaluations: Array<{ app_id: string }>;
      human_evaluations: Array<{ app_id: string }>;
    };

  beforeAll(async () => {
    root = withPeers!;
    const peers = await peersInstalled!;
    expect(peers.code, peers.stderr).toBe(0);
    installOutput = peers.stdout + peers.stderr;
    // Plainly: no --legacy-peer-deps, no --force. At the warn level, since npm settles some peer
    // conflicts by itself with an "ERESOLVE overriding peer dependency" warning.
    const installed = await npm(["install", "--save-dev", "--prefer-offline", tarball], root, "warn");
    expect(installed.code, installed.stderr).toBe(0);
    installOutput += installed.stdout + installed.stderr;
  }, 300_000);

  it("installs with a plain npm install: no ERESOLVE, no engine warning about it or a peer, npm ls --all clean", async () => {
    expect(installOutput).not.toMatch(/ERESOLVE|peer dep|conflicting/i);
    const engineWarnings = installOutput.split("\n").filter((line) => /EBADENGINE/.test(line));
    for (const name of ["evals-contract", ...PEERS]) expect(engineWarnings.join("\n")).not.toContain(`'${name}@`);

    const ls = await run("npm", ["ls", "--all", "--json"], root);
    const tree = JSON.parse(ls.stdout) as { problems?: string[]; dependencies?: Record<string, { version?: string }> };
    expect(tree.problems ?? [], ls.stderr).toEqual([]);
    expect(ls.code, ls.stderr).toBe(0);

    const versions = PEERS.map((name) => `${name} ${tree.dependencies?.[name]?.version ?? "missing"}`);
    console.info(`Node ${process.versions.node}, beside ${versions.join(", ")}`);
    for (const name of PEERS) {
      const version = tree.dependencies?.[name]?.version ?? "missing";
      expect(semver.satisfies(version, peerRangeFor(name)), `${name} ${version} in ${peerRangeFor(name)}`).toBe(true);
      // One copy, the project's: the package resolves its peers from there.
      expect(existsSync(join(root, "node_modules/evals-contract/node_modules", name)), `nested ${name}`).toBe(false);
    }
    expect(tree.dependencies?.["evals-contract"]?.version).toBe(pkg.version);
  });

  it("evals-contract/msw answers through msw/node's setupServer", async () => {
    const script = `
      import { generateDataset } from "evals-contract/generate";
      import { createMswHandlers } from "evals-contract/msw";
      import { setupServer } from "msw/node";
      const data = generateDataset({ seed: 3, evaluations: 12, humanEvaluations: 4 });
      const appId = data.evaluations[0].app_id;
      const server = setupServer(...createMswHandlers({ data, origin: "http://evals.msw.test" }));
      // msw 3 renamed the option (onUnhandledFrame) and ignores the old name; msw 2 ignores the new one.
      server.listen({ onUnhandledRequest: "error", onUnhandledFrame: "error" });
      try {
        const response = await fetch("http://evals.msw.test/evaluations?app_id=" + appId);
        const served = (await response.json()).map((record) => record.id);
        const expected = data.evaluations.filter((record) => record.app_id === appId).map((record) => record.id);
        console.log(JSON.stringify({ status: response.status, served, expected }));
      } finally {
        server.close();
      }
    `;
    await writeFile(join(root, "msw.mjs"), script);
    const got = await run(process.execPath, ["msw.mjs"], root);
    expect(got.code, got.stderr).toBe(0);
    const { status, served, expected } = JSON.parse(got.stdout) as { status: number; served: string[]; expected: string[] };
    expect(status).toBe(200);
    expect(served.length).toBeGreaterThan(0);
    expect(served).toEqual(expected);
  });

  it("evals-contract/playwright loads beside @playwright/test: its test, extended, and expect", async () => {
    const script = `
      const { test, expect } = await import("evals-contract/playwright");
      const base = await import("@playwright/test");
      console.log(JSON.stringify({ test: typeof test.extend, expect: expect === base.expect, own: test !== base.test }));
    `;
    await writeFile(join(root, "playwright.mjs"), script);
    const got = await run(process.execPath, ["playwright.mjs"], root);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ test: "function", expect: true, own: true });
  });

  it("prism mock starts on port 0, answers the contract's example and stops", async () => {
    const child = spawnCli(root, ["prism", "mock", "--port", "0"]);
    try {
      const example = (await waitForOutput(child, /try: curl '(\S+)'/))[1]!;
      const response = await fetch(example);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  }, 60_000);

  it("verify with its Pact step passes the package's own mock", async () => {
    const data = await dataset();
    const withHuman = new Set(data.human_evaluations.map((record) => record.app_id));
    const appId = data.evaluations.find((record) => withHuman.has(record.app_id))!.app_id;
    const mock = spawnCli(root, ["mock", "--port", "0", "--no-console"]);
    try {
      const url = (await waitForOutput(mock, /on (http:\/\/\S+)/))[1]!;
      const verified = await run(
        process.execPath,
        [join(root, "node_modules/evals-contract/dist/cli/main.js"), "verify", "--base-url", url, "--app-id", appId],
        root,
      );
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      // Each Pact interaction passed: on its endpoint's line of passed checks (`  ok    pact: ...`, `...  ok: pact: ...`).
      expect(verified.stdout.match(/(?:^ {2}ok {4}|ok: )pact: /gm), verified.stdout).toHaveLength(3);
      expect(verified.stdout).toMatch(/\nPASS/);
    } finally {
      expect(await stop(mock)).toBe(0);
    }
  }, 120_000);
});
