// Conforming providers: each must pass the verifier with no error (warnings allowed).
import { readFileSync } from "node:fs";
import type { Dataset } from "../../src/types/dataset.js";
import { DEFAULT_DATASET_PATH } from "../../src/types/dataset.js";
import { startMockServer } from "../../src/mock/index.js";
import { APP_A, galleryDataset } from "./dataset.js";
import { startFixtureProvider, type RunningProvider } from "./fixture-provider.js";
import { realServiceStyle } from "./real-service-style.js";

export interface ConformingProvider {
  name: string;
  start(): Promise<Pick<RunningProvider, "url" | "close">>;
  appId: () => string;
  /** Appended to the provider's URL to form the base URL given to the verifier. */
  suffix?: string;
}

/** The app of the default dataset with the most human evaluations (and evaluations): the richest sweep. */
export function richestApp(data: Dataset): string {
  const score = new Map<string, number>();
  for (const e of data.evaluations) score.set(e.app_id, (score.get(e.app_id) ?? 0) + 1);
  for (const h of data.human_evaluations) score.set(h.app_id, (score.get(h.app_id) ?? 0) + 1000);
  const best = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  if (!best) throw new Error("the default dataset is empty");
  return best[0];
}

let defaultData: Dataset | undefined;
const defaultDataset = (): Dataset => (defaultData ??= JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset);

export const CONFORMING: readonly ConformingProvider[] = [
  {
    name: "mock server, default dataset",
    start: () => startMockServer({ port: 0 }),
    appId: () => richestApp(defaultDataset()),
  },
  {
    name: "mock server under /api (base URL with a trailing slash)",
    start: () => startMockServer({ port: 0, basePath: "/api" }),
    appId: () => richestApp(defaultDataset()),
    suffix: "/",
  },
  {
    name: "fixture provider (contract examples)",
    start: () => startFixtureProvider({ data: galleryDataset() }),
    appId: () => APP_A,
  },
  {
    name: "real-service-like provider under /api (nulls, naive and spaced timestamps, pydantic v1 422)",
    start: () => startFixtureProvider({ data: galleryDataset(), basePath: "/api", transform: realServiceStyle }),
    appId: () => APP_A,
  },
];
