// Text from a provider made safe for an HTML report: escaped for element content and attribute
// values, with control characters shown as `\uXXXX` (a field name `a\u0000b` must be readable, and
// HTML cannot carry most of them), and credentials in URLs redacted before anything is printed.

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

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = /([?&](?:access_token|api_key|apikey|key|token|secret|password|passwd|auth|signature|sig)=)[^&#\s"'<>]*/gi;
/** `scheme://user:password@` or `scheme://token@`: the userinfo part of any URL in the text. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@"'<>]+@/gi;

/** The text with every URL's userinfo and secret query values replaced by `***`. */
export const redactUrls = (text: string): string => text.replace(USERINFO, "$1***@").replace(SECRET_PARAMS, "$1***");
