// The baseline file (`--baseline FILE`, docs/baseline.md): read and checked against
// schemas/baseline.json with Ajv, every fault one E_BASELINE_INVALID line naming the file and the
// JSON path of the bad entry; written atomically by `--update-baseline`. Node-only (fs, and Ajv
// compiling at run time, once, on the first read): no browser entry imports it, and the
// checker's precompiled validators are not involved (the baseline is not a resource of the service).
import { readFile } from "node:fs/promises";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { escapeControl } from "../check/escape-control.js";
import { joinPath } from "../check/finding.js";
import { ToolkitError } from "../errors.js";
import { decodeUtf8 } from "../io/decode-utf8.js";
import { parseJsonText } from "../io/read-json-file.js";
import { redactSecrets } from "../io/redact.js";
import { InputFileError, MAX_INPUT_FILE_BYTES, readRegularFile } from "../io/read-regular-file.js";
import { writeTextFileAtomically } from "../io/write-file-atomic.js";
import { isCalendarDate, type Baseline, type BaselineEntry } from "./baseline.js";

/** The largest baseline file read (docs/limits.md): a regular file only, never a device or a FIFO. */
export const MAX_BASELINE_BYTES = MAX_INPUT_FILE_BYTES;

/** The schema file, at the same relative place from src/engine/ and dist/engine/. */
const SCHEMA_FILE = new URL("../../schemas/baseline.json", import.meta.url);

let validator: Promise<ValidateFunction<Baseline>> | undefined;

/** The compiled validator of schemas/baseline.json (format `date`: a real calendar day). */
function baselineValidator(): Promise<ValidateFunction<Baseline>> {
  validator ??= readFile(SCHEMA_FILE, "utf8").then((text) => {
    const ajv = new Ajv2020({ allErrors: false, verbose: true });
    ajv.addFormat("date", { type: "string", validate: isCalendarDate });
    return ajv.compile<Baseline>(JSON.parse(text) as object);
  });
  return validator;
}

const invalid = (path: string, fault: string, cause?: unknown): ToolkitError =>
  new ToolkitError("E_BASELINE_INVALID", `baseline ${escapeControl(path)}: ${escapeControl(fault)}`, { cause });

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** One Ajv error as `$.entries[2].expires: "2027-02-30" is not a real date (YYYY-MM-DD)`. */
function describe(error: ErrorObject): string {
  const at = joinPath("$", error.instancePath);
  switch (error.keyword) {
    case "additionalProperties": {
      const allowed = Object.keys((error.parentSchema?.properties ?? {}) as object).join(", ");
      return `${at}: unknown field ${shown(error.params.additionalProperty)} (allowed: ${allowed})`;
    }
    case "required":
      return `${at}: missing field ${shown(error.params.missingProperty)}`;
    case "type": {
      const type = String(error.params.type);
      return `${at}: must be ${/^[aeiou]/.test(type) ? "an" : "a"} ${type}, got ${shown(error.data)}`;
    }
    case "enum":
      return `${at}: ${shown(error.data)} is not an operation (one of: ${(error.params.allowedValues as string[]).join(", ")})`;
    case "format":
      return `${at}: ${shown(error.data)} is not a real date (YYYY-MM-DD)`;
    case "minLength":
      return `${at}: must not be empty`;
    default:
      return `${at}: ${error.message ?? `fails ${error.keyword}`}`;
  }
}

const keyText = (entry: BaselineEntry): string => JSON.stringify([entry.check, entry.operation, entry.cause]);

/**
 * The baseline in `path`, checked: a missing, unreadable, non-UTF-8 or non-JSON file, one the schema
 * rejects (unknown fields included), or one that lists a key twice is E_BASELINE_INVALID.
 */
export async function readBaseline(path: string): Promise<Baseline> {
  const baseline = await readBaselineIfExists(path);
  if (baseline === undefined) throw invalid(path, "no such file (--update-baseline writes it)");
  return baseline;
}

/** The baseline in `path` (see readBaseline), or undefined when there is no such file: what `--update-baseline` starts from. */
export async function readBaselineIfExists(path: string): Promise<Baseline | undefined> {
  return (await readBaselineFile(path))?.baseline;
}

/**
 * The baseline in `path` and the bytes it was read from (a rewrite checks the file did not change
 * meanwhile), or undefined when there is no such file.
 */
export async function readBaselineFile(path: string): Promise<{ baseline: Baseline; bytes: Uint8Array } | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readRegularFile(path, MAX_BASELINE_BYTES);
  } catch (error) {
    if (error instanceof InputFileError && error.code === "E_FILE_NOT_FOUND") return undefined;
    throw invalid(path, error instanceof InputFileError ? error.reason : (error as Error).message, error);
  }
  let value: unknown;
  try {
    value = parseJsonText(decodeUtf8(bytes, "the file"), "the file");
  } catch (error) {
    throw invalid(path, (error as Error).message, error);
  }
  const validate = await baselineValidator();
  if (!validate(value)) throw invalid(path, describe(validate.errors![0]!));
  const seen = new Map<string, number>();
  value.entries.forEach((entry, index) => {
    const first = seen.get(keyText(entry));
    if (first !== undefined)
      throw invalid(path, `$.entries[${index}]: the same check, operation and cause as $.entries[${first}] (list each key once)`);
    seen.set(keyText(entry), index);
  });
  return { baseline: value, bytes };
}

/** The bytes in `path` now, or undefined when it is gone: compared with what was read before a rewrite. */
// Uint8Array, not Buffer, in the public types: a consumer without @types/node compiles them (test/package).
export async function baselineBytesNow(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readRegularFile(path, MAX_BASELINE_BYTES);
  } catch (error) {
    if (error instanceof InputFileError && error.code === "E_FILE_NOT_FOUND") return undefined;
    throw invalid(path, error instanceof InputFileError ? error.reason : (error as Error).message, error);
  }
}

/** The file's text: two-space JSON and a trailing newline, `$schema` first, each entry's fields in the schema's order, causes redacted. */
export function baselineText(baseline: Baseline): string {
  const entries = baseline.entries.map(({ check, operation, cause, expires, reason, stale_since }) => ({
    check,
    operation,
    // A file from an older version may hold a provider's secret in a cause: never written again.
    cause: redactSecrets(cause),
    expires,
    reason,
    stale_since,
  }));
  return `${JSON.stringify({ $schema: baseline.$schema, entries }, null, 2)}\n`;
}

/** Writes `baseline` to `path` atomically (a reader never sees half a file), replacing it, creating missing folders. */
export async function writeBaseline(path: string, baseline: Baseline): Promise<void> {
  await writeTextFileAtomically(path, baselineText(baseline), true);
}
