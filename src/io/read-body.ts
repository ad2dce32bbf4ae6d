// Reads a response body with a byte cap, counted after decompression (fetch inflates gzip, deflate
// and br as it streams): a 500 MB body, an endless one or a gzip bomb stops at the cap with memory
// bounded by it, instead of growing until the process dies. A body that its Content-Encoding does
// not decode (gzip over plain bytes) is a result, not an exception: the caller makes it a finding.

export type BodyResult = { text: string } | { tooLarge: true } | { undecodable: string };

const decoder = new TextDecoder();

type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;

/** Whether `error` comes from the zlib or brotli decoder (its cause carries a zlib errno or a Z_ code). */
function isDecodingError(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause !== "object" || cause === null) return false;
  const { code, errno } = cause as { code?: unknown; errno?: unknown };
  return (typeof code === "string" && /^(Z_|ERR_BROTLI|ERR__ERROR)/.test(code)) || (typeof errno === "number" && code === undefined);
}

/** The zlib or brotli reason under undici's "terminated" TypeError, in a few words. */
function decodeReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.replace(/\s+/g, " ").trim();
}

/** `reader.read()`, or the signal's reason once it aborts (a stalled decoder must not outlive the timeout). */
function readOrAbort(reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal | undefined): Promise<ReadResult> {
  if (signal === undefined) return reader.read();
  signal.throwIfAborted();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([reader.read(), aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}

export async function readCappedBody(response: Response, maxBytes: number, signal?: AbortSignal): Promise<BodyResult> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const encoding = (response.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  const encoded = encoding !== "identity" && encoding !== "";
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
    let result: ReadResult;
    try {
      result = await readOrAbort(reader, signal);
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      // A timeout, or the connection lost mid-body, stays the caller's error; a decoder's is the body's fault.
      if (!encoded || name === "TimeoutError" || name === "AbortError" || !isDecodingError(error)) throw error;
      reader.cancel().catch(() => undefined);
      return { undecodable: `the body is not valid Content-Encoding: ${encoding} (${decodeReason(error)})` };
    }
    const { done, value } = result;
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
