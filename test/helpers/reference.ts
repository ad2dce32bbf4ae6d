// The Python-backed tests (reference/*.py on Debian's FastAPI 0.92 + pydantic 1.10): whether they can
// run here. On a developer's machine without the packages (not root, macOS) they skip with the reason;
// in CI (CI set) they run and fail with it instead, never silently passing.
import { spawnSync } from "node:child_process";

export const PYTHON = "/usr/bin/python3";

/** Why the Python side cannot run, or undefined when Debian's FastAPI and httpx import. */
function probeReference(): string | undefined {
  const probe = spawnSync(PYTHON, ["-c", "import fastapi, httpx"], { encoding: "utf8", timeout: 60_000 });
  if (probe.status === 0) return undefined;
  const why = probe.error?.message ?? (probe.stderr.trim() || `exit ${probe.status}`);
  return `${PYTHON} cannot import fastapi/httpx (${why}); install them with scripts/ensure-test-deps.sh (apt: python3-fastapi python3-httpx)`;
}

export const MISSING_REFERENCE = probeReference();
export const SKIP_REFERENCE = MISSING_REFERENCE !== undefined && !process.env.CI;
if (SKIP_REFERENCE) console.warn(`Python reference tests skipped: ${MISSING_REFERENCE}`);
