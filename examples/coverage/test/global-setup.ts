// Once per `vitest run`, before any test file: an empty observations/observations.ndjson, so the file
// holds this run's requests only (the test files append to it).
import { mkdirSync, writeFileSync } from "node:fs";
import { OBSERVATIONS } from "./mock-service.js";

export default function setup(): void {
  mkdirSync("observations", { recursive: true });
  writeFileSync(OBSERVATIONS, "");
}
