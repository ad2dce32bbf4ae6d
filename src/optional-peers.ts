// The heavy tools the toolkit drives but does not install: Pact (the verifier's Pact step), Prism
// (`prism mock|proxy`) and MSW (`evals-contract/msw`). They are optional peer dependencies, so a
// core install stays small; whatever needs one resolves it here, on demand, and a missing one is
// E_MISSING_PEER with the exact `npm install` line to run. The ranges equal package.json's
// peerDependencies (a test keeps them in step): every major the toolkit is tested with.
import { createRequire } from "node:module";
import { ToolkitError } from "./errors.js";
import { installLine, type OptionalPeer } from "./peer-majors.js";

export { installLine, OPTIONAL_PEERS, PEER_MAJORS, peerRangeFor } from "./peer-majors.js";
export type { OptionalPeer, PeerMajor } from "./peer-majors.js";

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
