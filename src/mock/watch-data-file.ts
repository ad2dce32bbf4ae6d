// Watches one data file and calls back once per burst of changes. Watches the directory, not the
// file: editors and `fixtures --force` save by writing a temp file and renaming it over the old one,
// which a watch on the old file's inode would miss. When the directory itself goes away (deleted,
// unmounted, a checkout that recreates it), the watch is lost: it waits for the directory to come
// back, watches it again, reloads, and says both in the log.
import { existsSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";

export const RELOAD_DEBOUNCE_MS = 100;
/** How often a lost watch looks for its directory again. */
export const REWATCH_POLL_MS = 250;

export interface WatchOptions {
  debounceMs?: number;
  /** Told when the watch is lost and when it is back. */
  log?: (line: string) => void;
}

/** Calls `onChange` after the file changed and stayed quiet for `debounceMs`; returns the stop function. */
export function watchDataFile(path: string, onChange: () => void, options: WatchOptions = {}): () => void {
  const name = basename(path);
  const folder = dirname(path);
  const debounceMs = options.debounceMs ?? RELOAD_DEBOUNCE_MS;
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let stopped = false;

  const changed = (): void => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };

  const lose = (): void => {
    if (stopped || poll !== undefined) return;
    watcher?.close();
    watcher = undefined;
    options.log?.(`lost the watch on ${folder} (the folder went away); watching for it to come back`);
    poll = setInterval(() => {
      if (!existsSync(folder)) return;
      clearInterval(poll);
      poll = undefined;
      if (start()) {
        options.log?.(`watching ${path} again`);
        changed();
      }
    }, REWATCH_POLL_MS);
    poll.unref();
  };

  const start = (): boolean => {
    try {
      watcher = watch(folder, { persistent: false }, (_event, filename) => {
        if (!existsSync(folder)) return lose();
        // Some platforms do not report the name: then any change in the directory may be ours.
        if (filename !== null && filename.toString() !== name) return;
        changed();
      });
    } catch {
      lose();
      return false;
    }
    // A watch error (the directory went away) must not crash a running server.
    watcher.on("error", lose);
    return true;
  };

  start();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(poll);
    watcher?.close();
  };
}
