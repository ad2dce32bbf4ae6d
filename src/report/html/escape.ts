// Text from a provider made safe for an HTML report: escaped for element content and attribute
// values, with control characters shown as `\uXXXX` (a field name `a\u0000b` must be readable, and
// HTML cannot carry most of them). Secrets are redacted before (src/io/redact.ts, the one redaction).

// C0 controls but tab and newline, DEL and C1 controls, lone surrogates, and the two non-characters.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNPRINTABLE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Safe in element content and in double- or single-quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text
    .replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`)
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
