// Generating prints nothing the user did not cause: on Node 25 and later, loading json-schema-faker
// (its bundled util-deprecate reads globalThis.localStorage) printed "ExperimentalWarning:
// localStorage is not available ..." on every `fixtures` run. The CI node matrix runs this on Node 26.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, ["--import", "tsx", main, ...args], { encoding: "utf8", timeout: 60_000 });

describe("no warning the user did not cause", () => {
  it.each([
    ["fixtures, realistic", ["fixtures", "--seed", "3", "--evaluations", "5"]],
    ["fixtures, schema mode", ["fixtures", "--seed", "3", "--mode", "schema", "--evaluations", "5"]],
  ])("%s: stderr is empty, and localStorage is left as Node had it", (_name, args) => {
    const result = run(args);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.length).toBeGreaterThan(100);
  });

  it("json-schema-faker's loader puts Node's localStorage property back as it found it", async () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    await import("../../src/generate/json-schema-faker.js");
    expect(Object.getOwnPropertyDescriptor(globalThis, "localStorage")).toEqual(before);
  });
});
