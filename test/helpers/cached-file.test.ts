// cachedFile: test files asking for the packed toolkit at once share one build (before, each that
// found no tarball built its own: about 30 s each on a 2-core machine).
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedFile } from "./cached-file.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cached-file-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("cachedFile", () => {
  it("makes the file once for callers asking at the same time, and hands each the same path", async () => {
    const path = join(dir, "once", "tarball.tgz");
    let made = 0;
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const make = async (aside: string): Promise<void> => {
      made++;
      await held; // every caller is asking by now
      await writeFile(aside, "packed");
    };
    const asking = [cachedFile(path, make), cachedFile(path, make), cachedFile(path, make)];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await Promise.all(asking)).toEqual([path, path, path]);
    expect(made).toBe(1);
    expect(await readFile(path, "utf8")).toBe("packed");
    expect(await cachedFile(path, make)).toBe(path);
    expect(made).toBe(1);
  });

  it("a failed maker releases the lock: the next caller makes it", async () => {
    const path = join(dir, "failed", "tarball.tgz");
    await expect(cachedFile(path, () => Promise.reject(new Error("tsc failed")))).rejects.toThrow("tsc failed");
    expect(await cachedFile(path, (aside) => writeFile(aside, "second"))).toBe(path);
    expect(await readFile(path, "utf8")).toBe("second");
  });

  it("takes over a lock left by a process that died", async () => {
    const path = join(dir, "stale", "tarball.tgz");
    const dead = spawn(process.execPath, ["-e", ""]);
    const pid = dead.pid!;
    await new Promise((resolve) => dead.once("exit", resolve));
    await mkdir(`${path}.lock`, { recursive: true });
    await writeFile(`${path}.lock/pid`, String(pid));
    expect(await cachedFile(path, (aside) => writeFile(aside, "taken over"))).toBe(path);
    expect(await readFile(path, "utf8")).toBe("taken over");
  });
});
