// Reads a response body with a byte cap, counted after decompression (fetch inflates gzip, deflate
// and br as it streams): a 500 MB body, an endless one or a gzip bomb stops at the cap with memory
// bounded by it, instead of growing until the process dies.

/** The default cap of a provider response body: far above any real list, far below the heap. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export type BodyResult = { text: string } | { tooLarge: true };

const decoder = new TextDecoder();

export async function readCappedBody(response: Response, maxBytes: number): Promise<BodyResult> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const encoded = (response.headers.get("content-encoding") ?? "identity") !== "identity";
  // An honest, uncompressed Content-Length past the cap: stop before reading a byte.
  if (!encoded && declared > maxBytes) {
    await response.body?.cancel();
    return { tooLarge: true };
  }
  if (response.body === null) return { text: "" };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { text: decoder.decode(Buffer.concat(chunks, total)) };
}
