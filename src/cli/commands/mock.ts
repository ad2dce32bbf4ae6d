// `evals-contract mock [--data FILE] [--port 4010] [--host 127.0.0.1] [--allowed-hosts H,...] [--base-path P] [--delay MS] [--seed N] [--live] [--now ISO] [--record FILE] [--no-console]`
import { OPERATION_IDS, OPERATIONS } from "../../contract/index.js";
import { ToolkitError } from "../../errors.js";
import type { Dataset } from "../../index.js";
import {
  COMPAT_MODES,
  CORS_MODES,
  DEFAULT_COMPAT,
  DEFAULT_DATASET_PATH,
  DEFAULT_HOST,
  DEFAULT_LIVE_DURATION_MS,
  DEFAULT_PORT,
  FAULT_DESCRIPTIONS,
  FAULTS,
  MAX_DELAY_MS,
  normalizeBasePath,
  checkBasePath,
  startMockServer,
} from "../../mock/index.js";
import { refuseOutputOverInput } from "../../io/index.js";
import { choiceOption, instantOption, intOption, parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { parseDuration } from "../duration.js";
import { EXIT } from "../exit-codes.js";
import { createLineLog, waitForSignal, writeLine } from "../io.js";

/** `--allowed-hosts a.test,.example.com`: names (a port is ignored), each checked. */
function allowedHostsOption(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries)
    if (!/^\.?[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?)*(:\d{1,5})?$/.test(entry))
      throw new ToolkitError(
        "E_USAGE",
        `--allowed-hosts takes host names separated by commas (e.g. mock.internal,.example.com), got ${JSON.stringify(entry)}`,
      );
  return entries;
}

async function seededDataset(seed: number): Promise<Dataset> {
  // Loaded lazily: serving a file never loads faker.
  const { generateDataset } = await import("../../generate/index.js");
  return generateDataset({ seed });
}

export const mockCommand: Command = {
  name: "mock",
  help: `Usage: evals-contract mock [--data FILE] [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--base-path P] [--delay MS] [--seed N]
                           [--compat v1|v2|legacy] [--cors any|strict] [--live [--live-duration 30s]]
                           [--now ISO] [--record FILE] [--no-console] [--allowed-hosts H1,H2]

Serves the three endpoints of the Evaluation Listing Service from a dataset, with the real
service's paths (with or without a trailing slash), error bodies, CORS and JSON content type.
The data file is checked with the conformance checker and reloaded when it changes; a changed
file that fails the check is refused and the last good data keeps being served.

Options:
  --data FILE      dataset {"evaluations": [...], "human_evaluations": [...]} to serve and watch
                   (default: the embedded fixtures/default.json)
  --seed N         serve a dataset generated with seed N instead of a file
  --port N         port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H         address to bind (default ${DEFAULT_HOST}, this machine only)
  --allowed-hosts H1,H2
                   more Host names the console answers, for a proxy or a container (e.g.
                   mock.internal, or .example.com for it and its subdomains); it always answers
                   localhost, *.localhost, IP addresses and the --host value. The service's own
                   paths answer any Host
  --base-path P    prefix every path, e.g. /api (letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @ /)
  --delay MS       latency added to every response (default 0)
  --record FILE    write an observation of each answered request to FILE, one JSON line each
                   (operation, status, scenario, the client cases its body shows), replaced once
                   the mock listens (never the data file); then: evals-contract coverage FILE
  --compat MODE    whose error answers to give, byte for byte as recorded from FastAPI:
                     v1      FastAPI + pydantic 1.x, the service of the spec (default)
                     v2      FastAPI + pydantic 2.x (the 422 body differs)
                     legacy  v1 plus the spec-era 500s: unknown human evaluation id, a malformed id
                             or app id, an unknown app on /evaluations
  --cors MODE      any: CORS preflights for any method, as the real service (default);
                   strict: GET only
  --no-console     do not serve the console at <base path>/_mock/ (a page with the dataset, a
                   live request log, scenario switches and a reload button; JSON at /_mock/api/).
                   The console answers only requests whose Host names this machine or an allowed
                   host (DNS rebinding), and takes changes only as application/json from its own
                   origin (no other site can switch or reload it)
  --live           queued and running evaluations and human evaluations move through the real
                   status sequence (INITIALIZED, STARTED, then FINISHED, FINISHED_WITH_ERRORS or
                   FAILED), results, costs and updated_at filled in as the service writes them;
                   the same seed (--seed, default 42) tells the same story
  --live-duration D  every one of them reaches its final status within D (default 30s; e.g. 2m)
  --now ISO        move every timestamp alike so the newest is this instant (e.g. 2026-11-25T12:00:00Z):
                   running records read as recent and the answers stay byte-stable. Under --live
                   the default is the mock's start; without either, the data is served as it is
  -h, --help       show this help

Per-request scenarios (Prism's Prefer syntax, or the same as __ query parameters):
  Prefer: delay=250       answer after 250 ms           ?__delay=250
  Prefer: code=500        answer with that status       ?__code=500
  Prefer: example=empty   lists answer []               ?__example=empty or ?__empty=1
  Prefer: fault=NAME      a network fault               ?__fault=NAME

Faults (per request as above; for every request from the console; per test with MSW's handlers.use):
${FAULTS.map((name) => `  ${name.padEnd(11)}${FAULT_DESCRIPTIONS[name]}`).join("\n")}

Sessions, so parallel test workers do not share state: a request with the header X-Mock-Session: NAME
(or the cookie mock-session=NAME) sees that session's data and scenario, set with
PUT <base path>/_mock/api/sessions/NAME {"data": {...}, "scenario": {"code": 500}} and removed with
DELETE. Every request is in the journal: GET <base path>/_mock/api/requests?operation=&session=&since=

Logs one line per request (method, path, status, time, and the scenario if any; for a 404 or 422,
what it nearly matched: did you mean /evaluations?). Ctrl-C stops it.

Exit codes: 0 stopped with Ctrl-C, 1 the data fails the checker, 2 usage or I/O problem (busy port,
unreadable data file).

Examples:
  evals-contract mock --data my-data.json --base-path /api --delay 200
  evals-contract mock --live --live-duration 1m
  evals-contract mock --now 2026-11-25T12:00:00Z`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      data: { type: "string" },
      seed: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      "base-path": { type: "string" },
      delay: { type: "string" },
      compat: { type: "string" },
      cors: { type: "string" },
      "no-console": { type: "boolean" },
      live: { type: "boolean" },
      "live-duration": { type: "string" },
      now: { type: "string" },
      "allowed-hosts": { type: "string" },
      record: { type: "string" },
    });
    rejectPositionals(positionals);
    const dataFile = stringOption(values, "data");
    if (dataFile === "") throw new ToolkitError("E_USAGE", "--data needs a file name");
    if (dataFile !== undefined && values.seed !== undefined) throw new ToolkitError("E_USAGE", "give either --data or --seed, not both");
    const port = intOption(values, "port", DEFAULT_PORT, 0, 65535);
    const delayMs = intOption(values, "delay", 0, 0, MAX_DELAY_MS);
    const host = stringOption(values, "host") ?? DEFAULT_HOST;
    const basePath = stringOption(values, "base-path");
    const basePathFault = checkBasePath(basePath);
    if (basePathFault !== undefined) throw new ToolkitError("E_USAGE", basePathFault);
    const allowedHosts = allowedHostsOption(stringOption(values, "allowed-hosts"));
    if (allowedHosts !== undefined && values["no-console"] === true)
      throw new ToolkitError("E_USAGE", "--allowed-hosts is for the console: drop it or --no-console");
    const compat = choiceOption(values, "compat", COMPAT_MODES) ?? DEFAULT_COMPAT;
    const cors = choiceOption(values, "cors", CORS_MODES) ?? "any";
    const liveDuration = stringOption(values, "live-duration");
    if (liveDuration !== undefined && values.live !== true) throw new ToolkitError("E_USAGE", "--live-duration needs --live");
    const durationMs =
      liveDuration === undefined ? DEFAULT_LIVE_DURATION_MS : parseDuration("live-duration", liveDuration, 1000, 86_400_000);
    const anchor = instantOption(values, "now");
    const recordFile = stringOption(values, "record");
    if (recordFile === "") throw new ToolkitError("E_USAGE", "--record needs a file name");
    // The recording is an output: it must never be the dataset the mock serves (a symlink or a hard
    // link to it included). Refused before anything is read or written.
    if (recordFile !== undefined && values.seed === undefined)
      await refuseOutputOverInput(
        [{ name: "--record", path: recordFile }],
        [
          dataFile === undefined
            ? { name: "the embedded default dataset", path: DEFAULT_DATASET_PATH }
            : { name: "--data", path: dataFile },
        ],
      );

    // A data file is read and checked once, by the server (a large one off the main thread).
    const seed = values.seed === undefined ? undefined : intOption(values, "seed", 0);
    const data = seed === undefined ? undefined : await seededDataset(seed);
    const source = seed === undefined ? (dataFile ?? DEFAULT_DATASET_PATH) : `generated with seed ${seed}`;

    // Request lines are batched per event-loop turn: one write for many requests under load.
    const { log, flush } = createLineLog(io.stdout);
    const withConsole = values["no-console"] !== true;
    const live = values.live === true ? { durationMs, seed } : undefined;
    const server = await startMockServer({
      ...{ source, dataFile, port, host, basePath, delayMs, compat, cors, live, anchor, log },
      ...(data === undefined ? {} : { data }),
      ...(allowedHosts === undefined ? {} : { allowedHosts }),
      ...(recordFile === undefined ? {} : { recordFile }),
      console: withConsole,
    });
    const apps = server.served.appIds;
    const humanId = server.served.firstHumanEvaluationId ?? "{evaluation_id}";
    writeLine(io.stdout, `Mock Evaluation Listing Service on ${server.url}`);
    writeLine(io.stdout, `  data: ${source} (${server.served.summary})`);
    for (const id of OPERATION_IDS)
      writeLine(io.stdout, `  GET ${server.url}${OPERATIONS[id].path}${id.startsWith("list") ? "?app_id=" : ""}`);
    if (apps.length > 0) {
      writeLine(io.stdout, `  app ids: ${apps.slice(0, 3).join(", ")}${apps.length > 3 ? ", ..." : ""}`);
      writeLine(
        io.stdout,
        `  try: curl '${server.url}/evaluations?app_id=${apps[0]}'  or  curl ${server.url}/human-evaluations/${humanId}`,
      );
    }
    writeLine(
      io.stdout,
      `  base path: ${normalizeBasePath(basePath) || "none"} (--base-path), delay: ${delayMs} ms (--delay), errors: ${compat} (--compat), CORS: ${cors} (--cors)`,
    );
    writeLine(io.stdout, `  scenarios: Prefer: delay=MS | code=STATUS | example=empty | fault=${FAULTS.join("|")} (see --help)`);
    if (withConsole) writeLine(io.stdout, `  console: ${server.url}/_mock/ (request log, scenario switches, reload)`);
    if (allowedHosts !== undefined) writeLine(io.stdout, `  console also answers Host: ${allowedHosts.join(", ")} (--allowed-hosts)`);
    if (server.live !== undefined) writeLine(io.stdout, `  live: ${server.live} (--live-duration)`);
    if (anchor !== undefined || live !== undefined)
      writeLine(
        io.stdout,
        `  time: every timestamp moved so the newest is ${anchor === undefined ? "the mock's start" : new Date(anchor).toISOString()} (--now)`,
      );
    if (recordFile !== undefined)
      writeLine(io.stdout, `  recording: each answered request to ${recordFile} (NDJSON; evals-contract coverage ${recordFile})`);
    if (dataFile !== undefined)
      writeLine(io.stdout, `  watching ${dataFile} for changes${live ? " (a reload starts the live story anew)" : ""}`);
    writeLine(io.stdout, "Press Ctrl-C to stop.");

    await (io.waitForInterrupt ?? waitForSignal)();
    await server.close();
    flush();
    writeLine(io.stdout, "Mock server stopped.");
    return EXIT.OK;
  },
};
