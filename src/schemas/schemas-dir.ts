// Where the schema files are on disk, for Node users who read them as files (the checker itself
// uses the bundled copy). Node-only: the root entry exports it, its browser build does not.
import { fileURLToPath } from "node:url";

/** Folder holding the schema files; the same relative place from src/ and from dist/. */
export const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));
