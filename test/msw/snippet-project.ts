// The projects test/msw/snippets.test.ts writes the docs' MSW snippets into: one per msw major, as a
// frontend has it. The packages (msw, vitest, typescript, @types/node and the toolkit's own
// dependencies) are installed with `npm install --prefer-offline` once per list of specs, into
// evals-contract-snippets/msw-<spec>-<hash of the specs> under os.tmpdir(), which later runs reuse (a
// range such as ^3 stays at the version it got then; a new spec or tool version is a new directory).
// Each run writes its files into a fresh directory inside it (mkdtemp, removed afterwards), with the
// toolkit unpacked from the tarball of test/browser/msw-project.ts's packToolkit into its
// node_modules/evals-contract: Node, tsc and Vite find every package there or one directory up, none
// in this clone's node_modules, and nothing is linked.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ROOT, run, writeJson } from "../browser/msw-project.js";

const CACHE = join(tmpdir(), "evals-contract-snippets");
const npmQuiet = ["--no-audit", "--no-fund", "--loglevel=error"];

const versionIn = async (dir: string, name: string): Promise<string> =>
  (JSON.parse(await readFile(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

/** The tools a snippet project gets, at this clone's versions, and the toolkit's own dependencies. */
async function toolSpecs(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const tools = await Promise.all(["vitest", "typescript", "@types/node"].map(async (name) => `${name}@${await versionIn(ROOT, name)}`));
  return [...tools, ...Object.entries(pkg.dependencies).map(([name, range]) => `${name}@${range}`)];
}

/**
 * The directory with `msw@mswSpec` and the tools installed (node_modules, package.json), installed now
 * unless an earlier run did. Concurrent runs each install into a directory of their own and the first
 * to finish renames it into place; the others use that one.
 */
export async function cachedInstall(mswSpec: string): Promise<string> {
  const specs = [`msw@${mswSpec}`, ...(await toolSpecs())];
  const key = createHash("sha256").update(JSON.stringify(specs)).digest("hex").slice(0, 12);
  const dir = join(CACHE, `msw-${mswSpec.replace(/[^\w.-]/g, "")}-${key}`);
  if (existsSync(join(dir, "node_modules"))) return dir;
  await mkdir(CACHE, { recursive: true });
  const staging = await mkdtemp(join(CACHE, ".installing-"));
  try {
    await writeJson(join(staging, "package.json"), { name: "evals-contract-snippets", private: true, type: "module" });
    const installed = await run("npm", ["install", "--prefer-offline", ...npmQuiet, ...specs], staging);
    if (installed.code !== 0) throw new Error(`npm install ${specs.join(" ")} failed:\n${installed.stdout}${installed.stderr}`);
    await rename(staging, dir).catch((error: unknown) => {
      if (!existsSync(join(dir, "node_modules"))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return dir;
}

export interface SnippetProject {
  /** The directory the files are written to (inside the cached install). */
  dir: string;
  /** The msw version installed. */
  mswVersion: string;
  /** msw's `engines.node`. */
  mswEngines: string;
  write(file: string, text: string): Promise<void>;
  /** tsc over every file written: the compiler's lines, by file ("" for lines about no file). */
  typeCheck(): Promise<Map<string, string[]>>;
  /** Vitest over the `*.test.ts` files written: each file's failures (none: passed), by file. */
  vitest(): Promise<Map<string, string[]>>;
  remove(): Promise<void>;
}

// What a frontend's tsconfig has for its tests (Node's and the DOM's globals), as strict as this clone's.
const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["*.ts"],
};

/** A fresh project in the cached install of `mswSpec`, with the toolkit unpacked from `tarball`. */
export async function createSnippetProject(mswSpec: string, tarball: string): Promise<SnippetProject> {
  const installed = await cachedInstall(mswSpec);
  const dir = await mkdtemp(join(installed, "run-"));
  const toolkit = join(dir, "node_modules", "evals-contract");
  await mkdir(toolkit, { recursive: true });
  const unpacked = await run("tar", ["-xzf", tarball, "-C", toolkit, "--strip-components=1"], dir);
  if (unpacked.code !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
  await writeJson(join(dir, "package.json"), { name: "snippets", private: true, type: "module" });
  await writeJson(join(dir, "tsconfig.json"), TSCONFIG);
  const msw = JSON.parse(await readFile(join(installed, "node_modules/msw/package.json"), "utf8")) as {
    version: string;
    engines?: { node?: string };
  };
  const bin = (path: string) => join(installed, "node_modules", path);
  return {
    dir,
    mswVersion: msw.version,
    mswEngines: msw.engines?.node ?? "*",
    write: (file, text) => writeFile(join(dir, file), text),
    async typeCheck() {
      const checked = await run(process.execPath, [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--pretty", "false"], dir);
      const byFile = new Map<string, string[]>();
      let current = ""; // a file's message goes on over the indented lines after it; "" for a line about no file
      for (const line of `${checked.stdout}${checked.stderr}`.split("\n")) {
        if (line.trim() === "") continue;
        const file = /^(\S+?\.ts)\(\d+,\d+\): /.exec(line)?.[1];
        if (file !== undefined) current = file;
        else if (!line.startsWith(" ")) current = "";
        byFile.set(current, [...(byFile.get(current) ?? []), line]);
      }
      if (checked.code !== 0 && byFile.size === 0) byFile.set("", [`tsc exited with ${checked.code}`]);
      return byFile;
    },
    async vitest() {
      const report = join(dir, "vitest-report.json");
      const ran = await run(
        process.execPath,
        [bin("vitest/vitest.mjs"), "run", "--root", dir, "--reporter=json", `--outputFile=${report}`, "--testTimeout=30000"],
        dir,
      );
      if (!existsSync(report)) throw new Error(`vitest wrote no report (exit ${ran.code}):\n${ran.stdout}${ran.stderr}`);
      const results = JSON.parse(await readFile(report, "utf8")) as {
        testResults: Array<{
          name: string;
          status: string;
          message?: string;
          assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
        }>;
      };
      const byFile = new Map<string, string[]>();
      for (const result of results.testResults) {
        const failures = result.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => `${test.fullName}: ${test.status}\n${test.failureMessages.join("\n")}`);
        if (result.message) failures.unshift(result.message);
        if (result.status !== "passed" && failures.length === 0) failures.push(`vitest: ${result.status}`);
        if (result.assertionResults.length === 0 && failures.length === 0) failures.push("no test ran");
        byFile.set(relative(dir, result.name), failures);
      }
      return byFile;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
