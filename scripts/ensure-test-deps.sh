#!/usr/bin/env bash
# Makes sure the Python side of test/reference can run: Debian's FastAPI 0.92 + pydantic 1.10 + httpx under
# /usr/bin/python3 (not a pyenv/venv python, and never pip: the reference must be the framework the service ran on).
# Idempotent: quiet and fast when everything is present; otherwise installs with apt-get (as root, or via sudo).
set -euo pipefail

PYTHON=/usr/bin/python3
PACKAGES=(python3-fastapi python3-httpx)

present() { [ -x "$PYTHON" ] && "$PYTHON" -c "import fastapi, httpx" >/dev/null 2>&1; }

present && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  as_root=(sudo -n)
else
  echo "ensure-test-deps: $PYTHON cannot import fastapi/httpx; run as root: apt-get update && apt-get install -y --no-install-recommends ${PACKAGES[*]}" >&2
  exit 1
fi

echo "ensure-test-deps: installing ${PACKAGES[*]} with apt-get" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null

if ! present; then
  echo "ensure-test-deps: installed ${PACKAGES[*]} but $PYTHON still cannot import fastapi/httpx" >&2
  exit 1
fi
