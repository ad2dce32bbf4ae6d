import { describe, expect, it } from "vitest";
import { rawArrayElements } from "./raw-records.js";

describe("rawArrayElements", () => {
  it("gives each element's text as written", () => {
    const text = ' [ {"a":1e-07,"s":"x,]}\\"y"} , [1,[2]],"z" ,null ]\n';
    expect(rawArrayElements(text)).toEqual(['{"a":1e-07,"s":"x,]}\\"y"}', "[1,[2]]", '"z"', "null"]);
    expect(rawArrayElements(text)!.map((raw) => JSON.parse(raw))).toEqual(JSON.parse(text));
  });

  it("an empty array has none; a document that is no array, undefined", () => {
    expect(rawArrayElements("[]")).toEqual([]);
    expect(rawArrayElements(" [ \n ] ")).toEqual([]);
    expect(rawArrayElements('{"a":[1]}')).toBeUndefined();
  });
});
