// The verifier: runs the Pact verification, the conformance sweep and the cross-endpoint checks
// against a provider's base URL and returns a report. Findings are results; only "cannot run"
// (bad options, provider unreachable, Pact unable to start) throws a ToolkitError.
import { randomBytes } from "node:crypto";
import { escalateWarnings, hasErrors } from "../check/finding.js";
import { ToolkitError } from "../errors.js";
import { normalizeHttpUrl } from "../io/base-url.js";
import { CHECKS } from "./checks/index.js";
import { fetchList, listRecords, MAX_BY_ID_FETCHES, NO_APP_ID, recordIds, type CheckDraft, type VerifyContext } from "./checks/context.js";
import { redirectDrafts } from "./checks/redirects.js";
import { ENDPOINT_ORDER, LIST_OPERATIONS } from "./endpoints.js";
import { PACT_ENDPOINT, pactDrafts } from "./checks/pact.js";
import { verifierModulePath } from "../pact/runner.js";
import { checkPactOptions, runPactVerification, type PactStepOptions } from "../pact/verification.js";
import { createProviderClient, type ProviderResponse } from "../io/provider-client.js";
import { foldObservations, observe, type Observation } from "../coverage/observation.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../io/read-body.js";
import { CHECK_GROUPS, type CheckResult, type VerificationCounts, type VerificationFinding, type VerificationReport } from "./report.js";

export interface VerifyOptions {
  /** The provider's base URL, path prefix included (`https://host/api`, trailing slash or not). */
  baseUrl: string;
  /** The app whose data is swept. Required unless `partial` (see docs/verify.md). */
  appId?: string;
  /**
   * Without an app id, run only the checks that need no data: the verdict is then `partial`, never
   * `pass`. Without an app id and without this, verifyProvider throws E_USAGE.
   */
  partial?: boolean;
  /**
   * Accept an app with no evaluations and no human evaluations (its checks skipped, the verdict PASS).
   * Without it, such a run throws E_EMPTY_APP: a mistyped app id must not pass (as Pact's
   * failIfNoPactsFound). An app with records in one list only is verified either way.
   */
  allowEmptyApp?: boolean;
  /** A human evaluation to fetch by id besides those the app's list returns (also given to Pact). */
  humanEvaluationId?: string;
  /** Warnings count as errors. */
  strict?: boolean;
  /** Run the Pact verification of the committed contracts (default true), with these options. */
  pact?: boolean | PactStepOptions;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** Most requests in flight at once (default 8). */
  concurrency?: number;
  /** Most bytes of one response body, counted after decompression (default 64 MiB); past it, an error finding. */
  maxResponseBytes?: number;
  /** The ids of the unknown-id checks (default: random 24-hex object ids). */
  unknownAppId?: string;
  unknownEvaluationId?: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 8;

const randomObjectId = (): string => randomBytes(12).toString("hex");

function nonEmpty(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "") throw new ToolkitError("E_USAGE", `${name} must not be empty`);
  return value;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new ToolkitError("E_USAGE", `${name} must be a positive integer, got ${value}`);
  return value;
}

interface Timed {
  draft: CheckDraft;
  durationMs: number;
}

async function timed(run: () => Promise<CheckDraft>): Promise<Timed> {
  const start = performance.now();
  const draft = await run();
  return { draft, durationMs: performance.now() - start };
}

function finalize({ draft, durationMs }: Timed, strict: boolean): CheckResult {
  // escalateWarnings spreads each finding, so the `request` of a VerificationFinding survives.
  const findings = (strict ? escalateWarnings(draft.findings) : draft.findings) as VerificationFinding[];
  const outcome = draft.skipReason !== undefined ? "skipped" : hasErrors(findings) ? "failed" : findings.length > 0 ? "warned" : "passed";
  return { ...draft, findings, outcome, durationMs: Math.round(durationMs * 10) / 10 };
}

function count(checks: readonly CheckResult[]): VerificationCounts {
  // A finding that stands for others counted past the per-check bound counts as all of them.
  let errors = 0;
  let warnings = 0;
  for (const check of checks)
    for (const finding of check.findings) {
      const n = 1 + (finding.omitted ?? 0);
      if (finding.severity === "error") errors += n;
      else warnings += n;
    }
  return {
    checks: checks.length,
    passed: checks.filter((c) => c.outcome === "passed").length,
    warned: checks.filter((c) => c.outcome === "warned").length,
    failed: checks.filter((c) => c.outcome === "failed").length,
    skipped: checks.filter((c) => c.outcome === "skipped").length,
    errors,
    warnings,
  };
}

/** Report order: by endpoint (the order of ENDPOINT_ORDER, run-wide checks last), then by check group. */
function sortChecks(checks: CheckResult[]): CheckResult[] {
  const rank = (endpoint: string): number => {
    const i = ENDPOINT_ORDER.indexOf(endpoint);
    return i === -1 ? ENDPOINT_ORDER.length : i;
  };
  return checks
    .map((check, index) => ({ check, index }))
    .sort(
      (a, b) =>
        rank(a.check.endpoint) - rank(b.check.endpoint) ||
        CHECK_GROUPS.indexOf(a.check.group) - CHECK_GROUPS.indexOf(b.check.group) ||
        a.index - b.index,
    )
    .map(({ check }) => check);
}

/** An app with no (human) evaluations is a normal state: say so, since the checks that need one were skipped. */
async function emptyAppNotes(ctx: VerifyContext): Promise<string[]> {
  if (ctx.appId === undefined) return [];
  const notes: string[] = [];
  for (const op of LIST_OPERATIONS) {
    const response = await fetchList(ctx, op, false, "app");
    const what = op === "listEvaluations" ? "evaluations" : "human evaluations";
    if (listRecords(response)?.length === 0)
      notes.push(
        `app ${ctx.appId} has no ${what} (${response.request} answered []): the list checks passed on [], the checks that need a record were skipped`,
      );
  }
  return notes;
}

/** A list of more human evaluations than the by-id checks fetch: say how many were left unfetched. */
async function byIdCapNotes(ctx: VerifyContext): Promise<string[]> {
  if (ctx.appId === undefined) return [];
  const response = await fetchList(ctx, "listHumanEvaluations", false, "app");
  const ids = recordIds(listRecords(response) ?? []).length;
  if (ids <= MAX_BY_ID_FETCHES) return [];
  return [
    `${response.request} lists ${ids.toLocaleString("en-US")} human evaluation ids: the by-id checks fetched the first ${MAX_BY_ID_FETCHES.toLocaleString("en-US")}, the other ${(ids - MAX_BY_ID_FETCHES).toLocaleString("en-US")} were counted, not fetched (docs/limits.md)`,
  ];
}

/**
 * An app id that lists nothing on either endpoint: a mistyped id, or the wrong provider. The run could
 * only skip what needs a record (every Pact interaction included), so it refuses to vouch.
 */
async function refuseEmptyApp(ctx: VerifyContext, appId: string): Promise<void> {
  const answers = await Promise.all(LIST_OPERATIONS.map((op) => fetchList(ctx, op, false, "app")));
  if (!answers.every((answer) => listRecords(answer)?.length === 0)) return;
  throw new ToolkitError(
    "E_EMPTY_APP",
    `app ${appId} has no records on the provider (${answers.map((a) => a.request).join(" and ")} answered []): check --app-id, or pass --allow-empty-app`,
  );
}

/** Both lists answering 404 means no endpoint was found at all: most likely the base URL, not the service. */
async function wrongBaseUrlHint(ctx: VerifyContext): Promise<string | undefined> {
  const kind = ctx.appId === undefined ? "none" : "app";
  const answers = await Promise.all(LIST_OPERATIONS.map((op) => fetchList(ctx, op, false, kind)));
  if (!answers.every((answer) => answer.status === 404)) return undefined;
  return `every list endpoint answers 404 under ${ctx.client.baseUrl}: is the base URL right? It must include the path prefix the service is served under (the real service's ends in /api)`;
}

export async function verifyProvider(options: VerifyOptions): Promise<VerificationReport> {
  const startedAt = new Date().toISOString();
  const start = performance.now();
  const baseUrl = normalizeHttpUrl(options.baseUrl, "the base URL");
  const appId = nonEmpty(options.appId, "the app id");
  const humanEvaluationId = nonEmpty(options.humanEvaluationId, "the human evaluation id");
  const timeoutMs = positiveInteger(options.timeoutMs, DEFAULT_TIMEOUT_MS, "the timeout");
  const concurrency = positiveInteger(options.concurrency, DEFAULT_CONCURRENCY, "the concurrency");
  const strict = options.strict === true;
  const pactOptions = options.pact === false ? undefined : options.pact === true || options.pact === undefined ? {} : options.pact;
  if (pactOptions !== undefined) checkPactOptions(pactOptions);
  if (appId === undefined && options.partial !== true)
    throw new ToolkitError(
      "E_USAGE",
      "--app-id is required: it names the app whose records are swept (with --partial, a run without it checks only what needs no data, and its verdict is partial)",
    );
  // A missing Pact is one line with the install command, before any request.
  if (pactOptions !== undefined && appId !== undefined) verifierModulePath();

  let unknownAppId = options.unknownAppId ?? randomObjectId();
  while (unknownAppId === appId) unknownAppId = randomObjectId();
  const ctx: VerifyContext = {
    client: createProviderClient({
      baseUrl,
      timeoutMs,
      concurrency,
      maxResponseBytes: positiveInteger(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, "the response size limit"),
    }),
    unknownAppId,
    unknownEvaluationId: options.unknownEvaluationId ?? randomObjectId(),
    ...(appId === undefined ? {} : { appId }),
    ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
  };

  // One request alone first: an unreachable provider is one clear line, before Pact starts; then an
  // app with no records at all, before anything is checked.
  await fetchList(ctx, "listEvaluations", false, appId === undefined ? "none" : "app");
  if (appId !== undefined && options.allowEmptyApp !== true) await refuseEmptyApp(ctx, appId);

  let pactNotes: string[] = [];
  const pactRun: Promise<Timed[]> =
    pactOptions === undefined
      ? Promise.resolve([])
      : appId === undefined
        ? Promise.resolve([
            { draft: { group: "pact", check: "pact", endpoint: PACT_ENDPOINT, findings: [], skipReason: NO_APP_ID }, durationMs: 0 },
          ])
        : (async () => {
            const pactStart = performance.now();
            const outcome = await runPactVerification({
              ...pactOptions,
              baseUrl,
              appId,
              timeoutMs,
              client: ctx.client,
              ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
            });
            pactNotes = (outcome.sampledLists ?? []).map(
              ({ request, records, matched }) =>
                `${request} lists ${records.toLocaleString("en-US")} records: Pact matched the first ${matched.toLocaleString("en-US")}, the conformance sweep checked every one (docs/limits.md)`,
            );
            const durationMs = (performance.now() - pactStart) / Math.max(1, outcome.interactions.length);
            return pactDrafts(outcome).map((draft) => ({ draft, durationMs }));
          })();

  const checkRuns = Promise.all(CHECKS.map((check) => timed(() => check(ctx))));

  // Wait for both before failing, so no Pact run is left behind when the provider goes away.
  const [pactSettled, checksSettled] = await Promise.allSettled([pactRun, checkRuns]);
  if (checksSettled.status === "rejected") throw checksSettled.reason;
  if (pactSettled.status === "rejected") throw pactSettled.reason;

  const hint = await wrongBaseUrlHint(ctx);
  const notes = [...(await emptyAppNotes(ctx)), ...(await byIdCapNotes(ctx)), ...pactNotes];
  // Last: it reports the redirects every request above met, each under its endpoint.
  const redirects = redirectDrafts(ctx.client.redirected, ctx).map((draft) => ({ draft, durationMs: 0 }));
  const checks = sortChecks([...pactSettled.value, ...checksSettled.value, ...redirects].map((t) => finalize(t, strict)));
  const counts = count(checks);
  const passed = counts.failed === 0;
  return {
    baseUrl,
    ...(appId === undefined ? {} : { appId }),
    ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
    unknownAppId: ctx.unknownAppId,
    unknownEvaluationId: ctx.unknownEvaluationId,
    strict,
    pact: pactOptions === undefined ? "disabled" : appId === undefined ? "skipped" : "ran",
    verdict: !passed ? "fail" : appId === undefined ? "partial" : "pass",
    passed,
    notes,
    ...(hint === undefined ? {} : { hint }),
    startedAt,
    durationMs: Math.round(performance.now() - start),
    requests: ctx.client.requestCount,
    counts,
    checks,
    observations: providerObservations(ctx.client.answered),
  };
}

/** The provider's answers as coverage observations (Pact's own requests are not among them). */
function providerObservations(answered: readonly ProviderResponse[]): Observation[] {
  const observations: Observation[] = [];
  for (const response of answered) {
    const observation = observe({
      side: "provider",
      source: "verify",
      method: "GET",
      url: response.request.slice("GET ".length),
      status: response.status,
      body: response.parsed ? response.json : undefined,
    });
    if (observation !== undefined) observations.push(observation);
  }
  return foldObservations(observations);
}
