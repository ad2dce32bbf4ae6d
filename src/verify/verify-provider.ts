// The verifier: runs the Pact verification, the conformance sweep and the cross-endpoint checks
// against a provider's base URL and returns a report. Findings are results; only "cannot run"
// (bad options, provider unreachable, Pact unable to start) throws a ToolkitError.
import { randomBytes } from "node:crypto";
import { escalateWarnings, hasErrors } from "../check/finding.js";
import { ToolkitError } from "../errors.js";
import { CHECKS } from "./checks/index.js";
import { fetchList, listRecords, MAX_BY_ID_FETCHES, NO_APP_ID, listedIds, type CheckDraft, type VerifyContext } from "./checks/context.js";
import { answerDrafts } from "./answer-drafts.js";
import { sendPlan } from "./plan.js";
import { ENDPOINT_ORDER, LIST_OPERATIONS } from "./endpoints.js";
import { PACT_ENDPOINT, pactDrafts } from "./checks/pact.js";
import { verifierModulePath } from "../pact/runner.js";
import { checkPactOptions, runPactVerification, type PactStepOptions } from "../pact/verification.js";
import { assertReachable, createProviderClient, type ProviderResponse } from "../engine/provider-client.js";
import type { Observation } from "../coverage/observation.js";
import { resolveProviderSettings, type Compat, type ProviderSettingsOptions } from "../engine/provider-settings.js";
import { applyBaseline, type Baseline, type BaselineOutcome } from "../engine/baseline.js";
import { createExecutor, type Executor } from "../engine/executor.js";
import { CHECK_GROUPS, type CheckResult, type VerificationCounts, type VerificationFinding, type VerificationReport } from "./report.js";

/** The run's settings (base URL, headers, timeout, concurrency, byte cap, compat, strict: src/engine/provider-settings.ts), and verify's own. */
export interface VerifyOptions extends ProviderSettingsOptions {
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
  /** Run the Pact verification of the committed contracts (default true), with these options. */
  pact?: boolean | PactStepOptions;
  /** The ids of the unknown-id checks (default: random 24-hex object ids). */
  unknownAppId?: string;
  unknownEvaluationId?: string;
  /** Findings this baseline lists are reported as known and do not fail the run (docs/baseline.md). */
  baseline?: Baseline;
  /** The run's date (YYYY-MM-DD) the baseline's `expires` dates are compared with; default: the UTC date of the start. */
  today?: string;
}

/** The id of the malformed-id request: 24 characters, not hex (fuzz's boundary phase sends it too). */
export const MALFORMED_EVALUATION_ID = "zzzzzzzzzzzzzzzzzzzzzzzz";

export { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "../engine/provider-settings.js";

const randomObjectId = (): string => randomBytes(12).toString("hex");

function nonEmpty(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "") throw new ToolkitError("E_USAGE", `${name} must not be empty`);
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

/** Warnings escalated under --strict (escalateWarnings spreads each finding, so its other fields survive). */
const escalate = ({ draft, durationMs }: Timed, strict: boolean): Timed =>
  strict ? { draft: { ...draft, findings: escalateWarnings(draft.findings) as VerificationFinding[] }, durationMs } : { draft, durationMs };

/** The check's outcome: a known error (listed in the baseline) does not fail it. */
function finalize({ draft, durationMs }: Timed): CheckResult {
  const findings = draft.findings;
  const failing = hasErrors(findings.filter((f) => f.known !== true));
  const outcome = draft.skipReason !== undefined ? "skipped" : failing ? "failed" : findings.length > 0 ? "warned" : "passed";
  return { ...draft, findings, outcome, durationMs: Math.round(durationMs * 10) / 10 };
}

/** The baseline applied to every check's findings at once (staleness is a property of the whole run). */
function withBaseline(timed: Timed[], baseline: Baseline, today: string): { timed: Timed[]; outcome: BaselineOutcome } {
  const outcome = applyBaseline(
    timed.flatMap((t) => t.draft.findings),
    baseline,
    today,
  );
  let at = 0;
  const marked = timed.map((t) => {
    const findings = outcome.findings.slice(at, at + t.draft.findings.length);
    at += t.draft.findings.length;
    return { draft: { ...t.draft, findings }, durationMs: t.durationMs };
  });
  return { timed: marked, outcome };
}

function count(checks: readonly CheckResult[]): VerificationCounts {
  // A finding that stands for others counted past the per-check bound counts as all of them.
  let errors = 0;
  let warnings = 0;
  let known = 0;
  for (const check of checks)
    for (const finding of check.findings) {
      const n = 1 + (finding.omitted ?? 0);
      if (finding.known === true) known += n;
      else if (finding.severity === "error") errors += n;
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
    known,
  };
}

/** Drafts of one check at one endpoint made one (a sweep check's own findings and the engine's of the same answers). */
function mergeDrafts(timed: Timed[]): Timed[] {
  const byKey = new Map<string, Timed>();
  for (const t of timed) {
    const key = `${t.draft.group}|${t.draft.check}|${t.draft.endpoint}`;
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { draft: { ...t.draft, findings: [...t.draft.findings] }, durationMs: t.durationMs });
    else {
      seen.draft.findings.push(...t.draft.findings);
      seen.durationMs += t.durationMs;
      // Engine findings of answers a skipped check never fetched cannot exist; a skip stays a skip only without findings.
      if (seen.draft.findings.length > 0) delete seen.draft.skipReason;
    }
  }
  return [...byKey.values()];
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
  const ids = listedIds(listRecords(response) ?? []).length;
  if (ids <= MAX_BY_ID_FETCHES) return [];
  return [
    `${response.request} lists ${ids.toLocaleString("en-US")} human evaluation ids: the by-id checks fetched the first ${MAX_BY_ID_FETCHES.toLocaleString("en-US")}, the other ${(ids - MAX_BY_ID_FETCHES).toLocaleString("en-US")} were counted, not fetched (docs/limits.md)`,
  ];
}

/** A 200 whose body is `[]`, read from the text as JSON.parse would: a 26 MB list is not parsed to learn it is not empty. */
const isEmptyList = (response: ProviderResponse): boolean =>
  response.status === 200 && "answer" in response.outcome && response.outcome.answer.tooLarge !== true && EMPTY_ARRAY.test(response.text);
const EMPTY_ARRAY = /^[\t\n\r ]*\[[\t\n\r ]*\][\t\n\r ]*$/;

/**
 * An app id that lists nothing on either endpoint: a mistyped id, or the wrong provider. The run could
 * only skip what needs a record (every Pact interaction included), so it refuses to vouch.
 */
async function refuseEmptyApp(ctx: VerifyContext, appId: string): Promise<void> {
  const answers = await Promise.all(LIST_OPERATIONS.map((op) => fetchList(ctx, op, false, "app")));
  if (!answers.every(isEmptyList)) return;
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
  // The base URL first, named as a library caller knows it; then the rest of the run's settings.
  const { baseUrl, headers, timeoutMs, concurrency, maxResponseBytes, strict, compat } = resolveProviderSettings(options, "the base URL");
  const appId = nonEmpty(options.appId, "the app id");
  const humanEvaluationId = nonEmpty(options.humanEvaluationId, "the human evaluation id");
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
  // One executor: the run's concurrency, and the coverage observations of every answer.
  const executor = createExecutor({ concurrency, source: "verify" });
  const ctx: VerifyContext = {
    client: createProviderClient({
      baseUrl,
      timeoutMs,
      concurrency,
      executor,
      headers,
      maxResponseBytes,
    }),
    unknownAppId,
    unknownEvaluationId: options.unknownEvaluationId ?? randomObjectId(),
    malformedEvaluationId: MALFORMED_EVALUATION_ID,
    ...(appId === undefined ? {} : { appId }),
    ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
  };

  try {
    return await verifyWith(ctx, {
      executor,
      ...(options.allowEmptyApp === undefined ? {} : { allowEmptyApp: options.allowEmptyApp }),
      ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
      ...(options.today === undefined ? {} : { today: options.today }),
      appId,
      humanEvaluationId,
      baseUrl,
      strict,
      compat,
      pactOptions,
      headers,
      timeoutMs,
      startedAt,
      start,
    });
  } finally {
    ctx.client.close();
  }
}

/** Every answer's coverage observation, taken once the checks are done (observing parses a body: see observeAnswered). */
function observationsOf(ctx: VerifyContext, executor: Executor): Observation[] {
  ctx.client.observeAnswered();
  return executor.observations();
}

interface Run {
  executor: Executor;
  appId: string | undefined;
  humanEvaluationId: string | undefined;
  baseUrl: string;
  strict: boolean;
  compat: Compat;
  pactOptions: PactStepOptions | undefined;
  headers: Array<[string, string]>;
  timeoutMs: number;
  startedAt: string;
  start: number;
  allowEmptyApp?: boolean;
  baseline?: Baseline;
  today?: string;
}

async function verifyWith(ctx: VerifyContext, run: Run): Promise<VerificationReport> {
  const { appId, humanEvaluationId, baseUrl, strict, compat, pactOptions, timeoutMs, startedAt, start, executor } = run;
  // One request alone first: an unreachable provider is one clear line, before Pact starts; then an
  // app with no records at all, before anything is checked. Later faults are transport findings.
  assertReachable(ctx.client, await fetchList(ctx, "listEvaluations", false, appId === undefined ? "none" : "app"));
  if (appId !== undefined && run.allowEmptyApp !== true) await refuseEmptyApp(ctx, appId);

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
              headers: Object.fromEntries(run.headers),
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

  // The plan first (lists before the by-id fan-out), then the checks on its answers.
  const checkRuns = sendPlan(ctx).then(() => Promise.all(CHECKS.map((check) => timed(() => check(ctx)))));

  // Wait for both before failing, so no Pact run is left behind when the provider goes away.
  const [pactSettled, checksSettled] = await Promise.allSettled([pactRun, checkRuns]);
  if (checksSettled.status === "rejected") throw checksSettled.reason;
  if (pactSettled.status === "rejected") throw pactSettled.reason;

  const hint = await wrongBaseUrlHint(ctx);
  const notes = [...(await emptyAppNotes(ctx)), ...(await byIdCapNotes(ctx)), ...pactNotes];
  // Last: the engine's checks of every answer the requests above got, each under its endpoint.
  const knownIds = appId === undefined ? [] : listedIds(listRecords(await fetchList(ctx, "listHumanEvaluations", false, "app")) ?? []);
  const judged = await answerDrafts(ctx.client.answered, ctx, {
    baseUrl,
    compat,
    ...(appId === undefined ? {} : { appId }),
    knownIds: new Set([...knownIds, ...(humanEvaluationId === undefined ? [] : [humanEvaluationId])]),
    maxResponseBytes: ctx.client.maxResponseBytes,
  });
  const merged = mergeDrafts([...pactSettled.value, ...checksSettled.value, ...judged.map((draft) => ({ draft, durationMs: 0 }))]).map(
    (t) => escalate(t, strict),
  );
  const based = run.baseline === undefined ? undefined : withBaseline(merged, run.baseline, run.today ?? startedAt.slice(0, 10));
  const checks = sortChecks((based?.timed ?? merged).map(finalize));
  const counts = count(checks);
  const passed = counts.failed === 0;
  return {
    baseUrl: ctx.client.baseUrl,
    ...(appId === undefined ? {} : { appId }),
    ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
    unknownAppId: ctx.unknownAppId,
    unknownEvaluationId: ctx.unknownEvaluationId,
    malformedEvaluationId: ctx.malformedEvaluationId,
    strict,
    compat,
    pact: pactOptions === undefined ? "disabled" : appId === undefined ? "skipped" : "ran",
    verdict: !passed ? "fail" : appId === undefined ? "partial" : "pass",
    passed,
    notes,
    ...(hint === undefined ? {} : { hint }),
    startedAt,
    durationMs: Math.round(performance.now() - start),
    requests: ctx.client.requestCount,
    counts,
    ...(based === undefined
      ? {}
      : { baseline: { known: based.outcome.counts.known, stale: based.outcome.stale, expired: based.outcome.expired } }),
    checks,
    observations: observationsOf(ctx, executor),
  };
}
