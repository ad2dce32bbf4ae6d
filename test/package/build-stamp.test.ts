// `npm run build` leaves the stamp `npm start` reads (issue 34): started right after a build, the
// start does not build again. The script runs in a copy of the tree's shape whose `tsc` only counts
// its runs, so the test takes a second, not a real build.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = new URL("../../scripts/build-if-stale.mjs", import.meta.url);
const scripts = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> })
  .scripts;

// A `tsc` that writes dist/cli/main.js and appends one line per run.
const FAKE_TSC = `const { appendFileSync, mkdirSync, writeFileSync } = require("node:fs");
const { dirname, join } = require("node:path");
const project = process.argv[process.argv.indexOf("-p") + 1];
const root = dirname(project);
mkdirSync(join(root, "dist", "cli"), { recursive: true });
writeFileSync(join(root, "dist", "cli", "main.js"), "");
appendFileSync(join(root, "tsc-runs.txt"), project + "\\n");
process.exit(Number(process.env.FAKE_TSC_EXIT ?? 0));
`;

describe("the build stamp", () => {
  let root: string;
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(root, "scripts", "build-if-stale.mjs"), ...args], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
  const tscRuns = (): string[] =>
    existsSync(join(root, "tsc-runs.txt")) ? readFileSync(join(root, "tsc-runs.txt"), "utf8").trim().split("\n") : [];
  const stamp = (): string => join(root, "dist", ".build-stamp");

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "evals-build-stamp-"));
    for (const dir of ["scripts", "src", join("node_modules", "typescript", "bin")]) mkdirSync(join(root, dir), { recursive: true });
    copyFileSync(SCRIPT, join(root, "scripts", "build-if-stale.mjs"));
    writeFileSync(join(root, "node_modules", "typescript", "bin", "tsc"), FAKE_TSC);
    for (const file of ["tsconfig.json", "tsconfig.build.json", "package.json", join("src", "index.ts")])
      writeFileSync(join(root, file), "{}\n");
    // Sources a minute old: what a checkout looks like when someone builds it.
    const minuteAgo = new Date(Date.now() - 60_000);
    for (const file of ["tsconfig.json", "tsconfig.build.json", "package.json", "src", join("src", "index.ts")])
      utimesSync(join(root, file), minuteAgo, minuteAgo);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("`npm run build` runs the script that builds and stamps, always", () => {
    expect(scripts.build).toBe("node scripts/build-if-stale.mjs --always");
    expect(scripts.start).toMatch(/^node scripts\/build-if-stale\.mjs && /);
  });

  it("a start right after `npm run build` does not build again; a changed source does", () => {
    expect(run(["--always"]).status).toBe(0);
    expect(tscRuns()).toEqual([join(root, "tsconfig.build.json")]);
    expect(existsSync(stamp())).toBe(true);

    // npm start: the stamp is newer than every source.
    expect(run([]).status).toBe(0);
    expect(tscRuns()).toHaveLength(1);

    // --always builds even when nothing changed (npm run build means it).
    expect(run(["--always"]).status).toBe(0);
    expect(tscRuns()).toHaveLength(2);

    // A source saved after the build: the next start builds.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, "src", "index.ts"), later, later);
    expect(run([]).status).toBe(0);
    expect(tscRuns()).toHaveLength(3);
  });

  it("a failed build leaves no stamp, so the next start builds again", () => {
    expect(run(["--always"], { FAKE_TSC_EXIT: "2" }).status).toBe(2);
    expect(existsSync(stamp())).toBe(false);
    expect(run([]).status).toBe(0);
    expect(tscRuns()).toHaveLength(2);
  });

  it("without a stamp (a tree built before this script stamped), a start builds", () => {
    expect(run([]).status).toBe(0);
    expect(tscRuns()).toHaveLength(1);
    expect(existsSync(stamp())).toBe(true);
  });
});
