// The optional peers (Pact, Prism, MSW, Playwright's test runner) and the majors of each the toolkit
// supports, with the oldest Node each runs on: plain data, no Node built-in, so the MSW entry can name
// the right install line in a browser too.
// src/optional-peers.ts resolves the peers on Node; package.json's peerDependencies equal
// OPTIONAL_PEERS (a test keeps them in step), and docs/install.md's peer table says the same.

export const OPTIONAL_PEERS = {
  "@pact-foundation/pact": "^16.5.0 || ^17.0.0",
  "@stoplight/prism-cli": "^5.14.2",
  msw: "^2.0.0 || ^3.0.0",
  "@playwright/test": "^1.50.0",
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/** One supported major of a peer and the oldest Node it runs on (its own `engines`), newest major first. */
export interface PeerMajor {
  /** The range to install, e.g. `^17`. */
  range: string;
  /** The oldest Node version it runs on, [major, minor]. */
  minNode: readonly [number, number];
}

/** The majors of each peer, newest first; docs/install.md's peer table says the same. */
export const PEER_MAJORS: Readonly<Record<OptionalPeer, readonly PeerMajor[]>> = {
  "@pact-foundation/pact": [
    { range: "^17", minNode: [22, 0] },
    { range: "^16.5.0", minNode: [20, 19] },
  ],
  // Prism's own engines: 5.16 needs Node 24.18, 5.15 Node 24.14; 5.14.2 runs on every line the toolkit supports.
  "@stoplight/prism-cli": [
    { range: "^5.16.0", minNode: [24, 18] },
    { range: "~5.15.10", minNode: [24, 14] },
    { range: "5.14.2", minNode: [20, 19] },
  ],
  msw: [
    { range: "^3", minNode: [22, 12] },
    { range: "^2", minNode: [20, 19] },
  ],
  // Playwright 1.x needs Node 20 (its own engines); the toolkit's tests run 1.65.
  "@playwright/test": [{ range: "^1.50.0", minNode: [20, 0] }],
};

const runsOn = (minNode: readonly [number, number], node: readonly [number, number]): boolean =>
  node[0] > minNode[0] || (node[0] === minNode[0] && node[1] >= minNode[1]);

/** This process's Node version; "" where there is none (a browser). */
const thisNode = (): string => (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node ?? "";

/** The newest major of `name` that runs on `nodeVersion` (default: this process's Node; in a browser, the newest). */
export function peerRangeFor(name: OptionalPeer, nodeVersion: string = thisNode()): string {
  if (nodeVersion === "") return PEER_MAJORS[name][0]!.range;
  const [major = 0, minor = 0] = nodeVersion.split(".").map(Number);
  const majors = PEER_MAJORS[name];
  const fit = majors.find((m) => runsOn(m.minNode, [major, minor])) ?? majors[majors.length - 1]!;
  return fit.range;
}

/** The command that installs `name` beside evals-contract: the newest major that runs on this Node. */
export const installLine = (name: OptionalPeer, nodeVersion?: string): string =>
  `npm install --save-dev ${name}@${peerRangeFor(name, nodeVersion)}`;
