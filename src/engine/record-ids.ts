// What a record's id is, for every tool that fetches records by the ids a list gave (verify's by-id
// checks, fuzz's and replay's `{record}`, snapshot's by-id reads): a non-empty string `id` (an empty
// one would name the list itself: `/human-evaluations/`).

/** The record's id, or undefined when it has none a by-id request could use. */
export const recordId = (record: unknown): string | undefined => {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
  const id = (record as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/** The ids of a list's records, in order, each once. */
export function recordIds(records: Iterable<unknown>): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const id = recordId(record);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}
