// `fixtures --out` beside debris: a directory named like a stale temp file of a dead run is left
// alone and does not block the write (it used to end every write with EISDIR from the cleanup).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMP_MARK } from "../../src/io/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-fixtures-out-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A pid above Linux's pid_max (2^22): no process has it, so the name reads as a dead run's.
const DEAD_PID = 4_194_305;

describe("fixtures --out beside a directory named like a stale temp file", () => {
  it("writes the file and leaves the directory", async () => {
    const out = join(dir, "data.json");
    const debris = join(dir, `.data.json${TEMP_MARK}${DEAD_PID}-00000000`);
    mkdirSync(debris);
    const result = await runCliCaptured(["fixtures", "--apps", "3", "--evaluations", "2", "--human-evaluations", "1", "--out", out]);
    expect(result.stderr).not.toMatch(/EISDIR|cannot write/);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toHaveProperty("evaluations");
    expect(statSync(debris).isDirectory()).toBe(true);
  });

  // Its time (target < 3 s) is `npm run bench -- targets fixtures-apps`.
  it("writes 65,535 apps with no records: an empty dataset", async () => {
    const out = join(dir, "empty.json");
    const result = await runCliCaptured(["fixtures", "--apps", "65535", "--evaluations", "0", "--human-evaluations", "0", "--out", out]);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual({ evaluations: [], human_evaluations: [] });
  });
});
