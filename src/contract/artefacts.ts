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
];
