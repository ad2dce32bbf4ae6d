// Consumer contract tests: the three interactions of the frontend with the Evaluation Listing
// Service, run against Pact's mock server with a tiny real client. The pact is written to a
// temporary folder and compared with the committed copy in contracts/; nothing is regenerated
// unless UPDATE_PACT=1 (`npm run pact:update`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { afterAll, describe, expect, it } from "vitest";
import { checkDocument } from "../../src/check/check-resource.js";
import { OPERATION_IDS } from "../../src/contract/operations.js";
import { PACT_CONSUMER, PACT_FILE, PACT_INTERACTIONS, PACT_PROVIDER } from "../../src/verify/pact-contract.js";
import { writeTextFileAtomically } from "../../src/io/write-file-atomic.js";
import {
  APP_ID_EXAMPLE,
  EVALUATION_EXAMPLE,
  getHumanEvaluationBody,
  HUMAN_EVALUATION_EXAMPLE,
  JSON_CONTENT_TYPE,
  listEvaluationsBody,
  listHumanEvaluationsBody,
  timestampPattern,
} from "./contract-bodies.js";
import { createEvaluationsClient } from "./evaluations-client.js";

const { fromProviderState, reify } = MatchersV3;
const ACCEPT_JSON = { Accept: "application/json" };
const UPDATE_COMMAND = "npm run pact:update (UPDATE_PACT=1 npx vitest run test/pact/consumer.test.ts)";

// Pact's native core sends anonymous usage metrics unless told not to; tests make no such calls.
process.env["PACT_DO_NOT_TRACK"] ??= "true";

const outDir = mkdtempSync(join(tmpdir(), "evals-pact-"));
const pact = new PactV4({ consumer: PACT_CONSUMER, provider: PACT_PROVIDER, dir: outDir, logLevel: "error" });
const generatedFile = join(outDir, `${PACT_CONSUMER}-${PACT_PROVIDER}.json`);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("consumer contract: the example bodies", () => {
  it("conform to the schemas (no error finding), so the contract never shows impossible data", () => {
    expect(checkDocument("Evaluation", reify(listEvaluationsBody())).filter((f) => f.severity === "error")).toEqual([]);
    expect(checkDocument("HumanEvaluation", reify(listHumanEvaluationsBody())).filter((f) => f.severity === "error")).toEqual([]);
    expect(checkDocument("HumanEvaluation", reify(getHumanEvaluationBody())).filter((f) => f.severity === "error")).toEqual([]);
  });

  it("use the schema's timestamp pattern, which accepts the real service's naive and offset forms", () => {
    const pattern = new RegExp(timestampPattern());
    for (const accepted of ["2024-05-17T10:54:19.123000", "2024-07-10T12:34:56.789012Z", "2024-07-10 12:34:56.789012+00:00"])
      expect(pattern.test(accepted), accepted).toBe(true);
    for (const refused of ["17/05/2024", "2024-05-17", "yesterday"]) expect(pattern.test(refused), refused).toBe(false);
    expect(JSON.stringify(listEvaluationsBody())).toContain(JSON.stringify(timestampPattern()));
  });
});

describe(`consumer contract: ${PACT_CONSUMER} -> ${PACT_PROVIDER}`, () => {
  it("lists the evaluations of an app", async () => {
    const { description, state } = PACT_INTERACTIONS.listEvaluations;
    await pact
      .addInteraction()
      .given(state, { app_id: APP_ID_EXAMPLE })
      .uponReceiving(description)
      .withRequest("GET", "/evaluations", (request) =>
        request.query({ app_id: fromProviderState("${app_id}", APP_ID_EXAMPLE) }).headers(ACCEPT_JSON),
      )
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT_TYPE).jsonBody(listEvaluationsBody()))
      .executeTest(async (server) => {
        const rows = await createEvaluationsClient(server.url).listEvaluations(APP_ID_EXAMPLE);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          id: EVALUATION_EXAMPLE.id,
          status: "status",
          evaluators: [{ id: null, name: "(deleted evaluator)" }],
        });
        expect(rows[0]?.durationMs).toBeGreaterThan(0);
      });
  });

  it("lists the human evaluations of an app", async () => {
    const { description, state } = PACT_INTERACTIONS.listHumanEvaluations;
    await pact
      .addInteraction()
      .given(state, { app_id: APP_ID_EXAMPLE })
      .uponReceiving(description)
      .withRequest("GET", "/human-evaluations", (request) =>
        request.query({ app_id: fromProviderState("${app_id}", APP_ID_EXAMPLE) }).headers(ACCEPT_JSON),
      )
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT_TYPE).jsonBody(listHumanEvaluationsBody()))
      .executeTest(async (server) => {
        const rows = await createEvaluationsClient(server.url).listHumanEvaluations(APP_ID_EXAMPLE);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ id: HUMAN_EVALUATION_EXAMPLE.id, appId: APP_ID_EXAMPLE, finished: true });
        expect(rows[0]?.variants.map((v) => v.name)).toEqual(HUMAN_EVALUATION_EXAMPLE.variant_names);
      });
  });

  it("fetches one human evaluation by id", async () => {
    const { description, state } = PACT_INTERACTIONS.getHumanEvaluation;
    const id = HUMAN_EVALUATION_EXAMPLE.id;
    await pact
      .addInteraction()
      .given(state, { app_id: APP_ID_EXAMPLE, evaluation_id: id })
      .uponReceiving(description)
      .withRequest("GET", fromProviderState("/human-evaluations/${evaluation_id}", `/human-evaluations/${id}`), (request) =>
        request.headers(ACCEPT_JSON),
      )
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT_TYPE).jsonBody(getHumanEvaluationBody()))
      .executeTest(async (server) => {
        const row = await createEvaluationsClient(server.url).getHumanEvaluation(id);
        expect(row).toMatchObject({
          id,
          evaluationType: HUMAN_EVALUATION_EXAMPLE.evaluation_type,
          testset: HUMAN_EVALUATION_EXAMPLE.testset_name,
        });
        expect(row.createdAt.toISOString()).toBe(new Date(HUMAN_EVALUATION_EXAMPLE.created_at).toISOString());
      });
  });

  // Runs last (vitest runs the tests of a file in order): the pact is complete only now.
  it("matches the committed pact in contracts/ (byte for byte)", async () => {
    const generated = readFileSync(generatedFile, "utf8");
    const descriptions = (JSON.parse(generated) as { interactions: Array<{ description: string }> }).interactions.map((i) => i.description);
    expect(descriptions.sort(), "run the whole file: the pact must hold all three interactions").toEqual(
      OPERATION_IDS.map((id) => PACT_INTERACTIONS[id].description).sort(),
    );

    const committedPath = relative(process.cwd(), PACT_FILE);
    if (process.env["UPDATE_PACT"] === "1") {
      await writeTextFileAtomically(PACT_FILE, generated, true);
      return;
    }
    let committed: string;
    try {
      committed = readFileSync(PACT_FILE, "utf8");
    } catch {
      throw new Error(`${committedPath} is missing; create it with ${UPDATE_COMMAND}`);
    }
    if (committed !== generated)
      throw new Error(`${committedPath} is stale (${firstDifference(committed, generated)}); review and run ${UPDATE_COMMAND}`);
  });
});

/** Where two pact texts first differ, as one line for the failure message. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split("\n");
  const b = generated.split("\n");
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  const onlyVersions = JSON.stringify(withoutGeneratorVersions(committed)) === JSON.stringify(withoutGeneratorVersions(generated));
  const detail = `line ${at + 1}: committed ${JSON.stringify(a[at]?.trim() ?? "")}, generated ${JSON.stringify(b[at]?.trim() ?? "")}`;
  return onlyVersions ? `only the pact-js / pact-rust versions in metadata differ, ${detail}` : detail;
}

function withoutGeneratorVersions(text: string): unknown {
  const pactJson = JSON.parse(text) as { metadata?: Record<string, unknown> };
  const { metadata = {}, ...rest } = pactJson;
  const { "pact-js": _js, pactRust: _rust, ...kept } = metadata;
  return { ...rest, metadata: kept };
}
