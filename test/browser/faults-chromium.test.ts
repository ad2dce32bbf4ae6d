// Every network fault of the node mock as a page sees it in Debian's Chromium: the page comes from its
// own origin (a small server on 127.0.0.1, another port: cross-origin but same-site, as a dev server
// on localhost:5173 and the mock on localhost:4010), and its fetch reaches the mock with CORS. Each
// fault asked with `?__fault=`; `Prefer: fault=` once (a preflight first); and a session's scenario
// once, named by the mock-session cookie the page sets (sent cross-origin with credentials:
// "include"). Skipped without Chromium on a developer's machine, failing in CI (browser.ts).
import type { Server } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_PAGE, startMockServer, type FaultName, type RunningMockServer } from "../../src/mock/index.js";
import type { JournalEntry } from "../../src/mock/journal.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";
import { launchBrowser, openPage, RUN_BROWSER_TESTS, type RunningBrowser } from "./browser.js";

const LIST = `/evaluations?app_id=${APP_A}`;
const DRIBBLE_MS = 600;
const ABORT_MS = 500;
const SESSION = "faults-chromium";

/** What the page saw of one fetch: the answer read whole, or where and how it rejected. */
type PageSeen =
  | { settled: "resolved"; status: number; type: string | null; text: string; reads: number; ms: number }
  | { settled: "rejected"; stage: "fetch" | "body"; name: string; message: string; ms: number };

// Runs in the page (a string, so the test's transform never reaches the browser): one fetch, aborted
// after `abortMs` if given, its body read piece by piece.
const PAGE_FETCH = `async ([url, init, abortMs]) => {
  const started = performance.now();
  const controller = new AbortController();
  const timer = abortMs === null ? undefined : setTimeout(() => controller.abort(), abortMs);
  let stage = "fetch";
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    stage = "body";
    const reader = response.body.getReader();
    const pieces = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    const bytes = new Uint8Array(pieces.reduce((n, piece) => n + piece.length, 0));
    let at = 0;
    for (const piece of pieces) {
      bytes.set(piece, at);
      at += piece.length;
    }
    const text = new TextDecoder().decode(bytes);
    return { settled: "resolved", status: response.status, type: response.headers.get("content-type"), text, reads: pieces.length, ms: performance.now() - started };
  } catch (error) {
    return { settled: "rejected", stage, name: error.name, message: error.message, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}`;

async function pageFetch(page: Page, url: string, init: Record<string, unknown> = {}, abortMs: number | null = null): Promise<PageSeen> {
  return (await page.evaluate(`(${PAGE_FETCH})(${JSON.stringify([url, init, abortMs])})`)) as PageSeen;
}

describe.runIf(RUN_BROWSER_TESTS)("the node mock's faults, seen by a Chromium page on another origin", () => {
  let mock: RunningMockServer;
  let chromium: RunningBrowser;
  let page: Page;
  let problems: string[];
  let origin: string;
  let normalText: string;
  let lastId = 0;

  /** The journal's entries since the last call. */
  const journalSince = (): JournalEntry[] => {
    const entries = mock.requests({ since: lastId });
    lastId = entries.at(-1)?.id ?? lastId;
    return entries;
  };
  /** The page's plain fetch still gets the normal answer (after every fault). */
  const expectNormal = async (): Promise<void> => {
    const seen = await pageFetch(page, `${mock.url}${LIST}`);
    expect(seen).toMatchObject({ settled: "resolved", status: 200, text: normalText });
  };
  /** The journal has the fault, asked from the page's origin (`times`: how often the browser sent it). */
  const expectJournal = (fault: FaultName, status: number | null, times: readonly number[] = [1]): void => {
    const entries = journalSince().filter((entry) => entry.fault !== null);
    expect(times).toContain(entries.length);
    for (const entry of entries) expect(entry).toMatchObject({ fault, status, operation: "listEvaluations", headers: { origin } });
  };

  beforeAll(async () => {
    mock = await startMockServer({ data: exampleDataset(), port: 0 });
    normalText = await (await fetch(`${mock.url}${LIST}`)).text();
    const site: Server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>a frontend</title><p>a frontend</p>");
    });
    await listenForTest(site);
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    chromium = await launchBrowser();
    ({ page, problems } = await openPage(chromium.browser));
    await page.goto(origin);
    // A warm connection to the mock, as a page that has fetched before has.
    await expectNormal();
    journalSince();
  });
  afterAll(async () => {
    await chromium?.close();
    await mock?.close();
    await closeTestServers();
  });

  // Chromium sends a GET again, once, when a connection it reused is reset or closed before any
  // byte of the answer (a keep-alive race to it, not the server's fault): the mock then sees the
  // request twice, and the page the second one's fate.
  it.each([
    ["reset", [1, 2]],
    ["empty", [1, 2]],
    ["malformed", [1]],
  ] as const)("%s: the page's fetch rejects with a TypeError", async (fault, times) => {
    const seen = await pageFetch(page, `${mock.url}${LIST}&__fault=${fault}`);
    expect(seen.settled).toBe("rejected");
    if (seen.settled !== "rejected") return;
    expect(seen.name).toBe("TypeError");
    // A malformed body may fail only once it is read; reset and empty fail the fetch itself.
    if (fault !== "malformed") expect(seen).toMatchObject({ stage: "fetch", message: "Failed to fetch" });
    expectJournal(fault, fault === "malformed" ? 200 : null, times);
    await expectNormal();
  });

  it("hang: nothing comes until the page's AbortController aborts it", async () => {
    const seen = await pageFetch(page, `${mock.url}${LIST}&__fault=hang`, {}, ABORT_MS);
    expect(seen).toMatchObject({ settled: "rejected", stage: "fetch", name: "AbortError" });
    expect(seen.ms).toBeGreaterThanOrEqual(ABORT_MS * 0.9);
    expectJournal("hang", null);
    await expectNormal();
  });

  it("dribble: the whole JSON arrives, in pieces, over most of the delay", async () => {
    const seen = await pageFetch(page, `${mock.url}${LIST}&__fault=dribble&__delay=${DRIBBLE_MS}`);
    expect(seen).toMatchObject({ settled: "resolved", status: 200, type: "application/json", text: normalText });
    if (seen.settled !== "resolved") return;
    expect(() => JSON.parse(seen.text) as unknown).not.toThrow();
    expect(seen.reads, "read in more than one piece").toBeGreaterThanOrEqual(2);
    expect(seen.ms).toBeGreaterThanOrEqual(DRIBBLE_MS * 0.75);
    expectJournal("dribble", 200);
    await expectNormal();
  });

  it("gateway: the page reads a 502 with nginx's HTML page (the CORS headers let it)", async () => {
    const seen = await pageFetch(page, `${mock.url}${LIST}&__fault=gateway`);
    expect(seen).toMatchObject({ settled: "resolved", status: 502, type: "text/html", text: GATEWAY_PAGE });
    if (seen.settled === "resolved") expect(seen.text).toContain("502 Bad Gateway");
    expectJournal("gateway", 502);
    await expectNormal();
  });

  it("Prefer: fault=gateway, after the CORS preflight the Prefer header needs", async () => {
    journalSince();
    const seen = await pageFetch(page, `${mock.url}${LIST}`, { headers: { Prefer: "fault=gateway" } });
    expect(seen).toMatchObject({ settled: "resolved", status: 502, type: "text/html", text: GATEWAY_PAGE });
    const entries = journalSince();
    expect(entries.map((entry) => [entry.method, entry.fault, entry.status])).toEqual([
      ["OPTIONS", null, 200],
      ["GET", "gateway", 502],
    ]);
    expect(entries[0]!.headers.origin).toBe(origin);
    expect(entries[1]!.headers).toMatchObject({ origin, prefer: "fault=gateway" });
    await expectNormal();
  });

  it("a session's fault, named by the mock-session cookie the page sends with credentials: include", async () => {
    const put = await fetch(`${mock.url}/_mock/api/sessions/${SESSION}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: { fault: "gateway" } }),
    });
    expect(put.status).toBe(200);
    // The page's own cookie: cookies do not tell ports apart, so it goes to the mock on 127.0.0.1 too
    // (same-site), when the fetch includes credentials.
    await page.evaluate(`document.cookie = "mock-session=${SESSION}; path=/; SameSite=Lax"`);
    try {
      journalSince();
      const withCookie = await pageFetch(page, `${mock.url}${LIST}`, { credentials: "include" });
      expect(withCookie).toMatchObject({ settled: "resolved", status: 502, type: "text/html", text: GATEWAY_PAGE });
      expect(journalSince()).toEqual([
        expect.objectContaining({
          fault: "gateway",
          status: 502,
          session: SESSION,
          headers: expect.objectContaining({ origin, cookie: "[redacted]" }),
        }),
      ]);
      // Without credentials the cookie stays home: the default, no fault.
      await expectNormal();
      expect(journalSince()).toEqual([expect.objectContaining({ fault: null, status: 200, session: null })]);
    } finally {
      await page.evaluate(`document.cookie = "mock-session=; path=/; max-age=0"`);
      await fetch(`${mock.url}/_mock/api/sessions/${SESSION}`, { method: "DELETE" });
    }
    // The session gone, the cookie would name a session nobody set: the default again.
    const after = await pageFetch(page, `${mock.url}${LIST}`, { credentials: "include" });
    expect(after).toMatchObject({ settled: "resolved", status: 200, text: normalText });
  });

  it("the page saw no error of its own: only the failed loads of the faults", () => {
    const own = problems.filter((problem) => !/^(request failed: |console: Failed to load resource: )/.test(problem));
    expect(own).toEqual([]);
    for (const problem of problems) expect(problem).toMatch(/__fault=(reset|empty|malformed|hang)|502 \(Bad Gateway\)|net::ERR_/);
  });
});
