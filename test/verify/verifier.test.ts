// verifyProvider's behaviour beyond the gallery: what it cannot run against (one clear error), the
// checks it runs without an app id, warnings versus --strict, the documented alternatives it
// accepts, and that it sweeps every record with a capped number of requests in flight.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ToolkitError } from "../../src/errors.js";
import { fromVerify, renderText, verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { APP_A, galleryDataset } from "./dataset.js";
import { startFixtureProvider, type ReplyTransform, type RunningProvider } from "./fixture-provider.js";
import { REAL_SERVICE_HABITS, realServiceStyle } from "./real-service-style.js";

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function provider(transform?: ReplyTransform, data = galleryDataset(), basePath?: string): Promise<RunningProvider> {
  const started = await startFixtureProvider({
    data,
    ...(transform ? { transform } : {}),
    ...(basePath === undefined ? {} : { basePath }),
  });
  running.push(started);
  return started;
}

const findings = (report: VerificationReport) => report.checks.flatMap((c) => c.findings.map((f) => ({ ...f, endpoint: c.endpoint })));

async function listenThenClose(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<ToolkitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolkitError);
  return error as ToolkitError;
}

describe("cannot run: one clear error", () => {
  it("a closed port is E_PROVIDER_UNREACHABLE: connection refused", async () => {
    const port = await listenThenClose();
    const error = await rejection(verifyProvider({ baseUrl: `http://127.0.0.1:${port}/api`, appId: APP_A, pact: false }));
    expect(error.code).toBe("E_PROVIDER_UNREACHABLE");
    expect(error.message).toBe(
      `cannot reach the provider at http://127.0.0.1:${port}/api: connection refused by 127.0.0.1:${port} (GET /evaluations?app_id=${APP_A})`,
    );
  });

  it("an unknown host is E_PROVIDER_UNREACHABLE naming DNS", async () => {
    const error = await rejection(verifyProvider({ baseUrl: "http://no-such-host.invalid", appId: APP_A, pact: false }));
    expect(error.code).toBe("E_PROVIDER_UNREACHABLE");
    expect(error.message).toContain("host no-such-host.invalid not found (DNS)");
  });

  it("a provider that never answers is E_PROVIDER_UNREACHABLE after the timeout", async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    running.push({
      close: () =>
        new Promise<void>((resolve) => {
          silent.closeAllConnections();
          silent.close(() => resolve());
        }),
    });
    const { port } = silent.address() as AddressInfo;
    const error = await rejection(verifyProvider({ baseUrl: `http://127.0.0.1:${port}`, appId: APP_A, pact: false, timeoutMs: 150 }));
    expect(error.code).toBe("E_PROVIDER_UNREACHABLE");
    expect(error.message).toContain("no answer for 150 ms");
  });

  it.each([
    ["not a URL", { baseUrl: "localhost:8000" }, "the base URL must be an http(s) URL"],
    ["another scheme", { baseUrl: "ftp://host/api" }, "the base URL must be an http(s) URL"],
    ["a query", { baseUrl: "http://host/api?x=1" }, "must not carry a query"],
    ["an empty app id", { baseUrl: "http://host", appId: " " }, "the app id must not be empty"],
    [
      "publish without a version",
      { baseUrl: "http://host", pact: { brokerUrl: "http://broker", publish: true } },
      "--publish needs --provider-version",
    ],
    ["publish without a broker", { baseUrl: "http://host", pact: { providerVersion: "1", publish: true } }, "--publish needs --broker-url"],
  ])("bad options (%s) are E_USAGE before any request", async (_, options, message) => {
    const error = await rejection(verifyProvider({ appId: APP_A, ...options }));
    expect(error.code).toBe("E_USAGE");
    expect(error.message).toContain(message);
  });
});

describe("what it checks", () => {
  it("without an app id refuses to run (E_USAGE naming --app-id, before any request) unless partial", async () => {
    const { url, requests } = await provider();
    const error = await rejection(verifyProvider({ baseUrl: url, pact: false }));
    expect(error.code).toBe("E_USAGE");
    expect(error.message).toMatch(/^--app-id is required/);
    expect(requests).toEqual([]);
  });

  it("a partial run (no app id) runs only the checks that need no data, skips the rest, and its verdict is partial", async () => {
    const { url } = await provider();
    const report = await verifyProvider({ baseUrl: url, pact: false, partial: true });
    expect(report.verdict).toBe("partial");
    expect(report.passed).toBe(true);
    expect(renderText(fromVerify(report)).at(-1)).toMatch(
      /^PARTIAL: no check failed, but without --app-id only the checks that need no data ran/,
    );
    const ran = report.checks.filter((c) => c.outcome !== "skipped").map((c) => `${c.endpoint} ${c.check}`);
    // Verify's own checks that need no data, and the engine's on the answers to its requests that need
    // none: without app_id, for an unknown app, for an unknown and a malformed id.
    expect(ran).toEqual(
      expect.arrayContaining([
        "GET /evaluations missing-app-id",
        "GET /evaluations/ missing-app-id",
        "GET /human-evaluations missing-app-id",
        "GET /human-evaluations/ missing-app-id",
        "GET /evaluations?app_id={unknown} conformance",
        "GET /human-evaluations?app_id={unknown} conformance",
        "GET /human-evaluations/{unknown} conformance",
      ]),
    );
    expect(ran.filter((check) => /\{app_id\}|\{evaluation_id\}/.test(check))).toEqual([]);
    expect(report.counts.skipped).toBe(report.checks.length - ran.length);
    expect(report.checks.find((c) => c.outcome === "skipped")?.skipReason).toMatch(/no --app-id/);
  });

  it("with --human-evaluation-id but no app id, also fetches that record by id", async () => {
    const { url } = await provider();
    const id = galleryDataset().human_evaluations[1]!.id;
    const report = await verifyProvider({ baseUrl: url, humanEvaluationId: id, pact: false, partial: true });
    const byId = report.checks.find((c) => c.endpoint === "GET /human-evaluations/{evaluation_id}" && c.check === "conformance");
    expect(byId?.outcome).toBe("passed");
  });

  it("a wrong --human-evaluation-id is an error of the by-id sweep", async () => {
    const { url } = await provider();
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, humanEvaluationId: "000000000000000000000000", pact: false });
    expect(report.passed).toBe(false);
    expect(findings(report)).toContainEqual(
      expect.objectContaining({
        check: "status",
        rule: "status",
        endpoint: "GET /human-evaluations/{evaluation_id}",
        request: "GET /human-evaluations/000000000000000000000000",
      }),
    );
  });

  it("fetches every human evaluation by id, never more than `concurrency` requests at once", async () => {
    const base = galleryDataset();
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...base.human_evaluations[0]!,
      id: `667e1b0ad1812781f7e3${String(i).padStart(4, "0")}`,
    }));
    let inFlight = 0;
    let peak = 0;
    const byId = new Set<string>();
    const { url } = await provider(
      (request, reply) => {
        if (request.evaluationId !== undefined) byId.add(request.evaluationId);
        return reply;
      },
      { ...base, human_evaluations: many },
    );
    // A proxy in front of the provider that holds the records' requests, to measure concurrency
    // by events, not by timing: a held request stays in flight until the cap is reached (then the
    // oldest goes on, and a fourth request at once would show), and all go on once all have arrived.
    const ids = new Set(many.map((record) => record.id));
    const held: Array<() => void> = [];
    let arrived = 0;
    const proxy = createServer((req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const forward = (): void =>
        void fetch(`${url}${req.url}`).then(async (answer) => {
          const text = await answer.text();
          inFlight--;
          res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
          res.end(text);
        });
      const id = /^\/human-evaluations\/([^/?]+)$/.exec(req.url ?? "")?.[1];
      if (id === undefined || !ids.has(id)) return forward();
      held.push(forward);
      arrived++;
      if (arrived === ids.size) held.splice(0).forEach((go) => go());
      else if (inFlight >= 3) held.shift()!();
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    running.push({ close: () => new Promise<void>((resolve) => proxy.close(() => resolve())) });
    const report = await verifyProvider({
      baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      appId: APP_A,
      pact: false,
      concurrency: 3,
    });
    expect(report.passed).toBe(true);
    expect(peak).toBe(3);
    expect(arrived).toBe(many.length);
    for (const record of many) expect(byId.has(record.id)).toBe(true);
  });
});

describe("warnings and --strict", () => {
  it("the real service's habits are warnings: pass, and fail with strict", async () => {
    const { url } = await provider(realServiceStyle);
    const lenient = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(lenient.passed).toBe(true);
    expect(lenient.counts.errors).toBe(0);
    const rules = new Set(findings(lenient).map((f) => f.rule));
    expect([...rules].sort()).toEqual(["naive-timestamp", "null-optional", "timestamp-separator"].sort());
    const strict = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, strict: true });
    expect(strict.passed).toBe(false);
    expect(strict.counts.warnings).toBe(0);
    expect(strict.counts.errors).toBe(lenient.counts.warnings);
  });

  it("200 without app_id is a warning (the seed also calls app_id optional)", async () => {
    const { url } = await provider((request, reply, data) =>
      reply.status === 422
        ? { ...reply, status: 200, body: request.operationId === "listEvaluations" ? data.evaluations : data.human_evaluations }
        : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.passed).toBe(true);
    expect(
      findings(report)
        .filter((f) => f.rule === "app-id-optional")
        .map((f) => f.endpoint),
    ).toEqual(["GET /evaluations", "GET /evaluations/", "GET /human-evaluations", "GET /human-evaluations/"]);
    expect((await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, strict: true })).passed).toBe(false);
  });

  it('an unknown app id answered by 404 {"detail": ...} is "not found": no finding', async () => {
    const { url } = await provider((request, reply) =>
      request.query.has("app_id") && Array.isArray(reply.body) && reply.body.length === 0
        ? { ...reply, status: 404, body: { detail: "App not found" } }
        : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.passed).toBe(true);
    expect(findings(report).filter((f) => f.endpoint.includes("{unknown}"))).toEqual([]);
  });

  it("an unknown app id answered by 500 (older versions of the real service) is an error, a warning under --compat legacy", async () => {
    // The spec-era service's own answer (reference/recordings/legacy.json, "evaluations, unknown app").
    const { url } = await provider((request, reply) =>
      request.operationId === "listEvaluations" && Array.isArray(reply.body) && reply.body.length === 0
        ? { ...reply, status: 500, body: { detail: "'NoneType' object has no attribute 'id'" } }
        : reply,
    );
    const current = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(current.passed).toBe(false);
    expect(findings(current).map((f) => `${f.severity} ${f.check} ${f.endpoint}`)).toEqual([
      "error server-error GET /evaluations?app_id={unknown}",
    ]);
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, compat: "legacy" });
    expect(report.passed).toBe(true);
    expect(findings(report).map((f) => `${f.severity} ${f.rule} ${f.endpoint}`)).toEqual([
      "warning legacy-server-error GET /evaluations?app_id={unknown}",
    ]);
    expect((await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, compat: "legacy", strict: true })).passed).toBe(false);
  });

  it("a 500 for an unknown app with another body is an error, under --compat legacy too", async () => {
    const { url } = await provider((request, reply) =>
      request.operationId === "listEvaluations" && Array.isArray(reply.body) && reply.body.length === 0
        ? { ...reply, status: 500, body: { detail: "Internal Server Error" } }
        : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, compat: "legacy" });
    expect(report.passed).toBe(false);
    expect(findings(report).map((f) => `${f.severity} ${f.rule} ${f.endpoint}`)).toEqual([
      "error server-error GET /evaluations?app_id={unknown}",
    ]);
  });

  it("an unknown or malformed evaluation id answered by 500 is an error, a warning under --compat legacy", async () => {
    // The spec-era service's own answers (reference/recordings/legacy.json): bson's InvalidId for a malformed id,
    // the handler's 404 re-raised as a 500 for an unknown one.
    const { url } = await provider((request, reply) =>
      reply.status === 404 && request.evaluationId !== undefined
        ? {
            ...reply,
            status: 500,
            body: {
              detail: /^[0-9a-f]{24}$/.test(request.evaluationId)
                ? "404: Evaluation not found"
                : `'${request.evaluationId}' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string`,
            },
          }
        : reply,
    );
    expect((await verifyProvider({ baseUrl: url, appId: APP_A, pact: false })).passed).toBe(false);
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, compat: "legacy" });
    expect(report.passed).toBe(true);
    expect(findings(report)).toEqual([
      expect.objectContaining({ severity: "warning", rule: "legacy-server-error", endpoint: "GET /human-evaluations/{unknown}" }),
      expect.objectContaining({ severity: "warning", rule: "legacy-server-error", endpoint: "GET /human-evaluations/{malformed}" }),
    ]);
  });
});

describe("an app without records", () => {
  it("an app with neither kind of record cannot be vouched for: E_EMPTY_APP, one line, before any check or Pact", async () => {
    const { url, requests } = await provider();
    const appId = "0123456789abcdef01234567";
    await expect(verifyProvider({ baseUrl: url, appId, strict: true })).rejects.toThrow(
      expect.objectContaining({
        code: "E_EMPTY_APP",
        message: `app ${appId} has no records on the provider (GET /evaluations?app_id=${appId} and GET /human-evaluations?app_id=${appId} answered []): check --app-id, or pass --allow-empty-app`,
      }),
    );
    expect(requests.length).toBe(2);
  });

  it("with allowEmptyApp it passes: the lists pass on [], a note says so, the checks needing a record are skipped", async () => {
    const { url } = await provider();
    const appId = "0123456789abcdef01234567";
    const report = await verifyProvider({ baseUrl: url, appId, pact: false, strict: true, allowEmptyApp: true });
    expect(report.verdict).toBe("pass");
    expect(report.counts.errors + report.counts.warnings).toBe(0);
    expect(report.checks.filter((c) => c.check === "conformance" && c.endpoint.includes("{app_id}")).map((c) => c.outcome)).toEqual([
      "passed",
      "passed",
    ]);
    expect(report.notes).toEqual([
      `app ${appId} has no evaluations (GET /evaluations?app_id=${appId} answered []): the list checks passed on [], the checks that need a record were skipped`,
      `app ${appId} has no human evaluations (GET /human-evaluations?app_id=${appId} answered []): the list checks passed on [], the checks that need a record were skipped`,
    ]);
    expect(renderText(fromVerify(report))).toContain(`Note: ${report.notes[0]}`);
  });

  it("an app without human evaluations passes, its by-id checks skipped with the reason", async () => {
    const { url } = await provider(undefined, { ...galleryDataset(), human_evaluations: [] });
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.verdict).toBe("pass");
    expect(report.counts.failed).toBe(0);
    const skipped = report.checks.filter((c) => c.outcome === "skipped");
    expect(skipped.map((c) => `${c.endpoint} ${c.check}`).sort()).toEqual([
      "GET /human-evaluations/{evaluation_id} conformance",
      "GET /human-evaluations/{evaluation_id} same-record-as-list",
      "GET /human-evaluations/{evaluation_id}/ trailing-slash",
    ]);
    expect(new Set(skipped.map((c) => c.skipReason))).toEqual(new Set([`app ${APP_A} lists no human evaluation to fetch by id`]));
    expect(report.notes).toHaveLength(1);
  });
});

describe("parallel arrays", () => {
  it("of different lengths are a warning at the array's path (the checker's parallel-arrays), an error under strict", async () => {
    // The first human evaluation (two variants) with one revision, in the lists and by id alike.
    const { url } = await provider((_request, reply) => {
      for (const record of Array.isArray(reply.body) ? reply.body : [reply.body])
        if ((record as { id?: unknown } | null)?.id === "667e1b0ad1812781f7e37701") (record as Record<string, unknown>).revisions = ["3"];
      return reply;
    });
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.verdict).toBe("pass");
    const parallel = findings(report).filter((f) => f.rule === "parallel-arrays");
    expect(parallel.map((f) => `${f.severity} ${f.endpoint} ${f.path}`)).toEqual([
      "warning GET /human-evaluations?app_id={app_id} $[0].revisions",
      "warning GET /human-evaluations/{evaluation_id} $.revisions",
    ]);
    expect(parallel[0]?.message).toMatch(
      /^has 1 item but variant_ids has 2: variant_ids, variant_names, variants_revision_ids, revisions are parallel/,
    );
    const strict = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, strict: true });
    expect(strict.verdict).toBe("fail");
    expect(
      findings(strict)
        .filter((f) => f.rule === "parallel-arrays")
        .map((f) => f.severity),
    ).toEqual(["error", "error"]);
  });
});

describe("redirects", () => {
  const redirect = (location: string) => ({ status: 307, contentType: "", body: null, raw: "", headers: { location } });

  it("a same-origin 307 (FastAPI's trailing slash) is followed and reported as a warning naming both URLs; the data still verifies", async () => {
    const { url } = await provider((request, reply) =>
      request.operationId === "listEvaluations" && !request.path.endsWith("/") ? redirect(`evaluations/?${request.query}`) : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.verdict).toBe("pass");
    expect(report.checks.find((c) => c.check === "conformance" && c.endpoint === "GET /evaluations?app_id={app_id}")?.outcome).toBe(
      "passed",
    );
    const warnings = findings(report).filter((f) => f.rule === "redirect");
    expect(warnings.map((f) => `${f.severity} ${f.endpoint}`)).toContain("warning GET /evaluations?app_id={app_id}");
    expect(warnings).toContainEqual(
      expect.objectContaining({
        request: `GET /evaluations?app_id=${APP_A}`,
        message: `307 redirect from ${url}/evaluations?app_id=${APP_A} to ${url}/evaluations/?app_id=${APP_A} (same origin, followed): clients must follow it; serve the first URL directly`,
      }),
    );
    expect(findings(report).filter((f) => f.severity === "error")).toEqual([]);
  });

  it("a redirect to another origin is an error naming both URLs, and is not followed", async () => {
    const other = await provider();
    const { url } = await provider((request, reply) =>
      request.operationId === "listEvaluations" ? redirect(`${other.url}${request.path}?${request.query}`) : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.verdict).toBe("fail");
    expect(findings(report)).toContainEqual(
      expect.objectContaining({
        severity: "error",
        rule: "cross-origin-redirect",
        endpoint: "GET /evaluations?app_id={app_id}",
        message: expect.stringContaining(
          `307 redirect from ${url}/evaluations?app_id=${APP_A} to ${other.url}/evaluations?app_id=${APP_A}, another origin: not followed`,
        ),
      }),
    );
    expect(other.requests).toEqual([]);
  });

  it("a redirect loop stays bounded: a few requests, then an error", async () => {
    const { url, requests } = await provider((request, reply) =>
      request.operationId === "listEvaluations"
        ? redirect(request.path.endsWith("/") ? `../evaluations?${request.query}` : `evaluations/?${request.query}`)
        : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(report.verdict).toBe("fail");
    const loops = findings(report).filter((f) => f.rule === "redirect-loop");
    expect(loops.map((f) => f.endpoint).sort()).toEqual([
      "GET /evaluations",
      "GET /evaluations/",
      "GET /evaluations/?app_id={app_id}",
      "GET /evaluations?app_id={app_id}",
      "GET /evaluations?app_id={unknown}",
    ]);
    expect(loops[0]?.message).toMatch(/^more than 5 redirects in a row, from http:\/\/127\.0\.0\.1:\d+\/evaluations/);
    // 5 list requests, each followed at most 5 times: 6 requests each at most.
    expect(requests.filter((r) => r.startsWith("GET /evaluations")).length).toBeLessThanOrEqual(5 * 6);
  });
});

describe("the real service's habits pass with no error", () => {
  it.each(REAL_SERVICE_HABITS)("%s", async (_, habit) => {
    const { url } = await provider(habit, galleryDataset(), "/api");
    // The spec-era service's documented 500s are accepted under --compat legacy (a defect otherwise: see below).
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false, compat: "legacy" });
    expect(findings(report).filter((f) => f.severity === "error")).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.counts.skipped).toBe(0);
  });
});

describe("the readable report", () => {
  it("a base URL without the path prefix: says so in a hint, and why the by-id checks were skipped", async () => {
    const { url } = await provider(undefined, galleryDataset(), "/api");
    const root = url.replace(/\/api$/, "");
    const report = await verifyProvider({ baseUrl: root, appId: APP_A, pact: false });
    expect(report.passed).toBe(false);
    expect(report.hint).toMatch(/^every list endpoint answers 404 under http:\/\/127\.0\.0\.1:\d+: is the base URL right\?/);
    expect(renderText(fromVerify(report))).toContain(`Hint: ${report.hint}`);
    const byId = report.checks.filter((c) => c.endpoint.startsWith("GET /human-evaluations/{evaluation_id}"));
    expect(new Set(byId.map((c) => c.skipReason))).toEqual(new Set(["the human evaluation list is not a JSON array (see conformance)"]));
    // With the prefix, no hint.
    expect((await verifyProvider({ baseUrl: url, appId: APP_A, pact: false })).hint).toBeUndefined();
  });

  it("says what a 200 for an unknown id carried when it is no record", async () => {
    const { url } = await provider((request, reply) =>
      request.operationId === "getHumanEvaluation" && reply.status === 404
        ? { ...reply, status: 200, contentType: "text/html", raw: "<h1>Not found</h1>" }
        : reply,
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    expect(findings(report).filter((f) => f.endpoint === "GET /human-evaluations/{unknown}")).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "content-type",
        message: "a 200 answer with Content-Type text/html: every body of the service is application/json",
      }),
      expect.objectContaining({ severity: "error", rule: "body-json", message: 'body is not valid JSON: "<h1>Not found</h1>"' }),
    ]);
  });

  it("groups checks by endpoint, shows each finding's path and rule, ends with counts and a verdict", async () => {
    const { url } = await provider(
      (request, reply) =>
        request.operationId === "listEvaluations" && reply.status === 200 && Array.isArray(reply.body) && reply.body.length > 0
          ? { ...reply, body: reply.body.map((r: Record<string, unknown>) => ({ ...r, revisions: [3] })) }
          : reply,
      galleryDataset(),
      "/api",
    );
    const report = await verifyProvider({ baseUrl: url, appId: APP_A, pact: false });
    const text = renderText(fromVerify(report)).join("\n");
    expect(text).toContain(`Verifying ${url} (app_id ${APP_A}`);
    expect(text).toMatch(
      /\nGET \/evaluations\?app_id=\{app_id\}\n {2}FAIL {2}conformance \(2 errors\)\n {8}error {3}\$\[\*\]\.revisions\[\*\] +type: must be string, got integer {2}\(2 times\)/,
    );
    expect(text).toMatch(
      /\n\d+ checks: \d+ passed, 0 warned, 1 failed, 0 skipped; 2 errors, 0 warnings; \d+ requests in \d+\.\d\d s\nFAIL: the provider breaks the contract$/,
    );
  });
});
