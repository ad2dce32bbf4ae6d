import { describe, expect, it } from "vitest";
import { arrayElementBounds, elementRuns, elementText, jsonElements } from "./json-array-elements.js";
import { textValueEnd } from "./json-value-end.js";

const texts = (text: string): string[] | undefined => {
  const bounds = arrayElementBounds(text);
  return bounds === undefined ? undefined : Array.from({ length: bounds.length }, (_, k) => elementText(text, bounds, k));
};

describe("arrayElementBounds", () => {
  it("finds each element as written: strings with escaped quotes and brackets, nested values, numbers, literals", () => {
    const text = ' [ {"a":1e-07,"s":"x,]}\\"y\\\\"} , [1,[2]],"z\\"" ,-0.5,null,true ]\n';
    expect(texts(text)).toEqual(['{"a":1e-07,"s":"x,]}\\"y\\\\"}', "[1,[2]]", '"z\\""', "-0.5", "null", "true"]);
    expect(texts(text)!.map((raw) => JSON.parse(raw) as unknown)).toEqual(JSON.parse(text));
  });

  it("an empty array has no element", () => {
    expect(texts("[]")).toEqual([]);
    expect(texts(" [ \n\t ] \r\n")).toEqual([]);
  });

  it.each([
    ['{"a":[1]}', "an object"],
    ["\uFEFF[1]", "a BOM (JSON.parse refuses it)"],
    ["[1 2]", "a missing comma"],
    ["[1,]", "a trailing comma"],
    ["[1],", "something after the array"],
    ["[1", "no closing bracket"],
    ['["a]', "a string that does not close"],
    ["", "nothing"],
  ])("%j is not an array as JSON writes one: %s", (text) => {
    expect(arrayElementBounds(text)).toBeUndefined();
  });

  it("takes each element on trust: a broken one is JSON.parse's to refuse", () => {
    expect(texts('[{"a":}, tru]')).toEqual(['{"a":}', "tru"]);
    expect(() => JSON.parse('{"a":}')).toThrow();
  });

  it("with a limit, stops there without reading the rest", () => {
    const bounds = arrayElementBounds("[1, 22, 333, broken", 2);
    expect(bounds?.length).toBe(2);
    expect(elementText("[1, 22, 333, broken", bounds!, 1)).toBe("22");
  });

  it("holds any number of elements (its offsets grow)", () => {
    const many = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ i, s: `"${i}"` })));
    const bounds = arrayElementBounds(many)!;
    expect(bounds.length).toBe(5000);
    expect(JSON.parse(elementText(many, bounds, 4999))).toEqual({ i: 4999, s: '"4999"' });
  });
});

describe("jsonElements", () => {
  it("parses each element as the walk reaches it, and can be walked again", () => {
    const text = '[{"id":"a"},{"id":"b"},3]';
    const list = jsonElements(text, arrayElementBounds(text)!);
    expect(list.length).toBe(3);
    expect([...list]).toEqual([{ id: "a" }, { id: "b" }, 3]);
    const [first] = list;
    expect(first).toEqual({ id: "a" });
  });
});

describe("textValueEnd", () => {
  it("ends a string at its closing quote, after any run of escaped backslashes", () => {
    expect(textValueEnd('"a\\\\"', 0)).toBe(5);
    expect(textValueEnd('"a\\"b"', 0)).toBe(6);
    expect(textValueEnd('"open', 0)).toBe(-1);
    expect(textValueEnd("[1,[2", 0)).toBe(-1);
    expect(textValueEnd("12}", 0)).toBe(2);
  });
});

describe("elementRuns", () => {
  it("parses the elements a run at a time, at most 1,024 elements or about 16 KiB each, in order", () => {
    const many = JSON.stringify(Array.from({ length: 3000 }, (_, i) => i));
    const runs = [...elementRuns(many, arrayElementBounds(many)!)];
    expect(runs.map((run) => run.length)).toEqual([1024, 1024, 952]);
    expect(runs.flat()).toEqual(JSON.parse(many));
    const wide = JSON.stringify(Array.from({ length: 10 }, () => "x".repeat(7_000)));
    expect([...elementRuns(wide, arrayElementBounds(wide)!)].map((run) => run.length)).toEqual([3, 3, 3, 1]);
  });

  it("a run with a broken element throws JSON.parse's error", () => {
    const text = '[1, {"a":}, 3]';
    expect(() => [...elementRuns(text, arrayElementBounds(text)!)]).toThrow(SyntaxError);
  });
});
