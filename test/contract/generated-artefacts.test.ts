// Every file derived from the schemas must match a fresh rendering (run `npm run gen` to update).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_ARTEFACTS } from "../../src/contract/artefacts.js";

describe("generated artefacts are up to date", () => {
  for (const artefact of GENERATED_ARTEFACTS) {
    it(`${artefact.path} matches the schemas`, async () => {
      const committed = readFileSync(new URL(`../../${artefact.path}`, import.meta.url), "utf8");
      expect(committed, `${artefact.path} is stale: run npm run gen`).toBe(await artefact.render());
    });
  }
});
