// Secrets never reach output, logs, report files or baselines: ONE function, redactSecrets, that
// every writer of text that may carry a provider's words calls (the report model, the causes a
// baseline stores, error lines, curl lines). It replaces with `[redacted]`: credentials in URLs
// (`postgres://admin:pw@db`), the values of secret keys (`password=`, `"api_key": "..."`, `?token=`),
// Authorization values and Bearer/Basic credentials, emails (also percent-encoded), JWTs and
// tokens of the known shapes (GitHub, GitLab, Slack, Stripe-like, AWS keys). Every pattern starts
// only where a run of its characters starts, so the scan is linear in the text.
// createRedactor adds the run's own secrets (broker tokens and passwords, and the base64 of a
// Basic Authorization header, as Pact's trace log prints it).

export const REDACTED = "[redacted]";

/** `scheme://user:pass@` (or `scheme://token@`) with the credentials replaced. */
const URL_CREDENTIALS = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
/** `Authorization: Bearer x`, `"authorization": "Basic x"` and the like. */
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)?\s*)[^\s"',;}]+/gi;
/** `Bearer x`, `Basic x` wherever they stand (a header echoed in a message). */
const SCHEME_CREDENTIALS = /(?<![A-Za-z])((?:bearer|basic)\s+)(?!\[redacted\])[A-Za-z0-9._~+/=-]{6,}/gi;
/** Names whose value is a secret: `password=`, `db_password`, `?token=`, `&sig=`, `"api_key"`. */
const NAMES = "password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth|signature|sig|key";
/** The names so plainly secret that `name: value` with a space is one too (`password: hunter2`; not `token: expired`). */
const STRONG_NAMES = "password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key";
/**
 * A secret name and its value: `name=value`, `"name": "value"` (quoted), `name:value`, and for the
 * strong names `name: value`. The name is the end of a word (`db_password`), from where a word starts only.
 */
const SECRET_KEY_VALUE = new RegExp(
  `(?<![\\w-])([\\w-]*?(?:(?:${NAMES})(?:\\s*=\\s*["']?|["']\\s*:\\s*["']?|:(?=[^\\s"']))|(?:${STRONG_NAMES}):\\s+["']?))(?!\\[redacted\\])[^\\s&#"',;}<>]+`,
  "gi",
);
/** An email, its `@` plain or percent-encoded, in any script. */
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
/** A top-level domain has a letter: `prism-cli@5.14.2`, a package and its version, is no email. */
const emailRedacted = (match: string): string => (/\p{L}[\p{L}\p{N}-]*$/u.test(match.slice(match.lastIndexOf(".") + 1)) ? REDACTED : match);
/** A JWT (`eyJ...`), and tokens whose prefix says what they are. */
const TOKENS =
  /(?<![A-Za-z0-9_-])(?:eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*|(?:ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs]|sk|pk|rk)[-_][A-Za-z0-9_-]{10,}|AKIA[0-9A-Z]{16})/g;

/** The one redaction: `text` with every credential, secret value, email and token replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  // Each pattern only where its mark can be: most lines of a long log have none, and skip the scans.
  let out = text;
  if (out.includes("://")) out = out.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  if (/authorization|bearer|basic/i.test(out))
    out = out.replace(AUTHORIZATION, `$1${REDACTED}`).replace(SCHEME_CREDENTIALS, `$1${REDACTED}`);
  if (out.includes("=") || out.includes(":")) out = out.replace(SECRET_KEY_VALUE, `$1${REDACTED}`);
  if (out.includes("_") || out.includes("-") || out.includes("eyJ") || out.includes("AKIA")) out = out.replace(TOKENS, REDACTED);
  if (out.includes("@") || out.includes("%40")) out = out.replace(EMAIL, emailRedacted);
  return out;
}

/** The same function, by the name the URL-printing callers know it (every line that may carry a provider's URL). */
export const redactUrlSecrets = redactSecrets;

/** URL credentials only: `scheme://[redacted]@host`. */
export const redactUrlCredentials = (text: string): string => text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);

/** A function that removes `secrets` (and their Basic-auth encodings) and everything redactSecrets removes from text. */
export function createRedactor(secrets: ReadonlyArray<string | undefined>, username?: string): (text: string) => string {
  const values = secrets.filter((s): s is string => s !== undefined && s !== "");
  const password = secrets.at(-1);
  if (username !== undefined && password !== undefined) values.push(Buffer.from(`${username}:${password}`).toString("base64"));
  // Longest first, so a secret containing another is removed whole.
  values.sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of values) out = out.split(secret).join(REDACTED);
    return redactSecrets(out);
  };
}
