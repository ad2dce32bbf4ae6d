// The fixture generator at scale: 1,000,000 realistic evaluations as NDJSON to a temporary file
// through the CLI's own code path (`runCli(["fixtures", ...])`), in a child process so that its
// peak memory is its own; then, for comparison, plain json-schema-faker on the Evaluation schema
// and the schema mode (json-schema-faker with this toolkit's fixes).
// Targets: >= 50,000 evaluations/s on a 2-core machine, peak RSS < 300 MB.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { JSONSchemaFaker, type Schema } from "json-schema-faker";
import { runCli } from "../src/cli/run.js";
import { generateSchemaRecords } from "../src/generate/index.js";
import { Rng } from "../src/generate/rng.js";
import { daysInMonth } from "../src/generate/unusual-values.js";
import { loadSchemas } from "../src/schemas/catalog.js";

const EVALUATIONS = 1_000_000;
const PLAIN_JSF_RECORDS = 5_000;
const SCHEMA_MODE_RECORDS = 1_000;
const CHILD_FLAG = "EVALS_CONTRACT_GENERATE_BENCH_CHILD";

interface ChildReport {
  exitCode: number;
  ms: number;
  cpuMs: number;
  maxRssMb: number;
}

/** In the child: the CLI writes the file; report time, CPU time and peak RSS as one JSON line. */
async function child(out: string): Promise<void> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const cpu = process.cpuUsage();
  const start = performance.now();
  const exitCode = await runCli(
    ["fixtures", "--seed", "1", "--evaluations", String(EVALUATIONS), "--human-evaluations", "0", "--format", "ndjson", "--out", out],
    { stdout: sink, stderr: sink },
  );
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const report: ChildReport = { exitCode, ms, cpuMs: (used.user + used.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(out: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), out], {
      env: { ...process.env, [CHILD_FLAG]: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    proc.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    proc.on("error", reject);
    proc.on("close", (code) => {
      const line = text.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) reject(new Error(`benchmark child failed (exit ${code}): ${text}`));
      else resolve(JSON.parse(line) as ChildReport);
    });
  });
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/;

/** A date that exists and a second below 60 (what the Timestamp pattern alone cannot promise). */
function isRealInstant(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, , , second] = m.slice(1).map(Number) as number[];
  return second! < 60 && day! <= daysInMonth(year!, month!);
}

interface PlainJsfFigures {
  rate: number;
  timestamps: number;
  notReal: number;
  values: number;
  schemaAsValue: number;
}

/** Plain json-schema-faker: the schema files as refs keyed by file name, seeded, defaults otherwise. */
function plainJsf(): PlainJsfFigures {
  const refs = Object.fromEntries([...loadSchemas()].map(([name, schema]) => [`${name}.json`, structuredClone(schema)]));
  const rng = new Rng(1);
  const defaults = JSONSchemaFaker.option.getDefaults();
  JSONSchemaFaker.option({ ...defaults, random: () => rng.next() });
  const records: unknown[] = [];
  try {
    const start = performance.now();
    for (let i = 0; i < PLAIN_JSF_RECORDS; i++)
      records.push(JSONSchemaFaker.generate(structuredClone(refs["Evaluation.json"]) as Schema, refs as Record<string, Schema>));
    const figures = {
      rate: (PLAIN_JSF_RECORDS / (performance.now() - start)) * 1000,
      timestamps: 0,
      notReal: 0,
      values: 0,
      schemaAsValue: 0,
    };
    const visit = (value: unknown, key: string): void => {
      if (key.endsWith("_at") && typeof value === "string") {
        figures.timestamps++;
        if (!isRealInstant(value)) figures.notReal++;
      }
      if (key === "value") {
        figures.values++;
        if (typeof value === "object" && value !== null && "description" in value) figures.schemaAsValue++;
      }
      if (Array.isArray(value)) for (const item of value) visit(item, "");
      else if (typeof value === "object" && value !== null) for (const [k, inner] of Object.entries(value)) visit(inner, k);
    };
    for (const record of records) visit(record, "");
    return figures;
  } finally {
    JSONSchemaFaker.option(defaults);
  }
}

const rate = (n: number): string => Math.round(n).toLocaleString("en-US").padStart(9);

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "evals-generate-bench-"));
  const out = join(dir, "evaluations.ndjson");
  try {
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`${cpus().length} cores, load average before: ${load.join(", ")}`);
    const report = await runChild(out);
    if (report.exitCode !== 0) throw new Error(`fixtures exited ${report.exitCode}`);
    const bytes = statSync(out).size;
    console.log(
      `realistic, 1,000,000 evaluations to NDJSON: ${rate((EVALUATIONS / report.ms) * 1000)} evaluations/s  ` +
        `(${(report.ms / 1000).toFixed(1)} s wall, ${(report.cpuMs / 1000).toFixed(1)} s CPU, ${(bytes / 1e6).toFixed(0)} MB file, peak RSS ${report.maxRssMb.toFixed(0)} MB)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const plain = plainJsf();
  const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  console.log(
    `plain json-schema-faker, Evaluation:        ${rate(plain.rate)} records/s  (${PLAIN_JSF_RECORDS.toLocaleString("en-US")} records)`,
  );
  console.log(
    `  where ${pct(plain.notReal, plain.timestamps)} of ${plain.timestamps.toLocaleString("en-US")} timestamps name no real instant (yet match the pattern) ` +
      `and ${pct(plain.schemaAsValue, plain.values)} of ${plain.values.toLocaleString("en-US")} Result values are the value's schema object`,
  );
  const start = performance.now();
  generateSchemaRecords({ seed: 1, schema: "Evaluation", count: SCHEMA_MODE_RECORDS });
  const schemaRate = (SCHEMA_MODE_RECORDS / (performance.now() - start)) * 1000;
  console.log(
    `schema mode (json-schema-faker + fixes):    ${rate(schemaRate)} records/s  (${SCHEMA_MODE_RECORDS.toLocaleString("en-US")} records)`,
  );
  console.log("targets: >= 50,000 evaluations/s on 2 cores, peak RSS < 300 MB");
}

if (process.env[CHILD_FLAG] === "1" && process.argv[2]) await child(process.argv[2]);
