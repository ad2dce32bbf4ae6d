// `npm run build` (with --always), `npm start` and `npm run cli`: builds dist/ with tsc, then writes the
// build stamp (dist/.build-stamp). Without --always it builds only when a source is newer than the
// stamp, so starting right after a build (or twice) costs no 7-12 s tsc run. Plain JavaScript (no
// tsx), since it runs before anything is built. The stamp is written only after a successful build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = join(root, "dist", ".build-stamp");
const INPUTS = ["src", "tsconfig.json", "tsconfig.build.json", "package.json"];
const always = process.argv.includes("--always");

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

if (!always) {
  const sources = Math.max(...INPUTS.map((input) => newest(join(root, input))));
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) process.exit(0);
}
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
// The stamp bears the time the build started: a source saved while tsc runs is newer, so built again.
const started = new Date();
const built = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
writeFileSync(stamp, `${started.toISOString()}\n`);
utimesSync(stamp, started, started);
