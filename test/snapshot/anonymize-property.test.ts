// Issue 39, proven as a property: a seeded generator plants personal values (names in seven scripts,
// emails, phones, hosts, IPv4 and IPv6 addresses, tokens, keys and JWTs) in every field and position of
// a dataset: identifying fields, free text (as written, in another case, decomposed, percent-encoded,
// inside URLs and tracebacks), property names, and strings where the contract expects an object. Then
// no planted value may appear in what the anonymiser writes, in any case, in NFKC form or
// percent-encoded, and every record shows the client cases it showed before. Run through the library
// (many seeds, plain and strict) and through the CLI (a provider serving the data, and a HAR of it).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation, buildHumanEvaluation, EVALUATION_CASE_IDS, HUMAN_EVALUATION_CASE_IDS } from "../../src/build/index.js";
import { casesInBody } from "../../src/contract/client-cases.js";
import { Rng } from "../../src/generate/rng.js";
import { anonymizeDataset } from "../../src/snapshot/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { serveRecords, startProvider } from "./helpers.js";

type Json = Record<string, unknown>;

/** Names in seven scripts (Latin with diacritics, Cyrillic, Greek, CJK, Arabic, Devanagari, Hebrew), one of two letters. */
const NAMES = [
  "Zoë Ångström-Okafor",
  "María García",
  "Jane Doe",
  "Li",
  "Олександр Петренко",
  "Мария Иванова",
  "Οδυσσέας Ελύτης",
  "Γιώργος Παπαδόπουλος",
  "田中太郎",
  "王芳",
  "محمد العلي",
  "अनिल कुमार",
  "דוד כהן",
];
const TLDS = ["ch", "svc", "de", "internal", "bank", "io", "co.uk", "local"];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function plantedValues(rng: Rng): {
  names: string[];
  emails: string[];
  phones: string[];
  hosts: string[];
  ips: string[];
  tokens: string[];
} {
  const chars = (n: number, alphabet = ALNUM): string => Array.from({ length: n }, () => rng.pick([...alphabet])).join("");
  const hex = (n: number): string => chars(n, "0123456789abcdef");
  const names = [...new Set(Array.from({ length: 5 }, () => rng.pick(NAMES)))];
  const host = (): string =>
    `${rng.pick(["api", "payments-db", "svc", "db"])}${rng.int(100)}.${rng.pick(["acme-bank", "prod", "kunde"])}.${rng.pick(TLDS)}`;
  const hosts = [host(), host(), "api.acme-bank.ch", "payments-db.prod.svc"];
  return {
    names,
    hosts,
    emails: [
      `zofia.wrobel${rng.int(1000)}@${hosts[0]}`,
      `maría.garcía${rng.int(1000)}@acme.com`,
      `${chars(6).toLowerCase()}.${chars(5).toLowerCase()}@${hosts[1]}`,
    ],
    phones: [
      `+1 415 555 ${String(rng.between(1000, 9999))}`,
      `+44 20 7946 ${String(rng.between(1000, 9999))}`,
      `+49 30 ${String(rng.between(1000000, 9999999))}`,
    ],
    ips: [
      `10.${rng.int(256)}.${rng.int(256)}.${rng.between(1, 254)}`,
      `172.${rng.between(16, 31)}.${rng.int(256)}.${rng.between(1, 254)}`,
      `2001:db8:${hex(4)}::${hex(3)}:${hex(4)}`,
      `fe80::${hex(4)}:${hex(4)}`,
    ],
    tokens: [
      `sk-live-${chars(24)}`,
      `ghp_${chars(36)}`,
      `eyJ${chars(12)}.eyJ${chars(20)}.${chars(24)}`,
      `AKIA${chars(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}`,
      `${chars(20)}Aa1${chars(20)}`,
    ],
  };
}

type Planted = ReturnType<typeof plantedValues>;
const everyValue = (p: Planted): string[] => [...p.names, ...p.emails, ...p.phones, ...p.hosts, ...p.ips, ...p.tokens];

/** How a value may be written in a text: as it is, in another case, decomposed, percent-encoded. */
function forms(rng: Rng, value: string): string {
  switch (rng.int(6)) {
    case 0:
      return value.toUpperCase();
    case 1:
      return value.toLowerCase();
    case 2:
      return value.normalize("NFD");
    case 3:
      return encodeURIComponent(value);
    default:
      return value;
  }
}

/** A free text naming the planted values (a message, a traceback, a URL holding them). */
function freeText(rng: Rng, p: Planted, strictOnly: string[]): string {
  const any = (): string => forms(rng, rng.pick([...everyValue(p), ...strictOnly]));
  const url = `https://admin:${rng.pick(p.tokens)}@${rng.pick(p.hosts)}/u/${encodeURIComponent(rng.pick(p.names))}?email=${encodeURIComponent(rng.pick(p.emails))}&api_key=${rng.pick(p.tokens)}`;
  const pieces = [
    `Evaluation Failed for ${any()} (${any()}): call ${any()} or write to ${any()}`,
    `GET ${rng.chance(0.5) ? url : encodeURIComponent(url)} answered 401 to Bearer ${rng.pick(p.tokens)} from ${any()}`,
    [
      "Traceback (most recent call last):",
      `  File "/home/${rng.pick(p.names)}/app.py", line ${rng.between(1, 400)}, in run`,
      `    client.connect(host="${rng.pick(p.hosts)}", user="${any()}", password="${rng.pick(p.tokens)}")`,
      `ConnectionError: ${any()} could not reach ${any()} at ${rng.pick(p.ips)}`,
    ].join("\n"),
  ];
  return rng.chance(0.5) ? pieces.join("\n") : rng.pick(pieces);
}

/** A dataset with the planted values in every field and position; `strictOnly` values only in free text. */
function plantedDataset(
  seed: number,
  strictOnly: string[] = [],
): { data: { evaluations: Json[]; human_evaluations: Json[] }; planted: string[] } {
  const rng = new Rng(seed, 39);
  const p = plantedValues(rng);
  const app = `6601aa11bb22cc33dd44${String(rng.between(1000, 9999))}`;
  const text = (): string => freeText(rng, p, strictOnly);
  const evaluations = EVALUATION_CASE_IDS.map((id, i) => {
    const record = buildEvaluation({ app_id: app }, { case: id, seed: seed * 100 + i }) as unknown as Json;
    const name = p.names[i % p.names.length]!;
    if (record.user_username !== "") record.user_username = name;
    if (record.testset_name !== "")
      record.testset_name = rng.chance(0.5) ? p.names[(i + 1) % p.names.length]! : `acme.${p.names[(i + 2) % p.names.length]!}`;
    record.variant_names = (record.variant_names as string[]).map((v, j) =>
      v === (record.variant_ids as string[])[j] ? v : `${p.names[(i + 3) % p.names.length]!}.${rng.pick(p.names)}`,
    );
    for (const result of record.aggregated_results as Json[]) {
      const config = result.evaluator_config as Json;
      if (Object.keys(config).length > 0) {
        config.name = rng.pick(p.names);
        config.settings_values = {
          prompt_template: text(),
          [rng.pick(everyValue(p))]: text(),
          nested: { [forms(rng, rng.pick(p.names))]: rng.pick(p.emails) },
        };
      }
      const error = (result.result as Json | null)?.error as Json | null | undefined;
      if (error) error.message = text();
    }
    const status = record.status as Json;
    if (status.error !== undefined && status.error !== null) status.error = { message: text(), stacktrace: text() };
    // Property names, and strings where the contract expects an object.
    record[rng.pick(everyValue(p))] = text();
    record[encodeURIComponent(rng.pick(p.emails))] = { [rng.pick(p.names)]: rng.pick(p.phones) };
    if (rng.chance(0.5) && record.average_cost !== null) record.average_cost = `billed to ${forms(rng, rng.pick(p.emails))}`;
    if (rng.chance(0.3) && (record.aggregated_results as Json[]).length > 0)
      (record.aggregated_results as Json[])[0]!.result = { type: "text", value: { [rng.pick(p.names)]: text(), score: 1 } };
    if (rng.chance(0.3)) (record.aggregated_results as unknown[]).push(`result of ${rng.pick(p.names)}: ${rng.pick(p.hosts)}`);
    return record;
  });
  const human_evaluations = HUMAN_EVALUATION_CASE_IDS.map((id, i) => {
    const record = buildHumanEvaluation({ app_id: app }, { case: id, seed: seed * 100 + 50 + i }) as unknown as Json;
    if (record.user_username !== "") record.user_username = p.names[(i + 1) % p.names.length]!;
    if (record.testset_name !== "") record.testset_name = p.names[i % p.names.length]!;
    record[rng.pick(p.tokens)] = `${rng.pick(p.ips)} ${text()}`;
    return record;
  });
  return { data: { evaluations, human_evaluations }, planted: [...everyValue(p), ...strictOnly] };
}

const WORD = /[\p{L}\p{N}]/u;

/** The planted values found in `text`, in any case, NFKC or percent-encoded (a value under 5 letters: as a whole word). */
function leaks(text: string, planted: readonly string[]): string[] {
  const haystack = text.normalize("NFKC").toLowerCase();
  const decoded = (() => {
    try {
      return decodeURIComponent(haystack);
    } catch {
      return haystack;
    }
  })();
  const found = (needle: string): boolean => {
    for (const hay of [haystack, decoded])
      for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
        if ([...needle].length >= 5 || /[\p{Script=Han}]/u.test(needle)) return true;
        if (!WORD.test(hay[at - 1] ?? " ") && !WORD.test(hay[at + needle.length] ?? " ")) return true;
      }
    return false;
  };
  return planted.filter((value) => {
    const nfkc = value.normalize("NFKC").toLowerCase();
    return [nfkc, encodeURIComponent(value).toLowerCase(), encodeURIComponent(nfkc).toLowerCase()].some(found);
  });
}

const casesOf = (data: { evaluations: unknown[]; human_evaluations: unknown[] }): string[][] => [
  ...data.evaluations.map((record) => casesInBody("listEvaluations", [record])),
  ...data.human_evaluations.map((record) => casesInBody("getHumanEvaluation", record)),
];

const STRICT_ONLY = ["Ingrid Halvorsen-Støre", "Владимир Сидоров", "鈴木花子"];

describe("the anonymiser, as a property (issue 39): no planted value is left, every client case is", () => {
  it("the generator plants: every value is in the source, in several forms and positions (else finding none proves nothing)", () => {
    for (const seed of [1, 2, 3]) {
      const { data, planted } = plantedDataset(seed, STRICT_ONLY);
      expect(leaks(JSON.stringify(data), planted).sort()).toEqual([...planted].sort());
      const keys = JSON.stringify(data.evaluations.map((r) => Object.keys(r)));
      expect(leaks(keys, planted).length, "property names").toBeGreaterThan(0);
    }
  });

  it("library, 60 seeds: nothing planted in the dataset or the report; the client cases equal", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { data, planted } = plantedDataset(seed);
      const { dataset, report } = anonymizeDataset(data, `salt-${seed}`);
      expect(
        leaks(JSON.stringify(dataset), planted),
        `seed ${seed}: ${leaks(JSON.stringify(dataset), planted)
          .map((v) =>
            JSON.stringify(dataset).slice(
              Math.max(0, JSON.stringify(dataset).toLowerCase().indexOf(v.toLowerCase()) - 80),
              JSON.stringify(dataset).toLowerCase().indexOf(v.toLowerCase()) + 80,
            ),
          )
          .join(" | ")}`,
      ).toEqual([]);
      expect(leaks(JSON.stringify(report), planted), `seed ${seed} report`).toEqual([]);
      expect(casesOf(dataset), `seed ${seed}`).toEqual(casesOf(data));
    }
  });

  it("library, strict, 30 seeds: also values no field names (only in free text) are gone; the client cases equal", () => {
    for (let seed = 100; seed < 130; seed++) {
      const { data, planted } = plantedDataset(seed, STRICT_ONLY);
      const { dataset, report } = anonymizeDataset(data, `salt-${seed}`, { strict: true });
      expect(
        leaks(JSON.stringify(dataset), planted),
        `seed ${seed}: ${leaks(JSON.stringify(dataset), planted)
          .map((v) =>
            JSON.stringify(dataset).slice(
              Math.max(0, JSON.stringify(dataset).toLowerCase().indexOf(v.toLowerCase()) - 80),
              JSON.stringify(dataset).toLowerCase().indexOf(v.toLowerCase()) + 80,
            ),
          )
          .join(" | ")}`,
      ).toEqual([]);
      expect(leaks(JSON.stringify(report), planted), `seed ${seed} report`).toEqual([]);
      expect(casesOf(dataset), `seed ${seed}`).toEqual(casesOf(data));
    }
  });
});

describe("the anonymiser, as a property, through the CLI (a provider, a HAR)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "anonymize-property-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const check = async (
    seed: number,
    args: (out: string, report: string) => string[],
    planted: string[],
    source: { evaluations: unknown[]; human_evaluations: unknown[] },
  ) => {
    const out = join(dir, `s${seed}.json`);
    const report = join(dir, `s${seed}-report.json`);
    const run = await runCliCaptured(args(out, report));
    expect(run.code, run.stdout + run.stderr).toBeLessThanOrEqual(1);
    const text = await readFile(out, "utf8");
    for (const [what, output] of [
      ["the file", text],
      ["stdout", run.stdout],
      ["stderr", run.stderr],
      ["the report", await readFile(report, "utf8")],
    ] as const)
      expect(leaks(output, planted), `seed ${seed}: ${what}`).toEqual([]);
    expect(casesOf(JSON.parse(text) as typeof source), `seed ${seed}`).toEqual(casesOf(source));
  };

  it("snapshot --anonymize of a provider serving planted data, 4 seeds (strict for 2): nothing in the file, stdout, stderr or --report", async () => {
    for (const seed of [201, 202, 203, 204]) {
      const strict = seed % 2 === 0;
      const { data, planted } = plantedDataset(seed, strict ? STRICT_ONLY : []);
      const provider = await startProvider(serveRecords(data));
      try {
        const app = data.evaluations[0]!.app_id as string;
        await check(
          seed,
          (out, report) => [
            "snapshot",
            "--base-url",
            provider.url,
            "--app-id",
            app,
            "--out",
            out,
            "--report",
            report,
            "--anonymize",
            ...(strict ? ["strict"] : []),
            "--salt",
            `s${seed}`,
          ],
          planted,
          data,
        );
      } finally {
        await provider.close();
      }
    }
  }, 120_000);

  it("snapshot --har --anonymize of a HAR with planted data (and planted hosts and keys in its URLs), 4 seeds", async () => {
    for (const seed of [301, 302, 303, 304]) {
      const strict = seed % 2 === 1;
      const { data, planted } = plantedDataset(seed, strict ? STRICT_ONLY : []);
      const app = data.evaluations[0]!.app_id as string;
      const host = "https://api.acme-bank.ch/kunde";
      const entry = (url: string, body: unknown) => ({
        startedDateTime: "2024-05-01T10:00:00.000Z",
        request: { method: "GET", url },
        response: { status: 200, content: { mimeType: "application/json", text: JSON.stringify(body) } },
      });
      const har = join(dir, `h${seed}.har`);
      await writeFile(
        har,
        JSON.stringify({
          log: {
            entries: [
              entry(`${host}/evaluations?app_id=${app}&api_key=${planted.at(-1)!}`, data.evaluations),
              entry(`${host}/human-evaluations?app_id=${app}`, data.human_evaluations),
              ...data.human_evaluations.map((record) => entry(`${host}/human-evaluations/${record.id as string}`, record)),
            ],
          },
        }),
      );
      await check(
        seed,
        (out, report) => [
          "snapshot",
          "--har",
          har,
          "--out",
          out,
          "--report",
          report,
          "--anonymize",
          ...(strict ? ["strict"] : []),
          "--salt",
          `h${seed}`,
        ],
        planted,
        data,
      );
    }
  }, 120_000);
});
