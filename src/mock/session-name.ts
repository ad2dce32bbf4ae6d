// How a request names its mock session, and which names are sessions: shared by the node mock, MSW and
// the mock client (`evals-contract/mock-client`), so a name one accepts the others accept. Browser-safe.

/** The header naming a request's session (lower case, as node reads headers). */
export const SESSION_HEADER = "x-mock-session";
/** The cookie naming a page's session, on the mock's origin. */
export const SESSION_COOKIE = "mock-session";
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** `.` and `..` are dot segments: fetch resolves `/_mock/api/sessions/..` (even `%2E%2E`) to `/_mock/api/`. */
const DOT_SEGMENT = /^\.\.?$/;

/** Whether `name` can name a session: 1 to 64 letters, digits, '.', '_' or '-', but not "." or "..". */
export const isSessionName = (name: string): boolean => NAME.test(name) && !DOT_SEGMENT.test(name);

/** What is wrong with a session name, `what` naming where it came from (`X-Mock-Session`, `session`). */
export const sessionNameFault = (what: string, given: string): string =>
  DOT_SEGMENT.test(given)
    ? `${what} must not be "." or ".." (a URL resolves it away: /_mock/api/sessions/.. is /_mock/api/), got ${JSON.stringify(given)}`
    : `${what} must be 1 to 64 letters, digits, '.', '_' or '-', got ${JSON.stringify(given.slice(0, 80))}`;
