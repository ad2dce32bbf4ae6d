// Locates Prism's CLI script through the package itself, so it works wherever npm put
// @stoplight/prism-cli (hoisted or nested under evals-contract), not only ./node_modules/.bin.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolkitError } from "../errors.js";
import { resolveOptionalPeer } from "../optional-peers.js";

let cached: string | undefined;

/** Absolute path of Prism's CLI entry (run it with `process.execPath`). */
export function resolvePrismBin(): string {
  if (cached) return cached;
  const manifestPath = resolveOptionalPeer("@stoplight/prism-cli", "@stoplight/prism-cli/package.json", "Prism runs the prism commands");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.prism;
  if (!bin) throw new ToolkitError("E_PRISM", `no "prism" bin in ${manifestPath}`);
  cached = join(dirname(manifestPath), bin);
  return cached;
}
