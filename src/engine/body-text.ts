// The text of a body without Content-Encoding, built as its bytes arrive: each chunk is copied into
// one buffer of the body's own (sized by Content-Length) and dropped at once, so the socket's chunks
// die young; the buffer is decoded once at the end and freed there and then where the runtime can
// (ArrayBuffer.prototype.transfer, Node 22+). A 26 MB list then costs its text and, for a moment, its
// bytes, not its chunks, their concatenation and the decoded parts as well (issue 34: verify's peak).
//
// When the caller knows a text the body is likely to equal (the `/path/` form of a list it already
// has), the bytes are compared with it as they come and nothing is kept while they agree: the answer
// is that same string, so a second 26 MB list costs no memory at all. From the first chunk that
// differs (or is not ASCII, where bytes and characters part ways) the body is built as usual, the
// agreed prefix re-encoded from the known text.
import { isAscii } from "node:buffer";

export interface BodyText {
  /** One more chunk of the body, as it came off the socket (not kept). */
  add(chunk: Uint8Array): void;
  /** The body so far, decoded as UTF-8 (a BOM dropped, as TextDecoder does); the bytes are freed. */
  text(): string;
}

export interface BodyTextOptions {
  /** Content-Length, when the answer has one: the buffer's size from the start. */
  expectedBytes?: number;
  /** Most bytes ever held (the byte cap): a Content-Length above it does not size the buffer. */
  cap: number;
  /** A text the body is likely to equal, compared as the bytes come. */
  likely?: string;
}

const decoder = new TextDecoder();
const FIRST_SIZE = 64 * 1024;

export function createBodyText(options: BodyTextOptions): BodyText {
  const expected = options.expectedBytes;
  let buffer: Uint8Array | undefined;
  let length = 0;
  // While `likely` agrees: how many of its characters (= bytes: ASCII only) the body matched so far.
  let likely = options.likely;
  let agreed = 0;

  const reserve = (more: number): Uint8Array => {
    if (buffer === undefined) {
      const sized = expected !== undefined && Number.isSafeInteger(expected) && expected > 0 ? Math.min(expected, options.cap) : FIRST_SIZE;
      buffer = new Uint8Array(Math.max(sized, more));
    } else if (length + more > buffer.length) {
      const bigger = new Uint8Array(Math.max(buffer.length * 2, length + more));
      bigger.set(buffer.subarray(0, length));
      release(buffer);
      buffer = bigger;
    }
    return buffer;
  };
  const append = (bytes: Uint8Array): void => {
    reserve(bytes.length).set(bytes, length);
    length += bytes.length;
  };
  const stopAgreeing = (): void => {
    if (likely === undefined) return;
    const prefix = likely.slice(0, agreed);
    likely = undefined;
    if (prefix.length > 0) append(Buffer.from(prefix, "latin1"));
  };

  return {
    add(chunk) {
      if (likely !== undefined) {
        const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (agreed + view.length <= likely.length && isAscii(view) && likely.startsWith(view.toString("latin1"), agreed)) {
          agreed += view.length;
          return;
        }
        stopAgreeing();
      }
      append(chunk);
    },
    text() {
      if (likely !== undefined) return agreed === likely.length ? likely : likely.slice(0, agreed);
      if (buffer === undefined) return "";
      const text = decoder.decode(buffer.subarray(0, length));
      release(buffer);
      buffer = undefined;
      length = 0;
      return text;
    },
  };
}

/** Frees a buffer of our own now where the runtime can (Node 22+), not at the next full collection. */
function release(buffer: Uint8Array): void {
  const spent = buffer.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  spent.transfer?.(0);
}
