// Rewrites every artefact derived from the schemas: `npm run gen`.
// `npm run gen -- --check` only compares and exits 1 when a committed copy is stale.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GENERATED_ARTEFACTS } from "../src/contract/artefacts.js";

const check = process.argv.includes("--check");
let stale = 0;
for (const artefact of GENERATED_ARTEFACTS) {
  const path = fileURLToPath(new URL(`../${artefact.path}`, import.meta.url));
  const want = await artefact.render();
  let have: string | undefined;
  try {
    have = readFileSync(path, "utf8");
  } catch {
    have = undefined;
  }
  if (have === want) continue;
  if (check) {
    console.error(`stale: ${artefact.path} (run npm run gen)`);
    stale++;
    continue;
  }
  writeFileSync(`${path}.tmp`, want);
  renameSync(`${path}.tmp`, path);
  console.log(`wrote ${artefact.path}`);
}
process.exitCode = stale > 0 ? 1 : 0;
