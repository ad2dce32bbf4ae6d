// `evals-contract verify --base-url URL --app-id ID ...`: parses, calls verifyProvider, prints the
// report, writes --junit/--json/--html files, returns the exit code (0 conforms, or a partial run with no
// failure; 1 broken; 2 cannot run, --app-id missing without --partial included).
import { ToolkitError } from "../../errors.js";
import { exitCodeOf } from "../../report/index.js";
import { prepareReportFiles, writeReports } from "../report-files.js";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  fromVerify,
  renderText,
  verifyProvider,
  PROVIDER_BOUNDS,
  type PactStepOptions,
} from "../../verify/index.js";
import { choiceOption, parseCommandArgs, rejectPositionals, stringOption, type ParsedArgs } from "../args.js";
import type { Command } from "../command.js";
import { PROVIDER_OPTIONS, readProviderOptions, requireBaseUrl, VERDICT_OPTIONS } from "../provider-options.js";
import { writeLines } from "../io.js";
import { BASELINE_OPTIONS, finishBaseline, readBaselineOption, rewritesBaseline, todayUtc } from "../baseline-option.js";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error"] as const;

function pactOptions(values: ParsedArgs["values"], env: NodeJS.ProcessEnv): PactStepOptions {
  const logLevel = choiceOption(values, "pact-log-level", LOG_LEVELS);
  const brokerUrl = stringOption(values, "broker-url");
  // Broker secrets may come from the environment (Pact's usual names) rather than the command line.
  const secret = (name: string, variable: string): string | undefined =>
    stringOption(values, name) ?? (brokerUrl === undefined ? undefined : env[variable] || undefined);
  const entries: Array<[keyof PactStepOptions, unknown]> = [
    ["stateSetupUrl", stringOption(values, "state-setup-url")],
    // parseArgs gives an array for a `multiple` option; ParsedArgs does not type that case.
    ["pactFiles", values["pact-file"] as unknown as string[] | undefined],
    ["brokerUrl", brokerUrl],
    ["brokerToken", secret("broker-token", "PACT_BROKER_TOKEN")],
    ["brokerUsername", secret("broker-username", "PACT_BROKER_USERNAME")],
    ["brokerPassword", secret("broker-password", "PACT_BROKER_PASSWORD")],
    ["providerVersion", stringOption(values, "provider-version")],
    ["providerBranch", stringOption(values, "provider-branch")],
    ["publish", values.publish === true ? true : undefined],
    ["logLevel", logLevel],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as PactStepOptions;
}

export const verifyCommand: Command = {
  name: "verify",
  help: `Usage: evals-contract verify --base-url URL --app-id ID [options]
       evals-contract verify --base-url URL --partial [options]

Verifies a running provider: the Pact verification of the committed consumer contracts, a
conformance sweep of every record of every endpoint, and cross-endpoint checks (app_id filter,
same record by id as in the list, unknown ids, missing app_id gives 422, both /path and /path/).

Options:
  --base-url URL               the provider's base URL, path prefix included (https://host/api)
  --app-id ID                  the app whose data is checked (required unless --partial); an app
                               with records in one list only passes, the checks needing one skipped;
                               an app with none at all stops the run (exit 2): a mistyped id must not pass
  --allow-empty-app            accept an app with no records at all (PASS, its checks skipped)
  --partial                    run without --app-id: only the checks that need no data (422
                               without app_id, unknown ids), Pact skipped; the verdict is PARTIAL
  --human-evaluation-id ID     also fetch this human evaluation by id (and give it to Pact)
  --strict                     warnings count as errors (the real service's null optionals and
                               naive timestamps are warnings: --strict fails them)
  --compat ERA                 current (default: any 5xx is an error) or legacy (the spec-era
                               service's own 500s, for an unknown or malformed human evaluation
                               id, a malformed app_id and an unknown app on /evaluations, are
                               warnings, only as it sent them: 500, application/json, its body)
  --baseline FILE              findings this file lists are reported as known and do not fail the
                               run; entries past their "expires" date fail again, entries no longer
                               found are reported as stale (docs/baseline.md)
  --update-baseline            write the run's failures to the --baseline file (exit 0); entries
                               with a "reason" or "expires" are kept, marked stale_since when no
                               longer found; refused (exit 2, file untouched) for an incomplete run
  --prune-baseline             remove the stale entries (those no finding matches) from the
                               --baseline file, curated ones too; alone, it adds nothing and keeps
                               the run's exit code; refused like --update-baseline
  --json FILE                  write the report as JSON (every finding; schemas/report.json)
  --junit FILE                 write a JUnit XML report (a testsuite per check group)
  --html FILE                  write a self-contained HTML report (open it in a browser; no network)
                               (FILE - is stdout for --json, --junit and --html; the text report then
                               goes to stderr)
  --force                      accepted, no longer needed: report files are outputs, and an existing
                               regular file (or a symlink to one) is replaced atomically on every
                               run; a directory, device, FIFO or socket is refused
  --header "Name: value"       send this header with every request, Pact's too (repeatable; e.g.
                               credentials: they are never shown in a report)
  --timeout MS                 per-request timeout, Pact's requests too (default ${DEFAULT_TIMEOUT_MS})
  --concurrency N              most requests in flight at once (default ${DEFAULT_CONCURRENCY}, at most
                               ${PROVIDER_BOUNDS.concurrency.max})
  --max-response-bytes N       largest response body read, counted after decompression (default
                               ${DEFAULT_MAX_RESPONSE_BYTES}, 64 MiB); a larger one is an error finding
  --no-pact                    skip the Pact verification
  --state-setup-url URL        the provider's own state-setup endpoint (it seeds its data)
  --pact-file FILE             verify this pact file instead of the committed ones (repeatable)
  --broker-url URL             take the pacts from a Pact Broker
  --broker-token TOKEN         broker token (or PACT_BROKER_TOKEN)
  --broker-username NAME       broker basic auth (or PACT_BROKER_USERNAME/PACT_BROKER_PASSWORD)
  --broker-password PASSWORD
  --provider-version V         the provider version the results are for (e.g. a git commit)
  --provider-branch B          the provider's branch
  --publish                    publish the verification results to the broker
  --pact-log-level LEVEL       ${LOG_LEVELS.join(", ")}
  -h, --help                   show this help

Exit codes: 0 conforms (warnings allowed unless --strict), or a --partial run in which nothing
failed; 1 the contract is broken; 2 cannot run (bad options, no --app-id without --partial,
an app with no records without --allow-empty-app, provider unreachable, Pact unable to start).

Examples:
  evals-contract verify --base-url http://127.0.0.1:4010 --app-id 65e48be31b48af5e4a2d9bf1
  evals-contract verify --base-url "$PROVIDER_URL" --app-id "$APP_ID" --strict --junit reports/verify.xml \\
    --broker-url "$PACT_BROKER_URL" --provider-version "$GIT_SHA" --publish`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...PROVIDER_OPTIONS,
      ...VERDICT_OPTIONS,
      "app-id": { type: "string" },
      partial: { type: "boolean" },
      "allow-empty-app": { type: "boolean" },
      "human-evaluation-id": { type: "string" },
      ...BASELINE_OPTIONS,
      junit: { type: "string" },
      json: { type: "string" },
      html: { type: "string" },
      force: { type: "boolean" },
      "no-pact": { type: "boolean" },
      "state-setup-url": { type: "string" },
      "pact-file": { type: "string", multiple: true },
      "broker-url": { type: "string" },
      "broker-token": { type: "string" },
      "broker-username": { type: "string" },
      "broker-password": { type: "string" },
      "provider-version": { type: "string" },
      "provider-branch": { type: "string" },
      publish: { type: "boolean" },
      "pact-log-level": { type: "string" },
    });
    rejectPositionals(positionals);
    const provider = readProviderOptions(values);
    const baseUrl = requireBaseUrl(provider);
    const junit = stringOption(values, "junit");
    const json = stringOption(values, "json");
    const html = stringOption(values, "html");
    const noPact = values["no-pact"] === true;
    const pact = pactOptions(values, process.env);
    if (noPact && Object.keys(pact).length > 0) throw new ToolkitError("E_USAGE", "--no-pact cannot be combined with Pact options");
    const baseline = await readBaselineOption(values);
    // A report file must never replace what the run reads: the baseline, a pact file.
    const inputs = [
      ...(baseline.file === undefined ? [] : [{ name: "--baseline", path: baseline.file }]),
      ...(pact.pactFiles ?? []).map((path) => ({ name: "--pact-file", path })),
    ];
    const reports = await prepareReportFiles({ junit, json, html }, io, inputs);
    const appId = stringOption(values, "app-id");
    const humanEvaluationId = stringOption(values, "human-evaluation-id");

    const report = await verifyProvider({
      ...provider,
      baseUrl,
      ...(appId === undefined ? {} : { appId }),
      ...(humanEvaluationId === undefined ? {} : { humanEvaluationId }),
      partial: values.partial === true,
      allowEmptyApp: values["allow-empty-app"] === true,
      ...(baseline.baseline === undefined ? {} : { baseline: baseline.baseline, today: todayUtc() }),
      pact: noPact ? false : pact,
    });

    if (report.baseline !== undefined && baseline.file !== undefined) report.baseline.file = baseline.file;
    const model = fromVerify(report);
    await writeLines(reports.textOut, renderText(model));
    await writeReports(model, reports);
    // A partial run exits 0 only when nothing failed; its report says PARTIAL, never PASS.
    const exit = exitCodeOf(model);
    if (!rewritesBaseline(baseline)) return exit;
    return finishBaseline(
      baseline,
      {
        exit,
        // Without --app-id most checks did not run: their entries would be taken for gone.
        ...(report.appId === undefined ? { incomplete: "no --app-id: only the checks that need no data ran" } : {}),
        findings: report.checks.flatMap((check) => check.findings),
        // Without Pact (--no-pact), its entries are not judged: kept as they are, never taken for gone.
        ...(report.pact === "ran" ? {} : { judged: (key: { check: string }) => key.check !== "pact" }),
        strict: report.strict,
        today: todayUtc(),
      },
      io,
      reports.textOut,
    );
  },
};
