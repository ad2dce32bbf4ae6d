// The figures README.md prints as a command's output are that command's output today: the fixtures
// line (`wrote 540 records (N bytes, ...)`) is what `fixtures --seed 7 --evaluations 500` writes.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCaptured } from "../helpers/run-cli.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "readme-figures-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("README.md's figures", () => {
  it("the fixtures example's `wrote` line is what the command writes", async () => {
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    const command = /^npx evals-contract fixtures (--seed 7 --evaluations 500) --out data\.json/m.exec(readme);
    expect(command).not.toBeNull();
    const shown = /^wrote \d[\d,]* records \(\d[\d,]* bytes, realistic, json\) to data\.json$/m.exec(readme)?.[0];
    expect(shown).toBeDefined();
    const out = join(dir, "data.json");
    const run = await runCliCaptured(["fixtures", ...command![1]!.split(" "), "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`.trim().replace(out, "data.json")).toBe(shown);
  });
});
