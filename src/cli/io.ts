// The streams a command writes to; tests pass in-memory ones.
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** What `validate -` reads; default process.stdin. */
  stdin?: AsyncIterable<Uint8Array | string>;
  /**
   * Resolves when the user asks to stop (Ctrl-C, SIGTERM). Long-running commands (servers) call it;
   * it installs the signal handlers on first call, so short commands keep the default Ctrl-C.
   */
  waitForInterrupt?: () => Promise<void>;
}

export const writeLine = (stream: NodeJS.WritableStream, line = ""): void => {
  stream.write(`${line}\n`);
};

/** Resolves on the first Ctrl-C or SIGTERM; installs the handlers only when called. */
export const waitForSignal = (): Promise<void> =>
  new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
