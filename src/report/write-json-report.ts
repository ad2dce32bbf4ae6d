// The report as JSON (schemas/report.json): `$schema`, then the same bytes as JSON.stringify(report, null, 2), and a
// newline, streamed piece by piece (src/io/write-json.ts), so a report of millions of findings
// never becomes one string.
import type { TextSink } from "../io/text-sink.js";
import { jsonPieces } from "../io/write-json.js";
import type { Report } from "./model.js";
import { writeChunks } from "./write-chunks.js";

/** The `$id` of the report's JSON Schema, shipped as `evals-contract/schemas/report.json`. */
export const REPORT_SCHEMA_ID = "https://evals-contract.dev/schemas/report.json";

function* pieces(report: Report): Generator<string> {
  // `$schema` first, for editors and CI scripts; the rest is the model as it is.
  yield* jsonPieces({ $schema: REPORT_SCHEMA_ID, ...report });
  yield "\n";
}

export async function writeJsonReport(out: TextSink, report: Report): Promise<void> {
  await writeChunks(out, pieces(report));
}
