// The reference service (reference/*.py on Debian's FastAPI 0.92 + pydantic 1.10): its committed recordings are
// current, v2.json follows from v1.json, and roundtrip.py proves a dataset is exactly what the service sends.
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MISSING_REFERENCE, PYTHON, SKIP_REFERENCE } from "../helpers/reference.js";

const ROOT = join(import.meta.dirname, "..", "..");
const REFERENCE = join(ROOT, "reference");
const DATASET = join(REFERENCE, "dataset.json");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs /usr/bin/python3 with the arguments; never rejects, the exit code is in the result. */
const python = (args: string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile(PYTHON, args, { cwd: ROOT, timeout: 60_000, encoding: "utf8" }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr: error !== null && code === -1 ? `${stderr}${error.message}` : stderr });
    });
  });

/** The exit code, with the script's own output as the assertion message. */
const expectExit = (run: Run, code: number): void => {
  expect(run.code, `${run.stderr}${run.stdout}`).toBe(code);
};

interface Changed {
  kind: string;
  index: number;
  id: unknown;
  difference: string;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reference-"));
});
beforeEach(() => {
  if (MISSING_REFERENCE) throw new Error(MISSING_REFERENCE);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(SKIP_REFERENCE)("reference recordings", () => {
  it("record.py --check: v1.json, legacy.json and openapi.json are what the service answers now", async () => {
    expectExit(await python(["reference/record.py", "--check"]), 0);
  });

  it("v2_bodies.py --check: v2.json is v1.json with pydantic 2's 422 bodies", async () => {
    expectExit(await python(["reference/v2_bodies.py", "--check"]), 0);
  });

  it("record.py --check fails naming the first stale entry", async () => {
    for (const name of ["v1.json", "legacy.json", "openapi.json"]) {
      await copyFile(join(REFERENCE, "recordings", name), join(dir, name));
    }
    const legacyFile = join(dir, "legacy.json");
    const legacy = JSON.parse(await readFile(legacyFile, "utf8")) as { name: string; response: { body: string } }[];
    const unknownId = legacy.find((entry) => entry.name === "human evaluation, unknown id")!;
    expect(unknownId.response.body).toBe('{"detail":"404: Evaluation not found"}');
    unknownId.response.body = '{"detail":"Evaluation not found"}';
    await writeFile(legacyFile, `${JSON.stringify(legacy, null, 2)}\n`);
    const run = await python(["reference/record.py", "--check", "--recordings", dir]);
    expectExit(run, 1);
    expect(run.stderr).toContain("legacy.json is stale");
    expect(run.stderr).toContain("'human evaluation, unknown id'");
  });
});

describe.skipIf(SKIP_REFERENCE)("roundtrip.py", () => {
  it("passes reference/dataset.json unchanged", async () => {
    const run = await python(["reference/roundtrip.py", DATASET]);
    expectExit(run, 0);
    expect(JSON.parse(run.stdout)).toMatchObject({ checked: 4, rejected: [], changed: [], rejected_count: 0, changed_count: 0 });
  });

  it("names each record the service would send differently: a .000000 timestamp, a dropped null, a Z timestamp", async () => {
    const data = JSON.parse(await readFile(DATASET, "utf8")) as {
      evaluations: Record<string, unknown>[];
      human_evaluations: Record<string, unknown>[];
    };
    data.evaluations[0]!.created_at = "2024-06-27T17:02:19.000000";
    delete data.evaluations[1]!.average_cost;
    data.human_evaluations[1]!.updated_at = "2024-06-27T17:30:12.987000Z";
    const altered = join(dir, "altered.json");
    await writeFile(altered, JSON.stringify(data));

    const run = await python(["reference/roundtrip.py", altered]);
    expectExit(run, 1);
    const report = JSON.parse(run.stdout) as { checked: number; changed: Changed[]; changed_count: number; rejected_count: number };
    expect(report).toMatchObject({ checked: 4, changed_count: 3, rejected_count: 0 });
    expect(report.changed.map(({ kind, index, id, difference }) => ({ kind, index, id, difference }))).toEqual([
      {
        kind: "evaluations",
        index: 0,
        id: data.evaluations[0]!.id,
        difference: 'created_at: "2024-06-27T17:02:19.000000" -> "2024-06-27T17:02:19"',
      },
      {
        kind: "evaluations",
        index: 1,
        id: data.evaluations[1]!.id,
        difference: "average_cost: added by the service as null (absent in the input)",
      },
      {
        kind: "human_evaluations",
        index: 1,
        id: data.human_evaluations[1]!.id,
        difference: 'updated_at: "2024-06-27T17:30:12.987000Z" -> "2024-06-27T17:30:12.987000+00:00"',
      },
    ]);
  });

  it("exits 2 on input that is not a dataset", async () => {
    const notDataset = join(dir, "list.json");
    await writeFile(notDataset, "[1]");
    const run = await python(["reference/roundtrip.py", notDataset]);
    expectExit(run, 2);
    expect(run.stderr).toContain("expected an object");
  });
});
