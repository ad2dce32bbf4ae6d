// The Pact step of a verify run: checks the Pact options up front (usage errors before any request),
// then loads the Pact verifier lazily, so runs with the Pact step off never load Pact's native core.
import { isToolkitError, ToolkitError } from "../errors.js";
import { normalizeHttpUrl } from "./base-url.js";
import type { PactVerificationOptions, PactVerificationResult } from "./pact-verification.js";

/** Everything of the Pact verification's options that the verify run does not set itself. */
export type PactStepOptions = Omit<PactVerificationOptions, "baseUrl" | "appId" | "humanEvaluationId">;

/** Usage errors in the Pact options, as one line each. */
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

export async function runPactStep(options: PactVerificationOptions): Promise<PactVerificationResult> {
  const { runPactVerification } = await import("./pact-verification.js");
  try {
    return await runPactVerification(options);
  } catch (error) {
    if (isToolkitError(error)) throw error;
    throw new ToolkitError("E_PACT", `the Pact verification could not run: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
