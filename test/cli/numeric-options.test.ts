// Issue 31: every numeric option of every command takes a plain decimal number only. Number() alone
// read `--min 0x32` as 50, and `0b1`, `0o7`, `1e2`, `Infinity` too; each is now one usage line
// naming the option, exit 2, before anything runs (no port is bound, no request sent).
import { describe, expect, it } from "vitest";
import { decimalNumber, intOption } from "../../src/cli/args.js";
import { parseMin } from "../../src/cli/commands/coverage.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const NOT_DECIMAL = ["0x32", "0b1", "0o7", "1e2", "Infinity", "", " ", "+5", "5_0", "٥"];

describe("decimalNumber and intOption", () => {
  it.each(NOT_DECIMAL)("refuse %j", (raw) => {
    expect(decimalNumber(raw)).toBeNaN();
    expect(() => intOption({ n: raw }, "n", 1, 0, 1000)).toThrow(/^--n must be an integer from 0 to 1000, got /);
  });

  it("take plain decimals", () => {
    expect(decimalNumber("50")).toBe(50);
    expect(decimalNumber(" 12.5 ")).toBe(12.5);
    expect(decimalNumber("007")).toBe(7);
    expect(decimalNumber("1.5", true)).toBeNaN();
    expect(intOption({ n: "42" }, "n", 1, 0, 1000)).toBe(42);
  });
});

describe("coverage --min", () => {
  it.each(["0x32", "0b1", "0o7", "1e1", "Infinity", "", "%"])("refuses %j", (raw) => {
    expect(() => parseMin(raw)).toThrow(/^--min must be a percentage from 0 to 100/);
  });

  it("takes 50, 50%, 12.5 and 0", () => {
    expect([parseMin("50"), parseMin("50%"), parseMin("12.5"), parseMin("0")]).toEqual([50, 50, 12.5, 0]);
  });
});

// [command line without the value, the option] for every numeric option of every command.
const OPTIONS: Array<[string[], string]> = [
  [["coverage", "x.ndjson"], "min"],
  [["fixtures", "--out", "-"], "seed"],
  [["fixtures", "--out", "-"], "apps"],
  [["fixtures", "--out", "-"], "evaluations"],
  [["fixtures", "--out", "-"], "human-evaluations"],
  [["mock"], "port"],
  [["mock"], "delay"],
  [["mock"], "seed"],
  [["prism", "mock"], "port"],
  [["verify", "--base-url", "http://127.0.0.1:9", "--app-id", "a", "--no-pact"], "timeout"],
  [["verify", "--base-url", "http://127.0.0.1:9", "--app-id", "a", "--no-pact"], "concurrency"],
  [["verify", "--base-url", "http://127.0.0.1:9", "--app-id", "a", "--no-pact"], "max-response-bytes"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "seed"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "max-requests"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "concurrency"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "timeout"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "max-response-bytes"],
  [["fuzz", "--base-url", "http://127.0.0.1:9", "--app-id", "a"], "max-response-time"],
];

describe("every numeric option of every command", () => {
  it.each(OPTIONS)("%j --%s refuses 0x32, 0b1 and 0o7", async (argv, option) => {
    for (const value of ["0x32", "0b1", "0o7"]) {
      const result = await runCliCaptured([...argv, `--${option}`, value]);
      expect(result.code, `--${option} ${value}: ${result.stderr}`).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(`--${option} must be `);
      expect(result.stderr).toContain(`got "${value}"`);
    }
  });
});
