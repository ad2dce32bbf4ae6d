// The command table. Modules load lazily so `validate` never loads Pact or Prism.
import type { Command } from "../command.js";

export const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import("./validate.js")).validateCommand,
};
