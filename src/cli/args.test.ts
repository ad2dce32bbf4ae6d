import { describe, expect, it } from "vitest";
import { choiceOption, intOption, parseCommandArgs, rejectPositionals } from "./args.js";

describe("parseCommandArgs", () => {
  const options = { seed: { type: "string" as const } };

  it("turns an unknown option into a one-line usage error", () => {
    expect(() => parseCommandArgs(["--bogus"], options)).toThrow(/^unknown option --bogus$/);
  });

  it.each([
    ["--sed", "--seed"],
    ["--seeds", "--seed"],
    ["--esed=3", "--seed"],
    ["--hepl", "--help"],
  ])("suggests the option %s meant", (typed, meant) => {
    expect(() => parseCommandArgs([typed], options)).toThrow(`unknown option ${typed.split("=")[0]} (did you mean ${meant}?)`);
  });

  it("takes a negative number as the option's value, for the option's own check (not parseArgs' text)", () => {
    expect(parseCommandArgs(["--seed", "-1"], options).values.seed).toBe("-1");
    expect(parseCommandArgs(["--seed", "-1.5", "x"], options)).toEqual({ values: { seed: "-1.5" }, positionals: ["x"] });
    // After "--" everything is a positional, as before.
    expect(parseCommandArgs(["--", "--seed", "-1"], options).positionals).toEqual(["--seed", "-1"]);
  });

  it("keeps Node's other hints on one line", () => {
    expect(() => parseCommandArgs(["--seed", "--help"], options)).toThrow(/ambiguous\. .*'--seed=-XYZ'\.$/);
    try {
      parseCommandArgs(["--seed", "--help"], options);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
      expect((error as { code?: string }).code).toBe("E_USAGE");
    }
  });

  it("accepts --help on every command", () => {
    expect(parseCommandArgs(["--help"], options).values.help).toBe(true);
  });
});

describe("intOption", () => {
  it.each([["abc"], ["1.5"], ["-1"], ["99"]])("rejects %s outside 0..10 with the option's name", (raw) => {
    expect(() => intOption({ n: raw }, "n", 1, 0, 10)).toThrow(/^--n must be an integer from 0 to 10/);
  });

  it("returns the default when absent and the value when valid", () => {
    expect(intOption({}, "n", 7, 0, 10)).toBe(7);
    expect(intOption({ n: "3" }, "n", 7, 0, 10)).toBe(3);
  });
});

describe("choiceOption", () => {
  const levels = ["info", "error"] as const;

  it("gives the value when it is one of the choices, undefined when the option is absent", () => {
    expect(choiceOption({ level: "info" }, "level", levels)).toBe("info");
    expect(choiceOption({}, "level", levels)).toBeUndefined();
  });

  it("rejects any other value, naming the option and the choices", () => {
    expect(() => choiceOption({ level: "loud" }, "level", levels)).toThrow(/^--level must be one of info, error, got "loud"$/);
  });
});

describe("rejectPositionals", () => {
  it("accepts none and names the first extra argument, with the command's hint", () => {
    expect(() => rejectPositionals([])).not.toThrow();
    expect(() => rejectPositionals(["a", "b"])).toThrow(/^unexpected argument "a" \(see --help\)$/);
    expect(() => rejectPositionals(["x"], "write to a file with --out FILE")).toThrow(/\(write to a file with --out FILE\)$/);
  });
});
