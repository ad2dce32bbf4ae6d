// Locates Prism's CLI script through the package itself, so it works wherever npm put
// @stoplight/prism-cli (hoisted or nested under evals-contract), not only ./node_modules/.bin.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ToolkitError } from "../errors.js";

let cached: string | undefined;

/** Absolute path of Prism's CLI entry (run it with `process.execPath`). */
export function resolvePrismBin(): string {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve("@stoplight/prism-cli/package.json");
  } catch (error) {
    throw new ToolkitError("E_PRISM", "@stoplight/prism-cli is not installed (npm install @stoplight/prism-cli@5.14.2)", {
      cause: error,
    });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.prism;
  if (!bin) throw new ToolkitError("E_PRISM", `no "prism" bin in ${manifestPath}`);
  cached = join(dirname(manifestPath), bin);
  return cached;
}
