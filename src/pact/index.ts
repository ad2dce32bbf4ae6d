// The Pact room: the consumer contract's names (contract.ts), its bodies and interactions
// (bodies.ts, interactions.ts: these load pact-js, so they are not re-exported here), and the
// provider verification that replays the pact in a child process (verification.ts, runner.ts).
export { CONTRACTS_DIR, PACT_CONSUMER, PACT_FILE, PACT_INTERACTIONS, PACT_PROVIDER, PROVIDER_STATES } from "./contract.js";
export type { PactInteractionSpec, ProviderStateName } from "./contract.js";
export { checkPactOptions, DEFAULT_CONSUMER_VERSION_SELECTORS, runPactVerification } from "./verification.js";
export type { ConsumerVersionSelector, PactStepOptions, PactVerificationOptions } from "./verification.js";
export type { PactInteractionResult, PactVerificationResult } from "./results.js";
export { operationForPath, operationResolver, readCommittedPacts, readPactFiles } from "./operations.js";
export { resolveProviderState, startProviderStateServer, ProviderStateError } from "./provider-states.js";
export type { ProviderStateContext, ProviderStateServer } from "./provider-states.js";
