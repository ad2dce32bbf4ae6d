import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_JSON_DEPTH } from "../io/json-depth.js";
import { SHARED_FROM, withLazyBody } from "./parsed-answer.js";

const body = (text: string) => withLazyBody({}, text, new Map());
const records = Array.from({ length: 2000 }, (_, i) => ({ id: `${i}`, app_id: "a", notes: "n".repeat(20) }));
const long = JSON.stringify(records);

afterEach(() => vi.restoreAllMocks());

describe("a long body (SHARED_FROM bytes or more)", () => {
  it("an array is walked record by record, never parsed whole unless `json` is read", () => {
    expect(long.length).toBeGreaterThan(SHARED_FROM);
    const parse = vi.spyOn(JSON, "parse");
    const answer = body(long);
    expect(answer.parsed).toBe(true);
    expect(answer.fault).toBeUndefined();
    expect(answer.elements?.length).toBe(2000);
    expect([...answer.elements!]).toEqual(records);
    expect(parse.mock.calls.filter(([text]) => text === long)).toHaveLength(0);
    expect(answer.json).toEqual(records);
    expect(parse.mock.calls.filter(([text]) => text === long)).toHaveLength(1);
  });

  // Whatever the element-by-element path does not take reads exactly as a whole parse does.
  it.each([
    ["an object", JSON.stringify({ records }), true],
    ["a broken record", long.replace('"id":"7"', '"id":7"'), false],
    ["a BOM", `\uFEFF${long}`, false],
    ["text after the array", `${long} x`, false],
  ])("%s: as parsed whole", (_name, text, parsed) => {
    const answer = body(text);
    expect(answer.parsed).toBe(parsed);
    let whole: unknown;
    try {
      whole = JSON.parse(text);
    } catch {
      whole = undefined;
    }
    expect(answer.json).toEqual(whole);
    expect(answer.elements).toEqual(Array.isArray(whole) ? whole : undefined);
  });

  it("a record nested too deep refuses the body, as the whole would be", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    const answer = body(`[${deep},${long.slice(1)}`);
    expect(answer.parsed).toBe(false);
    expect(answer.fault?.rule).toBe("max-depth");
    expect(answer.elements).toBeUndefined();
    // One level less is within the limit.
    const fits = body(`[${deep.slice(1, -1)},${long.slice(1)}`);
    expect([fits.parsed, fits.elements?.length]).toEqual([true, 2001]);
  });

  it("a short body is parsed whole; its elements are the parsed array", () => {
    const answer = body('[{"id":"1"}]');
    expect(answer.elements).toBe(answer.json);
    expect(body('{"id":"1"}').elements).toBeUndefined();
  });
});
