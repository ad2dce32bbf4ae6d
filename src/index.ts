// The public surface of evals-contract's core on Node: the portable core (index.browser.ts: schemas,
// types, the operations and the conformance checker) and where the schema files are on disk.
export * from "./index.browser.js";
export { SCHEMAS_DIR } from "./schemas/schemas-dir.js";
