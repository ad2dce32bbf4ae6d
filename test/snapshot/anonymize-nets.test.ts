// Issue 39, row by row: what got through `snapshot --anonymize` before its two nets, each attempt of the
// attack a test (docs/snapshot.md "Two nets"): the known values found again in any text and property
// name, the patterns, property names, strings in object slots, strict mode and its CLI option, the
// HAR entry's error line, and the time a long text takes (linear: 1 MB well under a second).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { anonymizeDataset, createAnonymizer } from "../../src/snapshot/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { serveRecords, startProvider } from "./helpers.js";

type Json = Record<string, unknown>;

const APP = "6601aa11bb22cc33dd44a0a0";
const failed = (message: string, stacktrace: string | null = null): Json => ({
  type: "status",
  value: "EVALUATION_FAILED",
  error: { message, stacktrace },
});

/** The dataset's records anonymised whole, and its text. */
function anonymize(evaluations: Json[], strict = false): { text: string; records: Json[]; report: string } {
  const { dataset, report } = anonymizeDataset({ evaluations, human_evaluations: [] }, "nets", { strict });
  return { text: JSON.stringify(dataset), records: dataset.evaluations as unknown as Json[], report: JSON.stringify(report) };
}

// [what got through, the text, what must be gone]
const PATTERNS: ReadonlyArray<[string, string, string[]]> = [
  [
    "an IPv6 address",
    "connect to 2001:db8:85a3::8a2e:370:7334 failed, and to [fe80::1ff:fe23:4567:890a]:8080",
    ["2001:db8:85a3", "8a2e:370:7334", "fe80::1ff"],
  ],
  ["a phone number", "call +1 415 555 0100 or +44 20 7946 0958 or (415) 555-0123", ["415 555 0100", "7946 0958", "555-0123"]],
  ["hosts under any TLD", "api.acme-bank.ch and payments-db.prod.svc are down", ["acme-bank", "payments-db", "prod.svc"]],
  ["a percent-encoded email", "sent to zofia.wrobel%40acme.com", ["zofia", "wrobel", "acme"]],
  ["percent-encoded URL credentials", "dsn https%3A%2F%2Fadmin%3As3cr3t%40db%2Fprod", ["admin", "s3cr3t"]],
  ["a non-ASCII email", "from maría.garcía@acme.com", ["maría", "garcía", "acme"]],
  [
    "a query value and userinfo",
    "GET https://admin:pw@api.acme-bank.ch/v1?api_key=sk-live-1234567890abc&user=karl",
    ["admin", "acme-bank", "sk-live", "karl"],
  ],
  ["a lower-cased JWT", "token eyjhbgcioijiuzi1nij9.eyjzdwiioijqyw5lin0.c2lnbmf0dxjl", ["eyjhbgcioijiuzi1nij9"]],
];

describe("the pattern net (issue 39: what got through)", () => {
  it.each(PATTERNS)("%s", (_what, message, gone) => {
    const { text } = anonymize([{ user_username: "someone", status: failed(message) }]);
    for (const piece of gone) expect(text.toLowerCase(), piece).not.toContain(piece.toLowerCase());
  });

  it("keeps what names no one: module paths, classes, versions, floats, times, file names", () => {
    const message = "sqlalchemy.exc.NoResultFound in agenta_backend.services at 10:02:15 with v1.2.3, 0.5 and app.py; 'int' and 'NoneType'";
    expect((anonymize([{ status: failed(message) }]).records[0]!.status as Json).error).toEqual({ message, stacktrace: null });
  });
});

describe("the known-values net (issue 39: another record's names, in any form)", () => {
  const owners = [
    { user_username: "Jane Doe" },
    { user_username: "田中太郎" },
    { user_username: "Li" },
    { user_username: "Zoë Ångström-Okafor" },
    { testset_name: "acme-customer-support-2024", variant_names: ["app.acme-gpt4"], variant_ids: ["6601aa11bb22cc33dd44f001"] },
  ];
  const TEXTS: ReadonlyArray<[string, string, string[]]> = [
    ["a name with a space", "Evaluation Failed for Jane Doe", ["jane doe"]],
    ["a name in another case, percent- or form-encoded", "JANE DOE, jane%20doe, Jane+Doe, ＪＡＮＥ ＤＯＥ", ["jane", "ｊａｎｅ"]],
    ["a CJK name", "ユーザー田中太郎さんの評価", ["田中太郎"]],
    ["a name of two letters, as a word", "ask Li, not Linux", ["li,"]],
    [
      "a name with diacritics inside a traceback, decomposed",
      `Traceback (most recent call last):\n  File "/srv/app.py", line 3, in run\nValueError: ${"Zoë Ångström-Okafor".normalize("NFD")} failed`,
      ["zo", "ångström".normalize("NFD"), "ngstro"],
    ],
    [
      "test set, variant and app names inside a stacktrace",
      "Traceback (most recent call last):\n  File \"/srv/acme-customer-support-2024/run.py\", line 9, in go\nKeyError: 'app.acme-gpt4' of acme-customer-support-2024",
      ["acme-customer-support-2024", "acme-gpt4"],
    ],
  ];
  it.each(TEXTS)("%s", (_what, message, gone) => {
    const { text } = anonymize([...owners, { user_username: "", status: failed(message, message) }]);
    for (const piece of gone) expect(text.toLowerCase(), piece).not.toContain(piece.toLowerCase());
  });

  it("a known value in a text gets the pseudonym its field got", () => {
    const { records } = anonymize([{ user_username: "Jane Doe" }, { user_username: "", status: failed("JANE  DOE was here") }]);
    expect((records[1]!.status as Json).error).toEqual({ message: `${records[0]!.user_username as string} was here`, stacktrace: null });
  });
});

describe("property names and object slots (issue 39)", () => {
  it("a property name the contract does not know is pseudonymised, in the file and the report's field paths alike", () => {
    const { text, records, report } = anonymize([
      {
        user_username: "karl",
        "zofia.wrobel@acme.com": "x",
        aggregated_results: [{ evaluator_config: { id: "c1", settings_values: { zofia_wrobel: 1 } } }],
      },
    ]);
    expect(text).not.toMatch(/zofia|wrobel/);
    expect(report).not.toMatch(/zofia|wrobel/);
    const key = Object.keys(records[0]!)[1]!;
    expect(key).toMatch(/^field-[0-9a-f]{8}$/);
    expect(report).toContain(`evaluations[].${key}`);
  });

  it("a string or a number where the contract expects an object is free text", () => {
    const { text } = anonymize([
      {
        average_cost: "billed to karl@acme.com",
        total_cost: 14155550100,
        status: "failed for +1 415 555 0100",
        aggregated_results: ["karl@acme.com"],
      },
    ]);
    expect(text).not.toMatch(/karl|acme|555/);
  });

  it("a kept slot keeps only what looks like its kind: anything else there is free text", () => {
    const { records } = anonymize([{ created_at: "karl@acme.com", status: { type: "karl@acme.com", value: "EVALUATION_FINISHED" } }]);
    expect(JSON.stringify(records)).not.toMatch(/karl|acme/);
    expect((records[0]!.status as Json).value).toBe("EVALUATION_FINISHED");
  });
});

describe("strict mode (issue 39: `--anonymize strict`, `{ strict: true }`)", () => {
  const TRACEBACK = [
    "Traceback (most recent call last):",
    '  File "/home/ingrid/acme/app.py", line 42, in handle',
    '    reply = client.chat(user="Ingrid Halvorsen")',
    "acme_bank.errors.PaymentError: Ingrid Halvorsen owes 12 EUR",
  ].join("\n");

  it("keeps only a traceback's Traceback line, its File frames (paths pseudonymised) and exception class names", () => {
    const { records } = anonymize([{ status: failed("Ingrid Halvorsen: payment failed", TRACEBACK) }], true);
    const error = (records[0]!.status as Json).error as Json;
    expect(error.message).toBe("Xxxxxx Xxxxxxxxx: xxxxxxx xxxxxx");
    const lines = (error.stacktrace as string).split("\n");
    expect(lines[0]).toBe("Traceback (most recent call last):");
    expect(lines[1]).toMatch(/^ {2}File "(?:\/dir-[0-9a-f]{6}){3}\/file-[0-9a-f]{6}\.py", line 42, in handle$/);
    expect(lines[2]).toBe('    xxxxx = xxxxxx.xxxx(xxxx="Xxxxxx Xxxxxxxxx")');
    expect(lines[3]).toBe("xxxx_xxxx.xxxxxx.PaymentError: Xxxxxx Xxxxxxxxx xxxx 00 XXX");
  });

  it("the CLI: --anonymize alone as before, --anonymize strict and --anonymize=strict strict, any other value E_USAGE", async () => {
    const dir = await mkdtemp(join(tmpdir(), "anonymize-strict-"));
    const record = buildEvaluation(
      { app_id: APP, status: failed("Ingrid Halvorsen", TRACEBACK) as never },
      { case: "evaluation-status-failed", seed: 1 },
    );
    const provider = await startProvider(serveRecords({ evaluations: [record as unknown as Json], human_evaluations: [] }));
    try {
      const run = (out: string, ...mode: string[]) =>
        runCliCaptured(["snapshot", "--base-url", provider.url, "--app-id", APP, "--out", join(dir, out), ...mode, "--salt", "s"]);
      const plain = await run("plain.json", "--anonymize");
      const strict = await run("strict.json", "--anonymize", "strict");
      const equals = await run("equals.json", "--anonymize=strict");
      expect([plain.code, strict.code, equals.code], plain.stdout + plain.stderr + strict.stderr).toEqual([0, 0, 0]);
      expect(plain.stdout).toContain(", anonymised -> ");
      expect(strict.stdout).toContain(", anonymised (strict) -> ");
      expect(await readFile(join(dir, "plain.json"), "utf8")).toContain("Traceback");
      const strictText = await readFile(join(dir, "strict.json"), "utf8");
      expect(strictText).not.toMatch(/ingrid|halvorsen|acme/i);
      expect(strictText).toBe(await readFile(join(dir, "equals.json"), "utf8"));
      for (const bad of [["--anonymize", "fast"], ["--anonymize=yes"], ["--anonymize", "STRICT"]]) {
        const refused = await run("bad.json", ...bad);
        expect(refused.code, bad.join(" ")).toBe(2);
        expect(refused.stderr).toMatch(/--anonymize takes no value, or strict \(got "(fast|yes|STRICT)"\)/);
      }
    } finally {
      await provider.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the log and the HAR error line (issue 39)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "anonymize-log-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the unknown-property warning and the --report's field path name the pseudonym, never the property", async () => {
    const record = {
      ...(buildEvaluation({ app_id: APP }, { case: "evaluation-status-finished", seed: 2 }) as unknown as Json),
      "zofia.wrobel@acme.com": "x",
    };
    const provider = await startProvider(serveRecords({ evaluations: [record], human_evaluations: [] }));
    try {
      const out = join(dir, "unknown.json");
      const report = join(dir, "unknown-report.json");
      const run = await runCliCaptured([
        "snapshot",
        "--base-url",
        provider.url,
        "--app-id",
        APP,
        "--out",
        out,
        "--report",
        report,
        "--anonymize",
        "--salt",
        "s",
      ]);
      expect(run.code, run.stdout + run.stderr).toBeLessThanOrEqual(1);
      const all = run.stdout + run.stderr + (await readFile(out, "utf8")) + (await readFile(report, "utf8"));
      expect(all).not.toMatch(/zofia|wrobel/);
      expect(run.stdout).toMatch(/field-[0-9a-f]{8}/);
    } finally {
      await provider.close();
    }
  });

  it("a by-id answer that differs from its list record in a property the contract does not know: the difference names its pseudonym", async () => {
    const human = {
      ...(buildHumanEvaluation({ app_id: APP }, { case: "human-finished", seed: 3 }) as unknown as Json),
      "karl@acme.com": "x",
    };
    const provider = await startProvider(
      serveRecords({ evaluations: [], human_evaluations: [human] }, (r) => ({ ...r, "karl@acme.com": "y" })),
    );
    try {
      const run = await runCliCaptured([
        "snapshot",
        "--base-url",
        provider.url,
        "--app-id",
        APP,
        "--out",
        join(dir, "by-id.json"),
        "--anonymize",
        "--salt",
        "s",
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /error: by id: human_evaluations\[0\] \(id [0-9a-f]{24}\): the by-id answer differs from the list record at \$\["field-[0-9a-f]{8}"\]$/m,
      );
      expect(run.stdout + run.stderr).not.toMatch(/karl|acme/);
    } finally {
      await provider.close();
    }
  });

  it("a HAR entry too large to read is named by its index, method and the service's path: no host, no query value", async () => {
    const har = join(dir, "huge.har");
    const url = `https://admin:s3cr3t@api.acme-bank.ch/kunde/human-evaluations/6601aa11bb22cc33dd44e001?api_key=sk-live-abcdefghijkl`;
    await writeFile(
      har,
      JSON.stringify({
        log: {
          entries: [{ request: { method: "GET", url }, response: { status: 200, content: { text: `{"x":"${"a".repeat(65 << 20)}"}` } } }],
        },
      }),
    );
    const run = await runCliCaptured(["snapshot", "--har", har, "--out", join(dir, "huge.json"), "--anonymize"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("log.entries[0] (GET /human-evaluations/{id}?api_key=[redacted])");
    expect(run.stderr).not.toMatch(/acme|admin|s3cr3t|sk-live|6601aa11/);
  }, 60_000);
});

// A backtracking net runs past the test's timeout (issue 39: a 512 KB message took more than 15 s);
// the figures (target < 1 s for 1 MB) are `npm run bench -- targets anonymize`.
describe("free text is scanned once: large texts come back scrubbed", () => {
  const ONE_MB = 1 << 20;
  const fill = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
  const scrub = (text: string): string => {
    const anonymizer = createAnonymizer("time");
    for (let i = 0; i < 100; i++) anonymizer.learn({ user_username: `user name ${i}`, id: `id-${i}-x`, testset_name: `app${i}.set${i}` });
    anonymizer.learn({ user_username: "Li" });
    anonymizer.learn({ user_username: "aaaaa" });
    return anonymizer.text(text);
  };

  // The old scrub built a regex per user; the figure (target < 30 s) is `npm run bench -- targets anonymize`.
  it("rows: 5,000 records, each with its own user, names and a text naming another's: every one scrubbed", () => {
    const n = 5000;
    const evaluations = Array.from({ length: n }, (_, i) => ({
      id: `6601aa11bb22cc33dd${String(i).padStart(6, "0")}`,
      user_username: `user.${i}.name`,
      testset_name: `app${i}.set${i}`,
      status: failed(`Evaluation Failed for USER.${(i * 7) % n}.NAME at host${i}.acme.ch`),
    }));
    const { text } = anonymize(evaluations);
    expect(text).not.toMatch(/user\.\d+\.name|acme/i);
  }, 60_000);

  it("1 MB of realistic free text: no name, address, key or path left", () => {
    const unit =
      "Evaluation Failed for user name 7 (jane.doe@acme.com): GET https://api.acme-bank.ch/v1?api_key=sk-live-0123456789ab answered 401 " +
      'from 10.1.2.3 and 2001:db8::1, call +1 415 555 0100; File "/home/jane/app.py", line 3, in run; Zoë Ångström, 田中太郎, Li.\n';
    const text = scrub(fill(unit, ONE_MB));
    expect(text).toContain("Evaluation Failed for");
    expect(text).not.toMatch(/jane|acme|sk-live|10\.1\.2\.3|415 555|user name 7/);
  }, 30_000);

  // Each a run the old scrub backtracked on (`a@` took 13 s for 128 KB), or a worst case of one net.
  it.each([
    "a@",
    "a",
    "a.",
    "a/",
    "a:",
    "%41",
    "%4",
    "a=",
    "1.",
    "+1 ",
    "::",
    "Bearer ",
    "password=",
    "eyJ",
    "A1a",
    "x%2540",
    "田中",
    "aaaaa ",
  ])(
    "512 KB of %j comes back as text",
    (unit) => {
      expect(typeof scrub(fill(unit, ONE_MB / 2))).toBe("string");
    },
    30_000,
  );
});
