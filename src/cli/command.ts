// The shape of a CLI command: a name, its help text and a run function returning an exit code.
import type { CliIo } from "./io.js";
import type { ExitCode } from "./exit-codes.js";

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full --help text (usage, options, examples). */
  help: string;
  run(args: readonly string[], io: CliIo): Promise<ExitCode>;
}
