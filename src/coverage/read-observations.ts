// The coverage command's inputs, each file recognised by its content: NDJSON observations (`mock
// --record`, MSW's record option), a HAR file, or a `verify --json` or `fuzz --json` report (their
// `observations`). Anything else is one E_COVERAGE_INPUT line naming the file and why.
import { ToolkitError } from "../errors.js";
import { readFileBytes } from "../io/read-json-file.js";
import { decodeUtf8 } from "../io/decode-utf8.js";
import { isOperationId } from "../contract/operations.js";
import { isHar, observationsFromHar } from "./har.js";
import type { Observation } from "./observation.js";
import type { CoverageInput } from "./tally.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");

/** Why `value` is not an observation, or undefined when it is one. */
function observationFault(value: unknown): string | undefined {
  if (!isObject(value)) return "not a JSON object";
  if (value.v !== 1) return `"v" must be 1 (got ${JSON.stringify(value.v)})`;
  if (value.side !== "consumer" && value.side !== "provider") return `"side" must be consumer or provider`;
  if (typeof value.operationId !== "string" || !isOperationId(value.operationId))
    return `unknown "operationId" ${JSON.stringify(value.operationId)}`;
  if (typeof value.status !== "number") return `"status" must be a number`;
  if (typeof value.request !== "string") return `"request" must be a string`;
  if (!isStrings(value.surface) || !isStrings(value.cases)) return `"surface" and "cases" must be arrays of strings`;
  if (value.count !== undefined && !(Number.isSafeInteger(value.count) && (value.count as number) >= 1))
    return `"count" must be a whole number from 1`;
  return undefined;
}

const bad = (file: string, why: string): ToolkitError => new ToolkitError("E_COVERAGE_INPUT", `${file}: ${why}`);

function checkedObservations(values: unknown, file: string, where: string): Observation[] {
  if (!Array.isArray(values)) throw bad(file, `${where} is not an array of observations`);
  values.forEach((value, i) => {
    const fault = observationFault(value);
    if (fault !== undefined) throw bad(file, `${where}[${i}]: ${fault}`);
  });
  return values as Observation[];
}

/** One file's observations and what it was. */
export function parseObservations(text: string, file: string): { input: CoverageInput; observations: Observation[] } {
  const trimmed = text.trim();
  if (trimmed === "") throw bad(file, "empty: no observation (did the mock answer any request while it recorded?)");
  let whole: unknown;
  let parsedWhole = false;
  try {
    whole = JSON.parse(trimmed) as unknown;
    parsedWhole = true;
  } catch {
    // Several lines: NDJSON.
  }
  const input = (observations: Observation[], source: CoverageInput["source"]): { input: CoverageInput; observations: Observation[] } => ({
    input: {
      file,
      side: observations[0]?.side ?? "consumer",
      source,
      observations: observations.reduce((sum, o) => sum + (o.count ?? 1), 0),
    },
    observations,
  });
  if (parsedWhole && isHar(whole)) return input(observationsFromHar(whole), "har");
  if (parsedWhole && isObject(whole) && (whole.tool === "fuzz" || (Array.isArray(whole.checks) && typeof whole.verdict === "string"))) {
    const tool = whole.tool === "fuzz" ? "fuzz" : "verify";
    if (!("observations" in whole))
      throw bad(file, `a ${tool} report without observations (written by an older evals-contract: run ${tool} again)`);
    return input(checkedObservations(whole.observations, file, "observations"), tool);
  }
  if (parsedWhole && !isObject(whole)) throw bad(file, "neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report");
  const observations: Observation[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      throw bad(
        file,
        `line ${i + 1} is not JSON (${(error as Error).message}): neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report`,
      );
    }
    const fault = observationFault(value);
    if (fault !== undefined) throw bad(file, `line ${i + 1}: ${fault}`);
    observations.push(value as Observation);
  });
  const sources = new Set(observations.map((o) => o.source));
  return input(observations, sources.size === 1 ? [...sources][0]! : "mixed");
}

/** Reads and recognises each file (E_FILE_NOT_FOUND, E_FILE_UNREADABLE, E_COVERAGE_INPUT). */
export async function readObservationFiles(files: readonly string[]): Promise<{ inputs: CoverageInput[]; observations: Observation[] }> {
  const inputs: CoverageInput[] = [];
  const observations: Observation[] = [];
  for (const file of files) {
    const parsed = parseObservations(decodeUtf8(await readFileBytes(file), file), file);
    inputs.push(parsed.input);
    for (const observation of parsed.observations) observations.push(observation);
  }
  return { inputs, observations };
}
