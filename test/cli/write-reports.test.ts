// One function writes every requested format (src/cli/report-files.ts's writeReports): the files a
// command asked for, each exactly what its renderer makes of the one report, `-` on stdout.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { prepareReportFiles, writeReports } from "../../src/cli/report-files.js";
import { fromValidate, htmlPieces, renderJUnit, type Report } from "../../src/report/index.js";

const dir = mkdtempSync(join(tmpdir(), "write-reports-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report: Report = fromValidate({
  file: "data.json",
  schema: "Evaluation",
  records: "1 Evaluation record",
  strict: false,
  findings: [{ severity: "error", path: "$[0].id", rule: "type", message: "must be string" }],
});

const capture = (): { stream: PassThrough; text: () => string } => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
};

describe("writeReports", () => {
  it("writes every format asked for from the one report", async () => {
    const files = { junit: join(dir, "r.xml"), json: join(dir, "r.json"), html: join(dir, "r.html") };
    const out = capture();
    const reports = await prepareReportFiles(files, { stdout: out.stream, stderr: capture().stream });
    expect(reports.requested).toBe(true);
    await writeReports(report, reports);
    expect(readFileSync(files.junit, "utf8")).toBe(renderJUnit(report));
    expect(JSON.parse(readFileSync(files.json, "utf8"))).toMatchObject({ tool: "validate", verdict: "fail", findings: [{ rule: "type" }] });
    expect(readFileSync(files.html, "utf8")).toBe([...htmlPieces(report)].join(""));
    expect(out.text()).toBe("");
  });

  it("writes nothing when no file is asked for, and `-` on stdout", async () => {
    const none = await prepareReportFiles({}, { stdout: capture().stream, stderr: capture().stream });
    expect(none.requested).toBe(false);
    await writeReports(report, none);
    const out = capture();
    const err = capture();
    const reports = await prepareReportFiles({ junit: "-" }, { stdout: out.stream, stderr: err.stream });
    expect(reports.textOut).toBe(err.stream);
    await writeReports(report, reports);
    expect(out.text()).toBe(renderJUnit(report));
  });
});
