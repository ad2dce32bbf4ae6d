// A PASS fits one screen (issue 30): verify against a conforming provider serving the package's own
// default data (the mock on fixtures/default.json), Pact included, prints at most 40 lines. The
// warnings are folded per rule with their counts: the real service's null optionals and naive
// timestamps are still reported, once each.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../../src/types/dataset.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { richestApp } from "./conforming.js";

let mock: RunningMockServer;
let appId: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  appId = richestApp(JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset);
});
afterAll(() => mock.close());

describe("verify's PASS of the default data", () => {
  it("is one screen: at most 40 lines, the warnings one line per rule with its count", async () => {
    const result = await runCliCaptured(["verify", "--base-url", mock.url, "--app-id", appId]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toBe("PASS: the provider conforms to the contract");
    expect(lines.length, result.stdout).toBeLessThanOrEqual(40);
    // Each rule once, with its count: the real service's habits are still there.
    for (const rule of ["null-optional", "naive-timestamp"]) {
      const mentions = lines.filter((line) => line.includes(rule));
      expect(mentions, rule).toHaveLength(1);
      expect(mentions[0]).toMatch(new RegExp(`^ {2}${rule} +[\\d,]+ times {2}`));
    }
    // The folded counts add up to the warnings of the summary line.
    const folded = lines
      .map((line) => /^ {2}[a-z-]+ +([\d,]+) times? {2}/.exec(line)?.[1])
      .filter((count): count is string => count !== undefined)
      .reduce((sum, count) => sum + Number(count.replace(/,/g, "")), 0);
    const warnings = /; 0 errors, ([\d,]+) warnings;/.exec(result.stdout)?.[1];
    expect(folded).toBe(Number(warnings?.replace(/,/g, "")));
  }, 60_000);
});
