// A fixtures run: which generator, which sizes, which format; and the embedded default dataset,
// which is simply a run with the default options (what `evals-contract fixtures` does with no options).
import { ToolkitError } from "../errors.js";
import { fixtureText } from "./fixture-text.js";
import { DEFAULT_FIXTURE_RUN, type FixtureRun } from "./fixture-run-options.js";
import { resolveOptions } from "./options.js";
import { generateRecords, type GeneratedRecord } from "./records.js";
import { generateSchemaDatasetRecords } from "./schema-records.js";

export { DEFAULT_FIXTURE_RUN, DEFAULT_SEED, GENERATOR_MODES } from "./fixture-run-options.js";
export type { FixtureRun, GeneratorMode } from "./fixture-run-options.js";

export interface FixtureRecords {
  records: Iterable<GeneratedRecord>;
  total: number;
  realistic: boolean;
}

export function fixtureRecords(run: FixtureRun): FixtureRecords {
  const options = resolveOptions(run);
  const total = options.evaluations + options.humanEvaluations;
  if (run.mode === "realistic") return { records: generateRecords(options), total, realistic: true };
  if (run.mode === "schema") return { records: generateSchemaDatasetRecords(options), total, realistic: false };
  throw new ToolkitError("E_USAGE", `mode must be one of realistic, schema, got ${String(run.mode)}`);
}

/** The whole output of a run as one string (small runs; the CLI streams instead, same bytes). */
export function renderFixtures(run: FixtureRun): string {
  const { records, realistic } = fixtureRecords(run);
  let text = "";
  for (const piece of fixtureText(records, { format: run.format, realistic })) text += piece;
  return text;
}

/** The text of fixtures/default.json (the generated-artefacts test compares it byte for byte). */
export const renderDefaultFixture = (): string => renderFixtures(DEFAULT_FIXTURE_RUN);
