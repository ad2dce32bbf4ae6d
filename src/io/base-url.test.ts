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
  ])("%s -> %s", (raw, want) => expect(normalizeHttpUrl(raw, "--base-url")).toBe(want));

  it.each(["host:8000/api", "file:///tmp", "http://host/api?x=1", "http://host/api#top", ""])("refuses %j", (raw) =>
    expect(() => normalizeHttpUrl(raw, "--base-url")).toThrow(/^--base-url must/),
  );
});
