// The CLI shell: picks the command, runs it, and maps any thrown error to one line and an exit code.
import { escapeControl } from "../check/escape-control.js";
import { isToolkitError } from "../errors.js";
import { redactSecrets } from "../io/redact.js";
import { toolkitVersion } from "../io/toolkit-version.js";
import { UnknownOptionError } from "./args.js";
import { didYouMean } from "./did-you-mean.js";
import { COMMANDS } from "./commands/index.js";
import { EXIT, exitCodeForError, type ExitCode } from "./exit-codes.js";
import { writeLine, type CliIo } from "./io.js";

/** The command list, from the table alone: no command module is loaded. */
function topLevelHelp(): string {
  const names = Object.keys(COMMANDS);
  const width = names.reduce((w, name) => Math.max(w, name.length), 0);
  return [
    "Usage: evals-contract <command> [options]",
    "",
    "Contract toolkit for the Evaluation Listing Service.",
    "",
    "Commands:",
    ...names.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name]!.summary}`),
    "",
    "Run `evals-contract help <command>` (or `evals-contract <command> --help`) for the options and examples of a",
    "command, `evals-contract --version` for the version.",
    "Exit codes: 0 ok, 1 contract failure, 2 usage or I/O problem.",
  ].join("\n");
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    writeLine(io.stderr, topLevelHelp());
    return EXIT.CANNOT_RUN;
  }
  // `help <command>` is `<command> --help`; `help` alone, the command list.
  const help = name === "help" && rest.length > 0;
  if (help) return runCli([rest[0]!, "--help"], io);
  if (name === "--help" || name === "-h" || name === "help") {
    writeLine(io.stdout, topLevelHelp());
    return EXIT.OK;
  }
  if (name === "--version" || name === "-v") {
    writeLine(io.stdout, toolkitVersion());
    return EXIT.OK;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    const guess = didYouMean(name, Object.keys(COMMANDS));
    const hint = guess === undefined ? "" : `did you mean ${guess}? `;
    writeLine(io.stderr, `evals-contract: unknown command "${escapeControl(name)}" (${hint}commands: ${Object.keys(COMMANDS).join(", ")})`);
    return EXIT.CANNOT_RUN;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    writeLine(io.stdout, command.help);
    return EXIT.OK;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    const usage = error instanceof UnknownOptionError ? `. ${command.help.split("\n")[0]}` : "";
    const message = isToolkitError(error)
      ? error.message + usage
      : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    // Messages quote files, options and provider answers: escaped, so a control character or a bidi
    // override in any of them cannot rewrite the terminal, and the message stays one line; and
    // redacted, whatever part threw it (a malformed --header quoting its token, a provider's words).
    writeLine(io.stderr, `evals-contract ${name}: ${escapeControl(redactSecrets(message))}`);
    if (!isToolkitError(error) && process.env.EVALS_CONTRACT_DEBUG) writeLine(io.stderr, String((error as Error).stack));
    return exitCodeForError(error);
  }
}
