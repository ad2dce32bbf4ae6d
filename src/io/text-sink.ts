// What the toolkit writes text into: the part of a Node writable stream it uses (write, and the
// drain/error/close events), declared here so the public types need no @types/node. Any
// `NodeJS.WritableStream` (a file stream, process.stdout) is one.
export interface TextSink {
  write(chunk: string): boolean;
  on(event: "drain" | "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  off(event: "drain" | "close", listener: () => void): unknown;
  off(event: "error", listener: (error: Error) => void): unknown;
}
