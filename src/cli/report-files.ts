// The --junit, --json and --html report files of every command: checked before the run (distinct,
// writable: an existing regular file is replaced, a directory, device, FIFO or socket refused; never
// one of the command's input files), then all written by one function, writeReports, atomically, `-`
// meaning stdout (the text report then goes to stderr).
import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { ToolkitError } from "../errors.js";
import { assertWritable, refuseOutputOverInput, writeReportFile, type NamedPath } from "../io/index.js";
import { renderJUnit, writeHtmlReport, writeJsonReport, type Report } from "../report/index.js";
import type { CliIo } from "./io.js";

/** Whether two report paths name one file: `a.json` and `./a.json`, `-` twice, or a symlink and its target. */
async function samePath(a: string, b: string): Promise<boolean> {
  if (a === "-" || b === "-") return a === b;
  const real = (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
  return resolve(a) === resolve(b) || (await real(a)) === (await real(b));
}

export interface ReportFiles {
  junit?: string;
  json?: string;
  html?: string;
}

export interface PreparedReports {
  /** The files asked for. */
  files: ReportFiles;
  /** Whether any report file was asked for. */
  requested: boolean;
  /** Where the text report goes: stderr when a report file is stdout. */
  textOut: NodeJS.WritableStream;
  /** Writes `file` (or stdout for `-`) with `render`, atomically. */
  write(file: string, render: (out: NodeJS.WritableStream) => Promise<void> | void): Promise<void>;
}

/**
 * Checks the report files before the run: distinct, each writable, and none of them one of the
 * command's `inputs` (whatever path leads to it: a report must never replace what it was made from).
 */
export async function prepareReportFiles(files: ReportFiles, io: CliIo, inputs: readonly NamedPath[] = []): Promise<PreparedReports> {
  const named = [files.junit, files.json, files.html].filter((file): file is string => file !== undefined);
  for (let i = 0; i < named.length; i++)
    for (let j = i + 1; j < named.length; j++)
      if (await samePath(named[i]!, named[j]!))
        throw new ToolkitError("E_USAGE", `--junit, --json and --html must name different files (two name ${named[i]})`);
  await refuseOutputOverInput(
    (["junit", "json", "html"] as const).flatMap((option) => {
      const path = files[option];
      return path === undefined ? [] : [{ name: `--${option}`, path }];
    }),
    inputs,
  );
  // Report files are outputs a second run regenerates (docs/limits.md): an existing regular file is
  // replaced (atomically), so `force` is always on; a directory, device, FIFO or socket is refused
  // before the run. --force stays accepted for the scripts that pass it.
  for (const file of named) if (file !== "-") await assertWritable(file, true, true);
  return {
    files: { ...files },
    requested: named.length > 0,
    textOut: named.includes("-") ? io.stderr : io.stdout,
    write: async (file, render) => {
      if (file === "-") await render(io.stdout);
      else await writeReportFile(file, true, async (out) => render(out));
    },
  };
}

/** Writes every report file asked for from the one report: JUnit, the JSON and the HTML page streamed. */
export async function writeReports(report: Report, reports: PreparedReports): Promise<void> {
  const { junit, json, html } = reports.files;
  if (junit !== undefined) await reports.write(junit, (out) => void out.write(renderJUnit(report)));
  // Streamed: a report of a million findings is larger than the biggest string V8 can hold.
  if (json !== undefined) await reports.write(json, (out) => writeJsonReport(out, report));
  if (html !== undefined) await reports.write(html, (out) => writeHtmlReport(out, report));
}
