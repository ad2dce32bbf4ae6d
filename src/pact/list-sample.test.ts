import { describe, expect, it } from "vitest";
import { leadingElementsEnd, sampleList } from "./list-sample.js";

describe("leadingElementsEnd", () => {
  it.each([
    ["[1,2,3]", 2, 4],
    [' [{"a":[1,2]},"x,]y\\"",3]', 2, 22],
    ["[1,2]", 2, undefined],
    ["[1,2]", 5, undefined],
    ['{"a":1}', 1, undefined],
  ])("%s, %i elements", (text, count, end) => {
    expect(leadingElementsEnd(text, count)).toBe(end);
  });
});

describe("sampleList", () => {
  const response = (text: string): Parameters<typeof sampleList>[0] => ({
    request: "GET /evaluations?app_id=a",
    status: 200,
    headers: { "content-type": "application/json", "content-length": String(text.length) },
    text,
    elements: JSON.parse(text) as unknown[],
    parsed: true,
  });

  it("keeps the first records' own bytes", () => {
    const sample = sampleList(response('[{"id": "1"}, {"id":"2"},{"id":"3"}]'), 2);
    expect(sample?.body.toString()).toBe('[{"id": "1"}, {"id":"2"}]');
    expect(sample?.headers).toContainEqual(["content-length", String(sample?.body.length)]);
    expect(sample).toMatchObject({ records: 3, matched: 2 });
  });

  it("leaves a short list whole", () => {
    expect(sampleList(response("[1,2]"), 2)).toBeUndefined();
  });
});
