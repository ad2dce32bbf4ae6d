// `npm run bench`: runs every bench/*.bench.ts in name order; each prints its own figures.
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const all = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
// A name that picks no benchmark is a typo, not an empty run.
const unknown = only.filter((name) => !all.some((f) => f.startsWith(name)));
if (unknown.length > 0) {
  const names = all.map((f) => f.replace(/\.bench\.ts$/, "")).join(", ");
  console.error(`npm run bench: unknown benchmark "${unknown[0]}" (benchmarks: ${names})`);
  process.exit(2);
}
const files = all.filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)));
for (const file of files) {
  console.log(`\n=== ${file.replace(/\.bench\.ts$/, "")} ===`);
  const module = (await import(`./${file}`)) as { run: () => Promise<void> };
  await module.run();
}
