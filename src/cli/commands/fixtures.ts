// `evals-contract fixtures`: writes a seeded dataset (realistic or schema-space) to stdout or a file.
import { stat } from "node:fs/promises";
import { ToolkitError } from "../../errors.js";
// The generator's modules one by one, not its index: the index also loads the schema-space
// generator (json-schema-faker) and the live mode, which a realistic run never uses.
import {
  DEFAULT_SEED,
  DEFAULT_SIZES,
  GENERATOR_MODES,
  MAX_APPS,
  MAX_RECORDS,
  OUTPUT_FORMATS,
  TIMESTAMP_STYLES,
  writeFixtures,
  type FixtureRun,
  type WriteSummary,
} from "../../generate/index.js";
import { writeFileAtomically } from "../../io/index.js";
import { createProgressBar } from "../progress-bar.js";
import { choiceOption, intOption, parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { writeLine } from "../io.js";

/** The run described by the command line; every fault is a one-line usage error. */
export function parseFixturesArgs(args: readonly string[]): { run: FixtureRun; out: string | undefined; force: boolean } {
  const { values, positionals } = parseCommandArgs(args, {
    seed: { type: "string" },
    apps: { type: "string" },
    evaluations: { type: "string" },
    "human-evaluations": { type: "string" },
    mode: { type: "string" },
    format: { type: "string" },
    timestamps: { type: "string" },
    out: { type: "string", short: "o" },
    force: { type: "boolean", short: "f" },
  });
  rejectPositionals(positionals, "write to a file with --out FILE");
  const mode = choiceOption(values, "mode", GENERATOR_MODES) ?? "realistic";
  if (mode === "schema")
    for (const name of ["apps", "timestamps"])
      if (values[name] !== undefined) throw new ToolkitError("E_USAGE", `--${name} applies to --mode realistic only`);
  const named = stringOption(values, "out");
  if (named === "") throw new ToolkitError("E_USAGE", "--out needs a file name");
  // `--out -` is stdout, as for most Unix tools.
  const out = named === "-" ? undefined : named;
  if (values.force === true && named === undefined) throw new ToolkitError("E_USAGE", "--force needs --out FILE");
  const run: FixtureRun = {
    mode,
    format: choiceOption(values, "format", OUTPUT_FORMATS) ?? "json",
    seed: intOption(values, "seed", DEFAULT_SEED, 0, Number.MAX_SAFE_INTEGER),
    apps: intOption(values, "apps", DEFAULT_SIZES.apps, 1, MAX_APPS),
    evaluations: intOption(values, "evaluations", DEFAULT_SIZES.evaluations, 0, MAX_RECORDS),
    humanEvaluations: intOption(values, "human-evaluations", DEFAULT_SIZES.humanEvaluations, 0, MAX_RECORDS),
    timestamps: choiceOption(values, "timestamps", TIMESTAMP_STYLES) ?? "naive",
  };
  return { run, out, force: values.force === true };
}

const isBrokenPipe = (error: unknown): boolean => (error as NodeJS.ErrnoException | undefined)?.code === "EPIPE";

export const fixturesCommand: Command = {
  name: "fixtures",
  help: `Usage: evals-contract fixtures [options]

Generates a dataset {"evaluations": [...], "human_evaluations": [...]} from a seed: the same seed
and options give the same bytes on any machine, any day. Large outputs stream in constant memory.

Options:
  --seed N                 any integer from 0 to 2^53-1 (default ${DEFAULT_SEED}, the embedded default dataset)
  --apps N                 number of apps; the first gets half the records, the last no automatic
                           evaluations, the one before it no human ones (default ${DEFAULT_SIZES.apps})
  --evaluations N          automatic evaluations over all apps (default ${DEFAULT_SIZES.evaluations})
  --human-evaluations N    human evaluations over all apps (default ${DEFAULT_SIZES.humanEvaluations})
  --mode realistic|schema  realistic: consistent data shaped like the real service's (default);
                           schema: valid but unusual records straight from the schemas
  --format json|ndjson     json: one document, one record per line (default);
                           ndjson: one {"kind":"evaluation"|"human_evaluation","record":{...}} per line
  --timestamps naive|utc|later
                           naive: 2024-05-17T10:54:19.123000 as the real service sends (default);
                           utc: with Z; later: Z for evaluations, "2024-05-17 10:54:19.123000+00:00"
                           for human evaluations and evaluator configs (realistic mode only)
  -o, --out FILE           write FILE atomically instead of stdout (- is stdout)
  -f, --force              overwrite FILE if it is a regular file; a directory, device, FIFO or
                           socket is never replaced; a symlink to a regular file is written
                           through (the file it points to is replaced, the link kept)
  -h, --help               show this help

Exit codes: 0 written, 2 usage or I/O problem (bad option, FILE exists without --force).

Examples:
  evals-contract fixtures --seed 7 --evaluations 500 --out data.json
  evals-contract fixtures --mode schema --evaluations 50 --human-evaluations 20 --format ndjson
  evals-contract fixtures --out fixtures/default.json --force     # regenerates the embedded dataset`,

  async run(args, io) {
    const { run, out, force } = parseFixturesArgs(args);
    const total = (run.evaluations ?? 0) + (run.humanEvaluations ?? 0);
    // No bar when the data itself goes to the terminal: the two would garble each other.
    const bar = createProgressBar(io.stderr, out === undefined && io.stdout.isTTY === true ? 0 : total, "fixtures");
    if (out === undefined) {
      try {
        await writeFixtures(run, io.stdout, { onProgress: (n) => bar.update(n) });
        bar.finish();
      } catch (error) {
        bar.finish(false);
        // The reader went away (`| head`): like any Unix filter, stop quietly.
        if (isBrokenPipe(error)) return EXIT.OK;
        throw error;
      }
      return EXIT.OK;
    }
    // Ctrl-C while writing a file: stop, and let the atomic writer remove its temporary file
    // (the default SIGINT would kill the process and leave it behind). To stdout, Ctrl-C stays the default.
    const interrupt = new AbortController();
    void io.waitForInterrupt?.().then(() => interrupt.abort(new ToolkitError("E_OUTPUT_WRITE", `interrupted: ${out} was not written`)));
    let summary: WriteSummary;
    try {
      summary = await writeFileAtomically(out, force, (stream) =>
        writeFixtures(run, stream, { onProgress: (n) => bar.update(n), signal: interrupt.signal }),
      );
      bar.finish();
    } catch (error) {
      bar.finish(false);
      throw error;
    }
    const bytes = (await stat(out)).size;
    writeLine(
      io.stderr,
      `wrote ${summary.records.toLocaleString("en-US")} records (${bytes.toLocaleString("en-US")} bytes, ${run.mode}, ${run.format}) to ${out}`,
    );
    return EXIT.OK;
  },
};
