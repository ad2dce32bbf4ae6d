// msw, loaded so that its absence is the toolkit's E_MISSING_PEER with the install line, as the CLI
// commands say it, instead of Node's raw ERR_MODULE_NOT_FOUND from a static import. A dynamic import
// at the module's top level: a bundler (Vite) resolves it at build time like a static one.
import type * as MswModule from "msw";
import { ToolkitError } from "../errors.js";
import { installLine } from "../peer-majors.js";

type Msw = typeof MswModule;

const isMissingMsw = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && typeof message === "string" && /['"]msw['"/]/.test(message);
};

export const msw: Msw = await import("msw").catch((error: unknown) => {
  if (!isMissingMsw(error)) throw error;
  throw new ToolkitError("E_MISSING_PEER", `msw is not installed (evals-contract/msw needs it); run: ${installLine("msw")}`, {
    cause: error,
  });
});
