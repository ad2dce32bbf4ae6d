// The shape of a CLI command: a name, its help text and a run function returning an exit code (its
// one-line summary lives in the command table, commands/index.ts).
import type { CliIo } from "./io.js";
import type { ExitCode } from "./exit-codes.js";

export interface Command {
  name: string;
  /** Full --help text (usage, options, examples). */
  help: string;
  run(args: readonly string[], io: CliIo): Promise<ExitCode>;
}
