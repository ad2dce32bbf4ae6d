// What the spec-era service (Agenta backend 0.17.2, reference/service.py mode `legacy`) answered a
// request with, when that answer was one of its documented 500s: the exact status, content type and
// body recorded from the real framework (reference/recordings/legacy.json, src/contract/error-bodies.ts).
// `--compat legacy` accepts that answer and nothing else: a 503, a text/plain page or another body for
// the same request is a defect as it is without legacy. The request is read as the real stack read it:
// uvicorn's path through Python's unquote, Starlette's query through parse_qsl (`+` a space, the last
// `app_id` wins), every id through bson's ObjectId() (24 hex digits, case-insensitive).
import { OPERATIONS } from "../../contract/operations.js";
import {
  evaluationNotFound,
  isObjectId,
  LEGACY_UNKNOWN_APP,
  legacyInvalidObjectId,
  type ErrorAnswer,
} from "../../contract/error-bodies.js";
import type { ExchangeAnswer } from "../http-client.js";
import type { PlannedRequest } from "../request.js";
import type { CheckSettings } from "./check.js";

/** The Content-Type of every FastAPI JSONResponse, as recorded (no parameters). */
export const LEGACY_CONTENT_TYPE = "application/json";

// ignoreBOM: a leading U+FEFF is a character of the value (Python keeps it), not a byte order mark.
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * Python's `urllib.parse.unquote(text, errors="replace")`: in each run of ASCII, `%XX` becomes a byte
 * and the run is decoded as UTF-8 (an invalid sequence is U+FFFD); an invalid escape stays as it is.
 */
export function pythonUnquote(text: string): string {
  if (!text.includes("%")) return text;
  // eslint-disable-next-line no-control-regex -- every ASCII character, as Python's _asciire
  return text.replace(/[\x00-\x7f]+/g, (run) => {
    if (!run.includes("%")) return run;
    const bytes: number[] = [];
    for (let i = 0; i < run.length; i++) {
      const escape = run.slice(i + 1, i + 3);
      if (run[i] === "%" && /^[0-9a-fA-F]{2}$/.test(escape)) {
        bytes.push(parseInt(escape, 16));
        i += 2;
      } else bytes.push(run.charCodeAt(i));
    }
    return utf8.decode(new Uint8Array(bytes));
  });
}

/** The app_id FastAPI binds: parse_qsl's pairs (`+` a space, a name alone ""), the last `app_id`. */
function boundAppId(query: PlannedRequest["query"]): string | undefined {
  let bound: string | undefined;
  for (const [name, value] of query)
    if (pythonUnquote(name.replace(/\+/g, " ")) === "app_id") bound = pythonUnquote((value ?? "").replace(/\+/g, " "));
  return bound;
}

const sameId = (a: string, b: string | undefined): boolean => b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The spec-era service's answer to `request` when it was a documented 500, undefined when it was not
 * (a 200, a 404, a 405, a 422: any 500 there is a defect in every era).
 */
export function legacyAnswer(request: PlannedRequest, settings: Pick<CheckSettings, "appId" | "knownIds">): ErrorAnswer | undefined {
  if (request.method !== "GET") return undefined;
  // Starlette routes on the decoded path (an encoded slash is a slash), both forms of each path.
  const decoded = pythonUnquote(request.path);
  const path = decoded.length > 1 && decoded.endsWith("/") ? decoded.slice(0, -1) : decoded;
  if (request.operationId === "getHumanEvaluation") {
    const id = /^\/human-evaluations\/([^/]+)$/.exec(path)?.[1];
    if (id === undefined) return undefined;
    if (!isObjectId(id)) return legacyInvalidObjectId(id);
    const known = settings.knownIds !== undefined && (settings.knownIds.has(id) || settings.knownIds.has(id.toLowerCase()));
    return known ? undefined : evaluationNotFound("legacy");
  }
  if (path !== OPERATIONS[request.operationId].path) return undefined;
  const appId = boundAppId(request.query);
  // No app_id: FastAPI's 422 before the handler.
  if (appId === undefined) return undefined;
  if (!isObjectId(appId)) return legacyInvalidObjectId(appId);
  // /human-evaluations filters without looking the app up: an unknown app is a 200 [].
  if (request.operationId !== "listEvaluations" || sameId(appId, settings.appId)) return undefined;
  return LEGACY_UNKNOWN_APP;
}

/** Whether `answer` is exactly `expected`: its status, its Content-Type (no parameters) and its body, byte for byte. */
export function isAnswer(answer: ExchangeAnswer, expected: ErrorAnswer): boolean {
  return (
    answer.status === expected.status &&
    !answer.tooLarge &&
    (answer.headers["content-type"] ?? "").trim().toLowerCase() === LEGACY_CONTENT_TYPE &&
    answer.text === expected.body
  );
}
