// Issue 12, files: --force replaces regular files only, `-` is stdout, one report file named twice
// is refused before the run, temporary files are recognisable and stale ones are cleaned, and input
// files with invalid UTF-8, a BOM or absurd nesting get one clear line. Each row failed before.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileAtomically } from "../../src/io/index.js";
import { runCliCaptured, type CliResult } from "../helpers/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "reliability-files-"));
const at = (name: string): string => join(dir, name);
const closers: Array<() => void> = [];
afterAll(() => {
  closers.forEach((close) => close());
  rmSync(dir, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;
const oneLine = (text: string): void => expect(text.trimEnd().split("\n")).toHaveLength(1);

beforeAll(async () => {
  execFileSync("mkfifo", [at("fifo")]);
  mkdirSync(at("folder"));
  if (isRoot) execFileSync("mknod", [at("null-device"), "c", "1", "3"]); // what /dev/null is, in our own folder
  const socketServer = createNetServer();
  await new Promise<void>((resolve) => socketServer.listen(at("socket"), resolve));
  closers.push(() => socketServer.close());
  writeFileSync(at("target.json"), "old");
  symlinkSync(at("target.json"), at("link.json"));
  symlinkSync(at("fifo"), at("link-to-fifo"));
});

const fixtures = (out: string): Promise<CliResult> =>
  runCliCaptured(["fixtures", "--evaluations", "2", "--human-evaluations", "1", "--out", out, "--force"]);

type Kind = "fifo" | "socket" | "directory" | "device" | "symlink";
const kindOf = (path: string): Kind | "file" => {
  const s = lstatSync(path);
  return s.isFIFO()
    ? "fifo"
    : s.isSocket()
      ? "socket"
      : s.isDirectory()
        ? "directory"
        : s.isCharacterDevice()
          ? "device"
          : s.isSymbolicLink()
            ? "symlink"
            : "file";
};

describe("reliability: --force overwrites regular files only", () => {
  const refused: Array<[string, string, Kind, RegExp, boolean]> = [
    ["a FIFO", "fifo", "fifo", /it is a FIFO/, true],
    ["a socket", "socket", "socket", /it is a socket/, true],
    ["a directory", "folder", "directory", /it is a directory/, true],
    ["a device (a node like /dev/null, made with mknod; root only)", "null-device", "device", /it is a device/, isRoot],
    ["a symlink to a FIFO", "link-to-fifo", "symlink", /a symlink to a FIFO/, true],
  ];
  it.each(refused)("fixtures --out <%s> --force: exit 2, one line, left untouched", async (_name, name, kind, message, runs) => {
    if (!runs) return;
    const { code, stderr } = await fixtures(at(name));
    expect(code).toBe(2);
    oneLine(stderr);
    expect(stderr).toMatch(message);
    expect(kindOf(at(name))).toBe(kind);
  });

  it("a symlink to a regular file is written through: the file replaced, the link kept (as --help says)", async () => {
    const { code } = await fixtures(at("link.json"));
    expect(code).toBe(0);
    expect(kindOf(at("link.json"))).toBe("symlink");
    expect(JSON.parse(readFileSync(at("target.json"), "utf8"))).toHaveProperty("evaluations");
  });

  it("--out - is stdout (no file named -)", async () => {
    const { code, stdout } = await runCliCaptured(["fixtures", "--evaluations", "1", "--human-evaluations", "0", "--out", "-"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty("evaluations");
    expect(existsSync("-")).toBe(false);
  });
});

describe("reliability: verify report files", () => {
  let requests = 0;
  let baseUrl = "";
  beforeAll(async () => {
    const server = createHttpServer((_request, response) => {
      requests++;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closers.push(() => server.close());
  });
  const verify = (...args: string[]): Promise<CliResult> =>
    runCliCaptured(["verify", "--base-url", baseUrl, "--app-id", "a", "--no-pact", ...args]);

  const rows: Array<[string, string[], RegExp]> = [
    [
      "--junit a.json --json ./a.json (one file twice)",
      ["--junit", at("a.json"), "--json", join(dir, ".", "a.json")],
      /must name different files/,
    ],
    [
      "--junit via a symlink and --json its target",
      ["--junit", at("link.json"), "--json", at("target.json"), "--force"],
      /must name different files/,
    ],
    ["--json - --junit - (stdout twice)", ["--json", "-", "--junit", "-"], /must name different files/],
    ["--json <FIFO> --force", ["--json", at("fifo"), "--force"], /it is a FIFO/],
    ["--junit <directory> --force", ["--junit", at("folder"), "--force"], /it is a directory/],
    ["--html <socket> (report files replace regular files only)", ["--html", at("socket")], /it is a socket/],
  ];
  it.each(rows)("%s is refused before the run: exit 2, one line, no request sent", async (_name, args, message) => {
    const before = requests;
    const { code, stderr } = await verify(...args);
    expect(code).toBe(2);
    oneLine(stderr);
    expect(stderr).toMatch(message);
    expect(requests).toBe(before);
  });

  it("--json - writes the JSON report to stdout and the text report to stderr", async () => {
    const { code, stdout, stderr } = await verify("--json", "-");
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ tool: "verify", verdict: "fail", properties: { baseUrl: expect.any(String) } });
    expect(stderr).toMatch(/^FAIL: the provider breaks the contract$/m);
  });
});

describe("reliability: temporary files", () => {
  it("are named .NAME.evals-contract-tmp-PID-RANDOM while writing", async () => {
    let seen: string[] = [];
    await writeFileAtomically(at("named.json"), false, async (out) => {
      out.write("x");
      seen = readdirSync(dir).filter((f) => f.startsWith(".named.json."));
    });
    expect(seen).toEqual([expect.stringMatching(new RegExp(`^\\.named\\.json\\.evals-contract-tmp-${process.pid}-[0-9a-f]{8}$`))]);
  });

  it("left by a killed run (its process gone) are removed by the next write to that path", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid; // a pid whose process has exited
    const stale = at(`.stale.json.evals-contract-tmp-${gone}-deadbeef`);
    writeFileSync(stale, "half a file");
    const unrelated = at(`.other.json.evals-contract-tmp-${gone}-deadbeef`);
    writeFileSync(unrelated, "another path's");
    await writeFileAtomically(at("stale.json"), false, async (out) => {
      out.write("whole");
    });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(unrelated)).toBe(true);
    expect(readFileSync(at("stale.json"), "utf8")).toBe("whole");
  });
});

describe("reliability: hostile input files", () => {
  const EVALUATION = readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8");
  beforeAll(() => {
    const records = (JSON.parse(EVALUATION) as { evaluations: unknown[] }).evaluations.slice(0, 2);
    const text = JSON.stringify(records);
    const bytes = Buffer.from(text);
    const bad = Buffer.concat([bytes.subarray(0, 100), Buffer.from([0xc3, 0x28]), bytes.subarray(100)]);
    writeFileSync(at("invalid-utf8.json"), bad);
    writeFileSync(at("bom.json"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]));
    writeFileSync(at("deep.json"), "[".repeat(100_000) + "]".repeat(100_000));
    const dataset = Buffer.from(EVALUATION);
    writeFileSync(at("invalid-utf8-data.json"), Buffer.concat([dataset.subarray(0, 50), Buffer.from([0xff]), dataset.subarray(50)]));
    writeFileSync(at("deep-data.json"), `{"evaluations":${"[".repeat(100_000)}${"]".repeat(100_000)},"human_evaluations":[]}`);
  });

  const rows: Array<[string, string[], { code: number; stream: "stdout" | "stderr"; line: RegExp }]> = [
    [
      "validate: invalid UTF-8 names the file and the byte offset",
      ["validate", "invalid-utf8.json", "--schema", "Evaluation"],
      { code: 2, stream: "stderr", line: /invalid-utf8\.json is not valid UTF-8: malformed byte 0xc3 at byte offset 100$/m },
    ],
    [
      "validate: a BOM is accepted (stripped)",
      ["validate", "bom.json", "--schema", "Evaluation"],
      { code: 0, stream: "stdout", line: /bom\.json \(2 Evaluation records\) conforms/ },
    ],
    [
      "validate: 100,000-deep JSON exits 1 with one line",
      ["validate", "deep.json", "--schema", "Evaluation"],
      { code: 1, stream: "stdout", line: /deep\.json does not conform: .*more than 1,000 levels deep/ },
    ],
    [
      "mock: a data file with invalid UTF-8 is refused at start, exit 2",
      ["mock", "--data", "invalid-utf8-data.json", "--port", "0"],
      { code: 2, stream: "stderr", line: /invalid-utf8-data\.json is not valid UTF-8: malformed byte 0xff at byte offset 50$/m },
    ],
    [
      "mock: a 100,000-deep data file is refused at start, exit 2",
      ["mock", "--data", "deep-data.json", "--port", "0"],
      { code: 2, stream: "stderr", line: /deep-data\.json nests arrays or objects more than 1,000 levels deep/ },
    ],
  ];
  it.each(rows)("%s", async (_name, argv, want) => {
    const args = argv.map((a) => (a.endsWith(".json") ? at(a) : a));
    const result = await runCliCaptured(args);
    expect(result.code).toBe(want.code);
    if (want.code !== 0) oneLine(result[want.stream]);
    expect(result[want.stream]).toMatch(want.line);
  });

  it("the deep and invalid files are still there, untouched (nothing is destroyed)", () => {
    expect(statSync(at("deep.json")).size).toBe(200_000);
  });
});
