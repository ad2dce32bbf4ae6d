// examples/coverage run as a user runs it: the toolkit built and packed (test/browser/msw-project.ts),
// the example copied into a project under os.tmpdir() with the tarball in node_modules/evals-contract
// and its `evals-contract` binary linked into node_modules/.bin (what npm install does), then its
// `npm test`: vitest with the MSW handlers recording, then `evals-contract coverage` on the
// observations with --min and --require. It passes as committed; with --min 100 it fails (exit 1).
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject, packToolkit, ROOT, run, type Run } from "../browser/msw-project.js";

interface ExamplePackage {
  scripts: { test: string };
}

describe("examples/coverage", () => {
  let work = "";
  let project = "";
  let first: Run;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "evals-contract-coverage-example-"));
    project = await createProject(join(work, "coverage"), await packToolkit(work), "coverage");
    // createProject links the clone's node_modules/.bin, which has no evals-contract (the clone is
    // the package): a .bin of the project's own, as npm install makes it, the toolkit's binary added.
    const bin = join(project, "node_modules/.bin");
    await unlink(bin);
    await mkdir(bin);
    for (const name of await readdir(join(ROOT, "node_modules/.bin")))
      await symlink(join(ROOT, "node_modules/.bin", name), join(bin, name));
    const main = join(project, "node_modules/evals-contract/dist/cli/main.js");
    await chmod(main, 0o755);
    await symlink(main, join(bin, "evals-contract"));
    first = await run("npm", ["test", "--silent"], project);
  }, 240_000);

  afterAll(async () => {
    if (work !== "") await rm(work, { recursive: true, force: true });
  });

  it("passes its npm test: vitest, then the coverage table under --min and --require", () => {
    const output = `${first.stdout}${first.stderr}`;
    expect(first.code, output).toBe(0);
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expect(output).toContain("Coverage of the Evaluation Listing Service");
    for (const operation of [
      "GET /evaluations?app_id={app_id}",
      "GET /human-evaluations?app_id={app_id}",
      "GET /human-evaluations/{evaluation_id}",
    ])
      expect(output).toContain(operation);
    // Rows the tests reach, each with a count and the first request that showed it.
    for (const label of [
      "an empty list ([])",
      "422 (app_id missing, or forced)",
      "status EVALUATION_FAILED (failed)",
      "a slow answer (1 s or more)",
      "404: unknown id",
    ])
      expect(output).toMatch(new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+\\d+  GET /`));
    expect(output).toMatch(/^Totals: consumer \d+\/\d+ \(\d+(\.\d)?%, \d+ requests\)$/m);
    expect(output).toMatch(/^PASS: /m);
  });

  it("leaves the observations the MSW handlers recorded in observations/observations.ndjson", async () => {
    const lines = (await readFile(join(project, "observations/observations.ndjson"), "utf8")).trim().split("\n");
    const observations = lines.map((line) => JSON.parse(line) as { source: string; side: string; cases: string[]; surface: string[] });
    expect(observations.length).toBeGreaterThanOrEqual(15);
    expect(new Set(observations.map((o) => `${o.side} ${o.source}`))).toEqual(new Set(["consumer msw"]));
    const seen = new Set(observations.flatMap((o) => [...o.cases, ...o.surface]));
    for (const item of [
      "empty-list",
      "status-422",
      "status-404",
      "status-5xx",
      "delayed",
      "evaluation-status-failed",
      "evaluation-deleted-evaluator-config",
    ])
      expect(seen, item).toContain(item);
  });

  it("fails (exit 1) when --min is raised to 100", async () => {
    const file = join(project, "package.json");
    const pkg = JSON.parse(await readFile(file, "utf8")) as ExamplePackage;
    expect(pkg.scripts.test).toMatch(/--min \d+/);
    pkg.scripts.test = pkg.scripts.test.replace(/--min \d+/, "--min 100");
    await writeFile(file, JSON.stringify(pkg, null, 2));
    const raised = await run("npm", ["test", "--silent"], project);
    const output = `${raised.stdout}${raised.stderr}`;
    expect(raised.code, output).toBe(1);
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expect(output).toMatch(/^FAIL: consumer [\d.]+% is under --min 100%$/m);
  }, 120_000);
});
