// Pieces of bytes joined into one array (a record, a line or a string cut across chunks), without
// Buffer: the streaming readers that use it run in browsers too. One piece is returned as it is.

/** `parts` joined; `total` is the sum of their lengths (the callers count it as they collect). */
export function concatBytes(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
