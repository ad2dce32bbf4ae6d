// package.json says what it should: optional peers in step with the code that loads them (and each
// major the install line may name inside the peer range), the lodash override in effect in the
// lockfile, and the files a registry user needs.
import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { describe, expect, it } from "vitest";
import { errorBody } from "../../src/mock/error-bodies.js";
import { installLine, OPTIONAL_PEERS, PEER_MAJORS, peerRangeFor, type OptionalPeer } from "../../src/optional-peers.js";
import { semver } from "./semver.js";

const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")) as Record<string, unknown>;
const pkg = read("package.json") as {
  engines: { node: string };
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
  files: string[];
  license: string;
};
const lock = read("package-lock.json") as { packages: Record<string, { version?: string }> };
const PEERS = Object.keys(OPTIONAL_PEERS) as OptionalPeer[];

// What docs/install.md's peer table says: the peer majors each supported Node line gets.
const NEWEST_PEERS: Array<[node: string, peers: Record<OptionalPeer, string>]> = [
  ["20.19.0", { "@pact-foundation/pact": "^16.5.0", "@stoplight/prism-cli": "5.14.2", msw: "^2", "@playwright/test": "^1.50.0" }],
  ["22.12.0", { "@pact-foundation/pact": "^17", "@stoplight/prism-cli": "5.14.2", msw: "^3", "@playwright/test": "^1.50.0" }],
  ["24.0.0", { "@pact-foundation/pact": "^17", "@stoplight/prism-cli": "5.14.2", msw: "^3", "@playwright/test": "^1.50.0" }],
  ["24.14.0", { "@pact-foundation/pact": "^17", "@stoplight/prism-cli": "~5.15.10", msw: "^3", "@playwright/test": "^1.50.0" }],
  ["24.18.0", { "@pact-foundation/pact": "^17", "@stoplight/prism-cli": "^5.16.0", msw: "^3", "@playwright/test": "^1.50.0" }],
  ["26.0.0", { "@pact-foundation/pact": "^17", "@stoplight/prism-cli": "^5.16.0", msw: "^3", "@playwright/test": "^1.50.0" }],
];

describe("package.json", () => {
  it("lists Pact, Prism, MSW and Playwright's test runner as optional peers, in step with src/optional-peers.ts, and as devDependencies", () => {
    expect(pkg.peerDependencies).toEqual(OPTIONAL_PEERS);
    for (const name of Object.keys(OPTIONAL_PEERS)) {
      expect(pkg.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(pkg.dependencies[name]).toBeUndefined();
      expect(pkg.devDependencies[name]).toBeDefined();
    }
  });

  it("names, for each peer, majors inside its peer range, newest first; the locked devDependency is the oldest (it runs on Node 20)", () => {
    for (const name of PEERS) {
      const majors = PEER_MAJORS[name];
      expect(majors.length, name).toBeGreaterThan(0);
      for (const { range } of majors) expect(semver.subset(range, pkg.peerDependencies[name]!), `${name}@${range}`).toBe(true);
      const floors = majors.map((m) => m.minNode[0] * 1000 + m.minNode[1]);
      expect(floors, name).toEqual([...floors].sort((a, b) => b - a));
      const oldest = majors[majors.length - 1]!;
      expect(semver.subset(pkg.devDependencies[name]!, oldest.range), `devDependency ${name}@${pkg.devDependencies[name]}`).toBe(true);
      const enginesFloor = semver.minVersion(pkg.engines.node)!.version;
      expect(semver.satisfies(enginesFloor, `>=${oldest.minNode.join(".")}.0`), `${name}@${oldest.range} on Node ${enginesFloor}`).toBe(
        true,
      );
    }
  });

  it.each(NEWEST_PEERS)("on Node %s the install line names the newest peer majors that run there: one shell-safe range", (node, want) => {
    expect(semver.satisfies(node, pkg.engines.node), `engines allow ${node}`).toBe(true);
    for (const name of PEERS) {
      expect(peerRangeFor(name, node)).toBe(want[name]);
      const line = installLine(name, node);
      expect(line).toBe(`npm install --save-dev ${name}@${want[name]}`);
      // One word a shell passes through untouched: no spaces, no `||`, no `<`/`>` redirections.
      expect(line.split(" ").pop()).toMatch(/^(@[a-z0-9-]+\/)?[a-z0-9-]+@[~^]?\d+(\.\d+){0,2}$/);
      expect(semver.subset(want[name], pkg.peerDependencies[name]!), `${name}@${want[name]}`).toBe(true);
    }
  });

  it("gives this Node's install line one range too (the one E_MISSING_PEER prints)", () => {
    for (const name of PEERS) expect(installLine(name)).toMatch(/^npm install --save-dev \S+@[~^]?\d+(\.\d+){0,2}$/);
  });

  it("overrides lodash to 4.18.1, and every lodash in the lockfile is that version", () => {
    expect(pkg.overrides["lodash"]).toBe("4.18.1");
    const lodashes = Object.entries(lock.packages).filter(
      ([path]) => path === "node_modules/lodash" || path.endsWith("/node_modules/lodash"),
    );
    expect(lodashes.length).toBeGreaterThan(0);
    for (const [path, entry] of lodashes) expect(`${path}@${entry.version}`).toBe(`${path}@4.18.1`);
  });

  it("ships the license and the changelog", () => {
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(new URL("../../LICENSE", import.meta.url), "utf8")).toMatch(/^MIT License/);
    expect(pkg.files).toContain("CHANGELOG.md");
  });
});

describe("the mock's status texts", () => {
  it("equal node:http's for every status a scenario may force (400..599)", () => {
    for (let status = 400; status < 600; status++) {
      if (status === 401 || status === 403 || status === 404 || status === 405 || status === 422) continue;
      const body = JSON.parse(new TextDecoder().decode(errorBody(status, "listEvaluations", "v1"))) as { detail: string };
      expect([status, body.detail]).toEqual([status, STATUS_CODES[status] ?? "Error"]);
    }
  });
});
