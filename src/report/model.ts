// The one report model every tool's run becomes (conventions point 14): verify, fuzz, coverage,
// drift, validate and snapshot each build it from their own result (from-*.ts), and the text, JSON, JUnit and
// HTML renderers read nothing else, so every format shows the same sections, counts and words.
// Its JSON is published as schemas/report.json (test/report/schema.test.ts keeps the two in step).
import type { OperationId } from "../contract/operations.js";
import type { Observation } from "../coverage/observation.js";
import type { ProviderFinding } from "../engine/finding.js";

export type ReportTool = "verify" | "fuzz" | "coverage" | "drift" | "validate" | "snapshot";

/** pass: nothing failed; fail: something did; partial: nothing failed, but too little ran to call it a pass (verify without an app id). */
export type ReportVerdict = "pass" | "fail" | "partial";

export type CheckOutcome = "passed" | "warned" | "failed" | "skipped";

/** A request exactly as sent (fuzz's shrunk request): raw path and query, headers and body, what a replay sends again. */
export interface SentRequest {
  method: string;
  /** Relative to the base URL, percent-encoded as it went on the wire. */
  path: string;
  /** Raw name and value pairs in order; `null` sends the name alone. */
  query: Array<[string, string | null]>;
  headers: Array<[string, string]>;
  body?: string;
}

/** A finding: the one finding type (src/engine/finding.ts), plus what some tools know beyond it. */
export interface ReportFinding extends ProviderFinding {
  /** How many requests showed it (fuzz: the requests of the run that hit this fault). */
  hits?: number;
  /** The answer it was found in: the status and the body's first line (fuzz). */
  answer?: string;
  /** A shell line that reproduces the request exactly, credentials redacted (fuzz: curl). */
  reproduce?: string;
  /** The request exactly as sent (fuzz's shrunk request). */
  sent?: SentRequest;
  /** Lines shown beneath it: the first request's class and the shrinking (fuzz), the checker's findings behind it. */
  details?: string[];
  /** JSON pointers into the two documents compared (drift). */
  pointers?: { provider?: string; contract?: string };
}

/** The findings of one check: `report.findings.slice(first, first + count)` (findings are in section and check order). */
export interface FindingRange {
  first: number;
  count: number;
}

/** One check of a section: a verify check of an endpoint, a fuzz check of an operation, a drift kind at a place, a requirement. */
export interface ReportCheck {
  /** `conformance`, `filter-bypass`, `server-error`, `field-missing`, `pact: a request to ...`. */
  check: string;
  /** The check's group, when the tool has several (verify: `pact`, `conformance`, `cross-endpoint`); a JUnit testsuite each. */
  group?: string;
  operation?: OperationId;
  outcome: CheckOutcome;
  /** Why it did not run (outcome `skipped`). */
  skipReason?: string;
  durationMs?: number;
  /** Requests the check looked at (fuzz). */
  requests?: number;
  /** Its findings by kind, each counting the findings it stands for (`omitted`); `known` ones apart (they fail nothing). */
  errors: number;
  warnings: number;
  known: number;
  findings: FindingRange;
}

/** Checks under one heading: an endpoint (verify, fuzz), a place in a document (drift), a file (validate), the requirements (coverage). */
export interface CheckSection {
  kind: "checks";
  /** `GET /evaluations?app_id={app_id}`, `GET /evaluations 200`, `data.json`. */
  title: string;
  operation?: OperationId;
  checks: ReportCheck[];
}

/** One column's cell of a table row: how many observations showed the row, and the first request that did. */
export interface TableCell {
  count: number;
  first?: string;
  /** How to reach the row when the count is 0. */
  hint?: string;
}

export interface TableRow {
  /** `surface` or `case` (coverage). */
  kind: string;
  id: string;
  label: string;
  /** By column; a column missing here does not apply to the row (`n/a`). */
  cells: Record<string, TableCell>;
}

/** A table of counts (coverage: an operation's surface items and client cases, a column per side). */
export interface TableSection {
  kind: "table";
  title: string;
  operation?: OperationId;
  /** The count columns, in order: `consumer`, `provider`. */
  columns: string[];
  rows: TableRow[];
}

/** A heading and its lines (coverage: what one side saw and the other did not, how to reach what was not seen). */
export interface ListSection {
  kind: "list";
  title: string;
  items: string[];
}

export type ReportSection = CheckSection | TableSection | ListSection;

export interface ReportCounts {
  checks: number;
  passed: number;
  warned: number;
  failed: number;
  skipped: number;
  /** Findings (each standing for its `omitted` ones too); errors and warnings exclude the known ones. */
  errors: number;
  warnings: number;
  known: number;
  /** Requests sent to the provider (verify, fuzz). */
  requests?: number;
}

/** What a `--baseline` file did to the run (schemas/baseline.json). */
export interface ReportBaseline {
  file: string;
  /** Findings it lists: reported as known, not failing. */
  known: number;
  /** Entries that matched no finding of this run: remove them from the file. */
  stale: Array<{ check: string; operation: string; cause: string; expires?: string }>;
  /** Entries past their `expires` date whose finding came back: it fails again. */
  expired: number;
}

/** What one side saw (coverage): items seen of those that apply to it, the percentage (one decimal), the requests observed. */
export interface SideFigures {
  seen: number;
  total: number;
  percent: number;
  requests: number;
}

export interface Report {
  tool: ReportTool;
  /** The evals-contract version that wrote it. */
  version: string;
  /** The run's name, as CI shows it: `evals-contract verify`, `evals-contract fuzz (shard 2/4)`. */
  name: string;
  /** What was checked: the provider's base URL (credentials redacted), the file, the OpenAPI document, the inputs. */
  subject: string;
  /** The first lines of the text report: what ran against what. */
  intro: string[];
  verdict: ReportVerdict;
  /** The verdict in words, never mistaken for another: the text report's last line. */
  verdictLine: string;
  /** Warnings counted as errors. */
  strict: boolean;
  startedAt?: string;
  durationMs?: number;
  /** The run's parameters, by name (app id, seed, schema, ...): JUnit properties, the HTML page's meta line. */
  properties: Record<string, string>;
  /** The checks' groups in the order reports list them (verify: pact, conformance, cross-endpoint); absent: as first met. */
  groups?: string[];
  counts: ReportCounts;
  /** The counts in words: the line before the verdict. */
  summary: string;
  /** What the reader should know that is no finding (an app without human evaluations). */
  notes: string[];
  /** A likely cause of many failures at once (a base URL without its path prefix). */
  hint?: string;
  baseline?: ReportBaseline;
  sections: ReportSection[];
  findings: ReportFinding[];
  /** coverage: each side's figures as numbers; its text, HTML and --min read these. */
  coverage?: { consumer?: SideFigures; provider?: SideFigures };
  /** What the provider's answers showed of the contract's surface (verify, fuzz): what `evals-contract coverage` reads. */
  observations?: Observation[];
}
