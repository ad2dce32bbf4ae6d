#!/usr/bin/env bash
# Makes sure the benchmarks' load tool is installed: Debian's wrk (a C load generator that needs far
# less CPU per request than the server it measures, so on a 2-core machine the figure is the
# server's). Idempotent: quiet when wrk is present. Without root (or sudo) it says so and the
# benchmarks fall back to autocannon (an npm dependency), which they name in their output.
set -euo pipefail

command -v wrk >/dev/null 2>&1 && exit 0

# shellcheck source=as-root.sh
source "$(dirname "$0")/as-root.sh"
if ! find_root_prefix; then
  echo "ensure-bench-deps: wrk is missing and apt-get needs root; the mock figures use autocannon instead (install wrk: apt-get update && apt-get install -y wrk)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-bench-deps: wrk is missing and this machine has no apt-get; the mock figures use autocannon instead" >&2
  exit 0
fi

echo "ensure-bench-deps: installing wrk with apt-get" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
command -v wrk >/dev/null 2>&1 || { echo "ensure-bench-deps: installed wrk but it is not on PATH" >&2; exit 1; }
