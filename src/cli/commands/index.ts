// The command table: each command's one-line summary (the command list prints these without
// loading any command) and its module, loaded lazily so `validate` never loads Pact or Prism and
// `--help` loads nothing.
import type { Command } from "../command.js";

export interface CommandEntry {
  /** One line for the command list. */
  summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  validate: {
    summary: "check a JSON file (or stdin) holding a resource, an array of them or a dataset",
    load: async () => (await import("./validate.js")).validateCommand,
  },
  fixtures: {
    summary: "generate a seeded dataset: realistic records or schema-space edge cases",
    load: async () => (await import("./fixtures.js")).fixturesCommand,
  },
  mock: {
    summary: "serve the fixture data as a local mock of the service (for frontend development)",
    load: async () => (await import("./mock.js")).mockCommand,
  },
  verify: {
    summary: "verify a running implementation of the service from its base URL (Pact, sweep, cross-endpoint checks)",
    load: async () => (await import("./verify.js")).verifyCommand,
  },
  fuzz: {
    summary: "send a provider every odd request a client or attacker can send; each failure shrunk, with a curl line",
    load: async () => (await import("./fuzz.js")).fuzzCommand,
  },
  snapshot: {
    summary: "turn a real provider (or a HAR) into a dataset the mock serves, as sent or anonymised",
    load: async () => (await import("./snapshot.js")).snapshotCommand,
  },
  coverage: {
    summary: "count which of the service's answers your tests (mock, MSW, HAR) and your provider (verify, fuzz) exercised",
    load: async () => (await import("./coverage.js")).coverageCommand,
  },
  prism: {
    summary: "run Stoplight Prism on the OpenAPI document: a mock, or a validation proxy for a real provider",
    load: async () => (await import("./prism.js")).prismCommand,
  },
  drift: {
    summary: "compare a provider's published OpenAPI document with the contract",
    load: async () => (await import("./drift.js")).driftCommand,
  },
};
