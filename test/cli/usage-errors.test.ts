// Usage mistakes get one line that helps: a did-you-mean for commands, modes and schema names as
// for options, the toolkit's own message for a negative number, and a pointer to `help <command>`.
import { describe, expect, it } from "vitest";
import { runCliCaptured } from "../helpers/run-cli.js";

describe("usage errors", () => {
  it.each<[string, string[], RegExp]>([
    ["an unknown command", ["valdate"], /^evals-contract: unknown command "valdate" \(did you mean validate\? commands: /],
    [
      "an unknown prism mode",
      ["prism", "moc"],
      /^evals-contract prism: unknown mode "moc" \(did you mean mock\? expected mock or proxy\)$/,
    ],
    [
      "a schema name's typo",
      ["validate", "x.json", "--schema", "Evaluaton"],
      /unknown schema "Evaluaton" \(did you mean Evaluation\? one of: /,
    ],
    ["a schema name in other case", ["validate", "x.json", "--schema", "humanevaluation"], /did you mean HumanEvaluation\?/],
    ["--seed -1", ["fixtures", "--seed", "-1"], /^evals-contract fixtures: --seed must be an integer from 0 to \d+, got "-1"$/],
    ["--port -5 (prism)", ["prism", "mock", "--port", "-5"], /^evals-contract prism: --port must be an integer from 0 to 65535, got "-5"$/],
  ])("%s", async (_name, argv, pattern) => {
    const result = await runCliCaptured(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(pattern);
  });

  it("names `help <command>` in the top-level help", async () => {
    const result = await runCliCaptured(["--help"]);
    expect(result.stdout).toContain("evals-contract help <command>");
  });
});
