// The records the mock serves by default (the dataset embedded in evals-contract), to pick an app and
// ids from and to compare with.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Dataset } from "evals-contract";

const file = createRequire(import.meta.url).resolve("evals-contract/fixtures/default.json");
export const dataset = JSON.parse(readFileSync(file, "utf8")) as Dataset;

/** The app with the most evaluations: its list shows most of the service's odd records. */
export const appId = dataset.evaluations[0]!.app_id;
