// A data file read, checked and indexed record by record as its bytes come in: each record is cut
// out of the bytes (json-value-end.ts), parsed alone, checked with the checker's errors-only
// validators, serialized into its app's list (list-bytes.ts) and dropped. So a 150 MB file is never
// one 150 MB string, nor a parsed whole beside its serialized copy, and the records' garbage dies young:
// the first load and every reload of `mock --data` (issue 34) cost about a JSON.parse and a check.
//
// This path takes a file only when all is well. Anything else (not UTF-8 or not JSON, refused by the
// checker, nested too deep, a top-level key twice, no file at all, a pipe) gives undefined, and the
// caller reads the file whole as before (load-index.ts): every fault is then worded as it always was.
import { isUtf8 } from "node:buffer";
import { open, stat } from "node:fs/promises";
import { DATASET_LISTS } from "../check/check-dataset.js";
import { recordErrors } from "../check/record-errors.js";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../io/json-depth.js";
import { describeCounts, type DatasetCounts, type PackedIndex, type PackedMap } from "./dataset-index.js";
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isJsonWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  valueEnd,
} from "../io/json-value-end.js";
import { ListBytes } from "./list-bytes.js";

/** Bytes read at a time; a value longer than what is left of the buffer doubles it. */
const CHUNK_BYTES = 1 << 20;

/** Where the reader is in `{"evaluations": [record, ...], "human_evaluations": [...], ...}`. */
const enum Phase {
  Start,
  FirstKey,
  Key,
  Colon,
  Value,
  FirstItem,
  Item,
  AfterItem,
  AfterMember,
  Done,
}

/** The feed found something this path does not take: read the file whole instead. */
const DECLINED = -1;

type ListName = (typeof DATASET_LISTS)[number][1];

class DatasetReader {
  private phase = Phase.Start;
  private readonly keys = new Set<string>();
  /** The list whose items are being read (undefined: another top-level member). */
  private list: ListName | undefined;
  private listOfKey: string | undefined;
  readonly evaluations = new Map<string, ListBytes>();
  readonly humanEvaluations = new Map<string, ListBytes>();
  /** Each human evaluation's id: its app and where its bytes lie in that app's list. */
  readonly humanIds = new Map<string, [app: string, offset: number, length: number]>();

  /**
   * Reads what it can of `bytes[from, end)`; returns where the first value not yet whole starts
   * (the caller keeps those bytes and reads on), or DECLINED. `atEnd`: no byte follows `end`.
   */
  feed(bytes: Buffer, from: number, end: number, atEnd: boolean): number {
    let i = from;
    for (;;) {
      while (i < end && isJsonWhitespace(bytes[i]!)) i++;
      if (i === end) return i;
      const b = bytes[i]!;
      switch (this.phase) {
        case Phase.Start:
          if (b !== OPEN_BRACE) return DECLINED;
          i++;
          this.phase = Phase.FirstKey;
          break;
        case Phase.FirstKey:
        case Phase.Key: {
          if (b === CLOSE_BRACE && this.phase === Phase.FirstKey) {
            i++;
            this.phase = Phase.Done;
            break;
          }
          if (b !== QUOTE) return DECLINED;
          const close = valueEnd(bytes, i, end, atEnd);
          if (close === -1) return i;
          const key = parse(bytes, i, close);
          // JSON.parse keeps a repeated key's last value: the whole-file path says what that means.
          if (typeof key !== "string" || this.keys.has(key)) return DECLINED;
          this.keys.add(key);
          this.listOfKey = key;
          i = close;
          this.phase = Phase.Colon;
          break;
        }
        case Phase.Colon:
          if (b !== COLON) return DECLINED;
          i++;
          this.phase = Phase.Value;
          break;
        case Phase.Value: {
          this.list = DATASET_LISTS.find(([key]) => key === this.listOfKey)?.[1];
          if (this.list !== undefined) {
            // Not an array: a dataset-shape error, worded by the whole-file path.
            if (b !== OPEN_BRACKET) return DECLINED;
            i++;
            this.phase = Phase.FirstItem;
            break;
          }
          // Another member: checked as JSON (as JSON.parse of the whole would), then dropped.
          const close = valueEnd(bytes, i, end, atEnd);
          if (close === -1) return i;
          const value = parse(bytes, i, close);
          if (value === DECLINED || exceedsJsonDepth(value, MAX_JSON_DEPTH - 1)) return DECLINED;
          i = close;
          this.phase = Phase.AfterMember;
          break;
        }
        case Phase.FirstItem:
        case Phase.Item: {
          if (b === CLOSE_BRACKET && this.phase === Phase.FirstItem) {
            i++;
            this.phase = Phase.AfterMember;
            break;
          }
          const close = valueEnd(bytes, i, end, atEnd);
          if (close === -1) return i;
          if (!this.record(bytes, i, close)) return DECLINED;
          i = close;
          this.phase = Phase.AfterItem;
          break;
        }
        case Phase.AfterItem:
          if (b === COMMA) this.phase = Phase.Item;
          else if (b === CLOSE_BRACKET) this.phase = Phase.AfterMember;
          else return DECLINED;
          i++;
          break;
        case Phase.AfterMember:
          if (b === COMMA) this.phase = Phase.Key;
          else if (b === CLOSE_BRACE) this.phase = Phase.Done;
          else return DECLINED;
          i++;
          break;
        case Phase.Done:
          return DECLINED;
      }
    }
  }

  /** One record of the current list: parsed, checked, serialized into its app's list; false when this path declines it. */
  private record(bytes: Buffer, start: number, end: number): boolean {
    const value = parse(bytes, start, end);
    // The record sits two levels down: in the document, then in its list.
    if (value === DECLINED || exceedsJsonDepth(value, MAX_JSON_DEPTH - 2)) return false;
    const name = this.list!;
    if (recordErrors(name, value).length > 0) return false;
    const { app_id: app, id } = value as { app_id: string; id: string };
    const human = name === "HumanEvaluation";
    if (human && this.humanIds.has(id)) return false;
    const lists = human ? this.humanEvaluations : this.evaluations;
    let list = lists.get(app);
    if (list === undefined) lists.set(app, (list = new ListBytes()));
    const [offset, length] = list.add(JSON.stringify(value));
    if (human) this.humanIds.set(id, [app, offset, length]);
    return true;
  }

  /** The index, once the whole file was read and it held both lists. */
  finish(): PackedIndex | undefined {
    if (this.phase !== Phase.Done || !DATASET_LISTS.every(([key]) => this.keys.has(key))) return undefined;
    let size = 0;
    for (const list of this.evaluations.values()) size += list.byteLength;
    for (const list of this.humanEvaluations.values()) size += list.byteLength;
    const bytes = new ArrayBuffer(size);
    const into = new Uint8Array(bytes);
    let at = 0;
    const pack = (lists: Map<string, ListBytes>): [PackedMap, Map<string, number>] => {
      const starts = new Map<string, number>();
      const map: PackedMap = [];
      for (const [app, list] of lists) {
        list.copyTo(into, at);
        map.push([app, at, list.byteLength]);
        starts.set(app, at);
        at += list.byteLength;
      }
      return [map, starts];
    };
    const [evaluationsByApp] = pack(this.evaluations);
    const [humanEvaluationsByApp, humanStarts] = pack(this.humanEvaluations);
    const humanEvaluationById: PackedMap = [];
    for (const [id, [app, offset, length]] of this.humanIds) humanEvaluationById.push([id, humanStarts.get(app)! + offset, length]);
    const counts = this.counts();
    return {
      bytes,
      evaluationsByApp,
      humanEvaluationsByApp,
      humanEvaluationById,
      appIds: new Set(counts.apps.map((app) => app.appId)),
      summary: describeCounts(counts),
      counts,
    };
  }

  /** As datasetCounts counts a dataset: apps in order of first appearance, evaluations first. */
  private counts(): DatasetCounts {
    const apps = new Map<string, { appId: string; evaluations: number; humanEvaluations: number }>();
    for (const [appId, list] of this.evaluations) apps.set(appId, { appId, evaluations: list.count, humanEvaluations: 0 });
    for (const [appId, list] of this.humanEvaluations) {
      const app = apps.get(appId);
      if (app === undefined) apps.set(appId, { appId, evaluations: 0, humanEvaluations: list.count });
      else app.humanEvaluations = list.count;
    }
    let evaluations = 0;
    for (const list of this.evaluations.values()) evaluations += list.count;
    return { evaluations, humanEvaluations: this.humanIds.size, apps: [...apps.values()] };
  }
}

/** The JSON value of `bytes[start, end)`, or DECLINED when it is none. */
function parse(bytes: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(bytes.toString("utf8", start, end)) as unknown;
  } catch {
    return DECLINED;
  }
}

const hasBom = (bytes: Buffer, end: number): boolean => end >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * The data file's index, its bodies packed in one ArrayBuffer (what a worker thread transfers), or
 * undefined when the file must be read whole (see the header).
 */
export async function streamDatasetIndex(file: string): Promise<PackedIndex | undefined> {
  let handle;
  try {
    // A pipe (`--data <(...)`) can be read once: the whole-file path must be the one that reads it.
    if (!(await stat(file)).isFile()) return undefined;
    handle = await open(file, "r");
  } catch {
    return undefined;
  }
  try {
    const reader = new DatasetReader();
    let bytes = Buffer.allocUnsafe(CHUNK_BYTES);
    let start = 0;
    let end = 0;
    let first = true;
    for (;;) {
      if (end === bytes.length) {
        // Keep the value not yet whole; a value as long as the buffer doubles it.
        const kept = end - start;
        const next = kept * 2 > bytes.length ? Buffer.allocUnsafe(bytes.length * 2) : bytes;
        bytes.copy(next, 0, start, end);
        [bytes, start, end] = [next, 0, kept];
      }
      const { bytesRead } = await handle.read(bytes, end, bytes.length - end, null);
      const atEnd = bytesRead === 0;
      end += bytesRead;
      if (first) {
        // A leading byte order mark is dropped, as decodeUtf8 does for the whole file.
        if (end < 3 && !atEnd) continue;
        first = false;
        if (hasBom(bytes, end)) start = 3;
      }
      const read = reader.feed(bytes, start, end, atEnd);
      // Outside strings the reader took ASCII only, so the bytes it read end where a character ends.
      if (read === DECLINED || !isUtf8(bytes.subarray(start, read))) return undefined;
      start = read;
      if (atEnd) return start === end ? reader.finish() : undefined;
    }
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
