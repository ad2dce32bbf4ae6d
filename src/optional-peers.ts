// The heavy tools the toolkit drives but does not install: Pact (the verifier's Pact step), Prism
// (`prism mock|proxy`) and MSW (`evals-contract/msw`). They are optional peer dependencies, so a
// core install stays small; whatever needs one resolves it here, on demand, and a missing one is
// E_MISSING_PEER with the exact `npm install` line to run. The ranges equal package.json's
// peerDependencies (a test keeps them in step).
import { createRequire } from "node:module";
import { ToolkitError } from "./errors.js";

export const OPTIONAL_PEERS = {
  "@pact-foundation/pact": "^16.5.0",
  "@stoplight/prism-cli": "5.14.2",
  msw: "^2.0.0",
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/** The command that installs `name` beside evals-contract. */
export const installLine = (name: OptionalPeer): string => `npm install --save-dev ${name}@${OPTIONAL_PEERS[name]}`;

/**
 * Absolute path of `specifier` (the peer itself or a file in it, e.g. `@stoplight/prism-cli/package.json`),
 * resolved from this package as Node would; E_MISSING_PEER when the peer is not installed.
 */
export function resolveOptionalPeer(name: OptionalPeer, specifier: string = name, why = ""): string {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch (error) {
    const reason = why === "" ? "" : ` (${why})`;
    throw new ToolkitError("E_MISSING_PEER", `${name} is not installed${reason}; run: ${installLine(name)}`, { cause: error });
  }
}
