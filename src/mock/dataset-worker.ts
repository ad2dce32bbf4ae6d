// Worker thread entry: reads, checks and indexes a data file, so that a reload of a 150 MB file
// (seconds of JSON.parse and checking) never stops the mock from answering. Only the index, maps
// of ready-to-send bytes, travels back to the main thread.
import { parentPort } from "node:worker_threads";
import { isToolkitError } from "../errors.js";
import { loadDatasetIndex } from "./load-index.js";

parentPort?.on("message", (request: { id: number; file: string; now?: number }) => {
  loadDatasetIndex(request.file, request.now).then(
    (index) => parentPort?.postMessage({ id: request.id, ok: true, index }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        code: isToolkitError(error) ? error.code : undefined,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
