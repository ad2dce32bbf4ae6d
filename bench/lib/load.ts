// HTTP load for the mock benchmarks: wrk when it is installed (scripts/ensure-bench-deps.sh installs
// Debian's), autocannon otherwise, and CPU placement on a machine with two cores or more: the server
// under test on CPU 0, the load tool on CPU 1 (taskset), so the two never take turns on one core
// and the figure is the server's. Every figure printed names the tool and the placement.
import autocannon from "autocannon";
import { execFile, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

export interface LoadOptions {
  connections: number;
  seconds: number;
}

export interface LoadTool {
  /** What the output says was used, e.g. "wrk 4.1.0, server on CPU 0, wrk on CPU 1". */
  readonly description: string;
  /** Requests per second answered at `url` over `seconds`, all `connections` kept busy. */
  requestsPerSecond(url: string, options: LoadOptions): Promise<number>;
  /** The command prefix that puts a server process on its CPU (empty when nothing is pinned). */
  readonly serverPrefix: readonly string[];
}

/** Whether `taskset` can be run here. */
const hasTaskset = (): boolean => spawnSync("taskset", ["-V"], { stdio: "ignore" }).error === undefined;

/** wrk's version ("" if it prints none), or undefined when wrk is not installed (`wrk -v` exits 1 after its banner). */
function wrkVersion(): string | undefined {
  const run = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (run.error !== undefined) return undefined;
  return /wrk (\S+)/.exec(`${run.stdout}${run.stderr}`)?.[1] ?? "";
}

/**
 * wrk's summary line "123456 requests in 3.00s, 12.3MB read" as requests per second. Socket errors
 * (refused, reset, timed out) make the run worthless: thrown. Non-2xx answers are expected (404, 422).
 */
export function parseWrk(output: string): number {
  const socketErrors = /Socket errors: (.*)/.exec(output)?.[1];
  if (socketErrors !== undefined && /\b[1-9]/.test(socketErrors)) throw new Error(`wrk: socket errors: ${socketErrors}`);
  const match = /(\d+) requests in ([\d.]+)(us|ms|s|m)\b/.exec(output);
  if (!match) throw new Error(`wrk printed no summary: ${output.trim().split("\n").slice(-3).join(" | ")}`);
  const unit = { us: 1e-6, ms: 1e-3, s: 1, m: 60 }[match[3] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) / (Number(match[2]) * unit);
}

function wrk(pin: readonly string[]): LoadTool["requestsPerSecond"] {
  return (url, { connections, seconds }) =>
    new Promise((resolve, reject) => {
      const [command, ...args] = [...pin, "wrk", "-t1", `-c${connections}`, `-d${seconds}s`, url];
      execFile(command!, args, { encoding: "utf8" }, (error, stdout, stderr) => {
        if (error) return reject(new Error(`wrk failed: ${stderr.trim() || error.message}`));
        try {
          resolve(parseWrk(stdout));
        } catch (parseError) {
          reject(parseError as Error);
        }
      });
    });
}

const viaAutocannon: LoadTool["requestsPerSecond"] = async (url, { connections, seconds }) => {
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
  if (result.errors > 0 || result.timeouts > 0)
    throw new Error(`autocannon: ${result.errors} errors, ${result.timeouts} timeouts at ${url}`);
  return result.requests.total / result.duration;
};

/** wrk (pinned when it can be) if installed, else autocannon in a worker thread of this process. */
export function chooseLoadTool(): LoadTool {
  const pinned = availableParallelism() >= 2 && hasTaskset();
  const version = wrkVersion();
  if (version !== undefined) {
    return {
      description: `wrk ${version}${pinned ? ", server on CPU 0, wrk on CPU 1" : " (no taskset or one CPU: not pinned)"}`,
      requestsPerSecond: wrk(pinned ? ["taskset", "-c", "1"] : []),
      serverPrefix: pinned ? ["taskset", "-c", "0"] : [],
    };
  }
  return {
    description: "autocannon in a worker thread (wrk is not installed: scripts/ensure-bench-deps.sh), not pinned",
    requestsPerSecond: viaAutocannon,
    serverPrefix: [],
  };
}
