// `snapshot`'s bounds and hostile providers: --out is never overwritten without --force and replaced
// atomically with it; a list answered with a 500, an HTML page or a lying Content-Encoding stops the
// run (exit 2, one line naming the app by its number, no app id when anonymising); a by-id answer
// that is not its list record is exit 1 naming the JSON path; a redirect to another origin is not
// followed; credentials in the base URL are never shown; a body over --max-response-bytes is refused;
// a slow provider times out per --timeout.
import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { datasetRecordTexts, serveRecords, startProvider, type TestProvider } from "./helpers.js";

type Json = Record<string, unknown>;

const APP_1 = "6601bb00000000000000a001";
const APP_2 = "6601bb00000000000000a002";
const SECRET = "s3cr3t-pa55";
const HEADER_TOKEN = "hdr-t0ken-xyz";

const DATA = {
  evaluations: [
    buildEvaluation({ app_id: APP_1 }, { case: "evaluation-status-finished", seed: 1 }),
    buildEvaluation({ app_id: APP_2 }, { case: "evaluation-status-failed", seed: 2 }),
  ] as unknown as Json[],
  human_evaluations: [
    buildHumanEvaluation({ app_id: APP_1 }, { case: "human-a-b-test", seed: 3 }),
    buildHumanEvaluation({ app_id: APP_1 }, { case: "human-single-model", seed: 4 }),
    buildHumanEvaluation({ app_id: APP_2 }, { case: "human-finished", seed: 5 }),
  ] as unknown as Json[],
};
const HUMAN_ID = DATA.human_evaluations[1]!.id as string;

let dir: string;
const providers: TestProvider[] = [];
let n = 0;

const fresh = (name: string): string => join(dir, `${++n}-${name}`);

async function provider(handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void): Promise<TestProvider> {
  const started = await startProvider(handle);
  providers.push(started);
  return started;
}

/** Serves DATA, except where `override` answers (return true when it did). */
const serving =
  (override: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean) =>
  (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    if (!override(req, res, url)) serveRecords(DATA)(req, res, url);
  };

const args = (url: string, out: string, ...more: string[]): string[] => [
  "snapshot",
  "--base-url",
  url,
  "--app-id",
  APP_1,
  "--app-id",
  APP_2,
  "--out",
  out,
  ...more,
];

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snapshot-bounds-"));
});

afterEach(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("snapshot --out", () => {
  it("an existing --out without --force: exit 2, the file untouched, no request sent", async () => {
    const p = await provider(serveRecords(DATA));
    const out = fresh("existing.json");
    await writeFile(out, "precious\n");
    const before = await stat(out);
    const run = await runCliCaptured(args(p.url, out));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/already exists \(use --force/);
    expect(await readFile(out, "utf8")).toBe("precious\n");
    expect((await stat(out)).mtimeMs).toBe(before.mtimeMs);
    expect(p.requests).toEqual([]);
  });

  it("an existing --report without --force: exit 2, nothing written", async () => {
    const p = await provider(serveRecords(DATA));
    const out = fresh("out.json");
    const report = fresh("report.json");
    await writeFile(report, "precious\n");
    const run = await runCliCaptured(args(p.url, out, "--report", report));
    expect(run.code).toBe(2);
    expect(await exists(out)).toBe(false);
    expect(await readFile(report, "utf8")).toBe("precious\n");
  });

  it("with --force: replaced by rename (a new file; a hard link to the old one keeps the old text), no temporary file left", async () => {
    const p = await provider(serveRecords(DATA));
    const sub = fresh("force");
    await mkdir(sub);
    const out = join(sub, "out.json");
    const old = join(sub, "old-link.json");
    await writeFile(out, "precious\n");
    await link(out, old);
    const inode = (await stat(out)).ino;
    const run = await runCliCaptured(args(p.url, out, "--force"));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const text = await readFile(out, "utf8");
    expect(JSON.parse(text)).toEqual({ evaluations: DATA.evaluations, human_evaluations: DATA.human_evaluations });
    expect((await stat(out)).ino).not.toBe(inode);
    expect(await readFile(old, "utf8")).toBe("precious\n");
    expect((await readdir(sub)).sort()).toEqual(["old-link.json", "out.json"]);
  });
});

/** The provider's answer to app 2's evaluations list, each a way a list is not a JSON array. */
const BROKEN_LISTS: Array<[string, (res: ServerResponse) => void, RegExp]> = [
  [
    "a 500",
    (res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end('{"detail":"Internal Server Error"}');
    },
    /500/,
  ],
  [
    "an HTML page",
    (res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
    },
    /not a JSON array/,
  ],
  [
    "a lying Content-Encoding: gzip on plain bytes",
    (res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end("[]");
    },
    /not valid Content-Encoding: gzip/,
  ],
];

describe("a list that is not a JSON array stops the run: exit 2, one line naming the app by its number", () => {
  it.each(BROKEN_LISTS)("%s", async (_name, answer, why) => {
    const p = await provider(
      serving((_req, res, url) => {
        if (url.pathname !== "/evaluations" || url.searchParams.get("app_id") !== APP_2) return false;
        answer(res);
        return true;
      }),
    );
    for (const anonymize of [false, true]) {
      const out = fresh("broken.json");
      const run = await runCliCaptured(args(p.url, out, ...(anonymize ? ["--anonymize", "--salt", "s"] : [])));
      expect(run.code, run.stdout + run.stderr).toBe(2);
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/app #2\b/);
      expect(lines[0]).toMatch(why);
      expect(run.stdout).toBe("");
      expect(await exists(out)).toBe(false);
      if (anonymize) {
        expect(run.stderr + run.stdout).not.toContain(APP_2);
        expect(run.stderr + run.stdout).not.toContain(APP_1);
      }
    }
  });
});

describe("a by-id answer that is not its list record", () => {
  it("exit 1 with an `error: by id:` line naming the JSON path; the list's record is written", async () => {
    const p = await provider(
      serveRecords(DATA, (record) =>
        record.id === HUMAN_ID
          ? { ...record, status: record.status === "EVALUATION_STARTED" ? "EVALUATION_FINISHED" : "EVALUATION_STARTED" }
          : record,
      ),
    );
    const out = fresh("differs.json");
    const run = await runCliCaptured(args(p.url, out));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const lines = run.stdout.split("\n").filter((line) => line.startsWith("error: by id:"));
    expect(lines).toEqual([
      `error: by id: human_evaluations[1] (id ${HUMAN_ID}): the by-id answer differs from the list record at $.status`,
    ]);
    const written = JSON.parse(await readFile(out, "utf8")) as { human_evaluations: Json[] };
    expect(written.human_evaluations[1]!.status).toBe(DATA.human_evaluations[1]!.status);
  });

  it("anonymised: the line names the pseudonymised id and the path, never the original id", async () => {
    const p = await provider(
      serveRecords(DATA, (record) =>
        record.id === HUMAN_ID ? { ...record, variant_names: ["x.y"], testset_name: `${record.testset_name as string}-renamed` } : record,
      ),
    );
    const out = fresh("differs-anon.json");
    const run = await runCliCaptured(args(p.url, out, "--anonymize", "--salt", "s"));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const written = JSON.parse(await readFile(out, "utf8")) as { human_evaluations: Json[] };
    const pseudonym = written.human_evaluations[1]!.id as string;
    expect(run.stdout).toContain(
      `error: by id: human_evaluations[1] (id ${pseudonym}): the by-id answer differs from the list record at $.testset_name, $.variant_names[0]`,
    );
    expect(run.stdout + run.stderr).not.toContain(HUMAN_ID);
  });

  it.each<[string, (res: ServerResponse) => void]>([
    ["times out", () => {}],
    ["resets the connection", (res) => void res.socket?.destroy()],
    [
      "redirects to another origin",
      (res) => void res.writeHead(302, { location: `http://elsewhere.invalid/human-evaluations/${HUMAN_ID}` }).end(),
    ],
    [
      "lies about its Content-Encoding",
      (res) => void res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end("{}"),
    ],
  ])("anonymised, a by-id request that %s: exit 1, no original id or app id in any output", async (_name, answer) => {
    const p = await provider(
      serving((_req, res, url) => {
        if (url.pathname !== `/human-evaluations/${HUMAN_ID}`) return false;
        answer(res);
        return true;
      }),
    );
    const report = fresh("failed-anon-report.json");
    const run = await runCliCaptured(
      args(p.url, fresh("failed-anon.json"), "--anonymize", "--salt", "s", "--timeout", "200", "--report", report),
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^error: by id: human_evaluations\[1\] \(id [0-9a-f]{24}\): its by-id request failed/m);
    const shown = run.stdout + run.stderr + (await readFile(report, "utf8"));
    for (const original of [HUMAN_ID, APP_1, APP_2, ...DATA.human_evaluations.map((r) => r.id as string)])
      expect(shown).not.toContain(original);
  });

  it("a by-id answer that fails (404) is a difference too: exit 1", async () => {
    const p = await provider(
      serving((_req, res, url) => {
        if (url.pathname !== `/human-evaluations/${HUMAN_ID}`) return false;
        res.writeHead(404, { "content-type": "application/json" });
        res.end('{"detail":"Evaluation not found"}');
        return true;
      }),
    );
    const run = await runCliCaptured(args(p.url, fresh("gone.json")));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(`error: by id: human_evaluations[1] (id ${HUMAN_ID}): its by-id request failed: answered 404`);
  });
});

describe("redirects", () => {
  it("a redirect to another origin is not followed: on a list exit 2, on a by-id answer exit 1; the other origin gets nothing", async () => {
    const elsewhere = await provider(serveRecords(DATA));
    for (const [what, redirects] of [
      ["list", (url: URL) => url.pathname === "/human-evaluations" && url.searchParams.get("app_id") === APP_1],
      ["by-id", (url: URL) => url.pathname === `/human-evaluations/${HUMAN_ID}`],
    ] as const) {
      const p = await provider(
        serving((req, res, url) => {
          if (!redirects(url)) return false;
          res.writeHead(302, { location: `${elsewhere.url}${req.url}` });
          res.end();
          return true;
        }),
      );
      const run = await runCliCaptured(args(p.url, fresh(`redirect-${what}.json`)));
      expect(run.code, `${what}: ${run.stdout}${run.stderr}`).toBe(what === "list" ? 2 : 1);
      if (what === "list") expect(run.stderr).toMatch(/human evaluations of app #1: answered 302/);
      else expect(run.stdout).toContain(`error: by id: human_evaluations[1] (id ${HUMAN_ID}): its by-id request failed: answered 302`);
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it("a redirect on the base URL's origin is followed", async () => {
    const p = await provider((req, res, url) => {
      if (url.pathname.startsWith("/old/")) {
        res.writeHead(307, { location: req.url!.replace("/old/", "/new/") });
        return void res.end();
      }
      serveRecords(DATA)(req, res, new URL(req.url!.replace("/new/", "/"), "http://provider.invalid"));
    });
    const out = fresh("moved.json");
    const run = await runCliCaptured(args(`${p.url}/old`, out));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((JSON.parse(await readFile(out, "utf8")) as { evaluations: unknown[] }).evaluations).toHaveLength(2);
  });
});

describe("credentials in --base-url and --header are never shown", () => {
  const withCredentials = (p: TestProvider): string => `http://reader:${SECRET}@127.0.0.1:${p.port}`;
  const shown = (run: { stdout: string; stderr: string }): string => run.stdout + run.stderr;

  it("a run that works: sent as basic auth, shown nowhere, report included", async () => {
    const p = await provider(serveRecords(DATA));
    const out = fresh("creds.json");
    const report = fresh("creds-report.json");
    const run = await runCliCaptured(args(withCredentials(p), out, "--report", report, "--header", `X-Api-Key: ${HEADER_TOKEN}`));
    expect(run.code, shown(run)).toBe(0);
    // Every request, by-id ones included, carries the base URL's credentials and the --header.
    expect(p.requests).toHaveLength(7);
    expect(new Set(p.authorizations)).toEqual(new Set([`Basic ${Buffer.from(`reader:${SECRET}`).toString("base64")}`]));
    expect(new Set(p.headers.map((h) => h["x-api-key"]))).toEqual(new Set([HEADER_TOKEN]));
    for (const text of [shown(run), await readFile(out, "utf8"), await readFile(report, "utf8")]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(HEADER_TOKEN);
      expect(text).not.toContain(Buffer.from(`reader:${SECRET}`).toString("base64"));
    }
  });

  it("runs that fail: a 500 list, a by-id difference, a redirect, an unreachable provider", async () => {
    const failing = await provider(
      serving((_req, res, url) => {
        if (url.pathname === "/evaluations" && url.searchParams.get("app_id") === APP_2) {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(`{"detail":"no"}`);
          return true;
        }
        if (url.pathname === `/human-evaluations/${HUMAN_ID}`) {
          res.writeHead(302, { location: `http://elsewhere.invalid/x` });
          res.end();
          return true;
        }
        return false;
      }),
    );
    const gone = await provider(() => {});
    const goneUrl = withCredentials(gone);
    await gone.close();
    const runs = [
      await runCliCaptured(args(withCredentials(failing), fresh("c1.json"))),
      await runCliCaptured(["snapshot", "--base-url", withCredentials(failing), "--app-id", APP_1, "--out", fresh("c2.json")]),
      await runCliCaptured(["snapshot", "--base-url", goneUrl, "--app-id", APP_1, "--out", fresh("c3.json")]),
      await runCliCaptured(["snapshot", "--base-url", `${goneUrl}/api?token=${SECRET}`, "--app-id", APP_1, "--out", fresh("c4.json")]),
      await runCliCaptured([...args(withCredentials(failing), fresh("c5.json")), "--anonymize", "--salt", "s"]),
      await runCliCaptured(["snapshot", "--base-url", goneUrl, "--app-id", APP_1, "--out", fresh("c6.json"), "--anonymize"]),
    ];
    expect(runs.map((r) => r.code)).toEqual([2, 1, 2, 2, 2, 2]);
    // Anonymised, not even the app id is shown.
    for (const run of runs.slice(4)) expect(shown(run)).not.toMatch(new RegExp(`${APP_1}|${APP_2}`));
    for (const run of runs) expect(shown(run)).not.toContain(SECRET);
    // It still says which provider it could not reach.
    expect(runs[2]!.stderr).toContain(`127.0.0.1:${gone.port}`);
  });
});

describe("size, time and concurrency bounds", () => {
  it("--concurrency N: never more than N requests at once", async () => {
    let inFlight = 0;
    let most = 0;
    const many = {
      evaluations: DATA.evaluations,
      human_evaluations: Array.from({ length: 8 }, (_, i) =>
        buildHumanEvaluation({ app_id: APP_1 }, { case: "human-finished", seed: 100 + i }),
      ) as unknown as Json[],
    };
    const p = await provider((req, res, url) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        serveRecords(many)(req, res, url);
      }, 30);
    });
    const out = fresh("concurrency.json");
    const run = await runCliCaptured(args(p.url, out, "--concurrency", "2"));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(p.requests).toHaveLength(4 + 8);
    expect(most).toBe(2);
  });

  it("a list body larger than --max-response-bytes is refused: exit 2", async () => {
    const p = await provider(serveRecords(DATA));
    const out = fresh("big.json");
    const run = await runCliCaptured(args(p.url, out, "--max-response-bytes", "1000"));
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/app #1/);
    // Why: the limit (the engine's own words, src/engine/parsed-answer.ts), not "the answer is not a JSON array".
    expect(run.stderr).toMatch(/larger than 1,000 bytes \(--max-response-bytes/);
    expect(await exists(out)).toBe(false);
  });

  it("a by-id body larger than --max-response-bytes is refused: exit 1", async () => {
    const padded = { ...DATA.human_evaluations[1]!, padding: "x".repeat(20_000) };
    const p = await provider(serveRecords(DATA, (record) => (record.id === HUMAN_ID ? padded : record)));
    const run = await runCliCaptured(args(p.url, fresh("big-by-id.json"), "--max-response-bytes", "15000"));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`error: by id: human_evaluations\\[1\\] \\(id ${HUMAN_ID}\\): its by-id request failed`));
    // Why: the limit (the engine's finding names it; the by-id line itself says "the answer is not JSON").
    expect(run.stdout).toMatch(/^error: the 200 body is larger than 15,000 bytes \(--max-response-bytes/m);
  });

  // The outcome is the timeout named in the error: without one, undici would wait 300 s (past the test's timeout).
  it("a provider that never answers times out per --timeout: exit 2 naming the 200 ms", async () => {
    const p = await provider(() => {}); // never answers
    const out = fresh("slow.json");
    const run = await runCliCaptured(args(p.url, out, "--timeout", "200"));
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/no answer for 200 ms/);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(await exists(out)).toBe(false);
  });

  it("one slow list (app #2) times out: exit 2 naming app #2 (anonymised: and no app id)", async () => {
    const p = await provider(
      serving((_req, _res, url) => url.searchParams.get("app_id") === APP_2 && url.pathname === "/human-evaluations"),
    );
    for (const anonymize of [[], ["--anonymize", "--salt", "s"]]) {
      const run = await runCliCaptured(args(p.url, fresh("slow2.json"), "--timeout", "200", ...anonymize));
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(/human evaluations of app #2: no answer for 200 ms/);
      if (anonymize.length > 0) expect(run.stdout + run.stderr).not.toMatch(new RegExp(`${APP_1}|${APP_2}`));
    }
  });

  it("a slow by-id answer times out: exit 1, the by-id request named as failed", async () => {
    const p = await provider(serving((_req, _res, url) => url.pathname === `/human-evaluations/${HUMAN_ID}`));
    const run = await runCliCaptured(args(p.url, fresh("slow-by-id.json"), "--timeout", "200"));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`error: by id: human_evaluations\\[1\\] \\(id ${HUMAN_ID}\\): its by-id request failed`));
  });
});

describe("usage and inputs: exit 2 before anything is read", () => {
  it.each([
    ["no --out", ["snapshot", "--base-url", "http://127.0.0.1:9", "--app-id", APP_1], /--out FILE is required/],
    ["neither source", ["snapshot", "--out", "x.json"], /either --base-url URL with --app-id ID, or --har FILE/],
    ["both sources", ["snapshot", "--base-url", "http://127.0.0.1:9", "--har", "x.har", "--out", "x.json"], /either --base-url/],
    ["--base-url without --app-id", ["snapshot", "--base-url", "http://127.0.0.1:9", "--out", "x.json"], /--app-id ID is required/],
    ["--app-id with --har", ["snapshot", "--har", "x.har", "--app-id", APP_1, "--out", "x.json"], /does not go with --har/],
    ["--timeout with --har", ["snapshot", "--har", "x.har", "--timeout", "5", "--out", "x.json"], /--timeout reads a provider/],
    ["--salt without --anonymize", ["snapshot", "--har", "x.har", "--salt", "s", "--out", "x.json"], /--salt needs --anonymize/],
    ["an empty salt", ["snapshot", "--har", "HAR", "--anonymize", "--salt", " ", "--out", "OUT"], /salt must not be empty/],
    ["--out is the HAR", ["snapshot", "--har", "HAR", "--out", "HAR", "--force"], /./],
    ["no HAR file", ["snapshot", "--har", "MISSING", "--out", "OUT"], /missing\.har/],
    ["a file that is no HAR", ["snapshot", "--har", "NOT_HAR", "--out", "OUT"], /./],
  ] as const)("%s", async (_name, argv, message) => {
    const har = fresh("in.har");
    await writeFile(har, JSON.stringify({ log: { version: "1.2", entries: [] } }));
    const notHar = fresh("not.har");
    await writeFile(notHar, JSON.stringify({ evaluations: [], tool: "x" }));
    const out = fresh("never.json");
    const names: Record<string, string> = { HAR: har, OUT: out, MISSING: join(dir, "missing.har"), NOT_HAR: notHar };
    const run = await runCliCaptured(argv.map((a) => names[a] ?? a));
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
    expect(await exists(out)).toBe(false);
    expect(await readFile(har, "utf8")).toContain('"entries":[]');
  });
});

describe("an empty salt is a usage error", () => {
  it("found before any request is sent (not after the whole provider was read)", async () => {
    const p = await provider(serveRecords(DATA));
    const run = await runCliCaptured(args(p.url, fresh("empty-salt.json"), "--anonymize", "--salt", " "));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/salt must not be empty/);
    expect(p.requests).toEqual([]);
  });
});

describe("a provider that writes JSON its own way", () => {
  it("indented CRLF lists, escapes and odd numbers are written as sent; a record listed twice is kept once, with a note", async () => {
    const [first, second] = DATA.evaluations;
    const indented = (record: Json): string =>
      JSON.stringify({ ...record, average_latency: { type: "latency", value: 1, error: null } }, null, 2)
        .replace(/\n/g, "\r\n")
        .replace('"value": 1,', '"value": 1.0E+0,')
        .replace(
          /"user_username": "([^"]*)"/,
          (_m, name: string) =>
            `"user_username": "${[...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"`,
        );
    const lists: Record<string, string> = {
      [APP_1]: `[\r\n${indented(first!)},\r\n${indented(first!)}\r\n]\r\n`,
      [APP_2]: `[${indented(second!)}]`,
    };
    const p = await provider((_req, res, url) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(url.pathname === "/evaluations" ? lists[url.searchParams.get("app_id")!] : "[]");
    });
    const out = fresh("own-way.json");
    const run = await runCliCaptured(args(p.url, out));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("note: 1 evaluation record(s) listed twice: kept once");
    const text = await readFile(out, "utf8");
    expect(datasetRecordTexts(text)).toEqual({ evaluations: [indented(first!), indented(second!)], human_evaluations: [] });
    expect(text).toContain('"value": 1.0E+0,');
    expect(text).toContain('"user_username": "\\u');
    const validate = await runCliCaptured(["validate", out]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
  });
});
