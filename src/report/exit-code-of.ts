// The one place where a report's verdict becomes a process exit code (the CLI's exit-codes.ts maps
// errors only): 0 pass, 1 the contract is broken, 2 the run could not judge the provider.
import type { Report } from "./model.js";

export type ReportExitCode = 0 | 1 | 2;

/**
 * `pass` 0, `fail` 1. `partial` (nothing failed, but too little ran): verify's partial run is one the
 * user asked for (`--partial`, no app id) and exits 0, its report saying PARTIAL, never PASS; a fuzz
 * run that sent too few requests (or a replay that could not send them) could not judge: 2, or 1
 * under --strict. `tool` is a string: a command without a report file of its own (prism) maps its
 * verdict here too.
 */
export function exitCodeOf(report: Pick<Report, "verdict" | "strict"> & { tool: string }): ReportExitCode {
  if (report.verdict === "pass") return 0;
  if (report.verdict === "fail") return 1;
  if (report.tool !== "fuzz") return 0;
  return report.strict ? 1 : 2;
}
