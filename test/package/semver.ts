// npm's own range semantics for the package tests: the `semver` package, which is not a dependency of
// this project but is installed with its dev tools (typescript-eslint, @pact-foundation/pact, ...).
// It ships no types; the functions used are typed here.
import { createRequire } from "node:module";

interface Semver {
  /** Whether `version` is in `range`. */
  satisfies(version: string, range: string): boolean;
  /** Whether every version in `sub` is also in `range`. */
  subset(sub: string, range: string): boolean;
  /** The lowest version in `range` (null when there is none). */
  minVersion(range: string): { version: string } | null;
}

export const semver = createRequire(import.meta.url)("semver") as Semver;
