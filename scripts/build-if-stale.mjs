// `npm start` and `npm run cli`: builds dist/ with tsc only when a source is newer than the last
// build, so starting right after a build (or twice) costs no 12 s tsc run. Plain JavaScript (no tsx),
// since it runs before anything is built. The stamp is written after a successful build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = join(root, "dist", ".build-stamp");
const INPUTS = ["src", "tsconfig.json", "tsconfig.build.json", "package.json"];

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const sources = Math.max(...INPUTS.map((input) => newest(join(root, input))));
if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) process.exit(0);
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const built = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
writeFileSync(stamp, `${new Date().toISOString()}\n`);
