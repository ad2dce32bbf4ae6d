// docs/install.md's peer table says what the code does: each optional peer has a row, its accepted range is
// package.json's peer range, and each Node column names the major `E_MISSING_PEER`'s install line names on
// the first and last Node of that column (src/peer-majors.ts's peerRangeFor).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPTIONAL_PEERS, PEER_MAJORS, peerRangeFor, type OptionalPeer } from "../../src/optional-peers.js";

const page = readFileSync(new URL("../../docs/install.md", import.meta.url), "utf8");
const cells = (line: string): string[] =>
  line
    .slice(1, -1)
    .split("|")
    .map((cell) => cell.trim());
const lines = page.split("\n").filter((line) => line.startsWith("|"));
const header = cells(lines.find((line) => line.includes("peer, range accepted"))!);
const rows = lines.filter((line) => line.includes("`, `^")).map(cells);

/** The Node versions a column header such as `Node 22.12 to 24.13` or `Node 24.18+, 26` covers, at its ends. */
function nodesOf(column: string): string[] {
  const versions = [...column.matchAll(/(\d+)(?:\.(\d+))?/g)].map((m) => `${m[1]}.${m[2] ?? "0"}.0`);
  return column.includes(" to ") ? [versions[0]!, versions[1]!.replace(/\.0$/, ".99")] : versions;
}

describe("docs/install.md's peer table", () => {
  it("has a row for each optional peer", () => {
    const named = rows.map((row) => /`([^`]+)`, `/.exec(row[1]!)?.[1]);
    expect(named.sort()).toEqual(Object.keys(PEER_MAJORS).sort());
  });

  it.each(rows.map((row) => [/`([^`]+)`, `/.exec(row[1]!)![1]!, row] as const))(
    "%s: the accepted range is package.json's, and each Node column names peerRangeFor's major",
    (name, row) => {
      const peer = name as OptionalPeer;
      const accepted = [...row[1]!.matchAll(/`(\^[^`]+)`/g)].map((m) => m[1]!);
      expect(accepted.join(" || ")).toBe(OPTIONAL_PEERS[peer]);
      header.slice(2).forEach((column, i) => {
        for (const node of nodesOf(column))
          expect(`${column} (${node}): ${row[2 + i]}`).toBe(`${column} (${node}): \`@${peerRangeFor(peer, node)}\``);
      });
    },
  );
});
