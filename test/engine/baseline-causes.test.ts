// Issue 39: one bug is one baseline entry, whatever the seed, the data or the ids. A provider
// answering `500 {"detail": "no record <id> in collection human_evaluations"}` wrote 21 entries, and
// the next run with the same seed failed on a new one. The cause blanks every value the request sent
// (a path segment or a query value, quoted or not), id-like tokens, numbers and runs of one character.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bodySignature, sentValues } from "../../src/engine/checks/signature.js";
import type { Baseline } from "../../src/engine/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A, galleryDataset } from "../verify/dataset.js";
import { appIdOf, createFaultyProvider, json, providerUrl, type FaultHook } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

const KNOWN_IDS = new Set(galleryDataset().human_evaluations.map((h) => h.id));

/**
 * Two bugs, each echoing what the request sent: an unknown human evaluation id (bare), and an
 * unknown app on /evaluations (quoted, as Python's repr quotes it).
 */
const echoing: FaultHook = (request) => {
  if (request.method !== "GET") return undefined;
  if (request.operationId === "getHumanEvaluation" && !KNOWN_IDS.has(request.evaluationId ?? ""))
    return json(500, { detail: `no record ${request.evaluationId} in collection human_evaluations` });
  const appId = appIdOf(request);
  if (request.operationId === "listEvaluations" && appId !== undefined && appId !== APP_A)
    return json(500, { detail: `no record '${appId}' in collection apps (asked: ${appId})` });
  return undefined;
};

describe("one bug is one baseline entry, whatever the seed", () => {
  it("a provider echoing the request's values: 1 entry per bug; the same seed and another seed pass against it", async () => {
    const running = createFaultyProvider(echoing);
    await listenForTest(running.server);
    const url = providerUrl(running.server);
    const file = join(mkdtempSync(join(tmpdir(), "evals-causes-")), "fuzz-baseline.json");
    const run = (seed: string, ...extra: string[]) =>
      runCliCaptured(["fuzz", "--base-url", url, "--app-id", APP_A, "--seed", seed, "--max-requests", "400", "--baseline", file, ...extra]);

    const update = await run("1", "--update-baseline");
    expect(update.stderr).toBe("");
    expect(update.code).toBe(0);
    const written = JSON.parse(readFileSync(file, "utf8")) as Baseline;
    expect(written.entries.map((e) => `${e.check} ${e.operation} ${e.cause}`)).toEqual([
      "server-error getHumanEvaluation 500 no record # in collection human_evaluations",
      "server-error listEvaluations 500 no record # in collection apps (asked: #",
    ]);

    for (const seed of ["1", "2", "3"]) {
      const again = await run(seed, "--json", "-");
      const report = JSON.parse(again.stdout) as { counts: { errors: number; known: number }; baseline: { stale: unknown[] } };
      expect({ seed, code: again.code, errors: report.counts.errors, stale: report.baseline.stale }).toEqual({
        seed,
        code: 0,
        errors: 0,
        stale: [],
      });
      expect(report.counts.known).toBe(2);
    }
  }, 60_000);

  it.each([
    ["an id in the path, bare", "/human-evaluations/abc%20def", [], "no record abc def in collection"],
    ["a quoted query value", "/evaluations", [["app_id", "x%27y"]], "no record 'x'y' in collection"],
    ["a value the provider upper-cased", "/human-evaluations/abcdef", [], "no record ABCDEF in collection"],
    ["a short value as a whole word only", "/human-evaluations/in", [], "no record in in collection"],
    ["a number", "/human-evaluations/x", [], "no record 12345 in collection"],
    ["a run of one character", "/human-evaluations/x", [], "no record zzzzzzzzzz in collection"],
    ["an id-like token", "/human-evaluations/x", [], "no record abc123def in collection"],
    ["emoji and controls", "/human-evaluations/x", [], "no record 😀\u0001 in collection"],
    ["whitespace alone", "/human-evaluations/%20%20", [], "no record    in collection"],
    ["an empty value", "/human-evaluations/x", [], "no record '' in collection"],
  ] as Array<[string, string, Array<[string, string]>, string]>)("%s is blanked", (_name, path, query, detail) => {
    const cause = bodySignature(JSON.stringify({ detail }), sentValues({ path, query }));
    expect(cause).toBe("no record # in collection");
  });

  it("holds no secret: credentials, emails and tokens are redacted before anything is blanked", () => {
    const detail = "cannot connect postgres://admin:pw@db.internal/x as ops@acme.com with password=hunter2 Bearer abcdef123456";
    const cause = bodySignature(JSON.stringify({ detail }), []);
    expect(cause).toContain("postgres://[redacted]@db.internal/x");
    expect(cause).not.toMatch(/admin|pw@|acme|hunter2|abcdef/);
  });

  // Linear: its figure (target < 1 s) is `npm run bench -- targets linear`.
  it("signs a 1 MB body of odd tokens", () => {
    const body = JSON.stringify({ detail: `${"a.b-c ".repeat(150_000)}${"x@".repeat(50_000)}` });
    expect(typeof bodySignature(body, sentValues({ path: "/human-evaluations/a.b", query: [["app_id", "c-d"]] }))).toBe("string");
  });
});
