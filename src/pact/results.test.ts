// The verifier's JSON (shapes captured from pact-core 19 / pact_ffi 0.5) read into per-interaction results.
import { describe, expect, it } from "vitest";
import type { OperationId } from "../contract/operations.js";
import { formatMismatch, toVerificationResult, type VerifierJson } from "./results.js";

const LIST = "a request to list the evaluations of an app";
const GET = "a request to fetch one human evaluation by id";
const between = "Verifying a pact between evals-frontend and evaluation-listing-service";
const operationOf = (description: string): OperationId => (description === LIST ? "listEvaluations" : "getHumanEvaluation");

describe("formatMismatch", () => {
  it.each([
    [
      { type: "BodyMismatch", path: "$[0]", mismatch: "Actual map is missing the following keys: created_at" },
      "$[0]: Actual map is missing the following keys: created_at",
    ],
    [{ type: "StatusMismatch", expected: 200, actual: 500, mismatch: "expected 200 but was 500" }, "status: expected 200 but was 500"],
    [
      { type: "HeaderMismatch", key: "Content-Type", mismatch: "Mismatch with header 'Content-Type'" },
      "header Content-Type: Mismatch with header 'Content-Type'",
    ],
    [
      { type: "BodyTypeMismatch", expected: "application/json", actual: "text/html" },
      'body content type: expected "application/json", got "text/html"',
    ],
    [{ type: "BodyMismatch", path: "$.id", mismatch: "Expected \u001b[1m1\u001b[0m\n to be a string" }, "$.id: Expected 1 to be a string"],
  ])("%j", (mismatch, line) => {
    expect(formatMismatch(mismatch)).toBe(line);
  });
});

describe("toVerificationResult", () => {
  it("passes every interaction of a passing run", () => {
    const json: VerifierJson = { result: true, errors: [], interactionResults: [{ description: LIST, result: "OK" }] };
    expect(toVerificationResult(json, { operationOf })).toEqual({
      passed: true,
      interactions: [{ description: LIST, operationId: "listEvaluations", passed: true, mismatches: [] }],
    });
  });

  it("ties each error to its interaction, and explains a failed provider state with its own message", () => {
    const json: VerifierJson = {
      result: false,
      errors: [
        {
          interaction: `${between} Given app has evaluations - ${LIST}`,
          mismatch: {
            type: "mismatches",
            mismatches: [{ type: "BodyMismatch", path: "$[0].id", mismatch: "Expected 1 (Integer) to be the same type as 'x' (String)" }],
          },
        },
        {
          interaction: `${between} Given human evaluation exists - ${GET}`,
          mismatch: { type: "error", message: "One or more of the setup state change handlers has failed" },
        },
      ],
      interactionResults: [
        { description: GET, result: "Error" },
        { description: LIST, result: "Error" },
      ],
    };
    const stateFailures = [{ state: "human evaluation exists", message: "app x has no human evaluations on the provider" }];
    expect(toVerificationResult(json, { operationOf, stateFailures })).toEqual({
      passed: false,
      interactions: [
        {
          description: GET,
          operationId: "getHumanEvaluation",
          passed: false,
          mismatches: [
            'provider state "human evaluation exists": app x has no human evaluations on the provider',
            "One or more of the setup state change handlers has failed",
          ],
        },
        {
          description: LIST,
          operationId: "listEvaluations",
          passed: false,
          mismatches: ["$[0].id: Expected 1 (Integer) to be the same type as 'x' (String)"],
        },
      ],
    });
  });

  it("reports an error tied to no interaction (a pact that did not load) as the run's error", () => {
    const json: VerifierJson = {
      result: false,
      errors: [{ interaction: "Failed to load pact", mismatch: { type: "error", message: "No pacts found for provider 'p'" } }],
      interactionResults: [],
    };
    expect(toVerificationResult(json, { operationOf })).toEqual({
      passed: false,
      interactions: [],
      error: "Failed to load pact: No pacts found for provider 'p'",
    });
  });

  it("lists a pending pact's mismatches without failing the interaction", () => {
    const json: VerifierJson = {
      result: true,
      pendingErrors: [
        {
          interaction: `${between} - ${LIST}`,
          mismatch: { type: "mismatches", mismatches: [{ type: "StatusMismatch", mismatch: "expected 200 but was 404" }] },
        },
      ],
      interactionResults: [{ description: LIST, result: "OK" }],
    };
    expect(toVerificationResult(json, { operationOf }).interactions).toEqual([
      { description: LIST, operationId: "listEvaluations", passed: true, mismatches: ["(pending) status: expected 200 but was 404"] },
    ]);
  });
});
