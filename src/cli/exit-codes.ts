// The one place where outcomes become process exit codes.
import { isToolkitError, type ErrorCode } from "../errors.js";

export const EXIT = {
  /** Success: everything conforms (warnings allowed unless --strict). */
  OK: 0,
  /** The checked data or provider breaks the contract. */
  CONTRACT_FAILURE: 1,
  /** Usage, I/O or set-up problem: the check could not run. */
  CANNOT_RUN: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const CONTRACT_CODES: ReadonlySet<ErrorCode> = new Set(["E_DATA_INVALID"]);

/** Exit code for an error thrown out of a command. Unknown errors are bugs: still "cannot run". */
export const exitCodeForError = (error: unknown): ExitCode =>
  isToolkitError(error) && CONTRACT_CODES.has(error.code) ? EXIT.CONTRACT_FAILURE : EXIT.CANNOT_RUN;
