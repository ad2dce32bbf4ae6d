// Worker thread entry: reads, checks and indexes a data file, so that a reload of a 150 MB file
// (seconds of JSON.parse and checking) never stops the mock from answering. Only the index travels
// back, its bodies packed into one ArrayBuffer that is transferred, not copied (packIndex in dataset-index.ts):
// the main thread's share of a reload is then a few thousand views, not a 150 MB clone.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { isToolkitError } from "../errors.js";
import { loadDatasetIndex } from "./load-index.js";
import { packIndex } from "./dataset-index.js";

// On Linux a thread's nice value is its own: this thread yields the CPU to the main thread, which
// answers requests meanwhile (on a 2-core machine a reload would otherwise take turns with them).
// Elsewhere the call would lower the whole process, so it is left alone.
if (process.platform === "linux")
  try {
    setPriority(10);
  } catch {
    // Not allowed: the reload runs at the same priority, as before.
  }

parentPort?.on("message", (request: { id: number; file: string; now?: number }) => {
  loadDatasetIndex(request.file, request.now).then(
    (index) => {
      const packed = packIndex(index);
      parentPort?.postMessage({ id: request.id, ok: true, index: packed }, [packed.bytes]);
    },
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        code: isToolkitError(error) ? error.code : undefined,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
