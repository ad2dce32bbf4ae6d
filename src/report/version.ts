// The evals-contract version a report names: read once from package.json, which is two folders up
// from this module both in src/report/ and in dist/report/ (as the CLI's --version finds it).
import { readFileSync } from "node:fs";

let version: string | undefined;

export function toolkitVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  return version;
}
