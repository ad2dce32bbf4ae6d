// Writes a report's pieces to a stream in chunks of about 64 KB, waiting whenever the stream is
// full: a report of a million findings is larger than one string may be (V8 caps strings near 512 MB).
import type { TextSink } from "../io/text-sink.js";

/** Resolves at the sink's next `drain` (the public types need no @types/node, so no events.once). */
const drained = (out: TextSink): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      out.off("drain", done);
      resolve();
    };
    out.on("drain", done);
  });

export async function writeChunks(out: TextSink, pieces: Iterable<string>): Promise<void> {
  let chunk = "";
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length < 64 * 1024) continue;
    const full = !out.write(chunk);
    chunk = "";
    if (full) await drained(out);
  }
  if (chunk !== "") out.write(chunk);
}
