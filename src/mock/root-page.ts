// What a browser opening the mock's root (`/`, or the base path itself) sees: the real service has
// nothing there (FastAPI's 404 `{"detail":"Not Found"}`), so a developer who opens the URL the mock
// printed met a bare 404. A request that accepts HTML gets a small page with the same 404 status
// pointing to the console and the three paths; every other client (fetch, curl, a frontend) keeps the
// service's exact 404 body, so the mock and the MSW handlers still agree on every answer a frontend
// can see. Node adapter only: the MSW handlers have no console to point to.
import type { MockAnswer } from "./core.js";
import type { RequestHeaders } from "./cors.js";
import { firstHeader } from "./cors.js";
import { OPERATION_IDS, OPERATIONS } from "../contract/operations.js";
import { utf8Bytes } from "./bytes.js";

export interface RootPage {
  /** `url` is the root (`/`, the base path, the base path with a slash) and the request accepts HTML. */
  wants(url: string, headers: RequestHeaders): boolean;
  /** The page, in place of the core's 404 (its status kept). */
  answer(core: MockAnswer): MockAnswer;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createRootPage(base: string, consolePrefix: string): RootPage {
  const roots = new Set(["/", base, `${base}/`]);
  const items = OPERATION_IDS.map((id) => {
    const path = `${base}${OPERATIONS[id].path}${id.startsWith("list") ? "?app_id=" : ""}`;
    return `<li><code>GET ${escapeHtml(path)}</code></li>`;
  }).join("");
  const html = utf8Bytes(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mock Evaluation Listing Service</title></head><body>` +
      `<h1>Mock Evaluation Listing Service</h1><p>Not a path of the service (it answers 404 <code>{"detail":"Not Found"}</code> here, as the real one does). ` +
      `The console: <a href="${escapeHtml(consolePrefix)}/">${escapeHtml(consolePrefix)}/</a> (dataset, request log, scenario switches, reload).</p>` +
      `<p>The service's paths:</p><ul>${items}</ul></body></html>`,
  );
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(html.length),
    "Content-Security-Policy": "default-src 'none'",
    "Cache-Control": "no-store",
  };
  return {
    wants(url, requestHeaders) {
      const q = url.indexOf("?");
      if (!roots.has(q === -1 ? url : url.slice(0, q))) return false;
      return (firstHeader(requestHeaders.accept) ?? "").toLowerCase().includes("text/html");
    },
    answer: (core) => ({
      status: core.status,
      headers: { ...headers },
      body: html,
      delayMs: 0,
      note: "  the mock's start page (console and paths)",
    }),
  };
}
