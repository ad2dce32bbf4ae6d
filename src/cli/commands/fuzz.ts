// `evals-contract fuzz --base-url URL --app-id ID ...`: parses, calls fuzzProvider (or prints the plan
// with --dry-run), prints the report, writes --junit/--json/--html, returns the exit code (0 nothing
// failed, 1 failures, 2 cannot run).
import { ToolkitError } from "../../errors.js";
import { exitCodeOf } from "../../report/index.js";
import {
  DEFAULT_FUZZ_CONCURRENCY,
  DEFAULT_FUZZ_TIMEOUT_MS,
  DEFAULT_MAX_REQUESTS,
  formatPlannedRequest,
  fromFuzz,
  fuzzProvider,
  iterateFuzzRequests,
  resolveFuzzOptions,
  renderText,
  DEFAULT_MAX_RESPONSE_BYTES,
  PROVIDER_BOUNDS,
  failureFinding,
  replayCases,
  replayFailures,
  type ReplayCase,
  type FuzzOptions,
  type FuzzReport,
} from "../../fuzz/index.js";
import { intOption, parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { parseDuration } from "../duration.js";
import { EXIT } from "../exit-codes.js";
import { writeLine, writeLines } from "../io.js";
import { BASELINE_OPTIONS, finishBaseline, readBaselineOption, rewritesBaseline, todayUtc } from "../baseline-option.js";
import { decodeUtf8, parseJsonText, readRegularFile } from "../../io/index.js";
import { prepareReportFiles, writeReports } from "../report-files.js";
import { createProgressBar } from "../progress-bar.js";
import { PROVIDER_OPTIONS, readProviderOptions, requireBaseUrl, VERDICT_OPTIONS } from "../provider-options.js";

/** `I/N` as `{ index, total }`, or a usage error. */
export function parseShard(raw: string): { index: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const [index, total] = match === null ? [Number.NaN, Number.NaN] : [Number(match[1]), Number(match[2])];
  if (!(index >= 1 && total >= 1 && index <= total && total <= 1000))
    throw new ToolkitError("E_USAGE", `--shard must be I/N with 1 <= I <= N <= 1000 (e.g. 2/4), got "${raw}"`);
  return { index, total };
}

export const fuzzCommand: Command = {
  name: "fuzz",
  help: `Usage: evals-contract fuzz --base-url URL --app-id ID [options]

Sends a provider every odd request a real client or attacker can send (malformed and over-long
ids, non-ASCII and operator-shaped app_ids, repeated and unknown parameters, other methods, odd
Accept headers) and checks every answer: server-error, status, content-type, body, filter-bypass,
method, response-time, leak, transport (docs/rules.md). Each failure is shrunk to a minimal
request that still fails the same way, and printed with a curl line that reproduces it.
Read-only: GET, HEAD and OPTIONS, and the write methods with a body of at most 2 bytes.

Options:
  --base-url URL             the provider's base URL, path prefix included (https://host/api)
  --app-id ID                the app whose records the requests start from (required)
  --seed N                   the same seed sends the same requests in the same order
                             (default: random, printed in the report)
  --max-requests N           requests of the whole plan, discovery and boundary phase included
                             (default ${DEFAULT_MAX_REQUESTS}; below those two phases, 220 requests, the
                             run is INCOMPLETE); with --replay, the most requests sent again
  --time-limit DURATION      stop sending after this long (30s, 2m); failures found are still shrunk
  --concurrency N            requests in flight at once (default ${DEFAULT_FUZZ_CONCURRENCY}, at most ${PROVIDER_BOUNDS.concurrency.max})
  --timeout MS               per-request timeout; past it the request is a transport failure
                             (default ${DEFAULT_FUZZ_TIMEOUT_MS})
  --max-response-time MS     an answer slower than this is a response-time failure (off unless given)
  --max-response-bytes N     largest body read (default ${DEFAULT_MAX_RESPONSE_BYTES}, 64 MiB)
  --header "Name: value"     send this header with every request (repeatable; e.g. credentials,
                             which are redacted in the curl lines)
  --strict                   warnings count as errors (404 for an unknown id, 405 without Allow)
  --shard I/N                send only this job's share of the seed's requests (1/4 .. 4/4 split
                             one run over four CI jobs; every job needs the same --seed)
  --dry-run                  print the planned requests, one per line, and send nothing
  --replay REPORT.json       send the failures of an earlier run's --json report again and say which
                             still fail, which are fixed, which could not be replayed; only requests
                             fuzz itself sends (a file with another is refused); no --seed
  --baseline FILE            failures this file lists are reported as known and do not fail the
                             run (docs/baseline.md)
  --update-baseline          write the run's failures to the --baseline file (exit 0); entries with
                             a "reason" or "expires" are kept, marked stale_since when no longer
                             found; refused (exit 2, file untouched) for an incomplete run
  --prune-baseline           remove the stale entries from the --baseline file (alone: adds nothing,
                             keeps the run's exit code); refused like --update-baseline
  --json FILE                write the report as JSON (every failure; schemas/report.json)
  --junit FILE               write a JUnit XML report (a testcase per check and operation)
  --html FILE                write a self-contained HTML report
                             (FILE - is stdout; the text report then goes to stderr)
  --force                    accepted: report files are outputs, replaced on every run
  -h, --help                 show this help

Exit codes: 0 nothing failed (warnings allowed unless --strict); 1 failures; 2 cannot run (bad
options, provider unreachable).

Examples:
  evals-contract fuzz --base-url http://127.0.0.1:4010 --app-id 65e48be31b48af5e4a2d9bf1 --seed 1
  evals-contract fuzz --base-url "$PROVIDER_URL" --app-id "$APP_ID" --seed "$GITHUB_RUN_ID" \\
    --shard 2/4 --time-limit 5m --junit reports/fuzz.xml
  evals-contract fuzz --base-url http://127.0.0.1:4010 --app-id 65e48be31b48af5e4a2d9bf1 --seed 1 --dry-run`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...PROVIDER_OPTIONS,
      ...VERDICT_OPTIONS,
      "app-id": { type: "string" },
      seed: { type: "string" },
      "max-requests": { type: "string" },
      "time-limit": { type: "string" },
      "max-response-time": { type: "string" },
      ...BASELINE_OPTIONS,
      replay: { type: "string" },
      shard: { type: "string" },
      "dry-run": { type: "boolean" },
      junit: { type: "string" },
      json: { type: "string" },
      html: { type: "string" },
      force: { type: "boolean" },
    });
    rejectPositionals(positionals);
    const provider = readProviderOptions(values);
    const baseUrl = requireBaseUrl(provider);
    const replay = stringOption(values, "replay");
    const replayed = replay === undefined ? undefined : await readReplay(replay);
    const appId = stringOption(values, "app-id") ?? replayed?.appId;
    if (appId === undefined) throw new ToolkitError("E_USAGE", "--app-id is required: the app whose records the fuzzer starts from");
    const seedRaw = stringOption(values, "seed");
    const shardRaw = stringOption(values, "shard");
    if (shardRaw !== undefined && seedRaw === undefined)
      throw new ToolkitError("E_USAGE", "--shard needs --seed: every shard must draw the same plan (pass the same --seed to each job)");
    const timeLimit = stringOption(values, "time-limit");
    const maxResponseTime = stringOption(values, "max-response-time");
    const baseline = await readBaselineOption(values);
    if (
      replayed !== undefined &&
      (rewritesBaseline(baseline) || values["dry-run"] === true || shardRaw !== undefined || seedRaw !== undefined)
    )
      throw new ToolkitError(
        "E_USAGE",
        "--replay sends the failures of a report again: it takes no --update-baseline, --prune-baseline, --dry-run, --shard or --seed",
      );
    // A shard sends part of the plan: what the other shards find would be taken for gone.
    if (rewritesBaseline(baseline) && shardRaw !== undefined)
      throw new ToolkitError("E_USAGE", "--update-baseline and --prune-baseline need the whole plan: run them without --shard");
    const options: FuzzOptions = {
      ...provider,
      baseUrl,
      appId,
      ...(baseline.baseline === undefined ? {} : { baseline: baseline.baseline, today: todayUtc() }),
      ...(seedRaw === undefined ? {} : { seed: intOption(values, "seed", 0, 0, Number.MAX_SAFE_INTEGER) }),
      maxRequests: intOption(values, "max-requests", DEFAULT_MAX_REQUESTS, 1, 1_000_000),
      ...(timeLimit === undefined ? {} : { timeLimitMs: parseDuration("time-limit", timeLimit, 1000, 24 * 3_600_000) }),
      ...(maxResponseTime === undefined ? {} : { maxResponseTimeMs: intOption(values, "max-response-time", 0, 1, 600_000) }),
      ...(shardRaw === undefined ? {} : { shard: parseShard(shardRaw) }),
    };
    // The seed is drawn here when not given, so that a dry run can print it and a run report it.
    options.seed = resolveFuzzOptions(options).seed;
    if (values["dry-run"] === true) {
      const plan = iterateFuzzRequests(options);
      const shard = options.shard === undefined ? "" : `, shard ${options.shard.index}/${options.shard.total}`;
      writeLine(
        io.stdout,
        `# seed ${options.seed}${shard}: ${plan.planned} requests; {app} is the app id, {record} one of its human evaluations (found by the first two)`,
      );
      // Drawn as printed, and written with back-pressure: a million lines never sit in memory.
      await writeLines(
        io.stdout,
        (function* () {
          for (const request of plan.requests) yield formatPlannedRequest(request);
        })(),
      );
      return EXIT.OK;
    }
    const junit = stringOption(values, "junit");
    const json = stringOption(values, "json");
    const html = stringOption(values, "html");
    const inputs = [
      ...(baseline.file === undefined ? [] : [{ name: "--baseline", path: baseline.file }]),
      ...(replay === undefined ? [] : [{ name: "--replay", path: replay }]),
    ];
    const reports = await prepareReportFiles({ junit, json, html }, io, inputs);
    // A progress line on a terminal (never into a pipe or a file), drawn once the run is worth watching.
    let bar: ReturnType<typeof createProgressBar> | undefined;
    const onProgress = (sent: number, planned: number): void => (bar ??= createProgressBar(io.stderr, planned, "fuzz")).update(sent);
    const report =
      replayed === undefined
        ? await fuzzProvider({ ...options, onProgress })
        : await replayFailures({ ...options, cases: replayed.cases, source: replay! });
    bar?.finish(report.stoppedBy === "done");
    if (report.baseline !== undefined && baseline.file !== undefined) report.baseline.file = baseline.file;
    const model = fromFuzz(report);
    await writeLines(reports.textOut, renderText(model));
    await writeReports(model, reports);
    // Too few requests sent to vouch for anything: it could not run (2), unless --strict makes it a failure.
    const exit = exitCodeOf(model);
    if (!rewritesBaseline(baseline)) return exit;
    const run = { exit, findings: report.failures.map(failureFinding), strict: report.strict, today: options.today ?? todayUtc() };
    const incomplete = fuzzIncomplete(report);
    return finishBaseline(baseline, { ...run, ...(incomplete === undefined ? {} : { incomplete }) }, io, reports.textOut);
  },
};

/** Why a fuzz run did not judge its whole plan (a baseline must not be rewritten from it), or undefined. */
export function fuzzIncomplete(report: Pick<FuzzReport, "stoppedBy" | "verdict" | "sent" | "planned">): string | undefined {
  const sent = `${report.sent.toLocaleString("en-US")} of ${report.planned.toLocaleString("en-US")} requests`;
  if (report.stoppedBy === "time-limit") return `the time limit ended it after ${sent}`;
  if (report.stoppedBy !== "done") return `the provider stopped answering after ${sent}`;
  if (report.verdict !== "pass" && report.verdict !== "fail") return "INCOMPLETE: too few requests to judge the provider";
  if (report.sent < report.planned) return `only ${sent} were sent`;
  return undefined;
}

/** The failures of a fuzz JSON report to send again, and the app it was run for. */
async function readReplay(file: string): Promise<{ cases: ReplayCase[]; appId?: string }> {
  // A regular file of at most 64 MiB (docs/limits.md): never a device or a FIFO.
  const report = parseJsonText(decodeUtf8(await readRegularFile(file), file), file);
  const cases = replayCases(report, file);
  const properties = (report as { properties?: { appId?: unknown } }).properties;
  return { cases, ...(typeof properties?.appId === "string" ? { appId: properties.appId } : {}) };
}
