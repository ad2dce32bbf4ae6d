// The child process that runs pact-js's Verifier (started by runner.ts, never imported). Pact's
// native core prints straight to file descriptors 1 and 2, so it runs here, with piped stdio. It
// gets the Verifier module's path as its argument and the verifier options over IPC, and answers
// with one VerifierRunReply. It is a program of its own: it exits once the reply is sent, because
// the native core keeps handles open.
import { createRequire } from "node:module";
import type { VerifierRunReply } from "./runner.js";

interface VerifierModule {
  Verifier: new (options: unknown) => { verifyProvider(): Promise<unknown> };
}

const [pactModule] = process.argv.slice(2);
if (pactModule === undefined || process.send === undefined) {
  process.stderr.write("verifier-child: started without the Verifier module path or an IPC channel (it is run by runner.ts)\n");
  process.exitCode = 2;
} else {
  const { Verifier } = createRequire(import.meta.url)(pactModule) as VerifierModule;
  const send = process.send.bind(process);
  process.once("disconnect", () => process.exit(1));
  process.once("message", (options: unknown) => {
    new Verifier(options)
      .verifyProvider()
      .then(
        (text): VerifierRunReply => ({ ok: true, text: String(text) }),
        (error: unknown): VerifierRunReply => ({ ok: false, text: error instanceof Error ? error.message : String(error) }),
      )
      .then((reply) => send(reply, () => process.exit(0)));
  });
}
