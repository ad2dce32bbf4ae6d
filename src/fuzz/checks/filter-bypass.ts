// filter-bypass: a list asked for an app_id holds a record of another app: an operator-shaped
// (`{"$ne":null}`, `app_id[$ne]=x`), case- or whitespace-variant app_id widened the filter, and one
// tenant reads another's evaluations. The values a record may carry are exactly those sent as
// `app_id` (or as `app_id[...]`, how qs-style clients send one), decoded. A record fetched by id whose
// id is not the one asked for is matched loosely (upper-case hex taken for lower-case): a warning.
import { decodeRaw, type FuzzCheck } from "./context.js";
import type { CheckHit } from "../types.js";

const isAppIdName = (raw: string): boolean => {
  const name = decodeRaw(raw);
  return name === "app_id" || name.startsWith("app_id[");
};

const recordField = (record: unknown, field: string): unknown =>
  typeof record === "object" && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>)[field] : undefined;

const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export const filterBypassCheck: FuzzCheck = {
  name: "filter-bypass",
  run({ request, answer, json }) {
    if (request.method !== "GET" || answer.status !== 200) return [];
    const body = json();
    if (!body.parsed) return [];
    if (request.operationId === "getHumanEvaluation") return byIdIdentity(request.path, body.value);
    const sent = request.query.filter(([name]) => isAppIdName(name));
    if (sent.length === 0 || !Array.isArray(body.value)) return [];
    const allowed = new Set(sent.map(([, value]) => decodeRaw(value ?? "")));
    const foreign = body.value.filter((record) => !allowed.has(recordField(record, "app_id") as string));
    if (foreign.length === 0) return [];
    const asked = [...allowed].map(quote).join(" or ");
    const example = quote(recordField(foreign[0], "app_id"));
    // The records are the asked app's under a loose match (case folded, whitespace trimmed, as bson's
    // ObjectId() does), or another app's outright: both widen the filter, the second leaks a tenant's data.
    const folded = new Set([...allowed].map((id) => id.trim().toLowerCase()));
    const loose = foreign.every((record) => folded.has(String(recordField(record, "app_id")).trim().toLowerCase()));
    return [
      {
        check: "filter-bypass",
        severity: "error",
        cause: loose ? "app_id matched loosely" : "records of another app_id",
        message: loose
          ? `the list for app_id ${asked} holds ${foreign.length} of ${body.value.length} records of app_id ${example}: app ids are matched loosely (case or whitespace), so one app answers to many ids and a filter on the exact value is not what runs`
          : `the list for app_id ${asked} holds ${foreign.length} of ${body.value.length} records with another app_id (e.g. ${example}): the filter was widened`,
      },
    ];
  },
};

function byIdIdentity(path: string, record: unknown): CheckHit[] {
  const asked = decodeRaw(path.replace(/\/$/, "").split("/").at(-1) ?? "");
  const id = recordField(record, "id");
  if (typeof id !== "string" || id === asked) return [];
  return [
    {
      check: "filter-bypass",
      severity: "warning",
      cause: "a record under another id",
      message: `asked for id ${quote(asked)}, answered the record ${quote(id)}: ids are matched loosely (one record under many URLs)`,
    },
  ];
}
