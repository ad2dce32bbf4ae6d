// Rewrites every artefact derived from the schemas: `npm run gen`.
// `npm run gen:check` only compares, names each stale file and exits 1 (run by `npm test`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { writeTextFileAtomically } from "../src/io/write-file-atomic.js";
import { BUNDLED_SCHEMAS_PATH, GENERATED_ARTEFACTS, staleArtefacts } from "./artefacts.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");
const stale = await staleArtefacts(root);
for (const { path, difference, want } of stale) {
  if (check) {
    console.error(`stale: ${path} (${difference}); review the change and run npm run gen`);
    continue;
  }
  await writeTextFileAtomically(`${root}${path}`, want, true);
  console.log(`wrote ${path}`);
}
// Everything else was rendered from the bundled schemas this process had loaded: once they change,
// a fresh process renders the rest again from the new copy.
if (!check && stale.some(({ path }) => path === BUNDLED_SCHEMAS_PATH)) {
  const again = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exitCode = again.status ?? 1;
} else if (stale.length === 0) console.log(`generated files up to date (${GENERATED_ARTEFACTS.length} checked)`);
if (process.exitCode === undefined) process.exitCode = check && stale.length > 0 ? 1 : 0;
