import { describe, expect, it } from "vitest";
import { prismArgs } from "./start-prism.js";

describe("prismArgs", () => {
  it("passes every value as --name=value and the positionals as they were checked", () => {
    const args = prismArgs({ mode: "mock", dynamic: true, seed: "42" }, "/tmp/-h", "127.0.0.1", 4010);
    expect(args).toEqual([
      "mock",
      "/tmp/-h",
      "--host=127.0.0.1",
      "--port=4010",
      "--dynamic",
      "--json-schema-faker-fillProperties=false",
      "--seed=42",
    ]);
    expect(args.slice(1, 2).some((arg) => arg.startsWith("-"))).toBe(false);
  });
});
