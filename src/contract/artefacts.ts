// Every file derived from the schemas, with how to render it. `npm run gen` writes them; tests
// compare the committed copies with a fresh rendering (the check mode).
import { renderOpenApiYaml } from "./openapi.js";
import { loadSchemas } from "../schemas/catalog.js";
import { generateTypes } from "../schemas/typegen.js";

export interface GeneratedArtefact {
  /** Path from the repository root. */
  path: string;
  render(): string | Promise<string>;
}

export const GENERATED_ARTEFACTS: readonly GeneratedArtefact[] = [
  { path: "src/types/schemas.ts", render: () => generateTypes(loadSchemas()) },
  { path: "contracts/openapi.yaml", render: renderOpenApiYaml },
  // The embedded default dataset: what `evals-contract fixtures` writes with its default options
  // (seed 42). Imported lazily: rendering it loads faker and json-schema-faker.
  { path: "fixtures/default.json", render: async () => (await import("../generate/fixture-run.js")).renderDefaultFixture() },
];
