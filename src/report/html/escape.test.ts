import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape.js";

describe("escapeHtml", () => {
  it.each([
    ["markup", `<script>alert("x")</script>`, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"],
    ["quotes and ampersand", `a'b"c&d`, "a&#39;b&quot;c&amp;d"],
    ["control characters shown as escapes", "a\u0000b\u0007c\u001bd\u007f\u0085", "a\\u0000b\\u0007c\\u001Bd\\u007F\\u0085"],
    ["tab and newline kept", "a\tb\nc", "a\tb\nc"],
    ["a lone surrogate", "x\uD800y", "x\\uD800y"],
    ["a surrogate pair kept", "🙂", "🙂"],
  ])("%s", (_name, input, want) => expect(escapeHtml(input)).toBe(want));
});
