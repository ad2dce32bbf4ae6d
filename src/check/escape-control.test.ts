import { describe, expect, it } from "vitest";
import { escapeControl } from "./escape-control.js";

describe("escapeControl", () => {
  it.each([
    ["C0: ESC[2J", "\u001b[2J", "\\x1b[2J"],
    ["new line, return, tab", "a\nb\rc\td", "a\\nb\\rc\\td"],
    ["DEL", "\u007f", "\\x7f"],
    ["C1: a one-character CSI", "\u009b31m", "\\x9b31m"],
    ["C1: NEL and OSC", "\u0085\u009d", "\\x85\\x9d"],
    ["bidi override", "\u202eevil", "\\u202eevil"],
    ["bidi embeddings and isolates", "\u202a\u202b\u2066\u2067\u2068\u2069", "\\u202a\\u202b\\u2066\\u2067\\u2068\\u2069"],
    ["bidi marks", "\u200e\u200f\u061c", "\\u200e\\u200f\\u061c"],
    ["line and paragraph separators", "a\u2028b\u2029c", "a\\u2028b\\u2029c"],
  ])("escapes %s", (_name, raw, shown) => {
    expect(escapeControl(raw)).toBe(shown);
  });

  it("leaves everything else as it is, and is idempotent", () => {
    const text = "Évaluation ✓ 😀 عربى 中文 \\x1b already escaped";
    expect(escapeControl(text)).toBe(text);
    expect(escapeControl(escapeControl("\u001b\u009b\u202e"))).toBe("\\x1b\\x9b\\u202e");
  });
});
