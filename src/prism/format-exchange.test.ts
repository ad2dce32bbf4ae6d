// Reading Prism's violation reports (header and problem body) and printing them: table-driven.
import { describe, expect, it } from "vitest";
import { describeLocation, formatExchange } from "./format-exchange.js";
import { parseProblemBody, parseViolationHeader, type PrismExchange } from "./violation.js";

describe("parseViolationHeader", () => {
  it("reads Prism's list and drops the if/else echoes of the null-tolerant document", () => {
    const header = JSON.stringify([
      {
        location: ["response", "body", "0", "testset_id"],
        severity: "Error",
        code: "type",
        message: "Response body property 0.testset_id must be string",
      },
      { location: ["response", "body", "0", "testset_id"], severity: "Error", code: "if", message: 'must match "else" schema' },
    ]);
    expect(parseViolationHeader(header)).toEqual([
      {
        location: ["response", "body", "0", "testset_id"],
        severity: "Error",
        code: "type",
        message: "Response body property 0.testset_id must be string",
      },
    ]);
  });

  it("says so when Prism truncated the header", () => {
    expect(parseViolationHeader('Too many violations! [{"location":')).toEqual([
      expect.objectContaining({ code: "truncated", severity: "Error" }),
    ]);
  });
});

describe("parseProblemBody", () => {
  it("puts the request side in front of the locations of Prism's 422", () => {
    const body = JSON.stringify({
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
      detail: "Your request is not valid",
      validation: [
        { location: ["query"], severity: "Error", code: "required", message: "Request query must have required property 'app_id'" },
      ],
    });
    expect(parseProblemBody(body, 422)).toEqual({
      problem: {
        type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
        title: "Invalid request",
        detail: "Your request is not valid",
      },
      violations: [
        {
          location: ["request", "query"],
          severity: "Error",
          code: "required",
          message: "Request query must have required property 'app_id'",
        },
      ],
    });
  });

  it.each([["not json"], ['{"detail":"Evaluation not found"}'], ["[]"]])("is undefined for %s (not a Prism problem)", (text) => {
    expect(parseProblemBody(text, 404)).toBeUndefined();
  });
});

describe("describeLocation", () => {
  it.each([
    [["response", "body", "0", "testset_id"], "response body $[0].testset_id"],
    [["response", "body", "2", "aggregated_results", "0", "evaluator_config"], "response body $[2].aggregated_results[0].evaluator_config"],
    [["request", "query"], "request query"],
    [["response", "body"], "response body"],
    [["response", "headers", "content-type"], 'response headers $["content-type"]'],
  ])("%j -> %s", (location, want) => {
    expect(describeLocation(location)).toBe(want);
  });
});

describe("formatExchange", () => {
  it.each<[string, PrismExchange, string[]]>([
    ["a clean exchange", { method: "GET", url: "/evaluations?app_id=a", status: 200, violations: [] }, ["GET /evaluations?app_id=a 200"]],
    [
      "the fixture mock's request line when the time is known",
      { method: "GET", url: "/evaluations?app_id=a", status: 200, durationMs: 12.345, violations: [] },
      ["GET /evaluations?app_id=a 200 12.3ms"],
    ],
    [
      "response violations, without Prism's boilerplate",
      {
        method: "GET",
        url: "/evaluations?app_id=a",
        status: 500,
        violations: [
          {
            location: ["response", "body", "0", "id"],
            severity: "Error",
            code: "type",
            message: "Response body property 0.id must be string",
          },
        ],
        problem: {
          type: "VIOLATIONS",
          title: "Request/Response not valid",
          detail: "Your request/response is not valid and the --errors flag is set",
        },
      },
      [
        "GET /evaluations?app_id=a 500  1 response violation; Prism: Request/Response not valid",
        "  error   response body $[0].id: must be string",
      ],
    ],
    [
      "a Prism error with no violations keeps its detail",
      {
        method: "GET",
        url: "/x",
        status: 500,
        violations: [],
        problem: { type: "FetchError", title: "upstream refused", detail: "ECONNREFUSED" },
      },
      ["GET /x 500  Prism: upstream refused (ECONNREFUSED)"],
    ],
    [
      "request and response violations counted apart",
      {
        method: "GET",
        url: "/evaluations",
        status: 200,
        violations: [
          {
            location: ["request", "query"],
            severity: "Error",
            code: "required",
            message: "Request query must have required property 'app_id'",
          },
          {
            location: ["response", "body", "0"],
            severity: "Warning",
            code: "required",
            message: "Response body property 0 must have required property 'id'",
          },
          {
            location: ["response", "body", "1"],
            severity: "Error",
            code: "required",
            message: "Response body property 1 must have required property 'id'",
          },
        ],
      },
      [
        "GET /evaluations 200  1 request violation; 2 response violations",
        "  error   request query: must have required property 'app_id'",
        "  warning response body $[0]: must have required property 'id'",
        "  error   response body $[1]: must have required property 'id'",
      ],
    ],
  ])("%s", (_name, exchange, want) => {
    expect(formatExchange(exchange)).toEqual(want);
  });
});

describe("formatExchange folds repeated violations", () => {
  const renamed: PrismExchange = {
    method: "GET",
    url: "/evaluations?app_id=a",
    status: 200,
    violations: [
      ...Array.from({ length: 50 }, (_, i) => ({
        location: ["response", "body", String(i)],
        severity: "Error" as const,
        code: "required",
        message: `Response body property ${i} must have required property 'testset_id'`,
      })),
      { location: ["response", "body", "3", "id"], severity: "Error", code: "type", message: "Response body property 3.id must be string" },
    ],
  };

  it("one line for one renamed field in 50 records, with the count and first locations", () => {
    expect(formatExchange(renamed)).toEqual([
      "GET /evaluations?app_id=a 200  51 response violations",
      "  error   response body $[0]: must have required property 'testset_id' (50 times, at response body $[0], response body $[1], response body $[2], ...; --all lists each)",
      "  error   response body $[3].id: must be string",
    ]);
  });

  it("lists each with all", () => {
    expect(formatExchange(renamed, { all: true })).toHaveLength(52);
  });
});
