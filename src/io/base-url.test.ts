import { describe, expect, it } from "vitest";
import { normalizeHttpUrl } from "./base-url.js";

describe("normalizeHttpUrl", () => {
  it.each([
    ["http://host:8000", "http://host:8000"],
    ["http://host:8000/", "http://host:8000"],
    ["https://host/api", "https://host/api"],
    ["https://host/api/", "https://host/api"],
    ["https://host/api//", "https://host/api"],
    ["HTTP://Host/Api", "http://host/Api"],
    ["http://u:s3cret@host/api/", "http://u:s3cret@host/api"],
  ])("%s -> %s", (raw, want) => expect(normalizeHttpUrl(raw, "--base-url")).toBe(want));

  it.each(["host:8000/api", "file:///tmp", "http://host/api?x=1", "http://host/api#top", ""])("refuses %j", (raw) =>
    expect(() => normalizeHttpUrl(raw, "--base-url")).toThrow(/^--base-url must/),
  );

  it("never shows credentials or a secret query value in its error", () => {
    expect(() => normalizeHttpUrl("http://u:s3cret@host/api?token=abc", "--base-url")).toThrow(
      '--base-url must not carry a query or fragment (a secret belongs in a header: --header), got "http://[redacted]@host/api?token=[redacted]"',
    );
  });
});
