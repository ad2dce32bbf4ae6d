// What a fixtures run is (generator, sizes, format) and the run of the embedded default dataset.
// Apart from fixture-run.ts so that the CLI and the realistic stream load neither the
// schema-space generator nor json-schema-faker (about 0.15 s of start-up) unless asked for.
import type { OutputFormat } from "./fixture-text.js";
import type { GenerateOptions } from "./options.js";

export type GeneratorMode = "realistic" | "schema";
export const GENERATOR_MODES: readonly GeneratorMode[] = ["realistic", "schema"];

export interface FixtureRun extends GenerateOptions {
  mode: GeneratorMode;
  format: OutputFormat;
}

/** The seed of the embedded default dataset and the CLI's default seed. */
export const DEFAULT_SEED = 42;

/** The run that produced fixtures/default.json: `evals-contract fixtures --out fixtures/default.json`. */
export const DEFAULT_FIXTURE_RUN: FixtureRun = { mode: "realistic", format: "json", seed: DEFAULT_SEED };
