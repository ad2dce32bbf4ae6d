// Worker thread entry: reads, checks and indexes a data file, so that loading a 150 MB file (seconds
// of parsing and checking) never holds up the main thread: a reload never stops the mock from
// answering, and the first load leaves the main thread's heap as small as the index. Only the index
// travels back, its bodies packed into one ArrayBuffer that is transferred, not copied (loadPackedIndex):
// the main thread's share of a load is then a few thousand views, not a 150 MB clone. It checks a large
// session body too (check-session-body.ts): a 30 MiB PUT /_mock/api/sessions/NAME holds up no request.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { isToolkitError } from "../errors.js";
import { loadPackedIndex } from "./load-index.js";
import { checkSessionBody } from "./check-session-body.js";

// A reload worker yields the CPU to the main thread, which answers requests meanwhile (on a 2-core
// machine a reload would otherwise take turns with them). On Linux a thread's nice value is its own;
// elsewhere the call would lower the whole process, so it is left alone. The first load's worker
// keeps its priority: nothing else runs, and the mock listens only once it is done.
if (process.platform === "linux" && (workerData as { background?: boolean } | undefined)?.background !== false)
  try {
    setPriority(10);
  } catch {
    // Not allowed: the reload runs at the same priority, as before.
  }

type Request =
  { id: number; file: string; now?: number; source?: string } | { id: number; session: Uint8Array; now?: number; source: string };

const failed = (id: number, error: unknown): void =>
  parentPort?.postMessage({
    id,
    ok: false,
    code: isToolkitError(error) ? error.code : undefined,
    message: error instanceof Error ? error.message : String(error),
  });

parentPort?.on("message", (request: Request) => {
  // A session body (PUT /_mock/api/sessions/NAME): its check's outcome, the index's bytes transferred.
  if ("session" in request) {
    try {
      const checked = checkSessionBody(request.session, request.source, request.now);
      const transfer = checked.ok && checked.index !== undefined ? [checked.index.bytes] : [];
      parentPort?.postMessage({ id: request.id, ok: true, session: checked }, transfer);
    } catch (error) {
      failed(request.id, error);
    }
    return;
  }
  loadPackedIndex(request.file, request.now, request.source).then(
    (packed) => parentPort?.postMessage({ id: request.id, ok: true, index: packed }, [packed.bytes]),
    (error: unknown) => failed(request.id, error),
  );
});
