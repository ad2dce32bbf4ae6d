// A session body (`PUT /_mock/api/sessions/NAME`, up to 32 MiB) parsed, its shape and scenario
// checked, its data checked and indexed: what the dataset worker runs for a large body, so that a
// 30 MiB dataset (seconds of parsing and checking) never holds up the other clients' requests. The
// same steps and answers as a small body's on the request thread (sessions.ts): 400 for a body that
// is no JSON object, an unknown field or a bad scenario, 422 naming the data's first contract error.
import { isToolkitError } from "../errors.js";
import { reanchorDataset } from "../generate/reanchor.js";
import { acceptDataset } from "./accept-dataset.js";
import { indexDataset, packIndex, type PackedIndex } from "./dataset-index.js";
import { passes } from "./load-index.js";
import { sessionBodyShape } from "./sessions.js";

/** The outcome: the scenario as sent (the request thread reads it again: it is small) and the data's packed index, or the refusal. */
export type SessionBodyCheck = { ok: true; scenario: unknown; index?: PackedIndex } | { ok: false; status: number; detail: string };

/** `bytes`: the body as received; `source` names the data in a refusal; `anchor`: the mock's (the data moved to it, as createMockCore does). */
export function checkSessionBody(bytes: Uint8Array, source: string, anchor?: number): SessionBodyCheck {
  // Decoded as the request thread decodes a small body (a malformed byte becomes U+FFFD).
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, status: 400, detail: "the body is not valid JSON" };
  }
  const shape = sessionBodyShape(body);
  if (!shape.ok) return shape;
  const scenario = (body as { scenario?: unknown }).scenario;
  if (shape.data === undefined || shape.data === null) return { ok: true, scenario };
  try {
    const data = passes(shape.data) ? shape.data : acceptDataset(shape.data, source);
    return { ok: true, scenario, index: packIndex(indexDataset(anchor === undefined ? data : reanchorDataset(data, anchor))) };
  } catch (error) {
    if (!isToolkitError(error)) throw error;
    return { ok: false, status: 422, detail: `${error.code} ${error.message}` };
  }
}
