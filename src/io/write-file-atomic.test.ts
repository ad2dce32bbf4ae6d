import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomically, writeTextFileAtomically } from "./write-file-atomic.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atomic-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeHello = async (out: NodeJS.WritableStream): Promise<void> => {
  out.write("hello");
};

describe("writeFileAtomically", () => {
  it("writes a new file and leaves no temporary file", async () => {
    await writeFileAtomically(join(dir, "a.json"), false, writeHello);
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("hello");
    expect(readdirSync(dir)).toEqual(["a.json"]);
  });

  it("refuses an existing file without force and keeps it; replaces it with force", async () => {
    writeFileSync(join(dir, "a.json"), "mine");
    await expect(writeFileAtomically(join(dir, "a.json"), false, writeHello)).rejects.toMatchObject({ code: "E_OUTPUT_EXISTS" });
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("mine");
    await writeFileAtomically(join(dir, "a.json"), true, writeHello);
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("hello");
  });

  it("refuses a directory, even with force, before writing anything", async () => {
    mkdirSync(join(dir, "out"));
    let called = false;
    const write = async (): Promise<void> => {
      called = true;
    };
    await expect(writeFileAtomically(join(dir, "out"), true, write)).rejects.toThrow(/out: it is a directory \(only regular files/);
    expect(called).toBe(false);
  });

  it("names the missing folder, not a temporary file", async () => {
    const error = await writeFileAtomically(join(dir, "no", "a.json"), false, writeHello).catch((e: Error) => e);
    expect(error).toMatchObject({ code: "E_OUTPUT_WRITE" });
    expect((error as Error).message).toMatch(/folder .*no does not exist$/);
    expect((error as Error).message).not.toContain(".tmp");
  });

  it("removes the temporary file when the writer fails, and keeps the old file", async () => {
    writeFileSync(join(dir, "a.json"), "mine");
    const failing = async (out: NodeJS.WritableStream): Promise<void> => {
      out.write("half");
      throw new Error("disk on fire");
    };
    await expect(writeFileAtomically(join(dir, "a.json"), true, failing)).rejects.toThrow(/disk on fire/);
    expect(readdirSync(dir)).toEqual(["a.json"]);
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("mine");
  });
});

describe("writeTextFileAtomically", () => {
  it("creates missing folders", async () => {
    await writeTextFileAtomically(join(dir, "reports", "ci", "verify.xml"), "<x/>", false);
    expect(readFileSync(join(dir, "reports", "ci", "verify.xml"), "utf8")).toBe("<x/>");
  });
});
