// Issue 23, drift against a hostile provider document: an endless body or a gzip bomb stops at the
// same response cap as verify (64 MiB after decompression); a $ref cycle through anyOf and a schema
// nested 5,000 deep end in a report or one clear line, never a stack overflow.
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { checkDrift } from "../../src/drift/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test fixtures edit deep OpenAPI paths
const fastapi = (): Doc => JSON.parse(readFileSync("reference/recordings/openapi.json", "utf8")) as Doc;
const SPACES = Buffer.alloc(64 * 1024, 0x20);

afterEach(closeTestServers);

function writeForever(out: NodeJS.WritableStream & { destroyed?: boolean }): void {
  const pump = (): void => {
    while (!out.destroyed && out.write(SPACES));
    if (!out.destroyed) out.once("drain", pump);
  };
  out.write("{");
  pump();
}

async function serve(body: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((_request, response) => body(response));
  await listenForTest(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
}

const bodies: Array<[string, (response: ServerResponse) => void]> = [
  [
    "an endless body",
    (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      writeForever(response);
    },
  ],
  [
    "a gzip bomb",
    (response) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(response);
      response.on("close", () => gzip.destroy());
      writeForever(gzip);
    },
  ],
];

describe("reliability: drift --openapi URL against a hostile body", () => {
  it.each(bodies)(
    "%s stops at the response cap: exit 2, one line",
    async (_name, body) => {
      const url = await serve(body);
      const { code, stdout, stderr } = await runCliCaptured(["drift", "--openapi", url]);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/^evals-contract drift: .*larger than 67,108,864 bytes .*\n$/);
    },
    60_000,
  );
});

describe("reliability: drift against hostile schemas", () => {
  it("a $ref cycle through anyOf: a report, no stack overflow", () => {
    const doc = fastapi();
    doc.components.schemas.Loop = {
      anyOf: [{ $ref: "#/components/schemas/Loop" }, { type: "array", items: { $ref: "#/components/schemas/Loop" } }],
    };
    doc.components.schemas.Evaluation.properties.status = { anyOf: [{ $ref: "#/components/schemas/Loop" }, { type: "integer" }] };
    const report = checkDrift(doc);
    expect(report.breaking).toBeGreaterThan(0);
  });

  it("a schema nested 5,000 deep (parsed by the caller): a report, no stack overflow", () => {
    const doc = fastapi();
    let deep: Doc = { type: "string" };
    for (let i = 0; i < 5_000; i++) deep = { type: "object", properties: { a: deep } };
    doc.components.schemas.Evaluation.properties.status = deep;
    expect(checkDrift(doc).findings.map((f) => `${f.kind} ${f.path}`)).toContain("field-added $[*].status.a");
  });

  it("a schema nested 5,000 deep, as a file: exit 2, one line", async () => {
    let deep = `{"type":"string"}`;
    for (let i = 0; i < 5_000; i++) deep = `{"type":"object","properties":{"a":${deep}}}`;
    const url = await serve((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(`{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{},"components":{"schemas":{"Deep":${deep}}}}`);
    });
    const { code, stderr } = await runCliCaptured(["drift", "--openapi", url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/openapi.json nests arrays or objects more than 1,000 levels deep/);
  });
});
