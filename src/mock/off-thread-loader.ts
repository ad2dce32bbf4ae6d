// Loads data files on a worker thread (dataset-worker.ts), one at a time, and hands back the index:
// the reloads, the first load of a large file, and the check of a large session body. From the TypeScript sources (tests, tsx) the worker
// registers tsx first; if no worker can start at all, the load runs on the main thread as before.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ToolkitError, type ErrorCode } from "../errors.js";
import type { DatasetIndex, PackedIndex } from "./dataset-index.js";
import { loadDatasetIndex, unpackIndex } from "./load-index.js";
import { checkSessionBody, type SessionBodyCheck } from "./check-session-body.js";

/** The body's own buffer when it is all of it (transferred, not copied); a view of a larger one is copied. */
const transferable = (body: Uint8Array): ArrayBuffer[] =>
  body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer ? [body.buffer] : [];

type Reply =
  | { id: number; ok: true; index: PackedIndex }
  | { id: number; ok: true; session: SessionBodyCheck }
  | { id: number; ok: false; code?: ErrorCode; message: string };

/** A session body checked (check-session-body.ts), its data's index unpacked. */
export type CheckedSessionBody = { ok: true; scenario: unknown; index?: DatasetIndex } | { ok: false; status: number; detail: string };

export interface DatasetLoader {
  /** The file read, checked and indexed; with `now`, its data moved to that instant first (reanchorDataset); E_DATA_INVALID names `source` (default: the file). */
  load(file: string, now?: number, source?: string): Promise<DatasetIndex>;
  /** A session body checked as check-session-body.ts does (E_FILE_UNREADABLE if the worker fails); `body` is transferred, unusable after. */
  checkSession(body: Uint8Array, source: string, now?: number): Promise<CheckedSessionBody>;
  close(): Promise<void>;
}

export interface DatasetLoaderOptions {
  /** Lower the worker's priority below the main thread's (default true: reloads run while the mock answers). */
  background?: boolean;
}

function startWorker(workerData: DatasetLoaderOptions): Worker {
  const compiled = fileURLToPath(new URL("./dataset-worker.js", import.meta.url));
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = new URL("./dataset-worker.ts", import.meta.url).href;
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); })`, {
    eval: true,
    workerData,
  });
}

export function createDatasetLoader(options: DatasetLoaderOptions = {}): DatasetLoader {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (reply: Reply & { ok: true }) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error): void => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  };

  const ensureWorker = (): Worker | undefined => {
    if (worker) return worker;
    try {
      worker = startWorker({ background: options.background ?? true });
    } catch {
      return undefined;
    }
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const pending = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!pending) return;
      if (!reply.ok) return pending.reject(new ToolkitError(reply.code ?? "E_FILE_UNREADABLE", reply.message));
      pending.resolve(reply);
    });
    worker.on("error", (error) => failAll(new ToolkitError("E_FILE_UNREADABLE", `the data loader failed: ${error.message}`)));
    worker.on("exit", () => failAll(new ToolkitError("E_FILE_UNREADABLE", "the data loader stopped")));
    return worker;
  };

  /** Posts `message` (with `transfer`) and waits for its reply. */
  const ask = (thread: Worker, message: object, transfer: ArrayBuffer[] = []): Promise<Reply & { ok: true }> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.postMessage({ ...message, id }, transfer);
    });
  };

  return {
    async load(file, now, source = file) {
      const thread = ensureWorker();
      if (!thread) return loadDatasetIndex(file, now, source);
      const reply = await ask(thread, { file, now, source });
      return unpackIndex((reply as { index: PackedIndex }).index);
    },
    async checkSession(body, source, now) {
      const thread = ensureWorker();
      const checked = thread
        ? ((await ask(thread, { session: body, source, now }, transferable(body))) as { session: SessionBodyCheck })
        : { session: checkSessionBody(body, source, now) };
      const { session } = checked;
      return session.ok && session.index !== undefined
        ? { ...session, index: unpackIndex(session.index) }
        : (session as CheckedSessionBody);
    },
    async close() {
      const thread = worker;
      worker = undefined;
      waiting.clear();
      await thread?.terminate();
    },
  };
}
