// Renders src/schemas/bundled.ts: the schema files of schemas/ (the source of truth) as one ES
// module, so the checker needs no file system and runs in a browser bundle. Read from disk here,
// never through the catalogue, which itself reads the bundled copy.
import { readFile } from "node:fs/promises";
import { SCHEMA_NAMES } from "../src/schemas/names.js";

const SCHEMAS = new URL("../schemas/", import.meta.url);

export async function renderBundledSchemas(): Promise<string> {
  const entries: string[] = [];
  for (const name of SCHEMA_NAMES) {
    const text = await readFile(new URL(`${name}.json`, SCHEMAS), "utf8");
    entries.push(`  ${name}: ${JSON.stringify(JSON.parse(text))},`);
  }
  return [
    "// Generated from schemas/*.json by `npm run gen` (scripts/bundle-schemas.ts); `npm run gen:check` fails when stale.",
    "// The schema files as data, so the checker loads them without a file system (in Node and in a browser bundle).",
    'import type { JsonSchema, SchemaName } from "./names.js";',
    "",
    "export const SCHEMA_DOCUMENTS: Readonly<Record<SchemaName, JsonSchema>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}
