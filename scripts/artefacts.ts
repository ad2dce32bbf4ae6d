// Every file derived from the schemas, with how to render it. `npm run gen` writes them;
// `npm run gen:check` (part of `npm test`) fails when a committed copy differs from a fresh rendering.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { renderOpenApiYaml } from "../src/contract/openapi.js";
import { loadSchemas } from "../src/schemas/catalog.js";
import { renderBundledSchemas } from "./bundle-schemas.js";
import {
  PRECOMPILED_CHECKER_PATH,
  PRECOMPILED_ERRORS_PATH,
  PRECOMPILED_SPOTLESS_PATH,
  renderPrecompiledChecker,
  renderPrecompiledErrors,
  renderPrecompiledSpotless,
} from "./precompile-validators.js";
import { generateTypes } from "./typegen.js";

export interface GeneratedArtefact {
  /** Path from the repository root. */
  path: string;
  render(): string | Promise<string>;
}

/** The bundled copy of schemas/, which every other artefact is rendered from (so `npm run gen` renders the rest anew once it changes). */
export const BUNDLED_SCHEMAS_PATH = "src/schemas/bundled.ts";

export const GENERATED_ARTEFACTS: readonly GeneratedArtefact[] = [
  { path: BUNDLED_SCHEMAS_PATH, render: renderBundledSchemas },
  // The checker's validators, compiled at build time (Ajv standalone code): no `new Function` at run time.
  { path: PRECOMPILED_CHECKER_PATH, render: renderPrecompiledChecker },
  { path: PRECOMPILED_SPOTLESS_PATH, render: renderPrecompiledSpotless },
  // The checker's errors alone, for the record builders' browser bundle (src/build/).
  { path: PRECOMPILED_ERRORS_PATH, render: renderPrecompiledErrors },
  { path: "src/types/schemas.ts", render: () => generateTypes(loadSchemas()) },
  { path: "contracts/openapi.yaml", render: renderOpenApiYaml },
  // The embedded default dataset: what `evals-contract fixtures` writes with its default options
  // (seed 42). Imported lazily: rendering it loads faker and json-schema-faker.
  { path: "fixtures/default.json", render: async () => (await import("../src/generate/fixture-run.js")).renderDefaultFixture() },
  // The consumer pact, replayed through Pact's mock server (loads pact-js's native core).
  {
    path: "contracts/evals-frontend-evaluation-listing-service.json",
    render: async () => (await import("./pact-file.js")).renderPactFile(),
  },
];

export interface StaleArtefact {
  path: string;
  /** Where the committed copy first differs from a fresh rendering, in a few words. */
  difference: string;
  /** The fresh rendering. */
  want: string;
}

/** The artefacts under `root` whose committed copy is missing or differs from a fresh rendering. */
export async function staleArtefacts(root: string): Promise<StaleArtefact[]> {
  const stale: StaleArtefact[] = [];
  for (const artefact of GENERATED_ARTEFACTS) {
    const want = await artefact.render();
    const have = await readFile(join(root, artefact.path), "utf8").catch(() => undefined);
    if (have !== want) stale.push({ path: artefact.path, difference: firstDifference(have, want), want });
  }
  return stale;
}

function firstDifference(have: string | undefined, want: string): string {
  if (have === undefined) return "missing";
  const a = have.split("\n");
  const b = want.split("\n");
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at === -1 ? a.length : at;
  const [committed, generated] = excerpts(a[line]?.trim() ?? "", b[line]?.trim() ?? "");
  return `line ${line + 1}: committed ${JSON.stringify(committed)}, generated ${JSON.stringify(generated)}`;
}

/** The two lines around where they first differ (a generated line can be a whole schema long). */
function excerpts(x: string, y: string, width = 60): [string, string] {
  let column = 0;
  while (column < x.length && x[column] === y[column]) column++;
  const from = Math.max(0, column - width / 2);
  const cut = (text: string): string =>
    (from > 0 ? "..." : "") + text.slice(from, from + width) + (text.length > from + width ? "..." : "");
  return [cut(x), cut(y)];
}
