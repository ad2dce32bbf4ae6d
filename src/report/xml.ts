// XML 1.0 text for the JUnit report: escaped for content and attribute values, with the characters
// XML cannot carry at all (control characters, lone surrogates) dropped, so the document stays well-formed.

const INVALID_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string): string =>
  text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** ` name="value" ...`, each value escaped. */
export const attributes = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");

/** JUnit's time: seconds with three decimals. */
export const seconds = (ms: number): string => (ms / 1000).toFixed(3);
