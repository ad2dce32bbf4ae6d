// The FastAPI reference service (reference/service.py) as a live HTTP server for tests, on Debian's
// /usr/bin/python3 (FastAPI 0.92, pydantic 1, uvicorn; never the pyenv python3 first on PATH).
// The Python side binds 127.0.0.1 port 0 itself, reports the port on stdout and hands that socket
// to uvicorn, so no other process can take the port between choosing and binding it (a port probed
// in Node, closed and passed on would race). The app comes from the documented entry point,
// `reference.service:app_from_env` (REFERENCE_MODE, REFERENCE_DATASET). The process leads its own
// group and close() kills the group, escalating to SIGKILL; a test process that dies first still
// takes it down (the exit hook). Callers skip on SKIP_REFERENCE (test/helpers/reference.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MISSING_REFERENCE, PYTHON } from "./reference.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const REFERENCE_DATASET = fileURLToPath(new URL("../../reference/dataset.json", import.meta.url));

export type ReferenceMode = "v1" | "legacy";

export interface ReferenceServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  /** Kills the process group (SIGTERM, then SIGKILL after a grace time) and resolves once it is gone. */
  close(): Promise<void>;
}

export interface ReferenceServerOptions {
  /** Default `reference/dataset.json`. */
  dataset?: string;
  /** Bound for a service that never starts (default 2 minutes); the wait itself ends on the first answer. */
  startTimeoutMs?: number;
}

// Binds before uvicorn starts: the kernel queues connections from that moment, and uvicorn's
// create_server(sock=...) serves exactly this socket (the same path as `--fd`, without the AF_UNIX
// label uvicorn 0.17 puts on a descriptor it is handed).
const BOOTSTRAP = `
import socket, sys
import uvicorn
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.bind(("127.0.0.1", 0))
sock.listen(128)
print("PORT", sock.getsockname()[1], flush=True)
config = uvicorn.Config("reference.service:app_from_env", factory=True, log_level="warning", access_log=False)
uvicorn.Server(config).run(sockets=[sock])
`;

const GRACE_MS = 3_000;
// A cold FastAPI import on a loaded 2-core VM takes tens of seconds: a bound, never the expected wait.
const START_BOUND_MS = 120_000;
const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone (ESRCH).
  }
}

process.once("exit", () => {
  for (const child of live) killGroup(child, "SIGKILL");
});

const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Starts the reference service in `mode` and resolves once it answers HTTP. */
export async function startReferenceServer(mode: ReferenceMode, options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const child = spawn(PYTHON, ["-c", BOOTSTRAP], {
    cwd: ROOT,
    env: {
      ...process.env,
      REFERENCE_MODE: mode,
      REFERENCE_DATASET: options.dataset ?? REFERENCE_DATASET,
      PYTHONDONTWRITEBYTECODE: "1",
      PYTHONUNBUFFERED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  live.add(child);
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void gone.then(() => live.delete(child));
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });

  const close = async (): Promise<void> => {
    if (exited(child)) return;
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), GRACE_MS);
    await gone;
    clearTimeout(timer);
    // uvicorn leaves no children, but anything it might have started dies with the group.
    killGroup(child, "SIGKILL");
  };

  try {
    const port = await readPort(child, () => stderr, options.startTimeoutMs ?? START_BOUND_MS);
    const url = `http://127.0.0.1:${port}`;
    await waitForAnswer(url, child, () => stderr, options.startTimeoutMs ?? START_BOUND_MS);
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function startFailure(what: string, stderr: string): Error {
  const hint = MISSING_REFERENCE === undefined ? "" : `\n${MISSING_REFERENCE}`;
  return new Error(`reference service ${what}${stderr.trim() ? `:\n${stderr.trim()}` : ""}${hint}`);
}

/** The port the bootstrap prints as `PORT n`. */
function readPort(child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    const finish = (error: Error | undefined, port?: number): void => {
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      // Keep draining stdout so a chatty app never blocks on a full pipe.
      child.stdout!.resume();
      if (error) reject(error);
      else resolve(port!);
    };
    const onData = (chunk: string): void => {
      out += chunk;
      const match = /^PORT (\d+)$/m.exec(out);
      if (match) finish(undefined, Number(match[1]));
    };
    const onExit = (code: number | null, signal: string | null): void =>
      finish(startFailure(`exited before listening (${signal ?? `exit ${code}`})`, stderr()));
    const onError = (error: Error): void => finish(startFailure(`could not start (${error.message})`, stderr()));
    const timer = setTimeout(() => finish(startFailure(`reported no port within ${timeoutMs} ms`, stderr())), timeoutMs);
    child.stdout!.setEncoding("utf8").on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

/**
 * Waits for the app's first answer. The socket listens before uvicorn imports the app, so the kernel
 * queues this one request and uvicorn answers it as soon as it serves: the answer is the signal, and
 * `timeoutMs` only bounds a service that never starts.
 */
async function waitForAnswer(url: string, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  let onExit = (): void => {};
  const died = new Promise<never>((_resolve, reject) => {
    onExit = () => reject(startFailure(`exited before answering (exit ${child.exitCode ?? child.signalCode})`, stderr()));
    if (exited(child)) onExit();
    else child.once("exit", onExit);
  });
  const answered = (async () => {
    let response: Response;
    try {
      response = await fetch(`${url}/human-evaluations?app_id=000000000000000000000000`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
    } catch (error) {
      if ((error as Error).name === "TimeoutError") throw startFailure(`did not answer within ${timeoutMs} ms`, stderr());
      throw startFailure(`failed before answering (${(error as Error).message})`, stderr());
    }
    if (response.status !== 200) throw startFailure(`answered status ${response.status}`, stderr());
  })();
  answered.catch(() => {}); // when the exit is the news, the request's own failure is not
  try {
    await Promise.race([answered, died]);
  } finally {
    child.off("exit", onExit);
  }
}
