// Requests per second and p99 latency of `GET /evaluations?app_id=X` (about 50 records, 50
// connections) in one run for: the fixture mock, Prism's static mock of the contract document with
// the same 50 records as its example, and a bare node:http server returning the same bytes.
// Targets: fixture mock >= 10x Prism and >= 0.5x bare.
//
// The records are realistic, so they carry the real service's null optionals. Prism validates its
// own mock responses and, on the published document, logs every null as a violation (hundreds per
// response), which is most of its cost. The target compares against Prism on the same document
// with optional properties nullable (the proxy's document), where the example validates clean; the
// published-document figure is printed too.
//
// The machine has 2 cores. autocannon runs in a worker thread (its `workers: 1` option), so the
// load generator has its own core while the server under test has the other: the fixture mock and
// the bare server run on this process's main thread, Prism in its own child process.
import autocannon from "autocannon";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildOpenApiDocument } from "../src/contract/openapi.js";
import type { Dataset } from "../src/types/dataset.js";
import { generateDataset } from "../src/generate/generate-dataset.js";
import { startMockServer } from "../src/mock/index.js";
import { buildProxyDocument, writeTempDocument, type TempDocument } from "../src/prism/documents.js";
import { startPrism } from "../src/prism/start-prism.js";
import type { JsonSchema } from "../src/schemas/catalog.js";

const RECORDS = 50;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1.5;

interface Target {
  name: string;
  url: string;
  close(): Promise<void>;
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  requests: number;
  bad: number;
}

/** A dataset whose first app has RECORDS evaluations: with two apps the first gets every record and the second none. */
function benchDataset(): { data: Dataset; appId: string; origin: string } {
  const data = generateDataset({ seed: 1, apps: 2, evaluations: RECORDS, humanEvaluations: 10 });
  return { data, appId: data.evaluations[0]!.app_id, origin: "generateDataset({ seed: 1 })" };
}

function startBare(body: Buffer): Promise<Target> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        name: "bare node:http",
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** The document with `example` as the 200 example of GET /evaluations. */
function withListExample(document: JsonSchema, example: unknown): JsonSchema {
  const paths = document.paths as Record<string, { get: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }>;
  paths["/evaluations"]!.get.responses["200"]!.content["application/json"]!.example = example;
  return document;
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1 });
}

async function measure(target: Target, path: string): Promise<Figures> {
  await load(target.url + path, WARMUP_S);
  const result = await load(target.url + path, DURATION_S);
  const sample = await fetch(target.url + path);
  return {
    name: target.name,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: (await sample.arrayBuffer()).byteLength,
    requests: result.requests.total,
    bad: result.non2xx + result.errors,
  };
}

export async function run(): Promise<void> {
  const { data, appId, origin } = benchDataset();
  const path = `/evaluations?app_id=${encodeURIComponent(appId)}`;
  const count = data.evaluations.filter((e) => e.app_id === appId).length;

  const fixture = await startMockServer({ data, port: 0 });
  const body = Buffer.from(await (await fetch(fixture.url + path)).arrayBuffer());

  const example = JSON.parse(body.toString("utf8")) as unknown;
  const temps: TempDocument[] = [];
  const prismOn = async (name: string, document: JsonSchema): Promise<Target> => {
    const temp = await writeTempDocument(withListExample(document, example));
    temps.push(temp);
    // observe: false: Prism itself on the port, without the toolkit's reporting relay.
    const prism = await startPrism({ mode: "mock", document: temp.path, port: 0, observe: false });
    return { name, url: prism.url, close: () => prism.close() };
  };
  const targets: Target[] = [
    { name: "fixture mock", url: fixture.url, close: () => fixture.close() },
    await prismOn("Prism mock", buildProxyDocument()),
    await prismOn("Prism, published", buildOpenApiDocument()),
    await startBare(body),
  ];
  console.log(
    `GET ${path}: ${count} records (${origin}), ${body.length} bytes; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per server; autocannon in a worker thread`,
  );
  const figures: Figures[] = [];
  try {
    for (const target of targets) figures.push(await measure(target, path));
  } finally {
    for (const target of targets) await target.close();
    for (const temp of temps) await temp.remove();
  }

  console.log(
    `${"server".padEnd(18)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"bytes".padStart(7)} ${"requests".padStart(9)} ${"non-2xx/errors".padStart(15)}`,
  );
  for (const f of figures)
    console.log(
      `${f.name.padEnd(18)} ${Math.round(f.rps).toLocaleString("en").padStart(9)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.bytes).padStart(7)} ${f.requests.toLocaleString("en").padStart(9)} ${String(f.bad).padStart(15)}`,
    );
  const [mock, prismFigures, , bareFigures] = figures as [Figures, Figures, Figures, Figures];
  const vsPrism = mock.rps / prismFigures.rps;
  const vsBare = mock.rps / bareFigures.rps;
  console.log(`fixture mock / Prism mock: ${vsPrism.toFixed(1)}x req/s (target >= 10x) ${vsPrism >= 10 ? "ok" : "MISSED"}`);
  console.log(`fixture mock / bare:       ${vsBare.toFixed(2)}x req/s (target >= 0.5x) ${vsBare >= 0.5 ? "ok" : "MISSED"}`);
}
