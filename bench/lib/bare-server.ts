// The anchor of the mock benchmark: a bare node:http server that answers each recorded URL with the
// recorded status, headers and bytes (a Map lookup and one write), in its own process like the mock.
// Usage: node --import tsx bench/lib/bare-server.ts ANSWERS.json PORT
import { readFileSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders } from "node:http";

interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
}

const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file!, "utf8")) as Record<string, Recorded>;
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
