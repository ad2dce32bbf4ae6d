// Issue 31, the MSW handlers' options: a wrong one is an E_USAGE ToolkitError naming the option,
// raised when the handlers are made. Before: `origin: "not a url"` or `4010` threw a bare
// `TypeError: Invalid URL`; `origin: "file:///..."` and `"javascript:..."` were taken and the
// handlers then claimed nothing; `record: "obs.ndjson"` or `{}` was taken and every request then got
// a 500 with a stack trace in its body.
import { setupServer } from "msw/node";
import { describe, expect, it } from "vitest";
import { ToolkitError } from "../../src/errors.js";
import { createMswHandlers, type MswHandlerOptions } from "../../src/msw/index.js";
import { exampleDataset } from "../mock/datasets.js";

const data = exampleDataset();

// [what, the options, the option the message names, a pattern of the rest]
const WRONG: Array<[string, Record<string, unknown>, string, RegExp]> = [
  ["origin not a URL", { origin: "not a url" }, "origin", /must be an http:\/\/ or https:\/\/ origin .*got "not a url"$/],
  ["origin a number", { origin: 4010 }, "origin", /got 4010$/],
  ["origin a host without scheme", { origin: "localhost:3000" }, "origin", /never reaches MSW's handlers\), got "localhost:3000"$/],
  ["origin file:", { origin: "file:///home/me/index.html" }, "origin", /\(a request to file: never reaches MSW's handlers\)/],
  ["origin javascript:", { origin: "javascript:alert(1)" }, "origin", /\(a request to javascript: never reaches/],
  ["origin data:", { origin: "data:text/plain,x" }, "origin", /\(a request to data: never reaches/],
  ["origin with a path", { origin: "http://localhost:3000/api" }, "origin", /takes no path, query or fragment \(a path goes in basePath\)/],
  ["origin with a query", { origin: "http://localhost:3000/?x=1" }, "origin", /takes no path, query or fragment/],
  ["origin with credentials", { origin: "http://me:secret@localhost:3000" }, "origin", /takes no credentials/],
  ["origin an object", { origin: new URL("http://localhost:3000") }, "origin", /got an object$/],
  ["record a file name", { record: "obs.ndjson" }, "record", /must be a function .*got "obs\.ndjson"$/],
  ["record an object", { record: {} }, "record", /must be a function .*got an object$/],
  ["record true", { record: true }, "record", /got true$/],
  ["wait a number", { wait: 5 }, "wait", /must be a function/],
  ["basePath with a query", { basePath: "/api?x" }, "basePath", /must be a plain path like \/api: "\?" is not allowed/],
  ["basePath a number", { basePath: 1 }, "basePath", /must be a string/],
  ["compat unknown", { compat: "v3" }, "compat", /must be one of v1, v2, legacy, got "v3"$/],
  ["cors unknown", { cors: "none" }, "cors", /must be one of any, strict, got "none"$/],
  ["delayMs negative", { delayMs: -1 }, "delayMs", /from 0 to 120000, got -1$/],
  ["delayMs a string", { delayMs: "200" }, "delayMs", /got "200"$/],
];

describe("createMswHandlers refuses a wrong option when the handlers are made", () => {
  it.each(WRONG)("%s", (_name, options, option, rest) => {
    let error: unknown;
    try {
      createMswHandlers({ data, ...options } as MswHandlerOptions);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ToolkitError);
    expect((error as ToolkitError).code).toBe("E_USAGE");
    const message = (error as ToolkitError).message;
    expect(message.startsWith(`createMswHandlers: ${option} `), message).toBe(true);
    expect(message).toMatch(rest);
    expect(message).not.toContain("\n");
  });

  it("refuses options that are no object", () => {
    expect(() => createMswHandlers("http://localhost:3000" as unknown as MswHandlerOptions)).toThrow(
      /^createMswHandlers: the options must be an object, got "http:\/\/localhost:3000"$/,
    );
  });

  it("still takes an origin with a trailing slash, and claims that origin's requests", async () => {
    const recorded: unknown[] = [];
    const handlers = createMswHandlers({ data, origin: "http://LOCALHOST:3000/", basePath: "/api", record: (o) => recorded.push(o) });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const response = await fetch(`http://localhost:3000/api/evaluations?app_id=${data.evaluations[0]!.app_id}`);
      expect(response.status).toBe(200);
      expect(recorded).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
