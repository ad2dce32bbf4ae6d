// The evals-contract version (reports, --version, the tools' User-Agent): read once from package.json, two folders up
// from this module both in src/io/ and in dist/io/.
import { readFileSync } from "node:fs";

let version: string | undefined;

export function toolkitVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  return version;
}
