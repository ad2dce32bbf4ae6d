// The MSW code of README.md and docs/*.md is code: every snippet type-checked (tsc, strict) and the
// Node ones run (Vitest) in a project as a frontend has it, under each msw major the toolkit supports.
//
// Which blocks (test/msw/doc-snippets.ts reads them with TypeScript's parser, so a new section's
// blocks are picked up as they are written): every ```ts block of README.md and docs/*.md that
// imports msw, msw/<anything> or evals-contract/msw (import, import() or re-export), and every block
// that uses the `handlers`, `server` or `worker` of such a block earlier on its page without declaring
// them: a continuation (docs/msw.md's builders block, `handlers.setDataset(...)`), written after the
// nearest such set-up in one file, less the imports the set-up has. What each becomes:
// - a Node block: a Vitest test file, type-checked and run. A set-up with no it/test/describe of its
//   own (docs/msw.md's vitest.setup.ts) gets a test appended: a fetch its handlers must answer
//   (GET <origin><basePath>/evaluations: the service's 422, whatever the data and compat). A block
//   whose options say onUnhandledRequest/onUnhandledFrame "error" gets a test that a request no
//   handler claims fails and never reaches the local server it was sent to.
// - a browser-only block (msw/browser, setupWorker, or continuing one): type-checked only;
//   test/browser/msw-browser.test.ts runs that code in Chromium.
// - a block labelled `// examples/<file>` (or `(excerpt)`): checked here to be that file's code, byte
//   for byte (test/browser/msw-readme.test.ts does so for the README too); not run, the example's own
//   test runs it (msw-browser.test.ts, test/coverage/example.test.ts); type-checked here unless it
//   imports packages other than evals-contract, msw, vitest and node: (those are the example's).
// The projects (test/msw/snippet-project.ts): the toolkit built from src/ and packed by
// test/browser/msw-project.ts's packToolkit, beside msw, vitest, typescript and @types/node installed
// once per msw major under os.tmpdir() and reused by later runs: for the major of this clone's msw,
// that version; for each other major, its newest (when first installed). Every snippet is
// type-checked under every major and run under each major whose `engines` take this Node. msw 3
// needs Node 22.12 (its interceptors call Promise.withResolvers: on Node 20 every request through
// setupServer fails with a TypeError), so on Node 20 the snippets run under msw 2 and are
// type-checked under msw 3 too (where a `{ onUnhandledRequest }` literal, an option msw 3 ignores, is
// a type error); on Node 22.12 and newer, `npm run test:node-matrix` among them, they run under both.
// The last test prints and checks which majors ran. A failure names the page, the line and first
// line of the block, and tsc's or Vitest's error with its lines mapped back to the page.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_MAJORS } from "../../src/peer-majors.js";
import { packToolkit, ROOT } from "../browser/msw-project.js";
import { semver } from "../package/semver.js";
import { compose, handlerOptions, hasTests, mswSnippets, parse, projectHasImports, type Composed, type Snippet } from "./doc-snippets.js";
import { cachedInstall, createSnippetProject, type SnippetProject } from "./snippet-project.js";

const SNIPPETS = mswSnippets(ROOT);
const named = (snippets: Snippet[]): Array<[string, Snippet]> =>
  snippets.map((snippet) => [`${snippet.doc}:${snippet.line} ${snippet.firstLine}`, snippet]);
/** Written and type-checked: all but the examples' blocks that import packages of their own. */
const CHECKED = SNIPPETS.filter((snippet) => snippet.example === undefined || projectHasImports(snippet));
const RUN = SNIPPETS.filter((snippet) => snippet.mode === "run");
const EXAMPLES = SNIPPETS.filter((snippet) => snippet.example !== undefined);

/** The msw installed in this clone; the projects get that version for its major, the newest of the others. */
const REPO_MSW = (JSON.parse(readFileSync(join(ROOT, "node_modules/msw/package.json"), "utf8")) as { version: string }).version;
const MAJORS = PEER_MAJORS.msw.map(({ range, minNode }) => ({
  spec: semver.satisfies(REPO_MSW, range) ? REPO_MSW : range,
  range,
  minNode,
}));

const STRICT = /onUnhandled(?:Request|Frame)\s*:\s*["']error["']/;

/** The harness's tests appended to a Node snippet (`code`: the file so far): see the header. */
function appendedTests(code: string): string {
  const source = parse(code);
  const parts: string[] = [];
  if (!hasTests(source)) {
    const { origin = "http://localhost", basePath = "" } = handlerOptions(source);
    const url = `${origin}${basePath.replace(/\/$/, "")}/evaluations`;
    parts.push(
      /\bcreateMswHandlers\s*\(/.test(code)
        ? `harnessIt("answers GET /evaluations without app_id with the service's 422, through fetch", async () => {
  const response = await fetch(${JSON.stringify(url)});
  const body = (await response.json()) as { detail?: Array<{ loc?: unknown }> };
  harnessExpect([response.status, body.detail?.[0]?.loc]).toEqual([422, ["query", "app_id"]]);
});
`
        : `harnessIt("loads", () => undefined);\n`,
    );
  }
  if (STRICT.test(code))
    parts.push(`harnessIt('fails a request no handler claims (the options say "error")', async () => {
  let reached = 0;
  const network = harnessCreateServer((_request, response) => {
    reached += 1;
    response.end("reached the network");
  });
  await new Promise<void>((resolve) => network.listen(0, "127.0.0.1", resolve));
  const url = \`http://127.0.0.1:\${(network.address() as HarnessAddressInfo).port}/not-the-service\`;
  try {
    const outcome = await fetch(url).then(
      async (response) => \`answered by the network: \${response.status} \${await response.text()}\`,
      (error: Error) => \`failed: \${error.message} \${(error.cause as Error | undefined)?.message ?? ""}\`,
    );
    if (!/^failed: .*\\[MSW\\] Cannot bypass a request when using the "error" strategy/.test(outcome) || reached > 0)
      throw new Error(\`a request no handler claims (GET \${url}) was \${outcome}: msw did not fail it, as the options ask\`);
  } finally {
    network.close();
  }
});
`);
  if (parts.length === 0) return "";
  return `
// ---- appended by test/msw/snippets.test.ts: the code above, exercised ----
import { createServer as harnessCreateServer } from "node:http";
import type { AddressInfo as HarnessAddressInfo } from "node:net";
import { expect as harnessExpect, it as harnessIt } from "vitest";

${parts.join("\n")}`;
}

interface Outcome {
  project: SnippetProject;
  /** msw's engines take this Node: the Node snippets ran. */
  runs: boolean;
  files: Map<Snippet, Composed>;
  typeErrors: Map<string, string[]>;
  runFailures: Map<string, string[]>;
  seconds: number;
}

const outcomes = new Map<string, Outcome>();
const projects: SnippetProject[] = [];
let work = "";
let started = 0;
let packSeconds = 0;

beforeAll(async () => {
  started = performance.now();
  work = await mkdtemp(join(tmpdir(), "evals-contract-snippets-pack-"));
  // The build and the installs at once; an install is a no-op once cached.
  const packed = packToolkit(work).then((tarball) => ((packSeconds = (performance.now() - started) / 1000), tarball));
  const [tarball] = await Promise.all([packed, ...MAJORS.map(({ spec }) => cachedInstall(spec))]);
  await Promise.all(
    MAJORS.map(async ({ spec }) => {
      const begun = performance.now();
      const project = await createSnippetProject(spec, tarball);
      projects.push(project);
      const runs = semver.satisfies(process.versions.node, project.mswEngines);
      const files = new Map<Snippet, Composed>();
      for (const snippet of CHECKED) {
        const code = compose(snippet, "").text;
        const composed = compose(snippet, snippet.mode === "run" ? appendedTests(code) : "");
        files.set(snippet, composed);
        await project.write(snippet.file, composed.text);
      }
      const [typeErrors, runFailures] = await Promise.all([
        project.typeCheck(),
        runs && RUN.length > 0 ? project.vitest() : new Map<string, string[]>(),
      ]);
      outcomes.set(spec, { project, runs, files, typeErrors, runFailures, seconds: (performance.now() - begun) / 1000 });
    }),
  );
}, 300_000);

afterAll(async () => {
  await Promise.all(projects.map((project) => project.remove()));
  if (work !== "") await rm(work, { recursive: true, force: true });
});

/** `README-L297.test.ts(15,3)` and `.../README-L297.test.ts:15:3` as the page's lines. */
function onThePage(text: string, snippet: Snippet, composed: Composed): string {
  const file = snippet.file.replaceAll(".", "\\.");
  return text
    .split("\n")
    .filter((line) => !/^\s+at .*[\\/]node_modules[\\/]|^\s+at new Promise \(<anonymous>\)$/.test(line)) // Vitest's frames
    .join("\n")
    .replace(new RegExp(`(?:[^\\s(]*/)?${file}\\((\\d+),(\\d+)\\)`, "g"), (_all, line: string, column: string) =>
      composed.whereIs(Number(line), Number(column)),
    )
    .replace(new RegExp(`(?:[^\\s(]*/)?${file}:(\\d+):(\\d+)`, "g"), (_all, line: string, column: string) =>
      composed.whereIs(Number(line), Number(column)),
    );
}

const where = (snippet: Snippet): string => `${snippet.doc}:${snippet.line}, the block starting \`${snippet.firstLine}\``;

describe("the MSW snippets of README.md and docs/*.md", () => {
  it("are found: a Node test in the README and docs/build.md, a continuation, a browser block", () => {
    const list = SNIPPETS.map((s) => {
      const what = s.mode === "run" ? "run" : s.browser ? "browser: type-checked" : "example: type-checked";
      const continues = s.setUp === undefined ? "" : ` (continues ${s.setUp.doc}:${s.setUp.line})`;
      return `  ${s.doc}:${s.line} ${CHECKED.includes(s) ? what : "example: checked by its own test"}${continues}: ${s.firstLine}`;
    });
    console.info(`MSW snippets:\n${list.join("\n")}`);
    expect(RUN.some((s) => s.doc === "README.md" && s.setUp === undefined)).toBe(true);
    expect(RUN.some((s) => s.setUp !== undefined)).toBe(true);
    expect(RUN.some((s) => s.doc === "docs/build.md")).toBe(true);
    expect(SNIPPETS.some((s) => s.browser)).toBe(true);
  });

  it.each(named(EXAMPLES))("%s: is the example's code (byte for byte, or a run of its lines)", (_name, snippet) => {
    const { file, excerpt } = snippet.example!;
    const source = readFileSync(join(ROOT, file), "utf8");
    const code = snippet.code.slice(snippet.code.indexOf("\n") + 1); // after the `// examples/...` line
    if (excerpt) expect(source.includes(code), `${where(snippet)} is not in ${file}`).toBe(true);
    else expect(code, `${where(snippet)} is not ${file}`).toBe(source);
  });

  describe.each(MAJORS.map(({ spec }) => spec))("under msw %s", (spec) => {
    it.each(named(CHECKED))("%s: type-checks", (_name, snippet) => {
      const { project, files, typeErrors } = outcomes.get(spec)!;
      // tsc's lines about no snippet's file (the tsconfig, a package's types) fail every snippet.
      const general = [...typeErrors].filter(([file]) => !CHECKED.some((s) => s.file === file)).flatMap(([, lines]) => lines);
      const errors = [...general, ...(typeErrors.get(snippet.file) ?? [])];
      const message = `${where(snippet)} does not compile under msw ${project.mswVersion}:\n${onThePage(errors.join("\n"), snippet, files.get(snippet)!)}`;
      if (errors.length > 0) expect.fail(message);
    });

    it.for(named(RUN))("%s: runs", ([, snippet], { skip }) => {
      const outcome = outcomes.get(spec)!;
      if (!outcome.runs) skip(`msw ${outcome.project.mswVersion} needs Node ${outcome.project.mswEngines}: type-checked only`);
      const failures = outcome.runFailures.get(snippet.file) ?? ["Vitest did not run it"];
      const message = `${where(snippet)} fails under msw ${outcome.project.mswVersion}:\n${onThePage(failures.join("\n"), snippet, outcome.files.get(snippet)!)}`;
      if (failures.length > 0) expect.fail(message);
    });
  });

  it("ran the Node snippets under every msw major whose engines take this Node, this clone's msw among them", () => {
    const node = process.versions.node;
    const [major = 0, minor = 0] = node.split(".").map(Number);
    const lines: string[] = [];
    for (const { spec, minNode } of MAJORS) {
      const { project, runs, seconds } = outcomes.get(spec)!;
      // src/peer-majors.ts's oldest Node for the major (what the install line picks by) is msw's own.
      const peerMajorsSay = major > minNode[0] || (major === minNode[0] && minor >= minNode[1]);
      expect(runs, `msw ${project.mswVersion} (engines ${project.mswEngines}) on Node ${node}`).toBe(peerMajorsSay);
      const what = runs
        ? `${CHECKED.length} type-checked, ${RUN.length} run`
        : `${CHECKED.length} type-checked, not run (engines: node ${project.mswEngines})`;
      lines.push(`msw ${project.mswVersion}: ${what} (${seconds.toFixed(1)} s)`);
    }
    const ran = MAJORS.filter(({ spec }) => outcomes.get(spec)!.runs).map(({ spec }) => outcomes.get(spec)!.project.mswVersion);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`MSW snippets on Node ${node}: ${lines.join("; ")}; build + pack ${packSeconds.toFixed(1)} s; ${total} s in all`);
    console.info(`ran under msw ${ran.map((version) => version.split(".")[0]).join(" and ")} (${ran.join(", ")})`);
    expect(ran).toContain(REPO_MSW);
  });
});
