// `npm run bench`: runs every bench/*.bench.ts in name order; each prints its own figures.
// `npm run bench -- NAME [ARGS...]` runs one (ARGS go to it, e.g. `npm run bench -- limits mock`).
import { readdirSync } from "node:fs";

const [name, ...rest] = process.argv.slice(2);
const all = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".bench.ts"))
  .map((f) => f.replace(/\.bench\.ts$/, ""))
  .sort();
if (name !== undefined && !all.includes(name)) {
  process.stderr.write(`bench: unknown benchmark "${name}" (known: ${all.join(", ")})\n`);
  process.exit(2);
}
for (const bench of name === undefined ? all : [name]) {
  console.log(`\n=== ${bench} ===`);
  const module = (await import(`./${bench}.bench.ts`)) as { run: (args?: readonly string[]) => Promise<void> };
  await module.run(rest);
}
