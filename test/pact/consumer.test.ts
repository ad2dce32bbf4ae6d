// Consumer contract tests: the three interactions of the contract (src/pact/interactions.ts, the
// same declarations `npm run gen` writes contracts/*.json from) replayed against Pact's mock server
// with a tiny real client, so the contract describes what a frontend actually reads. Whether the
// committed pact is current is `npm run gen:check`'s job (part of `npm test`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { afterAll, describe, expect, it } from "vitest";
import { checkDocument } from "../../src/check/index.js";
import { OPERATION_IDS } from "../../src/contract/operations.js";
import {
  APP_ID_EXAMPLE,
  EVALUATION_EXAMPLE,
  getHumanEvaluationBody,
  HUMAN_EVALUATION_EXAMPLE,
  listEvaluationsBody,
  listHumanEvaluationsBody,
  timestampPattern,
} from "../../src/pact/bodies.js";
import { PACT_CONSUMER, PACT_INTERACTIONS, PACT_PROVIDER } from "../../src/pact/contract.js";
import { declareInteraction } from "../../src/pact/interactions.js";
import { createEvaluationsClient } from "./evaluations-client.js";

const { reify } = MatchersV3;

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
    await declareInteraction(pact, "listEvaluations").executeTest(async (server) => {
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
    await declareInteraction(pact, "listHumanEvaluations").executeTest(async (server) => {
      const rows = await createEvaluationsClient(server.url).listHumanEvaluations(APP_ID_EXAMPLE);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: HUMAN_EVALUATION_EXAMPLE.id, appId: APP_ID_EXAMPLE, finished: true });
      expect(rows[0]?.variants.map((v) => v.name)).toEqual(HUMAN_EVALUATION_EXAMPLE.variant_names);
    });
  });

  it("fetches one human evaluation by id", async () => {
    const id = HUMAN_EVALUATION_EXAMPLE.id;
    await declareInteraction(pact, "getHumanEvaluation").executeTest(async (server) => {
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
  it("writes a pact with exactly the contract's three interactions", () => {
    const generated = readFileSync(generatedFile, "utf8");
    const descriptions = (JSON.parse(generated) as { interactions: Array<{ description: string }> }).interactions.map((i) => i.description);
    expect(descriptions.sort()).toEqual(OPERATION_IDS.map((id) => PACT_INTERACTIONS[id].description).sort());
  });
});
