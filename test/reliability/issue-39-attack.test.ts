// Issue 39, attacked at the seams between its parts (the anonymiser, baselines, replay, the mock and
// the builders were each built alone): secrets planted where a provider or a user puts them (status
// lines, error bodies, headers, redirects, --header, --base-url) searched for in every output of
// every command; a report file crafted for the replay; a replay that could not judge; a baseline
// written with one seed against a provider echoing values in forms the signature has not met.
// Each attempt is a test, whether it held or needed a fix.
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { legacyAnswer } from "../../src/engine/checks/legacy-answer.js";
import { replayFailures, type ReplayCase } from "../../src/fuzz/index.js";
import { anonymizeDataset } from "../../src/snapshot/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A, galleryDataset } from "../verify/dataset.js";
import { appIdOf, createFaultyProvider, json, providerUrl, type FaultHook, type Reply } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJlLXNlY3JldA";
/** Its payload and signature, and the first 12 characters of each (a message that cuts a value still shows its start). */
const JWT_PARTS = ["eyJzdWIiOiJqYW5lIn0", "c2lnbmF0dXJlLXNlY3JldA", "eyJzdWIiOiJq", "c2lnbmF0dXJl"];

/** Planted by the provider: each must be absent from every output. */
const PLANTED = [
  "pw-9f3e",
  "admin:pw",
  "SECRETKEY1",
  "ops.lead@acme-bank.ch",
  "maría.garcía@acme.com",
  "zofia.wrobel%40acme.com",
  "tok-SECRET77",
  "hunter2-77",
  ...JWT_PARTS,
];

const leak = (outputs: Record<string, string>, planted: readonly string[]): Array<[string, string]> =>
  Object.entries(outputs).flatMap(([output, text]) =>
    planted.filter((secret) => text.toLowerCase().includes(secret.toLowerCase())).map((secret): [string, string] => [output, secret]),
  );

/** A provider that spills secrets in every place an answer has: status line, headers, body, a redirect's Location. */
const spilling: FaultHook = (request): Reply | undefined => {
  if (request.operationId === "getHumanEvaluation" && request.method === "GET")
    return {
      status: 500,
      headers: {
        "content-type": "application/json",
        "x-debug": `postgres://admin:pw-9f3e@db.internal:5432/x?api_key=SECRETKEY1`,
        location: `https://admin:pw-9f3e@db.internal/x?api_key=SECRETKEY1`,
      },
      body: JSON.stringify({
        detail: `failed for maría.garcía@acme.com and zofia.wrobel%40acme.com (token=tok-SECRET77, password: hunter2-77) postgres://admin:pw-9f3e@db.internal:5432/x Authorization: Bearer ${JWT}`,
      }),
    };
  if (request.operationId === "listEvaluations" && appIdOf(request) !== APP_A && request.method === "GET")
    return {
      status: 302,
      headers: { location: `https://admin:pw-9f3e@login.internal/sso?api_key=SECRETKEY1&next=ops.lead%40acme-bank.ch` },
      body: "",
    };
  return undefined;
};

describe("attack: secrets through every output of every command", () => {
  it("a --header that is not Name: value quotes no token on stderr (every error line is redacted, whatever part threw it)", async () => {
    const result = await runCliCaptured([
      "fuzz",
      "--base-url",
      "http://127.0.0.1:1",
      "--app-id",
      APP_A,
      "--header",
      `Authorization=Bearer_${JWT}`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^evals-contract fuzz: --header must be "Name: value"/);
    expect(leak({ stderr: result.stderr }, JWT_PARTS)).toEqual([]);
  });

  it("fuzz, its baseline and its replay: nothing the provider spilt (status line, headers, Location, body) or the run was given reaches any output", async () => {
    const running = createFaultyProvider(spilling);
    await listenForTest(running.server);
    const dir = mkdtempSync(join(tmpdir(), "evals-attack-secrets-"));
    const file = (name: string) => join(dir, name);
    const base = providerUrl(running.server).replace("http://", "http://admin:pw-9f3e@");
    const args = ["--base-url", base, "--app-id", APP_A, "--header", `X-Trace: Bearer ${JWT}`, "--header", "X-Api-Key: SECRETKEY1"];
    const update = await runCliCaptured([
      "fuzz",
      ...args,
      "--seed",
      "3",
      "--max-requests",
      "400",
      "--baseline",
      file("b.json"),
      "--update-baseline",
    ]);
    expect(update.code).toBe(0);
    const run = await runCliCaptured([
      "fuzz",
      ...args,
      "--seed",
      "3",
      "--max-requests",
      "400",
      "--json",
      file("r.json"),
      "--junit",
      file("r.xml"),
      "--html",
      file("r.html"),
    ]);
    expect(run.code).toBe(1);
    const replay = await runCliCaptured([
      "fuzz",
      "--replay",
      file("r.json"),
      ...args,
      "--json",
      file("replay.json"),
      "--html",
      file("replay.html"),
    ]);
    expect(replay.code).toBe(1);
    const outputs: Record<string, string> = {
      "update stdout": update.stdout,
      "update stderr": update.stderr,
      baseline: readFileSync(file("b.json"), "utf8"),
      stdout: run.stdout,
      stderr: run.stderr,
      json: readFileSync(file("r.json"), "utf8"),
      junit: readFileSync(file("r.xml"), "utf8"),
      html: readFileSync(file("r.html"), "utf8"),
      "replay stdout": replay.stdout,
      "replay stderr": replay.stderr,
      "replay json": readFileSync(file("replay.json"), "utf8"),
      "replay html": readFileSync(file("replay.html"), "utf8"),
    };
    expect(leak(outputs, PLANTED)).toEqual([]);
  }, 90_000);

  it("verify: the same provider's spills reach no output either", async () => {
    const running = createFaultyProvider(spilling);
    await listenForTest(running.server);
    const dir = mkdtempSync(join(tmpdir(), "evals-attack-verify-"));
    const file = (name: string) => join(dir, name);
    const base = providerUrl(running.server).replace("http://", "http://admin:pw-9f3e@");
    const args = ["verify", "--no-pact", "--base-url", base, "--app-id", APP_A];
    const update = await runCliCaptured([...args, "--baseline", file("b.json"), "--update-baseline"]);
    const run = await runCliCaptured([...args, "--json", file("r.json"), "--junit", file("r.xml"), "--html", file("r.html")]);
    const outputs: Record<string, string> = {
      "update stdout": update.stdout,
      "update stderr": update.stderr,
      stdout: run.stdout,
      stderr: run.stderr,
      json: readFileSync(file("r.json"), "utf8"),
      junit: readFileSync(file("r.xml"), "utf8"),
      html: readFileSync(file("r.html"), "utf8"),
      ...(update.code === 0 ? { baseline: readFileSync(file("b.json"), "utf8") } : {}),
    };
    expect(leak(outputs, PLANTED)).toEqual([]);
  }, 60_000);
});

describe("attack: a replay that cannot judge never says fixed", () => {
  it.each([
    ["no failures", []],
    [
      "only failures the baseline knew",
      [{ known: true, check: "server-error", operation: "getHumanEvaluation", severity: "error", cause: "500 boom" }],
    ],
  ])("a report with %s, against a provider that refuses every connection: exit 2, cannot reach, no PASS", async (_what, findings) => {
    const dir = mkdtempSync(join(tmpdir(), "evals-attack-empty-"));
    writeFileSync(join(dir, "r.json"), JSON.stringify({ tool: "fuzz", findings }));
    const closed = createFaultyProvider();
    await listenForTest(closed.server);
    const url = providerUrl(closed.server);
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const result = await runCliCaptured(["fuzz", "--replay", join(dir, "r.json"), "--base-url", url, "--app-id", APP_A]);
    expect(result.code).toBe(2);
    expect(result.stdout).not.toMatch(/PASS/);
    expect(result.stderr).toMatch(/cannot reach the provider/);
  });

  it("--compat legacy: the spec-era 500 for one of the app's own records, replayed while the listing answers 500: not fixed", async () => {
    const record = galleryDataset().human_evaluations[0]!.id;
    const path = `/human-evaluations/${record}`;
    const request = {
      method: "GET",
      path,
      query: [],
      headers: [["accept", "application/json"]] as Array<[string, string]>,
      label: "by id",
    };
    // What the spec-era service answered for an unknown id: excused under --compat legacy, but this id is the app's own.
    const legacy = legacyAnswer({ ...request, operationId: "getHumanEvaluation" }, { appId: APP_A, knownIds: new Set() })!;
    const provider = createFaultyProvider((parsed) => {
      if (parsed.operationId === "listHumanEvaluations") return json(500, { detail: "database is down" });
      return parsed.operationId === "getHumanEvaluation" && parsed.evaluationId === record
        ? { status: legacy.status, headers: { "content-type": "application/json" }, body: legacy.body }
        : undefined;
    });
    await listenForTest(provider.server);
    const cases: ReplayCase[] = [
      {
        check: "server-error",
        severity: "error",
        operationId: "getHumanEvaluation",
        cause: "500 Evaluation not found",
        request: { index: 0, phase: "boundary", operationId: "getHumanEvaluation", ...request },
      },
    ];
    const report = await replayFailures({ baseUrl: providerUrl(provider.server), appId: APP_A, compat: "legacy", cases, source: "r.json" });
    expect(report.notes.join("\n")).not.toMatch(/fixed: server-error/);
    expect(report.verdict).not.toBe("pass");
    expect(report.replay?.notReplayed).toBe(1);
  });

  it("a 404 for the app's own record, replayed while the listing answers 500: not fixed (the ids it needs are unknown)", async () => {
    let listing: "ok" | "broken" = "ok";
    const provider = createFaultyProvider((request) => {
      if (request.operationId === "listHumanEvaluations" && listing === "broken") return json(500, { detail: "database is down" });
      return request.operationId === "getHumanEvaluation" &&
        request.rawPath.endsWith("/") &&
        /^[0-9a-f]{24}$/.test(request.evaluationId ?? "")
        ? json(404, { detail: "Not Found" })
        : undefined;
    });
    await listenForTest(provider.server);
    const url = providerUrl(provider.server);
    const reportPath = join(mkdtempSync(join(tmpdir(), "evals-attack-replay-")), "r.json");
    const run = await runCliCaptured([
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "250",
      "--json",
      reportPath,
    ]);
    expect(run.code).toBe(1);
    expect(
      (JSON.parse(readFileSync(reportPath, "utf8")) as { findings: Array<{ check: string }> }).findings.some((f) => f.check === "status"),
    ).toBe(true);
    listing = "broken";
    const replay = await runCliCaptured(["fuzz", "--replay", reportPath, "--base-url", url]);
    expect(replay.stdout).not.toMatch(/fixed: status/);
    expect(replay.stdout.trimEnd().split("\n").at(-1)).not.toMatch(/^PASS/);
    expect(replay.code).not.toBe(0);
  }, 60_000);
});

const htmlEscape = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const KNOWN_IDS = new Set(galleryDataset().human_evaluations.map((h) => h.id));

describe("attack: a baseline written with one seed holds with others, whatever form the provider echoes the id in", () => {
  it.each([
    ["HTML-escaped (a debug page)", (id: string) => `<p>no record ${htmlEscape(id)} in collection human_evaluations</p>`],
    ["cut at 24 characters", (id: string) => `no record ${id.length > 24 ? `${id.slice(0, 24)}...` : id} in collection human_evaluations`],
    ["re-encoded with encodeURIComponent", (id: string) => `no record ${encodeURIComponent(id)} in collection human_evaluations`],
    ["as JSON inside the text", (id: string) => `no record ${JSON.stringify(id)} in collection human_evaluations`],
    ["upper-cased", (id: string) => `NO RECORD ${id.toUpperCase()} IN COLLECTION HUMAN_EVALUATIONS`],
  ] as Array<[string, (id: string) => string]>)(
    "%s",
    async (_form, detail) => {
      const running = createFaultyProvider((request) =>
        request.method === "GET" && request.operationId === "getHumanEvaluation" && !KNOWN_IDS.has(request.evaluationId ?? "")
          ? json(500, { detail: detail(request.evaluationId ?? "") })
          : undefined,
      );
      await listenForTest(running.server);
      const file = join(mkdtempSync(join(tmpdir(), "evals-attack-causes-")), "b.json");
      const run = (seed: string, ...extra: string[]) =>
        runCliCaptured([
          "fuzz",
          "--base-url",
          providerUrl(running.server),
          "--app-id",
          APP_A,
          "--seed",
          seed,
          "--max-requests",
          "400",
          "--baseline",
          file,
          ...extra,
        ]);
      const update = await run("1", "--update-baseline");
      expect(update.code).toBe(0);
      const entries = (JSON.parse(readFileSync(file, "utf8")) as { entries: Array<{ cause: string }> }).entries.map((e) => e.cause);
      expect(entries).toHaveLength(1);
      for (const seed of ["2", "3", "4"]) {
        const again = await run(seed);
        expect({ seed, entries, code: again.code, out: again.code === 0 ? "" : again.stdout.slice(0, 1500) }).toEqual({
          seed,
          entries,
          code: 0,
          out: "",
        });
      }
    },
    90_000,
  );
});

describe("attack: the anonymiser's nets against forms the property test does not plant", () => {
  const failed = (message: string) => ({ type: "status", value: "EVALUATION_FAILED", error: { message, stacktrace: message } });
  const settings = (values: Record<string, unknown>) => ({
    aggregated_results: [{ evaluator_config: { id: "c1", settings_values: values } }],
  });
  const OWNERS = [
    { user_username: "Jane Doe" },
    { user_username: "田中太郎" },
    { user_username: "محمد علي" },
    { user_username: "zofia.wrobel@acme.com" },
  ];
  /** Folded as the issue names the forms: NFKC, any case. */
  const fold = (text: string): string => text.normalize("NFKC").toLowerCase();
  it.each([
    // held
    ["a known value inside a nested settings key", settings({ "prompt for Jane Doe": 1, JANE_DOE: 2 }), ["jane"]],
    ["a known value in full-width forms in a key", settings({ "ＪＡＮＥ ＤＯＥ": 1 }), ["jane"]],
    ["double percent-encoding", { status: failed("who=Jane%2520Doe mail=zofia.wrobel%2540acme.com") }, ["jane", "zofia", "wrobel"]],
    [
      "a CJK name percent-encoded in lower-case hex",
      { status: failed("name=%e7%94%b0%e4%b8%ad%e5%a4%aa%e9%83%8e") },
      ["%e7%94%b0%e4%b8%ad"],
    ],
    [
      "a tagged email on a sub-domain, and one in capitals",
      { status: failed("karl+test@mail.acme.co.uk and KARL@ACME.COM") },
      ["karl", "acme"],
    ],
    ["an IPv4-mapped IPv6 address and an IPv4 with a port", { status: failed("from ::ffff:10.1.2.3 and 10.1.2.3:8080") }, ["10.1.2.3"]],
    ["an HTML-escaped email", { status: failed("zofia.wrobel&#64;acme.com") }, ["zofia"]],
    ["an email and a name as keys of an unknown object", { extra: { "ops@acme-bank.ch": { "Jane Doe": "x" } } }, ["ops@", "jane"]],
    ["a URL with credentials as a key", { extra: { "https://admin:pw@db.internal/x": 1 } }, ["admin:pw", "db.internal"]],
    // fixed
    ["a zero-width joiner inside a known name", { status: failed("Ja\u200dne Doe failed") }, ["ja\u200dne", "jane"]],
    [
      "a soft hyphen or a no-break space for a known name's space",
      { status: failed("Jane\u00adDoe and Jane\u00a0Doe and JaneDoe") },
      ["jane"],
    ],
    ["a right-to-left name with direction marks", { status: failed("user \u202bمحمد علي\u202c and محمد\u200fعلي") }, ["محمد"]],
    [
      "phone numbers dialled with 00, and 13 digits after + in one group",
      { status: failed("call 004915112345678 or 0049 151 12345678 or +4915112345678") },
      ["15112345678", "151 12345678"],
    ],
  ] as Array<[string, Record<string, unknown>, string[]]>)("%s: gone, plain and strict", (_what, record, gone) => {
    for (const strict of [false, true]) {
      const { dataset, report } = anonymizeDataset(
        { evaluations: [...OWNERS, { user_username: "", ...record }], human_evaluations: [] } as never,
        "attack",
        { strict },
      );
      const text = fold(JSON.stringify(dataset) + JSON.stringify(report));
      expect({ strict, leaked: gone.filter((piece) => text.includes(fold(piece))) }).toEqual({ strict, leaked: [] });
    }
  });
});

describe("attack: a baseline swapped for a FIFO or a link to /dev/zero between its read and its rewrite", () => {
  it.each([
    ["a FIFO nobody writes", (path: string) => execFileSync("mkfifo", [path]), (path: string) => lstatSync(path).isFIFO()],
    ["a symlink to /dev/zero", (path: string) => symlinkSync("/dev/zero", path), (path: string) => readlinkSync(path) === "/dev/zero"],
  ] as Array<[string, (path: string) => void, (path: string) => boolean]>)(
    "%s: --update-baseline refuses in one line, exit 2, in bounded time, and leaves it as it is",
    async (_what, make, still) => {
      const file = join(mkdtempSync(join(tmpdir(), "evals-attack-swap-")), "b.json");
      writeFileSync(file, `${JSON.stringify({ entries: [] }, null, 2)}\n`);
      let swapped = false;
      const running = createFaultyProvider((request) => {
        if (request.operationId !== "getHumanEvaluation") return undefined;
        if (!swapped) {
          swapped = true;
          unlinkSync(file);
          make(file);
        }
        return json(500, { detail: "boom" });
      });
      await listenForTest(running.server);
      const result = await runCliCaptured([
        "fuzz",
        "--base-url",
        providerUrl(running.server),
        "--app-id",
        APP_A,
        "--seed",
        "1",
        "--max-requests",
        "300",
        "--baseline",
        file,
        "--update-baseline",
      ]);
      expect(swapped).toBe(true);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/not a regular file/);
      expect(still(file)).toBe(true);
    },
    60_000,
  );
});

describe("attack: --update-baseline when the time limit ends the shrink phase", () => {
  it("the run sent its whole plan: the baseline is written, the same entries as a run with no time limit", async () => {
    const fault = (request: { method: string; operationId?: string; evaluationId?: string }) =>
      request.method === "GET" && request.operationId === "getHumanEvaluation" && !KNOWN_IDS.has(request.evaluationId ?? "")
        ? json(500, { detail: `no record ${request.evaluationId} here` })
        : undefined;
    let received = 0;
    // The plan's 250 requests answered at once; every shrink request after them hangs until --timeout.
    const slowShrink = createFaultyProvider((request) => (++received > 250 ? "hang" : fault(request)));
    const plain = createFaultyProvider(fault);
    await listenForTest(slowShrink.server);
    await listenForTest(plain.server);
    const dir = mkdtempSync(join(tmpdir(), "evals-attack-shrink-"));
    const args = (url: string, file: string) => [
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "5",
      "--max-requests",
      "250",
      "--baseline",
      join(dir, file),
      "--update-baseline",
    ];
    const limited = await runCliCaptured([
      ...args(providerUrl(slowShrink.server), "limited.json"),
      "--time-limit",
      "8s",
      "--timeout",
      "1000",
    ]);
    expect(received).toBeGreaterThan(250);
    const full = await runCliCaptured(args(providerUrl(plain.server), "full.json"));
    expect({ limited: limited.code, full: full.code }).toEqual({ limited: 0, full: 0 });
    expect(readFileSync(join(dir, "limited.json"), "utf8")).toBe(readFileSync(join(dir, "full.json"), "utf8"));
  }, 60_000);
});

describe("attack: a HAR full of secrets through coverage", () => {
  it("no URL credential, query secret, token, email or status text of the HAR reaches stdout, stderr, JSON, JUnit or HTML", async () => {
    const entry = (url: string, status: number, text: string) => ({
      startedDateTime: "2025-01-01T00:00:00.000Z",
      time: 5,
      request: {
        method: "GET",
        url,
        httpVersion: "HTTP/1.1",
        headers: [{ name: "Authorization", value: `Bearer ${JWT}` }],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status,
        statusText: "Oops ops.lead@acme-bank.ch",
        httpVersion: "HTTP/1.1",
        headers: [{ name: "Location", value: "https://admin:pw-9f3e@db.internal/x?api_key=SECRETKEY1" }],
        cookies: [],
        content: { size: -1, mimeType: "application/json", text },
        redirectURL: "https://admin:pw-9f3e@db.internal/",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 5, receive: 0 },
    });
    const origin = "https://admin:pw-9f3e@api.acme-bank.ch";
    const entries = [
      entry(`${origin}/evaluations?app_id=65e48be31b48af5e4a2d9bf1&api_key=SECRETKEY1`, 200, "[]"),
      entry(
        `${origin}/human-evaluations/65e48be31b48af5e4a2d9c10?api_key=SECRETKEY1`,
        500,
        JSON.stringify({ detail: `postgres://admin:pw-9f3e@db tok-SECRET77 maría.garcía@acme.com` }),
      ),
      entry(`${origin}/human-evaluations/zz%40acme.com?token=tok-SECRET77`, 200, "{not json maría.garcía@acme.com"),
      entry("not a url api_key=SECRETKEY1 maría.garcía@acme.com", 200, "[]"),
    ];
    const dir = mkdtempSync(join(tmpdir(), "evals-attack-har-"));
    const file = (name: string) => join(dir, name);
    writeFileSync(file("s.har"), JSON.stringify({ log: { version: "1.2", creator: { name: "x", version: "1" }, entries } }));
    const result = await runCliCaptured([
      "coverage",
      file("s.har"),
      "--json",
      file("c.json"),
      "--junit",
      file("c.xml"),
      "--html",
      file("c.html"),
    ]);
    const outputs: Record<string, string> = {
      stdout: result.stdout,
      stderr: result.stderr,
      json: readFileSync(file("c.json"), "utf8"),
      junit: readFileSync(file("c.xml"), "utf8"),
      html: readFileSync(file("c.html"), "utf8"),
    };
    expect(leak(outputs, [...PLANTED, "acme-bank"])).toEqual([]);
  });
});
