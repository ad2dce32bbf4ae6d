import { describe, expect, it } from "vitest";
import { escapeHtml, redactUrls } from "./escape.js";

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

describe("redactUrls", () => {
  it.each([
    ["user and password", "to http://admin:hunter2@evil.example/x", "to http://***@evil.example/x"],
    ["a bare token as user", "https://ghp_abc@host/api", "https://***@host/api"],
    ["secret query values", "http://h/p?token=abc&x=1&api_key=k", "http://h/p?token=***&x=1&api_key=***"],
    ["no URL: unchanged", "must be string, got user@example.com", "must be string, got user@example.com"],
    [
      "app_id is no secret",
      "GET http://h/evaluations?app_id=666dde95962bbaffdb0072b5",
      "GET http://h/evaluations?app_id=666dde95962bbaffdb0072b5",
    ],
  ])("%s", (_name, input, want) => expect(redactUrls(input)).toBe(want));
});
