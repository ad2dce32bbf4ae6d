// The bytes the mock answers with. On Node they are Buffers (a Uint8Array subclass): node:http
// writes a Buffer as it is but wraps a plain Uint8Array on every write, which costs about 15% of
// the mock's throughput on small answers. Elsewhere (MSW in a browser) TextEncoder's bytes; the
// type stays Uint8Array, so the public types need no @types/node.
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "utf8"): Uint8Array } }).Buffer;
const encoder = new TextEncoder();

export const utf8Bytes: (text: string) => Uint8Array = nodeBuffer
  ? (text) => nodeBuffer.from(text, "utf8")
  : (text) => encoder.encode(text);
