// filter-bypass: a list asked for an app_id holds a record of another app: the filter is ignored
// (seed 4.1: "the evaluations matching app_id"), or an operator-shaped (`{"$ne":null}`,
// `app_id[$ne]=x`), case- or whitespace-variant app_id widened it, and one tenant reads another's
// evaluations; an unknown app's list holding records is the same fault. The values a record may
// carry are exactly those sent as `app_id` (or as `app_id[...]`, how qs-style clients send one),
// decoded. A record fetched by id under another id is an error (a record for an id that does not
// exist, or another record entirely); under a case or whitespace variant of its id it is matched
// loosely (upper-case hex taken for lower-case): a warning.
import { decodeRaw, found, type Check, type CheckContext } from "./check.js";
import type { ProviderFinding } from "../finding.js";
import { jsonForMessage } from "../../check/oversized-numbers.js";

const isAppIdName = (raw: string): boolean => {
  const name = decodeRaw(raw);
  return name === "app_id" || name.startsWith("app_id[");
};

const recordField = (record: unknown, field: string): unknown =>
  typeof record === "object" && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>)[field] : undefined;

const quote = (value: unknown): string => {
  const text = jsonForMessage(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export const filterBypassCheck: Check<"filter-bypass"> = {
  name: "filter-bypass",
  run(context) {
    const { request, answer } = context;
    if (request.method !== "GET" || answer.status !== 200) return [];
    const body = context.parsed();
    if (!body.parsed) return [];
    if (request.operationId === "getHumanEvaluation") return byIdIdentity(context, body.json);
    const sent = request.query.filter(([name]) => isAppIdName(name));
    if (sent.length === 0 || body.elements === undefined) return [];
    const allowed = new Set(sent.map(([, value]) => decodeRaw(value ?? "")));
    // The records are the asked app's under a loose match (case folded, whitespace trimmed, as bson's
    // ObjectId() does), or another app's outright: both widen the filter, the second leaks a tenant's data.
    const folded = new Set([...allowed].map((id) => id.trim().toLowerCase()));
    // One walk of the list (parsed record by record when long): how many are foreign, the first, all loose.
    let foreign = 0;
    let at = -1;
    let first: unknown;
    let loose = true;
    let index = 0;
    for (const record of body.elements) {
      const appId = recordField(record, "app_id");
      if (!allowed.has(appId as string)) {
        if (foreign++ === 0) [at, first] = [index, appId];
        loose &&= folded.has(String(appId).trim().toLowerCase());
      }
      index++;
    }
    if (foreign === 0) return [];
    const asked = [...allowed].map(quote).join(" or ");
    const example = quote(first);
    const total = body.elements.length;
    return [
      found(
        "filter-bypass",
        context,
        "error",
        "filter-bypass",
        loose ? "app_id matched loosely" : "records of another app_id",
        loose
          ? `the list for app_id ${asked} holds ${foreign} of ${total} records of app_id ${example}: app ids are matched loosely (case or whitespace), so one app answers to many ids and a filter on the exact value is not what runs`
          : `the list for app_id ${asked} holds ${foreign} of ${total} records with another app_id (e.g. ${example}): the filter was widened`,
        `$[${at}].app_id`,
      ),
    ];
  },
};

function byIdIdentity(context: CheckContext, record: unknown): ProviderFinding[] {
  const asked = decodeRaw(context.request.path.replace(/\/$/, "").split("/").at(-1) ?? "");
  const id = recordField(record, "id");
  if (typeof id !== "string" || id === asked) return [];
  if (id.trim().toLowerCase() !== asked.trim().toLowerCase())
    return [
      found(
        "filter-bypass",
        context,
        "error",
        "filter-bypass",
        "another record",
        `asked for id ${quote(asked)}, answered the record ${quote(id)}: a client opening one record sees another (or a record for an id that does not exist)`,
        "$.id",
      ),
    ];
  return [
    found(
      "filter-bypass",
      context,
      "warning",
      "filter-bypass",
      "a record under another id",
      `asked for id ${quote(asked)}, answered the record ${quote(id)}: ids are matched loosely (one record under many URLs)`,
      "$.id",
    ),
  ];
}
