// A file made once and shared by every test file of a run (and the runs after): the first caller
// makes it under a lock directory (mkdir is atomic), the others wait for it to appear - a signal
// from the file system, not a sleep - and none makes it twice. A lock left by a dead process (its
// pid no longer runs) is taken over.
import { watch } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname } from "node:path";

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Resolves on the next change in `dir` (a file made, renamed or removed). */
function nextChange(dir: string): { changed: Promise<void>; stop: () => void } {
  let stop = (): void => {};
  const changed = new Promise<void>((resolve) => {
    const watcher = watch(dir, () => {
      watcher.close();
      resolve();
    });
    stop = () => {
      watcher.close();
      resolve();
    };
  });
  return { changed, stop };
}

/**
 * The path of `path`, made by `make(aside)` (which writes the file `aside`; it is renamed into place)
 * unless it is there already or another caller is making it.
 */
export async function cachedFile(path: string, make: (aside: string) => Promise<void>): Promise<string> {
  const dir = dirname(path);
  const lock = `${path}.lock`;
  await mkdir(dir, { recursive: true });
  for (;;) {
    if (await exists(path)) return path;
    // Watch first, then look: a change between the two is not missed.
    const change = nextChange(dir);
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(`${lock}/pid`, "utf8").catch(() => "NaN"));
      if (Number.isInteger(owner) && !running(owner)) {
        change.stop();
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await change.changed; // the file appeared, or the lock went (its maker failed): look again
      continue;
    }
    change.stop();
    try {
      await writeFile(`${lock}/pid`, String(process.pid));
      if (await exists(path)) return path;
      const aside = `${dir}/.${basename(path)}.${process.pid}`;
      await make(aside);
      await rename(aside, path);
      return path;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
