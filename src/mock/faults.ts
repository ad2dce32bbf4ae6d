// The network faults a frontend meets in production, one name each: what the real deployment
// (uvicorn behind a reverse proxy) and a real network give. A request asks for one with
// `Prefer: fault=NAME` or `?__fault=NAME`; a test with MSW's `handlers.use({ scenario: { fault } })`;
// a session or the console with its scenario. The core (core.ts) marks its answer with the fault and
// the transport enacts it: the node mock on the socket (handler.ts), MSW as the closest thing fetch
// can see (src/msw/handlers.ts). Browser-safe: no Node built-ins.

export const FAULTS = ["reset", "empty", "malformed", "hang", "dribble", "gateway", "truncated"] as const;
export type FaultName = (typeof FAULTS)[number];

/** What each fault does, for `mock --help`, docs/mock.md and error messages. */
export const FAULT_DESCRIPTIONS: Readonly<Record<FaultName, string>> = {
  reset: "the connection is reset (a client sees ECONNRESET; fetch rejects)",
  empty: "the connection is closed with no response (socket hang up; fetch rejects)",
  malformed: "a 200 whose chunked body breaks off with a bad chunk (a parse error; fetch rejects)",
  hang: "no answer at all until the client gives up (its timeout or abort); the node mock closes the connection after 120 s",
  dribble: "the answer's body trickles out over the delay (default 2000 ms)",
  gateway: "502 with the HTML page a reverse proxy (nginx) serves when the app is down",
  truncated:
    "the answer (a 200 with Content-Type: application/json) cut off mid-JSON, its framing valid, as a proxy timeout leaves it (res.json() rejects with a SyntaxError)",
};

export const isFaultName = (value: string): value is FaultName => (FAULTS as readonly string[]).includes(value);

/**
 * How long the node mock holds a `hang` before it closes the connection without an answer: as long
 * as the longest delay (MAX_DELAY_MS), so no request holds a socket longer. Every client's own
 * timeout (fetch in a browser, a test runner's) is shorter or near it.
 */
export const MAX_HANG_MS = 120_000;

/** Faults that are plain answers the core makes (no transport act): a proxy's 502 page, a body cut short. */
export const ANSWER_FAULTS = ["gateway", "truncated"] as const;
export type TransportFault = Exclude<FaultName, (typeof ANSWER_FAULTS)[number]>;
export const isTransportFault = (fault: FaultName | undefined): fault is TransportFault =>
  fault !== undefined && !(ANSWER_FAULTS as readonly string[]).includes(fault);

/**
 * The first part of a JSON body, as a proxy that timed out passes it on: about half its bytes, at
 * least one and never all, so it stops mid-JSON (every body the mock answers is an object or an array).
 */
export const truncatedBody = (body: Uint8Array): Uint8Array =>
  body.subarray(0, Math.max(1, Math.min(body.length - 1, Math.floor(body.length / 2))));

/** How long a dribbled body takes when the scenario names no delay. */
export const DEFAULT_DRIBBLE_MS = 2000;

/** The page nginx serves for a 502 (its built-in error page, byte for byte). */
export const GATEWAY_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n" +
  "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

/** The pieces a dribbled body is sent in: about one every 100 ms over the delay, at least 2, at most one per byte. */
export function dribblePieces(body: Uint8Array, delayMs: number): { pieces: Uint8Array[]; intervalMs: number } {
  const count = Math.max(2, Math.min(body.length, Math.ceil(delayMs / 100)));
  const size = Math.ceil(body.length / count);
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < body.length; start += size) pieces.push(body.subarray(start, start + size));
  return { pieces, intervalMs: pieces.length <= 1 ? delayMs : delayMs / (pieces.length - 1) };
}
