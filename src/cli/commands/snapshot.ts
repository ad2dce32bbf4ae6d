// `evals-contract snapshot (--base-url URL --app-id ID... | --har FILE) --out FILE [--anonymize [--salt S]]`:
// parses, calls snapshot(), writes the dataset (atomically, never over a file without --force) and
// the --report, prints what was read and the dataset's check as `validate` prints it; 0 written, 1
// written but the data breaks the contract (or a by-id answer is not its list record), 2 cannot run.
import { escapeControl, formatFoldedFindings, plural, validationSummary } from "../../check/index.js";
import { ToolkitError } from "../../errors.js";
import { exitCodeOf, fromSnapshot } from "../../report/index.js";
import { redactUrlSecrets, refuseOutputOverInput, writeTextFileAtomically, assertWritable } from "../../io/index.js";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_BY_ID_REQUESTS,
  PROVIDER_BOUNDS,
  snapshot,
  snapshotReport,
} from "../../snapshot/index.js";
import { parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { PROVIDER_ONLY, PROVIDER_OPTIONS, readProviderOptions } from "../provider-options.js";
import { writeLine, writeLines } from "../io.js";
import { prepareReportFiles, writeReports } from "../report-files.js";

/**
 * `--anonymize` is a flag that may take one value, `strict` (`--anonymize strict`, `--anonymize=strict`):
 * the value is taken out before the options are parsed. Any other value is E_USAGE (the command has no
 * positional argument a word after `--anonymize` could be).
 */
function anonymizeMode(args: readonly string[]): { args: string[]; strict: boolean } {
  const out: string[] = [];
  let strict = false;
  const refuse = (value: string): never => {
    const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
    throw new ToolkitError("E_USAGE", `--anonymize takes no value, or strict (got ${escapeControl(shown)})`);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      out.push(...args.slice(i));
      break;
    }
    if (arg.startsWith("--anonymize=")) {
      const value = arg.slice("--anonymize=".length);
      if (value !== "strict") refuse(value);
      strict = true;
      out.push("--anonymize");
      continue;
    }
    out.push(arg);
    const next = args[i + 1];
    if (arg === "--anonymize" && next !== undefined && !next.startsWith("-")) {
      if (next !== "strict") refuse(next);
      strict = true;
      i++;
    }
  }
  return { args: out, strict };
}

export const snapshotCommand: Command = {
  name: "snapshot",
  help: `Usage: evals-contract snapshot --base-url URL --app-id ID [--app-id ID ...] --out FILE [options]
       evals-contract snapshot --har FILE.har --out FILE [options]

Turns a real provider (staging), or a HAR recorded against it, into a dataset that
\`evals-contract mock --data FILE\` serves and \`validate\` checks: {"evaluations": [...],
"human_evaluations": [...]}. From a provider it reads each app's two lists, then every listed human
evaluation by id (at most ${MAX_BY_ID_REQUESTS.toLocaleString("en-US")}), and reports any by-id answer that is not its list record. From a
HAR (Playwright's recordHar, Chrome DevTools, a proxy; read as a stream, any size) it takes the
answers of the three endpoints; of a record answered more than once, the newest. Records are written
as the provider sent them: key order, numbers and escapes as they were.

Options:
  --base-url URL           the provider's base URL, path prefix included (https://staging.example.com/api)
  --app-id ID              an app whose records to read (repeatable)
  --har FILE               read a HAR file instead of a provider
  --out FILE               the dataset to write (never over an existing file without --force)
  -f, --force              overwrite --out (and --report)
  --anonymize              replace whatever identifies people and customers: user names and ids, app
                           and every other id (24-hex stays 24-hex, one pseudonym per value everywhere),
                           test set and variant names (app.variant kept), evaluator config names, each
                           found again in any text or property name (any case, Unicode form, or
                           percent-encoded); emails, URLs, hosts, IPs, phones, tokens, keys and paths in
                           free text; property names the contract does not know; the string values of
                           settings_values. Statuses, types, numbers, timestamps, evaluator keys,
                           structure, nulls and empty strings are kept, so every client case coverage
                           counts is still there
  --anonymize strict       the same, and every free text (error messages, tracebacks, text results)
                           replaced by a placeholder of its shape; a Python traceback keeps its
                           Traceback line, its File "...", line N, in f frames (paths pseudonymised)
                           and its exception class names
  --salt S                 the pseudonyms' salt: the same input and salt give the same output (default:
                           a random salt, printed once so the run can be repeated)
  --report FILE            write what was replaced, field by field, with counts (JSON; no value)
  --json FILE              write the run as a report (schemas/report.json): the exchanges, by-id
                           answers and the dataset's findings as checks (no salt)
  --junit FILE             write a JUnit XML report
  --html FILE              write a self-contained HTML report
                           (FILE - is stdout; the text report then goes to stderr)
  --header "Name: value"   send this header with every request (repeatable; credentials are never shown)
  --timeout MS             per request (default ${DEFAULT_TIMEOUT_MS})
  --concurrency N          requests at once (default ${DEFAULT_CONCURRENCY}, at most ${PROVIDER_BOUNDS.concurrency.max}, as verify and fuzz)
  --max-response-bytes N   refuse a larger body (default ${DEFAULT_MAX_RESPONSE_BYTES.toLocaleString("en-US")})
  -h, --help               show this help

Exit codes: 0 written; 1 written, but the data breaks the contract (findings printed as validate
prints them) or a by-id answer differs from its list record; 2 cannot run (bad options, the
provider unreachable or a list not answered with a JSON array, no HAR file, --out exists).

Examples:
  evals-contract snapshot --base-url https://staging.example.com/api --app-id 65e48be31b48af5e4a2d9bf1 \\
    --out staging.json --anonymize --report staging-report.json && evals-contract mock --data staging.json
  evals-contract snapshot --har session.har --out from-har.json --anonymize --salt team-secret`,

  async run(given, io) {
    const { args, strict } = anonymizeMode(given);
    const { values, positionals } = parseCommandArgs(args, {
      ...PROVIDER_OPTIONS,
      "app-id": { type: "string", multiple: true },
      har: { type: "string" },
      out: { type: "string" },
      force: { type: "boolean", short: "f" },
      anonymize: { type: "boolean" },
      salt: { type: "string" },
      report: { type: "string" },
      json: { type: "string" },
      junit: { type: "string" },
      html: { type: "string" },
    });
    rejectPositionals(positionals);
    const { baseUrl, ...provider } = readProviderOptions(values);
    const har = stringOption(values, "har");
    const appIds = (values["app-id"] as unknown as string[] | undefined) ?? [];
    const out = stringOption(values, "out");
    const report = stringOption(values, "report");
    const salt = stringOption(values, "salt");
    const force = values.force === true;
    if (out === undefined) throw new ToolkitError("E_USAGE", "--out FILE is required: where to write the dataset");
    if ((baseUrl === undefined) === (har === undefined))
      throw new ToolkitError("E_USAGE", "give either --base-url URL with --app-id ID, or --har FILE");
    if (har !== undefined && appIds.length > 0) throw new ToolkitError("E_USAGE", "--app-id reads a provider: it does not go with --har");
    if (baseUrl !== undefined && appIds.length === 0)
      throw new ToolkitError("E_USAGE", "--app-id ID is required with --base-url (repeat it for more apps)");
    if (salt !== undefined && values.anonymize !== true) throw new ToolkitError("E_USAGE", "--salt needs --anonymize");
    const providerOnly = PROVIDER_ONLY.filter((name) => values[name] !== undefined);
    if (har !== undefined && providerOnly.length > 0)
      throw new ToolkitError("E_USAGE", `--${providerOnly[0]} reads a provider: it does not go with --har`);

    // Nothing is read before the outputs are known to be writable, and neither may be an input.
    const inputs = har === undefined ? [] : [{ name: "the HAR file", path: har }];
    const outputs = [{ name: "--out", path: out }, ...(report === undefined ? [] : [{ name: "--report", path: report }])];
    await refuseOutputOverInput(outputs, inputs);
    if (report !== undefined) await refuseOutputOverInput([{ name: "--report", path: report }], [{ name: "--out", path: out }]);
    await assertWritable(out, force);
    if (report !== undefined) await assertWritable(report, force);
    const files = { json: stringOption(values, "json"), junit: stringOption(values, "junit"), html: stringOption(values, "html") };
    const reports = await prepareReportFiles(files, io, [...inputs, ...outputs]);
    const text = reports.textOut;

    const result = await snapshot({
      source:
        har !== undefined
          ? { har }
          : {
              ...provider,
              baseUrl: baseUrl!,
              appIds,
            },
      ...(values.anonymize === true ? { anonymize: { ...(salt === undefined ? {} : { salt }), ...(strict ? { strict } : {}) } } : {}),
    });

    await writeTextFileAtomically(out, result.text, force);
    if (report !== undefined) await writeTextFileAtomically(report, `${JSON.stringify(snapshotReport(result), null, 2)}\n`, force);

    const from = har !== undefined ? har : `${redactUrlSecrets(baseUrl!)} (${plural(appIds.length, "app")})`;
    const model = fromSnapshot({ source: from, out, fromHar: har !== undefined, strictAnonymize: strict, result });
    await writeLines(text, model.intro);
    if (result.randomSalt === true)
      writeLine(text, `salt: ${result.salt} (drawn at random: pass --salt ${result.salt} to make the same snapshot again)`);
    await writeLines(
      text,
      result.notes.map((note) => `note: ${note}`),
    );
    await writeLines(
      text,
      result.exchangeFindings.map(
        (finding) =>
          `${finding.severity}: ${redactUrlSecrets(finding.message)}${finding.request === undefined ? "" : ` (${redactUrlSecrets(finding.request)})`}`,
      ),
    );
    await writeLines(
      text,
      result.differences.map((difference) => `error: by id: ${difference}`),
    );
    await writeLines(text, formatFoldedFindings(result.validation.findings));
    writeLine(text, validationSummary(out, result.validation));
    if (report !== undefined) writeLine(text, `report: ${report}`);
    await writeReports(model, reports);
    return exitCodeOf(model);
  },
};
