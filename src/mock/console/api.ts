// The mock console's public shapes (what its JSON API answers), in a module of their own without
// node types, so `evals-contract/mock`'s type declarations need no @types/node.
import type { JournalEntry } from "../journal.js";
export type { JournalEntry } from "../journal.js";
export type { ScenarioSwitch } from "../scenario-switch.js";
/** The console's name for a journal entry (what `api/requests` answered before the journal had more fields). */
export type LoggedRequest = JournalEntry;

/** `/_mock`: under the base path, e.g. `/api/_mock`. */
export const CONSOLE_PATH = "/_mock";

/** Open event streams (`/_mock/events`) at once; one more is refused with 503. */
export const MAX_EVENT_SUBSCRIBERS = 64;
/** An event-stream subscriber with more unsent bytes than this (it does not read) is dropped. */
export const MAX_EVENT_BUFFERED_BYTES = 1_048_576;

export interface DatasetInfo {
  source: string;
  summary: string;
  evaluations: number;
  humanEvaluations: number;
  apps: { appId: string; evaluations: number; humanEvaluations: number }[];
  loadedAt: string;
  /** Live mode (`mock --live`): what moves and over what time. */
  live?: string;
  lastReload: null | { at: string; ok: true; summary: string } | { at: string; ok: false; error: { code: string; message: string } };
}
