// Every error code is documented in docs/errors.md with the exit code the CLI maps it to.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exitCodeForError } from "../../src/cli/exit-codes.js";
import { ERROR_CODES, ToolkitError, type ErrorCode } from "../../src/errors.js";

const doc = readFileSync(new URL("../../docs/errors.md", import.meta.url), "utf8");
const rows = new Map([...doc.matchAll(/^\| `(E_[A-Z_]+)` +\| .* \| (\d) +\|$/gm)].map((m) => [m[1]!, Number(m[2])]));

describe("error codes", () => {
  it.each(Object.keys(ERROR_CODES) as ErrorCode[])("%s is documented with its exit code", (code) => {
    expect(rows.has(code), `docs/errors.md lacks ${code}`).toBe(true);
    expect(rows.get(code)).toBe(exitCodeForError(new ToolkitError(code, "x")));
  });

  it("documents no code that does not exist", () => {
    for (const code of rows.keys()) expect(Object.keys(ERROR_CODES)).toContain(code);
  });
});
