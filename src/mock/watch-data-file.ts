// Watches one data file and calls back once per burst of changes. Watches the directory, not the
// file: editors and `fixtures --force` save by writing a temp file and renaming it over the old one,
// which a watch on the old file's inode would miss.
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";

export const RELOAD_DEBOUNCE_MS = 100;

/** Calls `onChange` after the file changed and stayed quiet for `debounceMs`; returns the stop function. */
export function watchDataFile(path: string, onChange: () => void, debounceMs = RELOAD_DEBOUNCE_MS): () => void {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dirname(path), { persistent: false }, (_event, filename) => {
    // Some platforms do not report the name: then any change in the directory may be ours.
    if (filename !== null && filename.toString() !== name) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  });
  // A watch error (the directory went away) must not crash a running server: it just stops reloading.
  watcher.on("error", () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
