// Issue 31's rule: an output of a command never destroys an input of the same command, whatever path
// leads to it (the same path, a symlink, a hard link, a folder reached through a symlink). Each is one
// usage line, exit 2, before anything is written: the input is left byte for byte. (mock --record vs
// --data: test/mock/record-file.test.ts.)
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observationLine, observe } from "../../src/coverage/observation.js";
import { isSameFile } from "../../src/io/same-file.js";
import { runCliCaptured } from "../helpers/run-cli.js";

let dir: string;
let observations: string;
let document: string;
const OBSERVATIONS = observationLine(observe({ side: "consumer", source: "mock", method: "GET", url: "/evaluations", status: 422 })!);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "output-over-input-"));
  observations = join(dir, "obs.ndjson");
  writeFileSync(observations, OBSERVATIONS);
  document = join(dir, "provider.yaml");
  copyFileSync(new URL("../../contracts/openapi.yaml", import.meta.url), document);
  for (const file of [observations, document]) {
    symlinkSync(file, `${file}.link`);
    linkSync(file, `${file}.hard`);
  }
  mkdirSync(join(dir, "sub"));
  symlinkSync(dir, join(dir, "dir-link"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("isSameFile", () => {
  it("compares device and inode when both exist, real paths otherwise", async () => {
    expect(await isSameFile(observations, `${observations}.link`)).toBe(true);
    expect(await isSameFile(observations, `${observations}.hard`)).toBe(true);
    expect(await isSameFile(observations, join(dir, "dir-link", "obs.ndjson"))).toBe(true);
    expect(await isSameFile(observations, document)).toBe(false);
    expect(await isSameFile(join(dir, "new.json"), join(dir, "dir-link", "new.json"))).toBe(true);
    expect(await isSameFile(join(dir, "new.json"), join(dir, "other.json"))).toBe(false);
  });
});

describe("coverage: a report over one of its inputs", () => {
  it.each([
    ["--json", "obs.ndjson", ""],
    ["--junit", "obs.ndjson.link", " (the same file by another path)"],
    ["--html", "obs.ndjson.hard", " (the same file by another path)"],
    ["--json", "dir-link/obs.ndjson", " (the same file by another path)"],
  ])("%s %s: one line, exit 2, the input untouched", async (option, target, how) => {
    const path = join(dir, target);
    const result = await runCliCaptured(["coverage", observations, option, path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract coverage: ${option} ${path} is the input ${observations}${how}: writing it would destroy that input; name another file\n`,
    );
    expect(readFileSync(observations, "utf8")).toBe(OBSERVATIONS);
  });

  it("a report beside it is written", async () => {
    const result = await runCliCaptured(["coverage", observations, "--json", join(dir, "report.json")]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(observations, "utf8")).toBe(OBSERVATIONS);
  });
});

describe("drift: a report over the provider's document", () => {
  it.each([
    ["--junit", "provider.yaml"],
    ["--junit", "provider.yaml.link"],
    ["--junit", "provider.yaml.hard"],
  ])("%s %s: one line, exit 2, the document untouched", async (option, target) => {
    const before = readFileSync(document, "utf8");
    const result = await runCliCaptured(["drift", "--openapi", document, option, join(dir, target)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^evals-contract drift: ${option} .*${target.replace(/\./g, "\\.")} is --openapi .*provider\\.yaml.*: writing it would destroy that input; name another file\\n$`,
      ),
    );
    expect(readFileSync(document, "utf8")).toBe(before);
  });
});

describe("verify and fuzz: a report over the baseline, a pact file or the replayed report", () => {
  it.each([
    ["verify", "--baseline", ["--no-pact"]],
    ["fuzz", "--baseline", []],
    ["verify", "--pact-file", []],
    ["fuzz", "--replay", []],
  ] as const)("%s %s FILE --json FILE.link: one line, exit 2, the input untouched", async (tool, option, extra) => {
    const input = join(dir, `input-${tool}-${option.slice(2)}.json`);
    const text = option === "--baseline" ? '{"entries": []}\n' : '{"tool": "fuzz", "findings": []}\n';
    writeFileSync(input, text);
    symlinkSync(input, `${input}.link`);
    const result = await runCliCaptured([
      tool,
      "--base-url",
      "http://127.0.0.1:1",
      "--app-id",
      "666dde95962bbaffdb0072b5",
      ...extra,
      option,
      input,
      "--json",
      `${input}.link`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract ${tool}: --json ${input}.link is ${option} ${input} (the same file by another path): writing it would destroy that input; name another file\n`,
    );
    expect(readFileSync(input, "utf8")).toBe(text);
  });
});
