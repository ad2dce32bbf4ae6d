// The command table. Modules load lazily so `validate` never loads Pact or Prism.
import type { Command } from "../command.js";

export const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import("./validate.js")).validateCommand,
  fixtures: async () => (await import("./fixtures.js")).fixturesCommand,
  mock: async () => (await import("./mock.js")).mockCommand,
  verify: async () => (await import("./verify.js")).verifyCommand,
  prism: async () => (await import("./prism.js")).prismCommand,
  drift: async () => (await import("./drift.js")).driftCommand,
};
