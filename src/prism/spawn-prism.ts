// Runs Prism's CLI as a child process: waits for its "Prism is listening on" line (the signal, not a
// clock), relays its output line by line, and makes sure it dies with us (close(), or the parent
// process exiting for any reason).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ToolkitError } from "../errors.js";
import { resolvePrismBin } from "./prism-bin.js";
import { readPrismLine } from "./prism-output.js";

export interface SpawnPrismOptions {
  /** Prism CLI arguments after the binary: `["mock", "openapi.yaml", "--port", "4010", ...]`. */
  args: readonly string[];
  /** Every output line of Prism, colours removed. */
  onLog?: (line: string) => void;
  /**
   * Only a bound for a Prism that never says it listens (default `PRISM_START_TIMEOUT_MS`): its
   * start-up takes 2-3 s on a quiet machine, over 30 s on a loaded 2-core CI box.
   */
  startTimeoutMs?: number;
  /** Prism's CLI script, run with `process.execPath` (default: the installed @stoplight/prism-cli's). */
  bin?: string;
}

export interface PrismProcess {
  /** What Prism says it listens on, e.g. `http://127.0.0.1:4010`. */
  url: string;
  pid: number;
  /** Resolves when the child exits, with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Stops Prism (SIGTERM, then SIGKILL after 3 s); resolves once it has exited. */
  stop(): Promise<void>;
}

const KILL_GRACE_MS = 3000;

/** How long a start-up may take before `E_PRISM` (2 minutes: a bound, never the expected wait). */
export const PRISM_START_TIMEOUT_MS = 120_000;

export function spawnPrism(options: SpawnPrismOptions): Promise<PrismProcess> {
  const child = spawn(process.execPath, [options.bin ?? resolvePrismBin(), ...options.args], {
    stdio: ["ignore", "pipe", "pipe"],
    // Plain text: the output is parsed, and relayed to a log rather than a terminal.
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  // A child left behind would keep the port: kill it whatever way this process ends.
  const killOnExit = (): void => {
    child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);

  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      exitCode = code;
      process.removeListener("exit", killOnExit);
      resolve(code);
    });
  });

  const stop = async (): Promise<void> => {
    if (exitCode !== undefined) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  return new Promise<PrismProcess>((resolve, reject) => {
    const recent: string[] = [];
    let settled = false;
    let failure: ToolkitError | undefined;
    const fail = (error: ToolkitError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    const timeoutMs = options.startTimeoutMs ?? PRISM_START_TIMEOUT_MS;
    const timer = setTimeout(
      () =>
        fail(
          new ToolkitError(
            "E_PRISM",
            `Prism did not say it is listening within ${timeoutMs / 1000} s${recent.length > 0 ? `: ${recent.at(-1)}` : ""}`,
          ),
        ),
      timeoutMs,
    );

    const onLine = (line: string): void => {
      const parsed = readPrismLine(line);
      const text = parsed.kind === "listening" ? line : parsed.kind === "fatal" ? parsed.message : parsed.text;
      options.onLog?.(text);
      if (settled) return;
      if (parsed.kind === "listening") {
        settled = true;
        clearTimeout(timer);
        resolve({ url: parsed.url, pid: child.pid!, exited, stop });
      } else if (parsed.kind === "port-in-use") {
        failure ??= new ToolkitError("E_PORT_IN_USE", `Prism cannot listen: ${parsed.text.replace(/^.*?listen /, "")}`);
      } else if (parsed.kind === "fatal") {
        failure ??= new ToolkitError("E_PRISM", `Prism failed to start: ${parsed.message}`);
      } else if (parsed.text.trim() !== "") {
        recent.push(parsed.text.trim());
        if (recent.length > 5) recent.shift();
      }
    };
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream, crlfDelay: Infinity }).on("line", onLine);

    child.once("error", (error) => fail(new ToolkitError("E_PRISM", `cannot run Prism: ${error.message}`, { cause: error })));
    // "close" comes after the output streams ended, so every line has been read by then.
    child.once("close", (code) =>
      fail(
        failure ??
          new ToolkitError(
            "E_PRISM",
            `Prism exited with code ${String(code)} before listening${recent.length > 0 ? `: ${recent.at(-1)}` : ""}`,
          ),
      ),
    );
  });
}
