// Whether two paths lead to one file, whatever the path: `data.json` and `./data.json`, a symlink and
// its target, two hard links (one inode), a folder reached through a symlink. An output of a command
// must never destroy an input of the same command (`mock --data d.json --record d.json`, `coverage
// obs.ndjson --json obs.ndjson`): each command asks this before it writes anything.
import { realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { ToolkitError } from "../errors.js";

/** The real path of `path`: its own when it exists, else its folder's real path and its name. */
async function realPathOf(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    try {
      return join(await realpath(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/**
 * True when `a` and `b` name one file: the same device and inode when both exist (symlinks followed,
 * hard links included), else the same real path.
 */
export async function isSameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  const [sa, sb] = await Promise.all([stat(a).catch(() => undefined), stat(b).catch(() => undefined)]);
  if (sa !== undefined && sb !== undefined) return sa.dev === sb.dev && sa.ino === sb.ino;
  // One of them does not exist (yet): they are one file only if they are one path.
  return (await realPathOf(a)) === (await realPathOf(b));
}

/** An output and what it is called in messages (`--record data.json`). */
export interface NamedPath {
  /** `--json`, `the data file`, ... */
  name: string;
  path: string;
}

/**
 * Refuses (E_USAGE, before anything is written) an output that is one of the command's inputs,
 * whatever path leads to it: writing it would destroy the input.
 */
export async function refuseOutputOverInput(outputs: readonly NamedPath[], inputs: readonly NamedPath[]): Promise<void> {
  for (const output of outputs) {
    if (output.path === "-") continue;
    for (const input of inputs) {
      if (input.path === "-") continue;
      if (await isSameFile(output.path, input.path)) {
        const how = resolve(output.path) === resolve(input.path) ? "" : " (the same file by another path)";
        throw new ToolkitError(
          "E_USAGE",
          `${output.name} ${output.path} is ${input.name} ${input.path}${how}: writing it would destroy that input; name another file`,
        );
      }
    }
  }
}
