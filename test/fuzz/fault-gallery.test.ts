// The fuzzer's fault gallery: each faulty provider breaks on one kind of odd request only, and
// `fuzzProvider` must report the expected check on the expected operation as an error, with a shrunk
// request that still shows the fault and a curl line that really reproduces it (run here against the
// still-running provider: same status, and the fault fires again). The conforming provider passes
// with no error; the plan is the seed's alone, and shards split it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fuzzProvider, planFuzzRequests, targetOf } from "../../src/fuzz/index.js";
import type { FuzzFailure, FuzzReport } from "../../src/fuzz/types.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import {
  createFaultyProvider,
  FAULTS,
  providerUrl,
  type FaultHook,
  type FuzzGalleryFault,
  type ParsedRequest,
} from "./faulty-providers.js";

const exec = promisify(execFile);

// One run: a few seconds at most on the small provider.
const RUN = { appId: APP_A, seed: 1, maxRequests: 300 } as const;
const TIMEOUT = 60_000;

afterEach(closeTestServers);

/** Starts a provider on port 0 whose fault hook also notes every request it changed. */
async function start(fault?: FaultHook) {
  const fired: ParsedRequest[] = [];
  const hook: FaultHook | undefined =
    fault &&
    ((request, data) => {
      const result = fault(request, data);
      if (result !== undefined) fired.push(request);
      return result;
    });
  const provider = createFaultyProvider(hook);
  await listenForTest(provider.server);
  return { ...provider, url: providerUrl(provider.server), fired };
}

const describeFailure = (f: FuzzFailure) =>
  `${f.severity} ${f.check} ${f.operationId} (${f.cause}) x${f.hits}: ${f.request.method} ${f.request.path} ${JSON.stringify(f.request.query)} -> ${f.status ?? "no answer"} ${f.firstLine}`;

const summary = (report: FuzzReport) =>
  `verdict ${report.verdict}, ${report.sent} sent, stopped by ${report.stoppedBy}; failures:\n  ${report.failures.map(describeFailure).join("\n  ")}`;

/** Runs a failure's curl line; its status code (`000` when no answer came) or the error curl exits with. */
async function runCurl(failure: FuzzFailure): Promise<{ code: string } | { error: Error }> {
  try {
    const { stdout } = await exec("sh", ["-c", `${failure.curl} --max-time 10 -o /dev/null -w '%{http_code}'`], { timeout: 20_000 });
    return { code: stdout.trim() };
  } catch (error) {
    return { error: error as Error };
  }
}

const caught: string[] = [];
const missed: string[] = [];

afterAll(() => {
  console.log(
    `fuzz fault gallery: ${caught.length}/${FAULTS.length} faults caught` + (missed.length > 0 ? ` (missed: ${missed.join("; ")})` : ""),
  );
});

describe("the conforming provider", () => {
  it(
    "passes with no error",
    async () => {
      const provider = await start();
      const report = await fuzzProvider({ baseUrl: provider.url, ...RUN });
      const errors = report.failures.filter((f) => f.severity === "error");
      expect(errors.map(describeFailure)).toEqual([]);
      expect(report.counts.errors).toBe(0);
      expect(report.verdict, summary(report)).toBe("pass");
      expect(report.passed).toBe(true);
      expect(report.stoppedBy).toBe("done");
      // It really sent the plan (and nothing was left unsent).
      expect(report.sent).toBe(report.planned);
      expect(provider.requests.length).toBeGreaterThanOrEqual(report.sent);
    },
    TIMEOUT,
  );
});

/** Runs the fuzzer against `entry`'s provider and checks the failure, its shrunk request and its curl line. */
async function expectCaught(entry: FuzzGalleryFault): Promise<void> {
  const provider = await start(entry.fault);
  const report = await fuzzProvider({ baseUrl: provider.url, ...RUN, ...entry.options });
  const { check, operationId, severity, cause } = entry.expect;
  const failure = report.failures.find(
    (f) => f.check === check && f.operationId === operationId && f.severity === severity && (cause === undefined || f.cause === cause),
  );
  if (FAULTS.includes(entry)) (failure && report.verdict === "fail" ? caught : missed).push(entry.name);
  expect(
    failure,
    `expected ${severity} ${check} on ${operationId}${cause === undefined ? "" : ` (${cause})`}; ${summary(report)}`,
  ).toBeDefined();
  expect(report.verdict).toBe("fail");
  expect(report.passed).toBe(false);
  expect(report.counts.errors).toBeGreaterThan(0);
  expect(provider.fired.length, "the fault never fired").toBeGreaterThan(0);

  // The shrunk request still shows the fault, and is no bigger than the first that did.
  const shrunk = failure!.request;
  expect(shrunk.operationId).toBe(operationId);
  expect(shrunk.query.length).toBeLessThanOrEqual(failure!.original.query.length);
  entry.shrunk?.(shrunk);

  // The curl line reproduces it: it sends the shrunk request byte for byte, the fault fires once
  // more, and the answer has the same status (or there is none).
  const before = provider.fired.length;
  const sentBefore = provider.requests.length;
  const outcome = await runCurl(failure!);
  expect(provider.requests.slice(sentBefore), failure!.curl).toEqual([`${shrunk.method} ${targetOf(shrunk)}`]);
  expect(provider.fired.length, `the curl line did not make the fault fire: ${failure!.curl}`).toBe(before + 1);
  if (failure!.status === undefined) {
    // No answer came (a reset, no HTTP): curl fails as well. Only a transport fault has no status.
    expect(check).toBe("transport");
    expect("error" in outcome, `curl got an answer (${JSON.stringify(outcome)}): ${failure!.curl}`).toBe(true);
  } else {
    // An answer came (for a body past the cap, the status before it): curl gets the same status.
    expect(outcome, failure!.curl).toEqual({ code: String(failure!.status) });
  }
}

describe("fault gallery: each fault is caught, shrunk and reproduced by its curl line", () => {
  for (const entry of FAULTS) it(entry.name, () => expectCaught(entry), TIMEOUT);
});

describe("the plan", () => {
  const options = { baseUrl: "http://127.0.0.1:9", ...RUN };

  it("is the same for the same seed, and another for another seed", () => {
    const first = planFuzzRequests(options);
    expect(first.length).toBe(RUN.maxRequests);
    expect(planFuzzRequests(options)).toEqual(first);
    expect(planFuzzRequests({ ...options, seed: 2 })).not.toEqual(first);
  });

  it("is split by shards 1/3, 2/3 and 3/3: disjoint, together the whole plan (discovery in each)", () => {
    const whole = planFuzzRequests(options);
    const shards = [1, 2, 3].map((index) => planFuzzRequests({ ...options, shard: { index, total: 3 } }));
    const discovery = whole.filter((r) => r.phase === "discovery");
    expect(discovery.length).toBeGreaterThan(0);
    // Every shard needs the app's records: each sends the discovery requests.
    for (const shard of shards) expect(shard.filter((r) => r.phase === "discovery")).toEqual(discovery);
    const rest = shards.map((shard) => shard.filter((r) => r.phase !== "discovery"));
    for (const part of rest) expect(part.length).toBeGreaterThan(0);
    const seen = new Map<number, number>();
    for (const part of rest) for (const r of part) seen.set(r.index, (seen.get(r.index) ?? 0) + 1);
    expect(
      [...seen.values()].every((n) => n === 1),
      "a request is in two shards",
    ).toBe(true);
    const union = rest.flat().sort((a, b) => a.index - b.index);
    expect(union).toEqual(whole.filter((r) => r.phase !== "discovery"));
  });
});
