// `evals-contract snapshot` (issue 33), whole processes of the built CLI (dist/, `npm run build` first):
//   provider  the mock serving BENCH_SNAPSHOT_EVALUATIONS generated evaluations of one app (default 5,000)
//             and as many human evaluations as a fifth of that, snapshotted plain and anonymised: wall
//             time, records per second, peak RSS (each human evaluation is also fetched by id).
//   har       a HAR file of BENCH_HAR_MIB MiB (default 1024: 1 GiB; bench/lib/big-har.ts), mostly base64
//             media, snapshotted: read as a stream, the memory stays that of one entry.
//   text      the anonymiser's two nets over BENCH_TEXT_MIB MiB of free text (default 1; issue 39: under a
//             second), plain and strict, in process: the known values of 1,000 records, then one text.
// Select parts: `npm run bench -- snapshot har` (names after "snapshot").
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDataset } from "../src/generate/index.js";
import { createAnonymizer } from "../src/snapshot/index.js";
import { startMockServer } from "../src/mock/index.js";
import type { Dataset } from "../src/types/dataset.js";
import { writeBigHar } from "./lib/big-har.js";
import { timeProcess } from "./lib/process.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = process.env.BENCH_CLI === undefined ? join(ROOT, "dist/cli/main.js") : join(ROOT, process.env.BENCH_CLI);
const cli = (...args: string[]): string[] => [...(CLI.endsWith(".ts") ? ["--import", "tsx"] : []), CLI, ...args];
const PARTS = ["provider", "har", "text"] as const;
const TEXT_MIB = Number(process.env.BENCH_TEXT_MIB ?? 1);
const EVALUATIONS = Number(process.env.BENCH_SNAPSHOT_EVALUATIONS ?? 5000);
const HAR_MIB = Number(process.env.BENCH_HAR_MIB ?? 1024);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function benchProvider(dir: string): Promise<void> {
  const data = generateDataset({ seed: 3, apps: 1, evaluations: EVALUATIONS, humanEvaluations: Math.round(EVALUATIONS / 5) });
  const appId = data.evaluations[0]!.app_id;
  const records = data.evaluations.length + data.human_evaluations.length;
  const mock = await startMockServer({ data, port: 0, console: false });
  try {
    for (const anonymize of [false, true]) {
      const out = join(dir, anonymize ? "anonymised.json" : "plain.json");
      const args = [
        "snapshot",
        "--base-url",
        mock.url,
        "--app-id",
        appId,
        "--out",
        out,
        "--force",
        ...(anonymize ? ["--anonymize", "--salt", "bench"] : []),
      ];
      const run = await timeProcess(process.execPath, cli(...args));
      if (run.exitCode !== 0) throw new Error(`snapshot exited ${run.exitCode}`);
      const seconds = run.ms / 1000;
      console.log(
        `snapshot provider${anonymize ? ", anonymised" : ""}: ${data.evaluations.length.toLocaleString("en-US")} evaluations + ${data.human_evaluations.length.toLocaleString("en-US")} human evaluations (each also by id) in ${seconds.toFixed(2)} s: ${Math.round(records / seconds).toLocaleString("en-US")} records/s, peak RSS ${run.maxRssMb.toFixed(0)} MB`,
      );
    }
  } finally {
    await mock.close();
  }
}

async function benchHar(dir: string): Promise<void> {
  const data = JSON.parse(readFileSync(join(ROOT, "fixtures/default.json"), "utf8")) as Dataset;
  const appId = data.evaluations[0]!.app_id;
  const file = join(dir, "session.har");
  const har = writeBigHar(file, {
    bytes: HAR_MIB * 1024 * 1024,
    listBody: JSON.stringify(data.evaluations.filter((e) => e.app_id === appId)),
    appId,
  });
  const run = await timeProcess(
    process.execPath,
    cli("snapshot", "--har", file, "--out", join(dir, "from-har.json"), "--anonymize", "--salt", "bench"),
  );
  if (run.exitCode !== 0) throw new Error(`snapshot --har exited ${run.exitCode}`);
  const seconds = run.ms / 1000;
  console.log(
    `snapshot har: ${mb(har.bytes)} (${har.mediaEntries} base64 media entries) in ${seconds.toFixed(2)} s (${(har.bytes / 1024 / 1024 / seconds).toFixed(0)} MiB/s), peak RSS ${run.maxRssMb.toFixed(0)} MB (target: bounded, whatever the size)`,
  );
}

function benchText(): void {
  const unit =
    "Evaluation Failed for user 7 (jane.doe@acme.com): GET https://api.acme-bank.ch/v1?api_key=sk-live-0123456789ab answered 401 " +
    'from 10.1.2.3 and 2001:db8::1, call +1 415 555 0100; File "/home/jane/app.py", line 3, in run; Zoë Ångström, 田中太郎, Li.\n';
  const bytes = TEXT_MIB * 1024 * 1024;
  const text = unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
  for (const strict of [false, true]) {
    const anonymizer = createAnonymizer("bench", { strict });
    for (let i = 0; i < 1000; i++)
      anonymizer.learn({
        user_username: `user ${i}`,
        id: `id-${i}`,
        testset_name: `app${i}.testset${i}`,
        variant_names: [`app${i}.v${i}`],
      });
    const started = performance.now();
    anonymizer.text(text);
    const ms = performance.now() - started;
    console.log(
      `snapshot text${strict ? ", strict" : ""}: ${TEXT_MIB} MiB of free text anonymised in ${ms.toFixed(0)} ms (${(TEXT_MIB / (ms / 1000)).toFixed(1)} MiB/s; target: under 1 s per MiB)`,
    );
  }
}

export async function run(args: readonly string[] = []): Promise<void> {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown snapshot part ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  const parts = args.length === 0 ? PARTS : (args as (typeof PARTS)[number][]);
  const dir = mkdtempSync(join(tmpdir(), "evals-bench-snapshot-"));
  try {
    for (const part of parts) {
      if (part === "provider") await benchProvider(dir);
      if (part === "har") await benchHar(dir);
      if (part === "text") benchText();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
