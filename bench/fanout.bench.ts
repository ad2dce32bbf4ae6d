// Issue 30's fan-out case: a provider whose lists hold 1,000,000 small records (about 17 MB each, under
// the 64 MiB cap), so that verify checks a million records while its 1,000 by-id requests are in
// flight. It used to stop after about 15 s with "cannot reach the provider: no answer within 10000 ms"
// on the slash-form list. Target: a verdict (exit 0 or 1, never 2) within 60 s, under 1 GB of RSS. The
// built CLI runs as a user runs it (a whole process under GNU time); the provider runs in this process.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { timeProcess } from "./lib/process.js";

const APP = "666dde95962bbaffdb0072b5";
const RECORDS = 1_000_000;

export async function run(args: readonly string[] = []): Promise<void> {
  const records = Number(args[0] ?? RECORDS);
  // `{"id":"123"}`: about 17 bytes a record, as in the issue (every record breaks the contract: millions of findings, bounded).
  const list = Buffer.from(JSON.stringify(Array.from({ length: records }, (_, i) => ({ id: String(i) }))));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://provider");
    const path = url.pathname.replace(/\/$/, "");
    const json = (status: number, body: Buffer | string) => response.writeHead(status, { "content-type": "application/json" }).end(body);
    if (path === "/evaluations" || path === "/human-evaluations") {
      const appId = url.searchParams.get("app_id");
      if (appId === null) return json(422, '{"detail":[{"loc":["query","app_id"],"msg":"field required","type":"value_error.missing"}]}');
      return json(200, appId === APP ? list : "[]");
    }
    const byId = /^\/human-evaluations\/([^/]+)$/.exec(path);
    if (byId !== null) return json(200, JSON.stringify({ id: byId[1] }));
    json(404, '{"detail":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const cli = new URL("../dist/cli/main.js", import.meta.url).pathname;
    const result = await timeProcess(process.execPath, [cli, "verify", "--base-url", baseUrl, "--app-id", APP, "--no-pact"]);
    const verdict = result.exitCode === 2 ? "CANNOT RUN (exit 2)" : `verdict exit ${result.exitCode}`;
    const met = result.exitCode !== 2 && result.ms < 60_000 && result.maxRssMb < 1024;
    console.log(
      `verify, lists of ${records.toLocaleString("en-US")} records (${(list.length / 1e6).toFixed(1)} MB each) + 1,000 by id: ` +
        `${(result.ms / 1000).toFixed(1)} s, peak RSS ${result.maxRssMb.toFixed(0)} MB, ${verdict} ` +
        `(target: a verdict within 60 s, under 1 GB: ${met ? "met" : "MISSED"})`,
    );
  } finally {
    server.close();
  }
}
