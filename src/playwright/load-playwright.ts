// @playwright/test, loaded so that its absence is the toolkit's E_MISSING_PEER with the install line
// (as evals-contract/msw says it of msw), instead of Node's raw ERR_MODULE_NOT_FOUND from a static
// import. The test runner's own copy: the one the project's `npx playwright test` loads.
import type * as PlaywrightTestModule from "@playwright/test";
import { ToolkitError } from "../errors.js";
import { installLine } from "../peer-majors.js";

type PlaywrightTest = typeof PlaywrightTestModule;

const isMissingPlaywright = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    /['"]@playwright\/test['"/]/.test(message)
  );
};

export const playwrightTest: PlaywrightTest = await import("@playwright/test").catch((error: unknown) => {
  if (!isMissingPlaywright(error)) throw error;
  throw new ToolkitError(
    "E_MISSING_PEER",
    `@playwright/test is not installed (evals-contract/playwright needs it); run: ${installLine("@playwright/test")}`,
    { cause: error },
  );
});
