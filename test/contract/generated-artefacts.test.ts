// `npm run gen:check` (part of `npm test`) keeps the committed artefacts current; this pins that the
// check itself notices a stale or missing file, naming it and the first differing line.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { GENERATED_ARTEFACTS, staleArtefacts } from "../../scripts/artefacts.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "evals-gen-check-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("gen:check", () => {
  it("finds nothing stale in the committed tree, and names an edited and a missing artefact", async () => {
    for (const { path } of GENERATED_ARTEFACTS) cpSync(join(repo, path), join(root, path), { recursive: true });
    expect((await staleArtefacts(root)).map((s) => s.path)).toEqual([]);

    writeFileSync(join(root, "contracts/openapi.yaml"), "openapi: 3.1.0\n");
    rmSync(join(root, "src/types/schemas.ts"));
    const stale = await staleArtefacts(root);
    expect(stale.map((s) => s.path).sort()).toEqual(["contracts/openapi.yaml", "src/types/schemas.ts"]);
    expect(stale.find((s) => s.path === "src/types/schemas.ts")?.difference).toBe("missing");
    expect(stale.find((s) => s.path === "contracts/openapi.yaml")?.difference).toMatch(/^line 1: committed "openapi: 3.1.0"/);
  });
});
