// Secrets never reach output, logs or report files: broker tokens and passwords (also as the
// base64 of a Basic Authorization header, as Pact's trace log prints it), credentials in URLs
// (`https://user:pass@host`), and the value of any Authorization header.

export const REDACTED = "[redacted]";

/** `scheme://user:pass@` (or `scheme://token@`) with the credentials replaced. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
/** `Authorization: Bearer x`, `"authorization": "Basic x"` and the like. */
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)?\s*)[^\s"',;}]+/gi;

export const redactUrlCredentials = (text: string): string => text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);

/** Query parameters whose values are secrets wherever they appear (`?token=`, `&api_key=`, ...). */
const SECRET_PARAMS = /([?&](?:access_token|api_key|apikey|key|token|secret|password|passwd|auth|signature|sig)=)[^&#\s"'<>]*/gi;

/** URL credentials and the values of secret query parameters redacted: for every line that may carry a provider's URL. */
export const redactUrlSecrets = (text: string): string => redactUrlCredentials(text).replace(SECRET_PARAMS, `$1${REDACTED}`);

/** A function that removes `secrets` (and their Basic-auth encodings) and any URL credentials or Authorization value from text. */
export function createRedactor(secrets: ReadonlyArray<string | undefined>, username?: string): (text: string) => string {
  const values = secrets.filter((s): s is string => s !== undefined && s !== "");
  const password = secrets.at(-1);
  if (username !== undefined && password !== undefined) values.push(Buffer.from(`${username}:${password}`).toString("base64"));
  // Longest first, so a secret containing another is removed whole.
  values.sort((a, b) => b.length - a.length);
  return (text) => {
    let out = redactUrlCredentials(text).replace(AUTHORIZATION, `$1${REDACTED}`);
    for (const secret of values) out = out.split(secret).join(REDACTED);
    return out;
  };
}
