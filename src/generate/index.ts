// The fixture generator's public surface: the realistic dataset (in memory or as a stream), the
// schema-space records, and writing a whole run to a stream or a file.
export { generateDataset } from "./generate-dataset.js";
export { generateRecords, planRecords } from "./records.js";
export type { GeneratedRecord, RecordPlan } from "./records.js";
export { generateSchemaRecords, generateSchemaDatasetRecords } from "./schema-records.js";
export type { SchemaRecordsOptions } from "./schema-records.js";
export { DEFAULT_SIZES, MAX_RECORDS, recordCounts, resolveOptions, shareOut } from "./options.js";
export type { GenerateOptions, ResolvedOptions } from "./options.js";
export { TIMESTAMP_STYLES, formatTimestamp } from "./timestamp.js";
export type { TimestampFormat, TimestampStyle } from "./timestamp.js";
export { DEFAULT_FIXTURE_RUN, DEFAULT_SEED, GENERATOR_MODES, fixtureRecords, renderDefaultFixture, renderFixtures } from "./fixture-run.js";
export type { FixtureRun, GeneratorMode } from "./fixture-run.js";
export { OUTPUT_FORMATS, fixtureText } from "./fixture-text.js";
export type { OutputFormat } from "./fixture-text.js";
export { writeFixtures } from "./write-fixtures.js";
export type { WriteOptions, WriteSummary } from "./write-fixtures.js";
import { writeFileAtomically as writeAtomically } from "../io/write-file-atomic.js";
import type { TextSink } from "../io/text-sink.js";
export type { TextSink } from "../io/text-sink.js";
/** The atomic file writer (io/write-file-atomic.ts), typed without @types/node: `write` gets the file's stream. */
export const writeFileAtomically: <T>(path: string, force: boolean, write: (out: TextSink) => Promise<T>) => Promise<T> = writeAtomically;
export { EVALUATION_CASES, HUMAN_EVALUATION_CASES } from "./survival-cases.js";
export { EVALUATOR_KINDS } from "./evaluator-kinds.js";
export { MAX_APPS } from "./object-id.js";
export { liveDataset, liveStory } from "./live.js";
export type { LiveOptions, LiveStory } from "./live.js";
