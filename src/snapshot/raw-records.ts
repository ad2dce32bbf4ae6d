// The records of a JSON array as the provider wrote them: the text of each top-level element, byte
// for byte, so a plain snapshot keeps every number as written (`1e-07`, `0.30000000000000004`), every
// escape and the key order, where JSON.parse and JSON.stringify would rewrite them. The text must be
// valid JSON (the caller parsed it first): this only finds where each element starts and ends.

/** The raw text of each element of the JSON array `text`, or undefined when `text` is not an array. */
export function rawArrayElements(text: string): string[] | undefined {
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  skipSpace();
  if (text[i] === "\uFEFF") i++;
  skipSpace();
  if (text[i] !== "[") return undefined;
  i++;
  const elements: string[] = [];
  skipSpace();
  if (text[i] === "]") return elements;
  for (;;) {
    skipSpace();
    const start = i;
    let depth = 0;
    for (; i < text.length; i++) {
      const char = text[i];
      if (char === '"') {
        for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
        continue;
      }
      if (char === "{" || char === "[") depth++;
      else if (char === "}" || char === "]") {
        if (depth === 0) break;
        depth--;
      } else if (char === "," && depth === 0) break;
    }
    elements.push(text.slice(start, i).trimEnd());
    if (text[i] === "]" || i >= text.length) return elements;
    i++; // the comma
  }
}
