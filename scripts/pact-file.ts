// Renders the consumer pact (contracts/<consumer>-<provider>.json) from the interactions declared in
// src/pact/interactions.ts: each is replayed against Pact's mock server with its example request,
// and pact-js writes the file into a temporary folder, whose text is returned. `npm run gen` writes
// it to contracts/; `npm run gen:check` fails when the committed copy differs.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PactV4 } from "@pact-foundation/pact";
import { OPERATION_IDS } from "../src/contract/operations.js";
import { PACT_CONSUMER, PACT_PROVIDER } from "../src/pact/contract.js";
import { declareInteraction, EXAMPLE_REQUESTS } from "../src/pact/interactions.js";

/**
 * One GET on a fresh connection. Each interaction gets its own Pact mock server, and a freed port
 * can come back for the next one: a pooled keep-alive connection (fetch's) could then talk to the
 * closed server, and Pact would report the request "expected but not received".
 */
function getOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers: { Accept: "application/json" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}

/**
 * The pact without the versions of the library that wrote it (`metadata["pact-js"]`, `metadata.pactRust`):
 * the contract is the same whichever supported Pact major renders it (16 or 17), so `gen:check` passes
 * beside either. The pact specification's version stays.
 */
function withoutToolVersions(text: string): string {
  const pact = JSON.parse(text) as { metadata?: Record<string, unknown> };
  if (pact.metadata) {
    delete pact.metadata["pact-js"];
    delete pact.metadata["pactRust"];
  }
  return `${JSON.stringify(pact, null, 2)}\n`;
}

export async function renderPactFile(): Promise<string> {
  // Pact's native core sends anonymous usage metrics unless told not to.
  process.env["PACT_DO_NOT_TRACK"] ??= "true";
  const dir = mkdtempSync(join(tmpdir(), "evals-contract-pact-"));
  try {
    const pact = new PactV4({ consumer: PACT_CONSUMER, provider: PACT_PROVIDER, dir, logLevel: "error" });
    for (const operationId of OPERATION_IDS)
      for (let attempt = 1; ; attempt++) {
        try {
          await declareInteraction(pact, operationId).executeTest(async (server) => {
            const status = await getOnce(`${server.url}${EXAMPLE_REQUESTS[operationId]}`);
            if (status !== 200) throw new Error(`${operationId}: Pact's mock server answered ${status}`);
          });
          break;
        } catch (error) {
          // Seen once on a loaded 2-core box beside another test run: Pact's mock server reported the GET
          // it had been sent as "expected but not received". Pact writes an interaction only when it
          // matched, so a second try adds nothing twice; any other fault, or a third miss, is real.
          if (attempt === 3 || !/expected but not received/.test(String(error))) throw error;
        }
      }
    return withoutToolVersions(readFileSync(join(dir, `${PACT_CONSUMER}-${PACT_PROVIDER}.json`), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
