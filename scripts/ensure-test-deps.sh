#!/usr/bin/env bash
# Makes sure the tests' system dependencies are installed, from Debian's packages (never pip, never a
# browser download):
#  - test/reference: Debian's FastAPI 0.92 + pydantic 1.10 + httpx under /usr/bin/python3 (not a
#    pyenv/venv python: the reference must be the framework the service ran on);
#  - test/browser: Debian's chromium at /usr/bin/chromium, driven by puppeteer-core.
# Idempotent: quiet and fast when everything is present; otherwise installs with apt-get (as root, or via
# sudo without a password). Where it cannot (not root, no sudo, not Debian): in CI (CI set) it fails; on a
# developer's machine it says what is missing and goes on, and those tests skip with the reason.
set -euo pipefail

PYTHON=/usr/bin/python3
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

python_present() { [ -x "$PYTHON" ] && "$PYTHON" -c "import fastapi, httpx" >/dev/null 2>&1; }
chromium_present() { [ -x "$CHROMIUM" ] && "$CHROMIUM" --version >/dev/null 2>&1; }

missing=()
python_present || missing+=(python3-fastapi python3-httpx)
chromium_present || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0

# shellcheck source=as-root.sh
source "$(dirname "$0")/as-root.sh"
if ! find_root_prefix || ! command -v apt-get >/dev/null 2>&1; then
  hint="missing ${missing[*]} (the Python reference tests need /usr/bin/python3 with fastapi and httpx, the browser tests Chromium at $CHROMIUM)"
  if [ -n "${CI:-}" ]; then
    echo "ensure-test-deps: $hint; run as root: apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "ensure-test-deps: $hint: those tests will be skipped. To run them on Debian: sudo apt-get install -y --no-install-recommends ${missing[*]} (or set CHROMIUM_PATH to a Chromium)" >&2
  exit 0
fi

echo "ensure-test-deps: installing ${missing[*]} with apt-get" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

if ! python_present; then
  echo "ensure-test-deps: installed packages but $PYTHON still cannot import fastapi/httpx" >&2
  exit 1
fi
if ! chromium_present; then
  echo "ensure-test-deps: installed chromium but $CHROMIUM does not start (--version)" >&2
  exit 1
fi
