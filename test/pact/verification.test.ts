// Provider verification of the committed pact: a conforming provider passes (the mock server, and
// one serving data the way the real service does), a broken one fails with a mismatch naming the
// field, a base URL with a path prefix works, provider states use the provider's own data, and the
// broker options reach a Pact Broker. Each run starts Pact's verifier in a child process (~1 s), so
// the tests run concurrently, each with its own servers, closed when it finishes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { isToolkitError } from "../../src/errors.js";
import { startMockServer } from "../../src/mock/index.js";
import { PACT_FILE, PACT_INTERACTIONS, PACT_PROVIDER } from "../../src/pact/contract.js";
import { runPactVerification, type PactVerificationResult } from "../../src/pact/verification.js";
import { APP_A as APP_ID, galleryDataset } from "../verify/dataset.js";
import { startFixtureProvider, type FixtureProviderOptions } from "../verify/fixture-provider.js";
import { realServiceStyle } from "../verify/real-service-style.js";
import { startFakeBroker } from "./fake-broker.js";

/** A provider serving the contract's examples the way the real service does, unless told otherwise. */
const startProvider = (options: Partial<FixtureProviderOptions> = {}) =>
  startFixtureProvider({ data: galleryDataset(), transform: realServiceStyle, ...options });

async function provider(context: TestContext, options: Partial<FixtureProviderOptions> = {}) {
  const started = await startProvider(options);
  context.onTestFinished(() => started.close());
  return started;
}

/** The committed pact cut down to one interaction, in a temporary file (removed when the test ends). */
function pactWithOnly(context: TestContext, description: string): string {
  const pact = JSON.parse(readFileSync(PACT_FILE, "utf8")) as { interactions: Array<{ description: string }> };
  const dir = mkdtempSync(join(tmpdir(), "evals-pact-verify-"));
  context.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "one-interaction.json");
  writeFileSync(file, JSON.stringify({ ...pact, interactions: pact.interactions.filter((i) => i.description === description) }));
  return file;
}

const interaction = (result: PactVerificationResult, operationId: keyof typeof PACT_INTERACTIONS) =>
  result.interactions.find((i) => i.operationId === operationId);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: unknown) => error,
  );
}

describe.concurrent("runPactVerification", () => {
  it("passes a provider that sends null optionals, naive and spaced timestamps and deleted evaluator configs, as the real service does", async (context) => {
    const real = await provider(context);
    const result = await runPactVerification({ baseUrl: real.url, appId: APP_ID });
    expect(result).toEqual({
      passed: true,
      interactions: expect.arrayContaining([
        { description: PACT_INTERACTIONS.listEvaluations.description, operationId: "listEvaluations", passed: true, mismatches: [] },
        {
          description: PACT_INTERACTIONS.listHumanEvaluations.description,
          operationId: "listHumanEvaluations",
          passed: true,
          mismatches: [],
        },
        { description: PACT_INTERACTIONS.getHumanEvaluation.description, operationId: "getHumanEvaluation", passed: true, mismatches: [] },
      ]),
    });
    expect(result.interactions).toHaveLength(3);
    // Provider states came from the provider's own data: the given app, its first human evaluation.
    expect(real.requests).toContain(`GET /evaluations?app_id=${APP_ID}`);
    expect(real.requests).toContain(`GET /human-evaluations/${HUMAN_EVALUATION_EXAMPLES[0]?.id}`);
  });

  it("passes the mock server, the known-good provider", async (context) => {
    const mock = await startMockServer({
      data: { evaluations: EVALUATION_EXAMPLES, human_evaluations: HUMAN_EVALUATION_EXAMPLES },
      port: 0,
    });
    context.onTestFinished(() => mock.close());
    const result = await runPactVerification({ baseUrl: mock.url, appId: APP_ID });
    expect(result.interactions.map((i) => [i.operationId, i.passed, i.mismatches])).toEqual(
      expect.arrayContaining([
        ["listEvaluations", true, []],
        ["listHumanEvaluations", true, []],
        ["getHumanEvaluation", true, []],
      ]),
    );
    expect(result.passed).toBe(true);
  });

  it("fails a provider with a renamed field, with a mismatch naming the field, and only on that interaction", async (context) => {
    const renamed = await provider(context, {
      transform: (request, reply) =>
        request.operationId === "listEvaluations" && Array.isArray(reply.body)
          ? { ...reply, body: reply.body.map(({ created_at, ...rest }: Record<string, unknown>) => ({ ...rest, createdAt: created_at })) }
          : reply,
    });
    const result = await runPactVerification({ baseUrl: renamed.url, appId: APP_ID });
    expect(result.passed).toBe(false);
    expect(result.error).toBeUndefined();
    const failed = interaction(result, "listEvaluations");
    expect(failed?.passed).toBe(false);
    expect(failed?.mismatches).toContainEqual(expect.stringMatching(/^\$\[0\]: .*missing.*created_at/));
    expect(interaction(result, "listHumanEvaluations")?.passed).toBe(true);
    expect(interaction(result, "getHumanEvaluation")?.passed).toBe(true);
  });

  it("works with a base URL that has a path prefix (trailing slash or not) and uses a given human evaluation id", async (context) => {
    // Not the first of the app's list, which the provider state would take by default.
    const second = galleryDataset().human_evaluations[1]!;
    const prefixed = await provider(context, { basePath: "/api" });
    const result = await runPactVerification({ baseUrl: `${prefixed.url}/`, appId: APP_ID, humanEvaluationId: second.id });
    expect(result.passed).toBe(true);
    expect(prefixed.requests.length).toBeGreaterThan(3);
    expect(prefixed.requests.every((r) => r.startsWith("GET /api/"))).toBe(true);
    expect(prefixed.requests).toContain(`GET /api/human-evaluations/${second.id}`);
  });

  it("skips, not fails, an interaction whose state the app cannot meet (no human evaluations), and verifies given pact files", async (context) => {
    const empty = await provider(context, { data: { ...galleryDataset(), human_evaluations: [] } });
    const pactFiles = [pactWithOnly(context, PACT_INTERACTIONS.getHumanEvaluation.description)];
    const result = await runPactVerification({ baseUrl: empty.url, appId: APP_ID, pactFiles });
    expect(result.passed).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.interactions).toEqual([
      {
        description: PACT_INTERACTIONS.getHumanEvaluation.description,
        operationId: "getHumanEvaluation",
        passed: false,
        mismatches: [],
        skipReason:
          'provider state "human evaluation exists" cannot be met: app 666dde95962bbaffdb0072b5 has no human evaluations on the provider (GET /human-evaluations?app_id=666dde95962bbaffdb0072b5 answered [])',
      },
    ]);
  });

  it("still fails an interaction whose state lookup finds a broken list (not an empty one)", async (context) => {
    const broken = await provider(context, {
      transform: (request, reply) =>
        request.operationId === "listHumanEvaluations" ? { ...reply, status: 500, body: { detail: "boom" } } : reply,
    });
    const pactFiles = [pactWithOnly(context, PACT_INTERACTIONS.getHumanEvaluation.description)];
    const result = await runPactVerification({ baseUrl: broken.url, appId: APP_ID, pactFiles });
    expect(result.passed).toBe(false);
    expect(result.interactions[0]?.passed).toBe(false);
    expect(result.interactions[0]?.mismatches[0]).toContain("answered 500, not 200");
    expect(result.interactions[0]?.skipReason).toBeUndefined();
  });

  it("uses the provider's own state setup URL instead of the read-only lookups", async (context) => {
    const id = HUMAN_EVALUATION_EXAMPLES[0]?.id ?? "";
    const seeding = await provider(context, { stateValues: { app_id: APP_ID, evaluation_id: id } });
    const result = await runPactVerification({
      baseUrl: seeding.url,
      appId: "unused-by-own-states",
      stateSetupUrl: `${seeding.url}/_pact/provider-states`,
    });
    expect(result.passed).toBe(true);
    expect(seeding.requests.filter((r) => r === "POST /_pact/provider-states").length).toBeGreaterThanOrEqual(3);
    expect(seeding.requests).toContain(`GET /human-evaluations/${id}`);
  });

  it("takes the pacts from a Pact Broker and publishes the verification result", async (context) => {
    const real = await provider(context);
    const broker = await startFakeBroker(JSON.parse(readFileSync(PACT_FILE, "utf8")) as Record<string, unknown>, PACT_PROVIDER);
    context.onTestFinished(() => broker.close());
    const result = await runPactVerification({
      baseUrl: real.url,
      appId: APP_ID,
      brokerUrl: broker.url,
      brokerToken: "secret-token",
      providerVersion: "1.4.2",
      providerBranch: "main",
      publish: true,
    });
    expect(result.passed).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.interactions).toHaveLength(3);
    expect(broker.requests.every((r) => r.authorization === "Bearer secret-token")).toBe(true);
    const selection = broker.requests.find((r) => r.method === "POST" && r.path.endsWith("/for-verification"));
    expect(selection?.body).toMatchObject({
      consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
      providerVersionBranch: "main",
    });
    const published = broker.requests.find((r) => r.method === "POST" && r.path === "/pacts/1/verification-results");
    expect(published?.body).toMatchObject({ success: true, providerApplicationVersion: "1.4.2" });
  });

  it("gives the verifier the per-request timeout: a provider that hangs on one endpoint fails that interaction in time", async (context) => {
    // Pact's own default is 30 s per request, far beyond this test's time limit.
    const hanging = await provider(context, { hangOn: /^\/human-evaluations\/[^/]+$/ });
    const result = await runPactVerification({ baseUrl: hanging.url, appId: APP_ID, timeoutMs: 300 });
    expect(result.passed).toBe(false);
    expect(interaction(result, "getHumanEvaluation")?.passed).toBe(false);
    expect(interaction(result, "listEvaluations")?.passed).toBe(true);
  });

  it("throws E_PROVIDER_UNREACHABLE when nothing listens at the base URL", async () => {
    const gone = await startProvider();
    await gone.close();
    const error = await rejection(runPactVerification({ baseUrl: gone.url, appId: APP_ID }));
    expect(isToolkitError(error) && error.code).toBe("E_PROVIDER_UNREACHABLE");
    expect((error as Error).message).toContain(gone.url);
  });

  it("throws E_PACT when the broker cannot hand out any pact", async (context) => {
    const real = await provider(context);
    const gone = await startProvider();
    await gone.close();
    const error = await rejection(runPactVerification({ baseUrl: real.url, appId: APP_ID, brokerUrl: gone.url }));
    expect(isToolkitError(error) && error.code).toBe("E_PACT");
    expect((error as Error).message).toMatch(/^the Pact verifier could not run: .*No pacts found/);
  });

  it("refuses to publish without a provider version, before any request", async () => {
    const error = await rejection(
      runPactVerification({ baseUrl: "http://127.0.0.1:1", appId: APP_ID, brokerUrl: "http://127.0.0.1:1", publish: true }),
    );
    expect(isToolkitError(error) && error.code).toBe("E_USAGE");
  });
});
