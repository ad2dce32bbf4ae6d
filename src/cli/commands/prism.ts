// `evals-contract prism mock|proxy`: Stoplight Prism on the contract's OpenAPI document.
import { COMPAT_MODES, DEFAULT_COMPAT, isCompatMode, type CompatMode } from "../../contract/index.js";
import { ToolkitError } from "../../errors.js";
import { exitCodeOf } from "../../report/index.js";
import type { PrismExchange } from "../../prism/index.js";
import { intOption, parseCommandArgs, rejectPositionals, stringOption, type OptionSpec } from "../args.js";
import type { Command } from "../command.js";
import { didYouMean } from "../did-you-mean.js";
import type { ExitCode } from "../exit-codes.js";
import { waitForSignal, writeLine, type CliIo } from "../io.js";
import { plural } from "../../check/index.js";

const SHARED: OptionSpec = {
  port: { type: "string" },
  host: { type: "string" },
  document: { type: "string" },
  verbose: { type: "boolean" },
  all: { type: "boolean" },
};

const MODE_OPTIONS: Record<"mock" | "proxy", OptionSpec> = {
  mock: { ...SHARED, dynamic: { type: "boolean" }, seed: { type: "string" }, compat: { type: "string" } },
  proxy: { ...SHARED, upstream: { type: "string" }, errors: { type: "boolean" }, strict: { type: "boolean" } },
};

// Only errors fail a session: Prism's warnings are about what the document does not say (an
// undocumented 404 for an unknown id, which the real service sends), as the checker's warnings are.
const responseSeverities = (exchange: PrismExchange): Set<string> =>
  new Set(exchange.violations.filter((v) => v.location[0] === "response").map((v) => v.severity));

function compatOption(value: string | undefined): CompatMode | undefined {
  if (value === undefined || isCompatMode(value)) return value;
  throw new ToolkitError("E_USAGE", `--compat must be one of ${COMPAT_MODES.join(", ")}, got "${value}"`);
}

const didYouMeanHint = (typed: string, names: readonly string[]): string => {
  const guess = didYouMean(typed, names);
  return guess === undefined ? "" : `did you mean ${guess}? `;
};

const COMPAT_LABEL: Record<CompatMode, string> = { v1: "pydantic v1", v2: "pydantic v2", legacy: "legacy, pydantic v1" };

async function serve(mode: "mock" | "proxy", args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, MODE_OPTIONS[mode]);
  rejectPositionals(positionals);
  const compat = compatOption(stringOption(values, "compat"));
  // Loaded here so that `prism --help` stays instant.
  const { formatExchange, startPrism, PRISM_DEFAULT_HOST, PRISM_DEFAULT_PORT } = await import("../../prism/index.js");
  let requests = 0;
  let broken = 0;
  let warned = 0;
  const onExchange = (exchange: PrismExchange): void => {
    requests++;
    const severities = responseSeverities(exchange);
    if (severities.has("Error")) broken++;
    else if (severities.size > 0) warned++;
    for (const line of formatExchange(exchange, { all: values.all === true })) writeLine(io.stdout, line);
  };
  const document = stringOption(values, "document");
  const upstream = stringOption(values, "upstream");
  const seed = stringOption(values, "seed");
  const prism = await startPrism({
    mode,
    port: intOption(values, "port", PRISM_DEFAULT_PORT, 0, 65535),
    host: stringOption(values, "host") ?? PRISM_DEFAULT_HOST,
    ...(document !== undefined ? { document } : {}),
    ...(upstream !== undefined ? { upstream } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(compat !== undefined ? { compat } : {}),
    dynamic: values.dynamic === true,
    errors: values.errors === true,
    strict: values.strict === true,
    onExchange,
    ...(values.verbose === true ? { onLog: (line: string) => writeLine(io.stderr, `prism: ${line}`) } : {}),
  });

  const kind = mode === "proxy" ? "validation proxy" : values.dynamic === true ? "dynamic mock" : "static mock";
  writeLine(io.stdout, `Prism ${kind} of the Evaluation Listing Service on ${prism.url}`);
  const proxyDocument = `contracts/openapi.yaml, also with trailing slashes${values.strict === true ? "" : ", optional properties nullable"}`;
  const mockDocument = `contracts/openapi.yaml, also with trailing slashes, 422 body of FastAPI (${COMPAT_LABEL[compat ?? DEFAULT_COMPAT]})`;
  writeLine(io.stdout, `  document: ${document ?? (mode === "proxy" ? proxyDocument : mockDocument)}`);
  if (mode === "proxy") {
    writeLine(io.stdout, `  upstream: ${upstream}${values.errors === true ? " (--errors: a violating response becomes a 500)" : ""}`);
    writeLine(io.stdout, `  point your app at ${prism.url} instead of ${upstream}`);
  } else {
    // The static mock answers any app_id with the document's example; this one is the example's own.
    writeLine(io.stdout, `  try: curl '${prism.url}/evaluations?app_id=65e48be31b48af5e4a2d9bf1'`);
  }
  writeLine(io.stdout, "Press Ctrl-C to stop.");

  let interrupted = false;
  const interrupt = (io.waitForInterrupt ?? waitForSignal)().then(() => {
    interrupted = true;
  });
  const crashed = prism.exited.then((code) => ({ code }));
  const outcome = await Promise.race([interrupt.then(() => undefined), crashed]);
  // Ctrl-C in a terminal reaches Prism too (same process group), and its exit may be noticed
  // first: give our own signal handler a moment before calling it a crash.
  if (outcome) await new Promise((resolve) => setTimeout(resolve, 200));
  await prism.close();
  if (outcome && !interrupted) throw new ToolkitError("E_PRISM", `Prism exited unexpectedly (exit code ${String(outcome.code)})`);
  const tally = mode === "proxy" ? `, ${broken} with response errors, ${warned} with response warnings only` : "";
  writeLine(io.stdout, `Prism stopped: ${plural(requests, "request")}${tally}.`);
  return exitCodeOf({ tool: "prism", verdict: mode === "proxy" && broken > 0 ? "fail" : "pass", strict: false });
}

export const prismCommand: Command = {
  name: "prism",
  help: `Usage: evals-contract prism mock  [--port 4010] [--host 127.0.0.1] [--dynamic [--seed N]] [--compat v1|v2|legacy] [--document FILE]
       evals-contract prism proxy --upstream URL [--port 4010] [--host 127.0.0.1] [--errors] [--strict] [--document FILE]

mock   Prism's mock of contracts/openapi.yaml. Static by default: every request answers the
       document's realistic example (200, or 422 with the framework's own body when app_id is
       missing). --dynamic generates responses from the schemas instead (json-schema-faker: at
       least one record per list, real date-times). Every path also answers with a trailing slash.
proxy  Prism's validation proxy: forwards every request to the provider at --upstream and reports
       each request and response that breaks the contract. As on the real service, every path
       also answers with a trailing slash (its web client calls /evaluations/?app_id=...). Null
       optional fields (which the real service sends) are accepted, as by
       \`evals-contract validate\`; --strict reports them too.

Each request is printed on one line as by \`evals-contract mock\` (method, path, status, time),
followed by one line per violation; a violation repeated across records (one renamed field in
every record of a list) is one line with its count and first locations (--all lists each).

Options:
  --port N          port to listen on (default 4010; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1, this machine only)
  --document FILE   another OpenAPI document (file or URL) instead of the contract's
  --dynamic         (mock) generated responses instead of the examples
  --seed N          (mock) integer seed for repeatable --dynamic responses (each request is generated
                    from the seed afresh: the same request gets the same bytes)
  --compat C        (mock) whose 422 body answers a missing app_id: v1 (FastAPI on pydantic 1,
                    the default), v2 (pydantic 2) or legacy (older releases, as v1)
  --upstream URL    (proxy) the provider's base URL, e.g. https://eval.example.com/api
  --errors          (proxy) a violating response fails: Prism answers 500 with the violations
                    (application/problem+json), an invalid request 422 without forwarding it
  --strict          (proxy) null optionals are violations, as in the published document
  --all             print every violation on its own line (no folding of repeats)
  --verbose         also print Prism's own log on stderr
  -h, --help        show this help

Exit codes: 0 stopped with Ctrl-C; 1 (proxy) the provider sent responses with errors (warnings,
such as an undocumented 404, do not count); 2 usage problem or Prism could not start.

Examples:
  evals-contract prism mock
  evals-contract prism mock --dynamic --seed 42 --port 4011
  evals-contract prism mock --compat v2
  evals-contract prism proxy --upstream https://eval.example.com/api --errors`,

  async run(args, io) {
    const [mode, ...rest] = args;
    if (mode !== "mock" && mode !== "proxy")
      throw new ToolkitError(
        "E_USAGE",
        mode === undefined
          ? "expected a mode: prism mock or prism proxy (see --help)"
          : `unknown mode "${mode}" (${didYouMeanHint(mode, ["mock", "proxy"])}expected mock or proxy)`,
      );
    return serve(mode, rest, io);
  },
};
