// `npm run bench`: runs every bench/*.bench.ts in name order; each prints its own figures.
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const files = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file.replace(/\.bench\.ts$/, "")} ===`);
  const module = (await import(`./${file}`)) as { run: () => Promise<void> };
  await module.run();
}
