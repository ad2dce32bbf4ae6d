// Verifies a provider against the Pact contracts: the committed pact(s) in contracts/ (or given
// files, or a Pact Broker's), replayed by Pact's Verifier against the provider's base URL, with
// provider states met from the provider's own data (provider-states.ts) or by its own setup URL.
// A broken contract is a result (passed: false, mismatches per interaction); only a verification
// that cannot run throws (E_PACT, E_PROVIDER_UNREACHABLE, E_USAGE, file errors).
import { isToolkitError, ToolkitError } from "../errors.js";
import { createRedactor, normalizeHttpUrl } from "../io/index.js";
import { providerHeaders } from "../engine/provider-headers.js";
import { DEFAULT_TIMEOUT_MS } from "../engine/provider-settings.js";
import { withoutCredentials } from "../io/base-url.js";
// The type from its own module: the io index's declarations name Node types (a consumer's strict build has none).
import { assertReachable, createProviderClient, type ProviderClient } from "../engine/provider-client.js";
import { PACT_PROVIDER } from "./contract.js";
import { operationResolver, readCommittedPacts, readPactFiles, type LocalPacts } from "./operations.js";
import { isVerifierJson, toVerificationResult, type PactVerificationResult } from "./results.js";
import { runVerifierIsolated, type VerifierRunOptions } from "./runner.js";
import { startProviderStateServer, type ProviderStateServer } from "./provider-states.js";
import { sampleList, startSamplingProxy, type Sample, type SamplingProxy } from "./list-sample.js";
import { stripVTControlCharacters } from "node:util";

export type { PactInteractionResult, PactVerificationResult } from "./results.js";

/** Which consumer versions' pacts a broker hands out (Pact's consumer version selectors). */
export interface ConsumerVersionSelector {
  mainBranch?: boolean;
  branch?: string;
  matchingBranch?: boolean;
  deployedOrReleased?: boolean;
  deployed?: boolean;
  released?: boolean;
  environment?: string;
  latest?: boolean;
  tag?: string;
  fallbackTag?: string;
  consumer?: string;
}

export interface PactVerificationOptions {
  baseUrl: string;
  appId: string;
  humanEvaluationId?: string;
  /** The provider's own state-change endpoint (Pact protocol); replaces the read-only lookups. */
  stateSetupUrl?: string;
  /** Default: the committed contracts/*.json pact(s). Ignored when `brokerUrl` is given. */
  pactFiles?: string[];
  brokerUrl?: string;
  brokerToken?: string;
  brokerUsername?: string;
  brokerPassword?: string;
  providerVersion?: string;
  providerBranch?: string;
  /** Publish the verification results to the broker (needs `brokerUrl` and `providerVersion`). */
  publish?: boolean;
  /** Default: the main branch and whatever is deployed or released. */
  consumerVersionSelectors?: ConsumerVersionSelector[];
  /** Pact's own logging; default "error" (silent). info, debug and trace show Pact's output on stderr. */
  logLevel?: "trace" | "debug" | "info" | "warn" | "error";
  /** Per-request timeout of the verifier's and the provider-state lookups' requests, in ms (default 10 000). */
  timeoutMs?: number;
  /** Headers sent with every request to the provider, the verifier's included (credentials: never shown). */
  headers?: Record<string, string>;
  /**
   * The verify run's provider client (same base URL), whose responses the reachability check, the
   * provider states and the list sampling share instead of fetching the lists again.
   */
  client?: ProviderClient;
}

/** Everything of the options that a `verify` run does not set itself (it passes its own URL, ids and timeout). */
export type PactStepOptions = Omit<PactVerificationOptions, "baseUrl" | "appId" | "humanEvaluationId" | "timeoutMs" | "headers" | "client">;

export const DEFAULT_CONSUMER_VERSION_SELECTORS: readonly ConsumerVersionSelector[] = [{ mainBranch: true }, { deployedOrReleased: true }];

const VERIFIER_TIMEOUT_MS = 120_000;

/** Usage errors in the Pact options, one line each, before any request (also run by verifyProvider). */
export function checkPactOptions(options: PactStepOptions): void {
  if (options.stateSetupUrl !== undefined) normalizeHttpUrl(options.stateSetupUrl, "--state-setup-url");
  if (options.brokerUrl !== undefined) normalizeHttpUrl(options.brokerUrl, "--broker-url");
  if (options.publish === true && options.brokerUrl === undefined)
    throw new ToolkitError("E_USAGE", "--publish needs --broker-url (verification results are published to a Pact Broker)");
  if (options.publish === true && options.providerVersion === undefined)
    throw new ToolkitError("E_USAGE", "--publish needs --provider-version (e.g. the provider's git commit)");
  if ((options.brokerUsername === undefined) !== (options.brokerPassword === undefined))
    throw new ToolkitError("E_USAGE", "--broker-username and --broker-password go together");
  if (options.brokerToken !== undefined && options.brokerUsername !== undefined)
    throw new ToolkitError("E_USAGE", "give either --broker-token or --broker-username/--broker-password, not both");
}

/** Any HTTP answer means the provider is up; only a failed connection is "unreachable" (E_PROVIDER_UNREACHABLE). */
async function assertProviderUp(client: ProviderClient, appId: string): Promise<void> {
  assertReachable(client, await client.get("/evaluations", { app_id: appId }));
}

/**
 * The app's lists longer than MAX_PACT_LIST_RECORDS, each cut to its first records for Pact
 * (list-sample.ts). Only with the verify run's client, whose responses the sweep holds anyway.
 */
async function listSamples(client: ProviderClient | undefined, appId: string): Promise<Sample[]> {
  if (client === undefined) return [];
  const responses = await Promise.all(["/evaluations", "/human-evaluations"].map((path) => client.get(path, { app_id: appId })));
  return responses.map((response) => sampleList(response)).filter((sample) => sample !== undefined);
}

function brokerOptions(options: PactVerificationOptions, brokerUrl: string): VerifierRunOptions {
  return {
    pactBrokerUrl: brokerUrl,
    ...(options.brokerToken === undefined ? {} : { pactBrokerToken: options.brokerToken }),
    ...(options.brokerUsername === undefined ? {} : { pactBrokerUsername: options.brokerUsername }),
    ...(options.brokerPassword === undefined ? {} : { pactBrokerPassword: options.brokerPassword }),
    consumerVersionSelectors: options.consumerVersionSelectors ?? DEFAULT_CONSUMER_VERSION_SELECTORS,
    failIfNoPactsFound: true,
  };
}

/** The non-empty lines of the verifier's output, without colour codes. */
const plainLines = (text: string): string[] =>
  stripVTControlCharacters(text)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** Pact only logs a failed publication (an ERROR line), it is not in its result: find it in the output. */
function publicationFailure(output: string): string | undefined {
  const match = /Publishing of verification results failed[^\n]*/.exec(stripVTControlCharacters(output));
  return match?.[0].trim();
}

/**
 * Verifies the provider against the pacts. A broken contract is a result; only a run that cannot
 * happen throws, always as a ToolkitError (anything unexpected becomes E_PACT).
 */
export async function runPactVerification(options: PactVerificationOptions): Promise<PactVerificationResult> {
  try {
    return await verifyPacts(options);
  } catch (error) {
    if (isToolkitError(error)) throw error;
    throw new ToolkitError("E_PACT", `the Pact verification could not run: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

async function verifyPacts(options: PactVerificationOptions): Promise<PactVerificationResult> {
  if (options.appId.trim() === "") throw new ToolkitError("E_USAGE", "an app id is needed to meet the provider states (--app-id)");
  checkPactOptions(options);
  // Pact's verifier takes no credentials in a URL; the engine's own requests carry them.
  const baseUrl = withoutCredentials(normalizeHttpUrl(options.baseUrl, "--base-url"));
  const brokerUrl = options.brokerUrl === undefined ? undefined : normalizeHttpUrl(options.brokerUrl, "--broker-url");
  const stateSetupUrl = options.stateSetupUrl;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = providerHeaders(options.headers);
  const local: LocalPacts =
    brokerUrl !== undefined
      ? { files: [], operations: new Map() }
      : options.pactFiles
        ? await readPactFiles(options.pactFiles)
        : await readCommittedPacts();
  const client = options.client ?? createProviderClient({ baseUrl, timeoutMs, concurrency: 1, headers, tool: "pact" });
  await assertProviderUp(client, options.appId);

  let states: ProviderStateServer | undefined;
  let proxy: SamplingProxy | undefined;
  try {
    if (stateSetupUrl === undefined)
      states = await startProviderStateServer({
        baseUrl,
        appId: options.appId,
        timeoutMs,
        client,
        ...(options.humanEvaluationId === undefined ? {} : { humanEvaluationId: options.humanEvaluationId }),
      });
    // Only for the committed contract, whose lists are eachLike with no upper or large lower bound: a
    // broker's or a given pact may say more of a list, and a provider's own state setup may change
    // its data; Pact then sees the lists whole.
    const committed = brokerUrl === undefined && options.pactFiles === undefined && stateSetupUrl === undefined;
    const samples = committed ? await listSamples(options.client, options.appId) : [];
    if (samples.length > 0) proxy = await startSamplingProxy(baseUrl, samples);
    const logLevel = options.logLevel ?? "error";
    const verifierOptions: VerifierRunOptions = {
      provider: PACT_PROVIDER,
      // pact-js's proxy forwards to this URL and keeps its path, so a prefix such as /api works.
      providerBaseUrl: proxy?.url ?? baseUrl,
      providerStatesSetupUrl: stateSetupUrl ?? states?.url,
      logLevel,
      // The verifier's own per-request timeout (pact-core's default is 30 s): a provider that hangs
      // on one endpoint fails that interaction in the time the rest of the run allows.
      timeout: timeoutMs,
      ...(headers.length === 0 ? {} : { customProviderHeaders: headers.map(([name, value]) => `${name}: ${value}`) }),
      ...(brokerUrl === undefined ? { pactUrls: local.files } : brokerOptions(options, brokerUrl)),
      ...(options.providerVersion === undefined ? {} : { providerVersion: options.providerVersion }),
      ...(options.providerBranch === undefined ? {} : { providerVersionBranch: options.providerBranch }),
      // pact-core refuses publishVerificationResult (even false) without a provider version.
      ...(options.publish === true ? { publishVerificationResult: true } : {}),
    };
    const outcome = await runVerifierIsolated(verifierOptions, {
      echo: logLevel === "info" || logLevel === "debug" || logLevel === "trace",
      timeoutMs: VERIFIER_TIMEOUT_MS,
      // Pact's trace log prints the broker token and the Basic-auth header: never let them out.
      redact: createRedactor([...headers.map(([, value]) => value), options.brokerToken, options.brokerPassword], options.brokerUsername),
    });
    if (outcome.reply === undefined)
      throw new ToolkitError(
        "E_PACT",
        `the Pact verifier stopped without a result (exit ${outcome.exitCode ?? "signal"}): ${plainLines(outcome.output).at(-1) ?? "no output"}`,
      );
    let json: unknown;
    try {
      json = JSON.parse(outcome.reply.text);
    } catch {
      json = undefined;
    }
    // A rejection whose message is not the verifier's JSON result means it could not run at all.
    if (!isVerifierJson(json))
      throw new ToolkitError("E_PACT", `the Pact verifier could not run: ${plainLines(outcome.reply.text)[0] ?? ""}`);
    const result = toVerificationResult(json, { operationOf: operationResolver(local.operations), stateFailures: states?.failures ?? [] });
    if (result.interactions.length === 0 && result.error !== undefined)
      throw new ToolkitError("E_PACT", `the Pact verifier could not run: ${plainLines(result.error)[0] ?? ""}`);
    const sampled =
      samples.length === 0 ? {} : { sampledLists: samples.map(({ request, records, matched }) => ({ request, records, matched })) };
    const unpublished = options.publish === true ? publicationFailure(outcome.output) : undefined;
    if (unpublished !== undefined)
      return { ...result, ...sampled, error: [result.error, unpublished].filter((e) => e !== undefined).join("\n") };
    return { ...result, ...sampled };
  } finally {
    await proxy?.close();
    await states?.close();
    if (options.client === undefined) client.close();
  }
}
