// The toolkit's named errors. A failed contract check is a result (findings), never one of these:
// they are for usage, I/O and configuration faults. Each code is documented in docs/errors.md
// (a test keeps the two in step) and mapped to an exit code in one place (src/cli/exit-codes.ts).

export const ERROR_CODES = {
  E_USAGE: "bad command-line usage: unknown option, missing or invalid value",
  E_UNKNOWN_SCHEMA: "the named schema is not one of the toolkit's schemas",
  E_UNKNOWN_OPERATION: "the named operation is not one of the service's three (see OPERATION_IDS)",
  E_FILE_NOT_FOUND: "an input file does not exist",
  E_FILE_UNREADABLE: "an input file exists but cannot be read",
  E_JSON_PARSE: "an input file is not valid JSON (or not valid UTF-8)",
  E_JSON_TOO_DEEP: "an input file nests arrays or objects deeper than the toolkit's limit (1,000 levels)",
  E_OUTPUT_EXISTS: "the output file exists and --force was not given",
  E_OUTPUT_WRITE: "the output file cannot be written",
  E_DATA_INVALID: "a data file, or a record of evals-contract/build, does not conform to the contract",
  E_PORT_IN_USE: "the port to listen on is already taken",
  E_LISTEN: "the server cannot listen on the given host and port",
  E_PROVIDER_UNREACHABLE: "the provider under verification cannot be reached",
  E_EMPTY_APP: "the app under verification has no records on the provider: nothing to vouch for (--allow-empty-app accepts that)",
  E_PRISM: "Prism failed to start or exited",
  E_PACT: "the Pact verifier could not run",
  E_OPENAPI_INVALID: "a document given as OpenAPI is not OpenAPI 3.0 or 3.1 (or not JSON or YAML)",
  E_COVERAGE_INPUT: "a coverage input is none of NDJSON observations, a HAR file, or a verify or fuzz JSON report",
  E_BASELINE_INVALID: "a --baseline file is missing, unreadable, not JSON, or not a valid baseline (docs/baseline.md)",
  E_SNAPSHOT_SOURCE: "a snapshot's source cannot be read: a list the provider did not answer with a JSON array, or no HAR file",
  E_MISSING_PEER: "an optional peer dependency (Pact, Prism, MSW) that the command needs is not installed",
  E_MOCK_CLIENT:
    "a call of evals-contract/mock-client failed: the mock refused it (its status and detail), could not be reached, or its answer timed out, was too large, redirected or broken",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ToolkitError extends Error {
  override readonly name = "ToolkitError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isToolkitError = (error: unknown): error is ToolkitError => error instanceof ToolkitError;
