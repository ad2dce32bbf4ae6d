// `evals-contract prism` in-process: a proxy session prints each request and its violations, stops
// on Ctrl-C and exits 1 when the provider broke the contract; bad usage and a busy port fail in
// one line with exit 2, before Prism is even started.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_APP_ID_BODIES } from "../../src/contract/error-bodies.js";
import { BROKEN_APP, startUpstream, VALID_APP, type Upstream } from "./upstream.js";
import { startCliSession as startCli } from "../helpers/run-cli.js";

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

describe("evals-contract prism proxy", () => {
  it("prints each request with its violations, stops on Ctrl-C and exits 1 after a response with errors", async () => {
    const cli = startCli(["prism", "proxy", "--upstream", upstream.url, "--port", "0"]);
    try {
      const [, url] = await cli.waitFor(/^Prism validation proxy of the Evaluation Listing Service on (http:\/\/127\.0\.0\.1:\d+)$/m);
      expect(cli.stdout()).toContain(`upstream: ${upstream.url}`);
      expect(cli.stdout()).toContain(`point your app at ${url} instead of ${upstream.url}`);
      expect(cli.stdout()).toContain("document: contracts/openapi.yaml, also with trailing slashes, optional properties nullable");
      expect((await fetch(`${url}/evaluations?app_id=${VALID_APP}`)).status).toBe(200);
      expect((await fetch(`${url}/evaluations?app_id=${BROKEN_APP}`)).status).toBe(200);
      // The same request line as the fixture mock's: method, path, status, time.
      await cli.waitFor(new RegExp(`^GET /evaluations\\?app_id=${BROKEN_APP} 200 \\d+\\.\\dms  \\d+ response violations$`, "m"));
      expect(cli.stdout()).toMatch(new RegExp(`^GET /evaluations\\?app_id=${VALID_APP} 200 \\d+\\.\\dms$`, "m"));
      expect(cli.stdout()).toMatch(/^ {2}error {3}response body \$\[0\]\.id: must be string$/m);
      expect(cli.stdout()).toMatch(/^ {2}error {3}response body \$\[0\]: must have required property 'user_id'$/m);
    } finally {
      cli.interrupt();
    }
    expect(await cli.done).toBe(1);
    expect(cli.stdout()).toMatch(/Prism stopped: 2 requests, 1 with response errors, 0 with response warnings only\.\n$/);
    expect(cli.stderr()).toBe("");
  });

  it("exits 0 when the provider's responses only have warnings (an undocumented 404 for an unknown id)", async () => {
    const cli = startCli(["prism", "proxy", "--upstream", upstream.url, "--port", "0"]);
    try {
      const [, url] = await cli.waitFor(/^Prism validation proxy of the Evaluation Listing Service on (\S+)$/m);
      expect((await fetch(`${url}/human-evaluations/unknown`)).status).toBe(404);
      await cli.waitFor(/^GET \/human-evaluations\/unknown 404 \d+\.\dms {2}1 response violation$/m);
      expect(cli.stdout()).toMatch(/^ {2}warning response: /m);
    } finally {
      cli.interrupt();
    }
    expect(await cli.done).toBe(0);
    expect(cli.stdout()).toMatch(/Prism stopped: 1 request, 0 with response errors, 1 with response warnings only\.\n$/);
  });
});

describe("evals-contract prism mock", () => {
  it("--compat v2 answers a missing app_id with FastAPI's pydantic 2 body, byte for byte, also with a trailing slash", async () => {
    const cli = startCli(["prism", "mock", "--compat", "v2", "--port", "0"]);
    try {
      const [, url] = await cli.waitFor(/^Prism static mock of the Evaluation Listing Service on (http:\/\/127\.0\.0\.1:\d+)$/m);
      expect(cli.stdout()).toContain("document: contracts/openapi.yaml, also with trailing slashes, 422 body of FastAPI (pydantic v2)");
      for (const path of ["/evaluations", "/human-evaluations/"]) {
        const response = await fetch(url + path);
        expect([path, response.status, await response.text()]).toEqual([path, 422, MISSING_APP_ID_BODIES.v2]);
      }
      await cli.waitFor(/^GET \/human-evaluations\/ 422 \d+\.\dms {2}1 request violation$/m);
    } finally {
      cli.interrupt();
    }
    expect(await cli.done).toBe(0);
    expect(cli.stdout()).toMatch(/Prism stopped: 2 requests\.\n$/);
  });
});

describe("evals-contract prism: one-line refusals", () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it("says the port is busy, and exits 2", async () => {
    const cli = startCli(["prism", "mock", "--port", String(busyPort)]);
    expect(await cli.done).toBe(2);
    expect(cli.stderr()).toBe(`evals-contract prism: port ${busyPort} on 127.0.0.1 is already in use (choose another with --port)\n`);
  });

  it.each([
    [[], /^evals-contract prism: expected a mode: prism mock or prism proxy/],
    [["serve"], /^evals-contract prism: unknown mode "serve" \(expected mock or proxy\)/],
    [["proxy"], /^evals-contract prism: the proxy needs the provider's URL \(--upstream URL\)/],
    [
      ["proxy", "--upstream", "ftp://example.com"],
      /^evals-contract prism: --upstream must be an http\(s\) URL, got "ftp:\/\/example\.com"/,
    ],
    [["proxy", "--upstream", "http://x", "--dynamic"], /^evals-contract prism: unknown option --dynamic/],
    [["mock", "--errors"], /^evals-contract prism: unknown option --errors/],
    [["mock", "--seed", "42"], /^evals-contract prism: --seed needs --dynamic$/m],
    [["mock", "--compat", "v3"], /^evals-contract prism: --compat must be one of v1, v2, legacy, got "v3"$/m],
    [["proxy", "--upstream", "http://x", "--compat", "v2"], /^evals-contract prism: unknown option --compat/],
    [
      ["mock", "--compat", "v2", "--document", "contracts/openapi.yaml"],
      /^evals-contract prism: --compat applies to the contract's document, not to --document/,
    ],
    [
      ["mock", "--document", "/nonexistent/openapi.yaml"],
      /^evals-contract prism: OpenAPI document not found: \/nonexistent\/openapi\.yaml/,
    ],
    [["mock", "--port", "70000"], /^evals-contract prism: --port must be an integer from 0 to 65535, got "70000"/],
    // Values never reach Prism unchecked: each would be read as an option of Prism's own.
    [["mock", "--dynamic", "--seed=--cors=false"], /^evals-contract prism: --seed must be an integer from 0 to \d+, got "--cors=false"$/m],
    [["mock", "--dynamic", "--seed", "-1"], /^evals-contract prism: --seed must be an integer from 0 to \d+, got "-1"$/m],
    [["mock", "--host=--cors=false"], /^evals-contract prism: --host must be a host name or an IP address, got "--cors=false"$/m],
    [["mook"], /^evals-contract prism: unknown mode "mook" \(did you mean mock\? expected mock or proxy\)$/m],
  ])("refuses %j in one line with exit 2", async (args, message) => {
    const cli = startCli(["prism", ...args]);
    expect(await cli.done).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr().trimEnd().split("\n")).toHaveLength(1);
  });
});
