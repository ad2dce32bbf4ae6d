// `snapshot()`: a real provider (its base URL and app ids) or a HAR file, turned into a dataset the
// mock serves: the records as the provider sent them, or with `anonymize` every value that names a
// person or a customer replaced by a consistent pseudonym (anonymize.ts). The dataset is checked as
// `validate` checks a file; the caller writes it (write-snapshot.ts). No original value of an
// anonymised snapshot reaches a note, a difference or the report: they name records by their place
// and by their pseudonymised id.
import { DATASET, validateAll, type Finding, type Validation } from "../check/index.js";
import { recordId, resolveProviderSettings, type HeadersInput, type ProviderFinding, type ProviderSettings } from "../engine/index.js";
import { ToolkitError } from "../errors.js";
import type { Dataset } from "../types/dataset.js";
import { createAnonymizer, randomSalt, type AnonymizationReport, type Anonymizer } from "./anonymize.js";
import {
  collectFromHar,
  collectFromProvider,
  differingPaths,
  type ByIdDifference,
  type Collected,
  type CollectedRecord,
} from "./collect.js";

/** The most by-id requests one snapshot sends. */
export const MAX_BY_ID_REQUESTS = 10_000;

export type SnapshotSource =
  | {
      /** The provider's base URL, path prefix included (`https://staging.example.com/api`). */
      baseUrl: string;
      /** The apps whose records are read (at least one). */
      appIds: readonly string[];
      timeoutMs?: number;
      concurrency?: number;
      maxResponseBytes?: number;
      /** Headers sent with every request (credentials: never shown). */
      headers?: HeadersInput;
      /** At most this many by-id requests (default and most: 10,000). */
      maxByIdRequests?: number;
    }
  | {
      /** A HAR file (Playwright's recordHar, Chrome DevTools, a proxy), read as a stream. */
      har: string;
    };

export interface SnapshotOptions {
  source: SnapshotSource;
  /**
   * Replace what identifies people and customers; `salt` makes it repeatable (default: a random one, in
   * the result); `strict` replaces every free text by a placeholder of its shape (docs/snapshot.md).
   */
  anonymize?: boolean | { salt?: string; strict?: boolean };
}

export interface SnapshotResult {
  dataset: Dataset;
  /** The dataset file's text: the records as the provider wrote them (plain), or as anonymised. */
  text: string;
  /** The salt used (anonymised snapshots only). */
  salt?: string;
  /** The salt was drawn at random (print it, so the run can be repeated). */
  randomSalt?: boolean;
  /** The dataset checked as `validate` checks a file: its findings and counts (validationSummary prints them). */
  validation: Validation & { findings: Finding[] };
  /** Human evaluations whose by-id answer is not their list record (anonymised: by pseudonymised id). */
  differences: string[];
  /**
   * The engine's findings on the exchanges (a lying Content-Encoding, a refused redirect, a 5xx by id).
   * Anonymised: only their check, rule, severity and operation (a request or a message may name an original value).
   */
  exchangeFindings: ProviderFinding[];
  notes: string[];
  /** What was replaced, field by field, with counts (anonymised snapshots only). */
  anonymization?: AnonymizationReport;
  counts: { evaluations: number; humanEvaluations: number; byIdRequests: number };
}

const isEmpty = (value: string): boolean => value.trim() === "";

/** A provider source checked: the run's settings, its apps and its by-id bound. */
type CheckedSource = { har: string } | (ProviderSettings & { appIds: string[]; maxByIdRequests: number });

function checkSource(source: SnapshotSource): CheckedSource {
  if ("har" in source) {
    if (typeof source.har !== "string" || isEmpty(source.har)) throw new ToolkitError("E_USAGE", "snapshot: the HAR file must be a path");
    return source;
  }
  // Checked as every provider tool checks them (the base URL, headers, timeout, concurrency, byte cap).
  const settings = resolveProviderSettings(source, "the base URL");
  const appIds = source.appIds.map((id) => id.trim());
  if (appIds.length === 0) throw new ToolkitError("E_USAGE", "snapshot: give at least one app id (--app-id ID) whose records to read");
  if (appIds.some(isEmpty)) throw new ToolkitError("E_USAGE", "snapshot: an app id must not be empty");
  const most = source.maxByIdRequests ?? MAX_BY_ID_REQUESTS;
  if (!(Number.isSafeInteger(most) && most >= 0 && most <= MAX_BY_ID_REQUESTS))
    throw new ToolkitError("E_USAGE", `snapshot: maxByIdRequests must be 0 to ${MAX_BY_ID_REQUESTS}`);
  return { ...settings, appIds, maxByIdRequests: most };
}

/** The text of a dataset file: one record per line, each as given (raw) or serialised. */
function datasetText(evaluations: readonly string[], humanEvaluations: readonly string[]): string {
  const list = (records: readonly string[]): string => (records.length === 0 ? "[]" : `[\n    ${records.join(",\n    ")}\n  ]`);
  return `{\n  "evaluations": ${list(evaluations)},\n  "human_evaluations": ${list(humanEvaluations)}\n}\n`;
}

const recordText = (record: CollectedRecord): string => record.raw ?? JSON.stringify(record.value);

function describeDifference(difference: ByIdDifference, id: string): string {
  const where = `human_evaluations[${difference.index}] (id ${id})`;
  if (difference.failed !== undefined) return `${where}: its by-id request failed: ${difference.failed}`;
  const more = difference.paths.length >= 10 ? ", ..." : "";
  return `${where}: the by-id answer differs from the list record at ${difference.paths.join(", ")}${more}`;
}

/**
 * A by-id difference as the anonymised data shows it: its paths between the anonymised list record and
 * by-id answer (a property name the contract does not know is a pseudonym there), its failure scrubbed.
 */
function anonymizedDifference(anonymizer: Anonymizer, difference: ByIdDifference, records: readonly unknown[]): ByIdDifference {
  if (difference.failed !== undefined) return { ...difference, failed: anonymizer.text(difference.failed) };
  if (!("byId" in difference)) return { ...difference, paths: [] };
  const byId = anonymizer.uncounted(() => anonymizer.humanEvaluation(difference.byId));
  return { index: difference.index, paths: differingPaths(records[difference.index], byId) };
}

/** Reads the source, anonymises when asked, and checks the dataset. E_USAGE, E_PROVIDER_UNREACHABLE, E_SNAPSHOT_SOURCE, and the HAR reader's file errors. */
export async function snapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const source = checkSource(options.source);
  // Every option is checked before the first request: a bad salt is not found after 10,000 of them.
  const given = typeof options.anonymize === "object" ? options.anonymize.salt : undefined;
  const strict = typeof options.anonymize === "object" && options.anonymize.strict === true;
  if (given !== undefined && isEmpty(given)) throw new ToolkitError("E_USAGE", "snapshot: the salt must not be empty");
  const anonymizing = options.anonymize !== undefined && options.anonymize !== false;
  const collected: Collected =
    "har" in source
      ? await collectFromHar(source.har)
      : await collectFromProvider({
          baseUrl: source.baseUrl,
          appIds: source.appIds,
          timeoutMs: source.timeoutMs,
          concurrency: source.concurrency,
          maxResponseBytes: source.maxResponseBytes,
          maxByIdRequests: source.maxByIdRequests,
          anonymized: anonymizing,
          headers: source.headers,
        });

  const salt = anonymizing ? (given ?? randomSalt()) : undefined;
  const anonymizer = salt === undefined ? undefined : createAnonymizer(salt, { strict });

  // Every user name is known before any text is scrubbed: a traceback may name another record's user.
  if (anonymizer !== undefined)
    for (const record of [...collected.evaluations, ...collected.humanEvaluations]) anonymizer.learn(record.value);
  const evaluations = collected.evaluations.map((record) =>
    anonymizer === undefined ? record.value : anonymizer.evaluation(record.value),
  );
  const humanEvaluations = collected.humanEvaluations.map((record) =>
    anonymizer === undefined ? record.value : anonymizer.humanEvaluation(record.value),
  );
  const text =
    anonymizer === undefined
      ? datasetText(collected.evaluations.map(recordText), collected.humanEvaluations.map(recordText))
      : datasetText(
          evaluations.map((value) => JSON.stringify(value)),
          humanEvaluations.map((value) => JSON.stringify(value)),
        );
  const dataset = { evaluations, human_evaluations: humanEvaluations } as Dataset;

  const validation = validateAll({ document: dataset, schema: DATASET, text });
  const differences = collected.differences.map((difference) =>
    describeDifference(
      anonymizer === undefined ? difference : anonymizedDifference(anonymizer, difference, humanEvaluations),
      recordId(humanEvaluations[difference.index]) ?? "?",
    ),
  );
  return {
    dataset,
    text,
    ...(salt === undefined ? {} : { salt, randomSalt: given === undefined }),
    validation,
    differences,
    exchangeFindings: anonymizing
      ? collected.findings.map(({ check, severity, rule, operation, path }): ProviderFinding => ({
          check,
          severity,
          rule,
          path,
          ...(operation === undefined ? {} : { operation }),
          message: `${check}: ${rule}${operation === undefined ? "" : ` on ${operation}`}`,
        }))
      : collected.findings,
    notes: collected.notes,
    ...(anonymizer === undefined ? {} : { anonymization: anonymizer.report() }),
    counts: { evaluations: evaluations.length, humanEvaluations: humanEvaluations.length, byIdRequests: collected.byIdCount },
  };
}
