// json-schema-faker, loaded without the ExperimentalWarning its bundled util-deprecate triggers on
// Node 25+ (local-storage-hidden.ts). ES modules evaluate their imports in order before their own
// body: the getter is hidden, json-schema-faker loads, then this body restores it.
import { restoreLocalStorage } from "./local-storage-hidden.js";
import { JSONSchemaFaker } from "json-schema-faker";

restoreLocalStorage();

export { JSONSchemaFaker };
export type { Schema } from "json-schema-faker";
