// Issue 39: `--baseline /dev/zero` grew to 500 MB, and a FIFO nobody writes hung forever (a baseline
// and `fuzz --replay` alike). Both read only a regular file of at most 64 MiB (docs/limits.md), by one
// guarded reader (src/io/read-regular-file.ts): anything else is one line and exit 2, at once.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INPUT_FILE_BYTES, readRegularFile } from "../../src/io/read-regular-file.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const APP = "666dde95962bbaffdb0072b5";
const windows = process.platform === "win32";

let dir: string;
let socket: Server | undefined;
const paths: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evals-input-files-"));
  paths.directory = join(dir, "folder");
  mkdirSync(paths.directory);
  paths["/dev/zero"] = "/dev/zero";
  paths["a symlink to /dev/zero"] = join(dir, "zero-link.json");
  symlinkSync("/dev/zero", paths["a symlink to /dev/zero"]);
  paths.FIFO = join(dir, "fifo.json");
  execFileSync("mkfifo", [paths.FIFO]);
  paths.socket = join(dir, "socket.json");
  socket = createServer();
  await new Promise<void>((resolve) => socket!.listen(paths.socket, resolve));
  // One byte past the cap, sparse: no 64 MiB written to the disk.
  paths["a file past the cap"] = join(dir, "big.json");
  writeFileSync(paths["a file past the cap"], "");
  truncateSync(paths["a file past the cap"], MAX_INPUT_FILE_BYTES + 1);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (socket === undefined ? resolve() : socket.close(() => resolve())));
});

const WHY: Record<string, RegExp> = {
  directory: /is a directory, not a regular file/,
  "/dev/zero": /is a device, not a regular file/,
  "a symlink to /dev/zero": /is a device, not a regular file/,
  FIFO: /is a FIFO \(named pipe\), not a regular file/,
  socket: /is a socket, not a regular file/,
  "a file past the cap": /is larger than 64 MiB \(the limit for this input, docs\/limits\.md\)/,
};
const KINDS = Object.keys(WHY);

describe.skipIf(windows)("reliability: --baseline and --replay read only regular files, up to 64 MiB", () => {
  it.each(KINDS)("--baseline %s: one line, exit 2, before any request (verify, and fuzz --update-baseline)", async (kind) => {
    for (const args of [
      ["verify", "--no-pact"],
      ["fuzz", "--seed", "1", "--update-baseline"],
      ["fuzz", "--seed", "1", "--prune-baseline"],
    ]) {
      const result = await runCliCaptured([...args, "--base-url", "http://127.0.0.1:1", "--app-id", APP, "--baseline", paths[kind]!]);
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`baseline ${paths[kind]}: `);
      expect(lines[0]).toMatch(WHY[kind]!);
    }
  });

  it.each(KINDS)("fuzz --replay %s: one line, exit 2, at once", async (kind) => {
    const result = await runCliCaptured(["fuzz", "--replay", paths[kind]!, "--base-url", "http://127.0.0.1:1", "--app-id", APP]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(WHY[kind]!);
  });

  it("the reader: a regular file whole, at most cap + 1 bytes read, a missing file E_FILE_NOT_FOUND", async () => {
    const file = join(dir, "small.json");
    writeFileSync(file, "0123456789");
    expect((await readRegularFile(file, 10)).toString()).toBe("0123456789");
    await expect(readRegularFile(file, 9)).rejects.toMatchObject({
      code: "E_FILE_UNREADABLE",
      reason: expect.stringMatching(/larger than 9 bytes/),
    });
    await expect(readRegularFile(join(dir, "none.json"))).rejects.toMatchObject({ code: "E_FILE_NOT_FOUND", reason: "no such file" });
    // /dev/zero past its fstat: never read at all, whatever the cap.
    await expect(readRegularFile("/dev/zero", 1)).rejects.toMatchObject({ reason: expect.stringMatching(/a device/) });
  });
});
