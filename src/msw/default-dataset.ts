// The embedded default dataset (fixtures/default.json, what `npm start` serves), loaded on demand:
// a JSON module import, which Node reads from the package and a bundler (Vite) splits into a chunk
// of its own, so a page that passes its own data never downloads it.
import type { Dataset } from "../types/dataset.js";

export const DEFAULT_DATASET_SOURCE = "the embedded default dataset (evals-contract/fixtures/default.json)";

export async function loadDefaultDataset(): Promise<Dataset> {
  const module = await import("../../fixtures/default.json", { with: { type: "json" } });
  return module.default as unknown as Dataset;
}
