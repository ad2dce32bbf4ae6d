// Validation time of the conformance checker over 100,000 Evaluations (parsed from JSON, as from a
// response body or a file; median of 3 runs after a warm-up), in two shapes:
// conforming records (the fast path: one strict yes/no validation each) and real-service-style
// records (null optionals and naive timestamps: every record yields warnings, the slow path).
import { performance } from "node:perf_hooks";
import { checkDocument } from "../src/check/check-resource.js";
import { countBySeverity } from "../src/check/finding.js";
import { EVALUATION_EXAMPLES } from "../src/contract/examples.js";
import type { Evaluation } from "../src/types/schemas.js";

const COUNT = 100_000;

const hex24 = (i: number): string => i.toString(16).padStart(24, "0");

function conforming(i: number): Evaluation {
  const base = EVALUATION_EXAMPLES[i % EVALUATION_EXAMPLES.length]!;
  return { ...structuredClone(base), id: hex24(i) };
}

function realServiceStyle(i: number): Evaluation {
  const record = conforming(i) as Evaluation & Record<string, unknown>;
  record.created_at = "2024-05-17T10:54:19.123000";
  record.updated_at = "2024-05-17T10:55:02.918000";
  if (record.average_cost === undefined)
    Object.assign(record, { average_cost: null, total_cost: null, average_latency: null, testset_id: null });
  return record;
}

/** Records as the checker gets them: parsed from a response body or a file. */
const parsed = (records: Evaluation[]): Evaluation[] => JSON.parse(JSON.stringify(records)) as Evaluation[];

function measure(label: string, records: Evaluation[]): void {
  checkDocument("Evaluation", parsed(records.slice(0, 20_000))); // compile and warm up both paths
  const times: number[] = [];
  let findings: ReturnType<typeof checkDocument> = [];
  for (let run = 0; run < 3; run++) {
    const input = parsed(records);
    (globalThis as { gc?: () => void }).gc?.(); // start clean: measure the checker, not the set-up's garbage
    const start = performance.now();
    findings = checkDocument("Evaluation", input);
    times.push(performance.now() - start);
  }
  const ms = times.sort((a, b) => a - b)[1]!;
  const { errors, warnings } = countBySeverity(findings);
  const perSecond = Math.round((records.length / ms) * 1000);
  console.log(
    `${label.padEnd(34)} ${records.length.toLocaleString("en")} records  ${ms.toFixed(0).padStart(5)} ms  ${perSecond.toLocaleString("en").padStart(10)} records/s  (${errors} errors, ${warnings} warnings; median of 3)`,
  );
}

export async function run(): Promise<void> {
  const compileStart = performance.now();
  checkDocument("Evaluation", []);
  checkDocument("Evaluation", [EVALUATION_EXAMPLES[0]]);
  console.log(`load validators, first check       ${(performance.now() - compileStart).toFixed(0)} ms (precompiled at build time)`);
  measure(
    "conforming Evaluations",
    Array.from({ length: COUNT }, (_, i) => conforming(i)),
  );
  measure(
    "real-service-style Evaluations",
    Array.from({ length: COUNT }, (_, i) => realServiceStyle(i)),
  );
  console.log("target: well under 1,000 ms of validation time for 100,000 Evaluations");
}
