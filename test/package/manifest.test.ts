// package.json says what it should: optional peers in step with the code that loads them, the
// lodash override in effect in the lockfile, and the files a registry user needs.
import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { describe, expect, it } from "vitest";
import { errorBody } from "../../src/mock/error-bodies.js";
import { OPTIONAL_PEERS } from "../../src/optional-peers.js";

const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")) as Record<string, unknown>;
const pkg = read("package.json") as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
  files: string[];
  license: string;
};
const lock = read("package-lock.json") as { packages: Record<string, { version?: string }> };

describe("package.json", () => {
  it("lists Pact, Prism and MSW as optional peers, in step with src/optional-peers.ts, and as devDependencies", () => {
    expect(pkg.peerDependencies).toEqual(OPTIONAL_PEERS);
    for (const name of Object.keys(OPTIONAL_PEERS)) {
      expect(pkg.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(pkg.dependencies[name]).toBeUndefined();
      expect(pkg.devDependencies[name]).toBeDefined();
    }
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
