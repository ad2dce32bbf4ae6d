// Issue 39: 300,000 stale entries print as one line with their count on the terminal; the full list
// goes to --json (and the HTML page lists the first hundred). A few are still listed one per line.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderText } from "../../src/report/render-text.js";
import type { Report } from "../../src/report/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, providerUrl } from "../fuzz/faulty-providers.js";

afterEach(closeTestServers);

const STALE = 300_000;

describe("stale baseline entries", () => {
  it("300,000 of them: one line with their count on the terminal, every one in --json, a hundred in --html", async () => {
    const running = createFaultyProvider();
    await listenForTest(running.server);
    const dir = mkdtempSync(join(tmpdir(), "evals-stale-"));
    const file = join(dir, "baseline.json");
    const entries = Array.from({ length: STALE }, (_, i) => ({ check: "leak", operation: "listEvaluations", cause: `gone ${i}` }));
    writeFileSync(file, JSON.stringify({ entries }));
    const started = performance.now();
    const result = await runCliCaptured([
      "verify",
      "--base-url",
      providerUrl(running.server),
      "--app-id",
      APP_A,
      "--no-pact",
      "--baseline",
      file,
      "--json",
      join(dir, "r.json"),
      "--html",
      join(dir, "r.html"),
    ]);
    console.log(`verify with ${STALE.toLocaleString("en-US")} stale entries: ${Math.round(performance.now() - started)} ms`);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const staleLines = result.stdout.split("\n").filter((line) => /^Stale/.test(line));
    expect(staleLines).toEqual([
      `Stale baseline entries: 300,000 entries of ${file} match no finding of this run: remove them (--prune-baseline; the list is in --json)`,
    ]);
    const report = JSON.parse(readFileSync(join(dir, "r.json"), "utf8")) as Report;
    expect(report.baseline?.stale).toHaveLength(STALE);
    const html = readFileSync(join(dir, "r.html"), "utf8");
    expect(html.match(/Stale baseline entry: /g)).toHaveLength(100);
    expect(html).toContain("... and 299,900 more stale entries");
  }, 120_000);

  it("a few are listed one per line", () => {
    const stale = [1, 2].map((i) => ({ check: "leak", operation: "listEvaluations", cause: `gone ${i}` }));
    const report = {
      intro: [],
      sections: [],
      findings: [],
      notes: [],
      summary: "s",
      verdictLine: "v",
      baseline: { file: "b.json", known: 0, stale, expired: 0 },
    };
    const lines = renderText(report as unknown as Report).filter((line) => /stale/i.test(line));
    expect(lines).toEqual([
      "Stale baseline entry (no such finding in this run): remove it from b.json: leak | listEvaluations | gone 1",
      "Stale baseline entry (no such finding in this run): remove it from b.json: leak | listEvaluations | gone 2",
    ]);
  });
});
