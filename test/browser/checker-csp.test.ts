// The checker in a real browser under `Content-Security-Policy: script-src 'self'` (no
// 'unsafe-eval'): Vite bundles the root entry's browser build (src/index.browser.ts), a page served
// with that header runs checkResponse and checkDocument on a conforming and a broken body, and gets
// the findings Node gets, with no CSP violation and no console error. A control page shows the
// header is enforced: `new Function` is refused there.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDocument, checkResponse } from "../../src/index.browser.js";
import { BROKEN_EVALUATION_RULES, brokenEvaluation, conformingEvaluation } from "../check/broken-records.js";
import { launchBrowser, openPage, RUN_BROWSER_TESTS, type RunningBrowser } from "./browser.js";

const CSP = "script-src 'self'";
const JSON_HEADERS = { "content-type": "application/json" };

const conforming = [conformingEvaluation(), conformingEvaluation()];
const broken = [conformingEvaluation(), brokenEvaluation()];

/** What the page computes, computed here in Node: the page must get exactly this. */
const expected = () => ({
  conformingResponse: checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body: JSON.stringify(conforming) }),
  brokenResponse: checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body: JSON.stringify(broken) }),
  conformingDocument: checkDocument("Evaluation", conforming),
  brokenDocument: checkDocument("Evaluation", broken),
});

// The page's own scripts: files from its origin (an inline script would itself break the policy).
// run.js listens for violations first, then loads the bundle with a dynamic import.
const runScript = `const violations = [];
document.addEventListener("securitypolicyviolation", (event) => violations.push(event.violatedDirective + " " + event.blockedURI));
const conforming = ${JSON.stringify(conforming)};
const broken = ${JSON.stringify(broken)};
const headers = new Headers({ "Content-Type": "application/json" });
try {
  const { checkDocument, checkResponse } = await import("/checker.js");
  window.checkerResults = {
    conformingResponse: checkResponse("listEvaluations", { status: 200, headers, body: JSON.stringify(conforming) }),
    brokenResponse: checkResponse("listEvaluations", { status: 200, headers, body: JSON.stringify(broken) }),
    conformingDocument: checkDocument("Evaluation", conforming),
    brokenDocument: checkDocument("Evaluation", broken),
  };
} catch (error) {
  window.checkerResults = { failed: String(error) };
}
window.violations = violations;
document.body.dataset.done = "true";
`;

const controlScript = `const violations = [];
document.addEventListener("securitypolicyviolation", (event) => violations.push(event.violatedDirective));
let refused = "none";
try {
  new Function("return 1")();
} catch (error) {
  refused = error.name;
}
// The violation event is dispatched asynchronously.
setTimeout(() => {
  window.control = { refused, violations };
  document.body.dataset.done = "true";
}, 50);
`;

const page = (script: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>checker under CSP</title><link rel="icon" href="data:,"></head><body><script type="module" src="/${script}"></script></body></html>`;

describe.runIf(RUN_BROWSER_TESTS)("checker in Chromium under Content-Security-Policy: script-src 'self'", () => {
  let dir: string;
  let bundle: string;
  let server: Server;
  let origin: string;
  let chromium: RunningBrowser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "evals-contract-csp-"));
    await build({
      configFile: false,
      logLevel: "warn",
      root: fileURLToPath(new URL("../..", import.meta.url)),
      publicDir: false,
      build: {
        outDir: dir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        lib: { entry: fileURLToPath(new URL("../../src/index.browser.ts", import.meta.url)), formats: ["es"], fileName: "checker" },
      },
    });
    bundle = await readFile(join(dir, "checker.js"), "utf8");
    const files: Record<string, [string, string]> = {
      "/": ["text/html", page("run.js")],
      "/control.html": ["text/html", page("control.js")],
      "/run.js": ["text/javascript", runScript],
      "/control.js": ["text/javascript", controlScript],
      "/checker.js": ["text/javascript", bundle],
    };
    server = createServer((request, response) => {
      const file = files[request.url ?? ""];
      response.writeHead(file ? 200 : 404, { "content-type": file?.[0] ?? "text/plain", "content-security-policy": CSP });
      response.end(file?.[1] ?? "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("bundles a checker with no eval and no Function constructor in it", () => {
    expect(bundle).toContain("checkResponse");
    expect(bundle).not.toMatch(/\bnew Function\b|\beval\(/);
  });

  it("enforces the policy: the control page's new Function is refused", async () => {
    const { page: control, problems } = await openPage(chromium.browser);
    await control.goto(`${origin}/control.html`);
    await control.waitForFunction(`document.body.dataset.done === "true"`);
    const { refused, violations } = (await control.evaluate("window.control")) as { refused: string; violations: string[] };
    expect(refused).toBe("EvalError");
    // The page's violation listener sees it: the checker's page below would record one.
    expect(violations).toEqual(["script-src"]);
    expect(problems).toEqual([]);
    await control.close();
  });

  it("checks a conforming and a broken body with the findings Node gets, with no violation and no console error", async () => {
    const { page: checker, problems } = await openPage(chromium.browser);
    const response = await checker.goto(`${origin}/`);
    expect(response?.headers()["content-security-policy"]).toBe(CSP);
    await checker.waitForFunction(`document.body.dataset.done === "true"`);
    const results = (await checker.evaluate("window.checkerResults")) as Record<string, unknown>;
    expect(results).toEqual(expected());
    expect(results.conformingResponse).toEqual([]);
    expect(results.conformingDocument).toEqual([]);
    const rules = (results.brokenDocument as { rule: string }[]).map((f) => f.rule);
    expect([...new Set(rules)].sort()).toEqual(BROKEN_EVALUATION_RULES);
    expect(await checker.evaluate("window.violations")).toEqual([]);
    expect(problems).toEqual([]);
    await checker.close();
  });
});
