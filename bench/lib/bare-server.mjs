// The anchor of the mock benchmarks: a bare node:http server that answers each recorded URL with the
// recorded status, headers and bytes (a Map lookup and one write), in its own process like the mock.
// Plain JavaScript, so it runs on bare node with no loader in front of it, as the built CLI does.
// Usage: node bench/lib/bare-server.mjs ANSWERS.json PORT
// ANSWERS.json: { "/path?query": { "status": 200, "headers": { ... }, "body": "<base64>" }, ... }
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import process from "node:process";

const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, "utf8"));
const answers = new Map(Object.entries(recorded).map(([url, a]) => [url, { ...a, bytes: Buffer.from(a.body, "base64") }]));
const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.bytes);
});
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
