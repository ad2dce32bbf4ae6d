// One coverage input read as a stream, in bounded memory, whatever its size: bytes in (in pieces of
// any size), observations out, and what the input was. The kind is recognised by its content:
//  - NDJSON observations (`mock --record`, MSW's record option): the first line that is not blank is
//    one JSON object, not a HAR or a report. Read line by line; a line past 1 MiB is refused (no
//    observation is near that long: /dev/zero or a binary file is).
//  - anything else is one JSON document, read with a streaming parser (src/io/json-stream.ts): a HAR
//    file entry by entry, keeping of each only its method, URL, status, time and (only for a GET of a
//    service path answered 200) its response text, up to 64 MiB as stored; a verify or fuzz report's
//    `observations` one by one, the rest (its findings) skipped unread.
// Each refusal is one E_COVERAGE_INPUT line naming the file and why. Browser-safe: no Node built-in
// (read-observations.ts reads the files).
import { isOperationId } from "../contract/operations.js";
import { escapeControl } from "../check/escape-control.js";
import { ToolkitError } from "../errors.js";
import { tooDeepMessage } from "../io/json-depth.js";
import {
  JsonStreamReader,
  JsonSyntaxError,
  JsonTooDeepError,
  SKIPPED,
  TOO_LONG,
  type JsonScalar,
  type JsonVisitor,
} from "../io/json-stream.js";
import { harBodyWanted, harRequestLine, isHar, observeHarEntry, type HarEntryFields } from "./har.js";
import type { Observation, ObservationSource } from "./observation.js";
import type { CoverageInput } from "./tally.js";
import { concatBytes } from "../io/concat-bytes.js";

/** The longest NDJSON line, and the largest observation of a report: far above any real one. */
export const MAX_OBSERVATION_BYTES = 1 << 20;
/** The longest response text of a HAR entry kept for its client cases (as stored: base64 included). */
export const MAX_HAR_BODY_BYTES = 64 * 1024 * 1024;
/** The longest HAR request URL read (browsers send none longer than 2 MB). */
const MAX_HAR_URL_BYTES = 8 * 1024 * 1024;
const MAX_SHORT_STRING = 256;

const SOURCES: readonly ObservationSource[] = ["mock", "msw", "har", "verify", "fuzz"];
const NEITHER = "neither NDJSON observations, a HAR file, nor a verify or fuzz JSON report";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");
/** A verify or fuzz JSON report: the report model's `tool`, or (written before it) verify's `checks` and `verdict`. */
const isReport = (value: Json): boolean =>
  value.tool === "fuzz" || value.tool === "verify" || (Array.isArray(value.checks) && typeof value.verdict === "string");

/** Why `value` is not an observation, or undefined when it is one. */
export function observationFault(value: unknown): string | undefined {
  if (!isObject(value)) return "not a JSON object";
  if (value.v !== 1) return `"v" must be 1 (got ${JSON.stringify(value.v)})`;
  if (value.side !== "consumer" && value.side !== "provider") return `"side" must be consumer or provider`;
  if (typeof value.source !== "string" || !(SOURCES as readonly string[]).includes(value.source))
    return `"source" must be one of ${SOURCES.join(", ")} (got ${JSON.stringify(value.source)})`;
  if (typeof value.operationId !== "string" || !isOperationId(value.operationId))
    return `unknown "operationId" ${JSON.stringify(value.operationId)}`;
  if (typeof value.status !== "number") return `"status" must be a number`;
  if (typeof value.request !== "string") return `"request" must be a string`;
  if (!isStrings(value.surface) || !isStrings(value.cases)) return `"surface" and "cases" must be arrays of strings`;
  if (value.scenario !== undefined && typeof value.scenario !== "string") return `"scenario" must be a string`;
  if (value.count !== undefined && !(Number.isSafeInteger(value.count) && (value.count as number) >= 1))
    return `"count" must be a whole number from 1`;
  return undefined;
}

/** E_COVERAGE_INPUT naming the file; what the file said is escaped (it reaches a terminal). */
export const coverageInputError = (file: string, why: string): ToolkitError =>
  new ToolkitError("E_COVERAGE_INPUT", escapeControl(`${file}: ${why}`));

/** Where one input's observations go: a list (in memory) or a folder (bounded: read-observations.ts). */
export interface ObservationCollector {
  add(observation: Observation): void;
  /** What was collected, in order (folded or not). */
  list(): Observation[];
}

export const listCollector = (): ObservationCollector => {
  const list: Observation[] = [];
  return { add: (o) => void list.push(o), list: () => list };
};

export interface ObservationReader {
  write(chunk: Uint8Array): void;
  /** The input is complete: what it was, and its observations. */
  end(): { input: CoverageInput; observations: Observation[] };
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

interface Sink {
  write(chunk: Uint8Array): void;
  end(): { input: CoverageInput; observations: Observation[] };
}

/**
 * A HAR file's reader that hands each complete entry to `onEntry` (its response text kept only for a
 * GET of a service path answered 200, up to MAX_HAR_BODY_BYTES), streamed as coverage reads HAR files;
 * `end()` throws E_COVERAGE_INPUT naming `file` when the document was no HAR file.
 */
export function createHarEntryReader(
  file: string,
  onEntry: (entry: HarEntryFields) => void,
): { write(chunk: Uint8Array): void; end(): void } {
  const bad = (why: string): ToolkitError => coverageInputError(file, why);
  const visitor = new DocumentVisitor(bad, listCollector, onEntry);
  return streamDocument(visitor, file, bad, "not a HAR file", () => {
    if (!visitor.isHar()) throw bad("not a HAR file ({ log: { entries: [...] } })");
  });
}

/** The JSON document's bytes through `visitor`, its syntax and depth faults as one line naming `file`; `finish` once it ends. */
function streamDocument<T>(
  visitor: DocumentVisitor,
  file: string,
  bad: (why: string) => ToolkitError,
  expected: string,
  finish: () => T,
): { write(chunk: Uint8Array): void; end(): T } {
  const reader = new JsonStreamReader(visitor);
  visitor.position = () => reader.position;
  const failed = (error: unknown): never => {
    if (error instanceof JsonSyntaxError)
      throw bad(`line ${error.line} is not JSON (${error.reason}, column ${error.column}): ${expected}`);
    if (error instanceof JsonTooDeepError) throw new ToolkitError("E_JSON_TOO_DEEP", escapeControl(tooDeepMessage(file)));
    throw error;
  };
  return {
    write(chunk) {
      try {
        reader.write(chunk);
      } catch (error) {
        failed(error);
      }
    },
    end() {
      try {
        reader.end();
      } catch (error) {
        failed(error);
      }
      return finish();
    },
  };
}

/** `file`'s reader; `collector()` makes the place for its observations (one per kind it could be). */
export function createObservationReader(file: string, collector: () => ObservationCollector = listCollector): ObservationReader {
  const decoder = new TextDecoder();
  const bad = (why: string): ToolkitError => coverageInputError(file, why);
  // Until the first line that is not blank is known, the bytes wait here (at most about 1 MiB).
  let waiting: Uint8Array[] | undefined = [];
  let waitingBytes = 0;
  let sink: Sink | undefined;

  const inputOf = (
    observations: Observation[],
    source: CoverageInput["source"],
  ): { input: CoverageInput; observations: Observation[] } => ({
    input: {
      file,
      side: observations[0]?.side ?? "consumer",
      source,
      observations: observations.reduce((sum, o) => sum + (o.count ?? 1), 0),
    },
    observations,
  });

  /** NDJSON: one observation per line. */
  const ndjson = (): Sink => {
    const into = collector();
    const sources = new Set<string>();
    let line = 0;
    let parts: Uint8Array[] = [];
    let partBytes = 0;
    const take = (bytes: Uint8Array): void => {
      line++;
      const text = decoder.decode(bytes);
      if (text.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch (error) {
        throw bad(`line ${line} is not JSON (${(error as Error).message}): ${NEITHER}`);
      }
      const fault = observationFault(value);
      if (fault !== undefined) throw bad(`line ${line}: ${fault}`);
      sources.add((value as Observation).source);
      into.add(value as Observation);
    };
    const joined = (last: Uint8Array): Uint8Array => {
      if (parts.length === 0) return last;
      const all = new Uint8Array(partBytes + last.length);
      let at = 0;
      for (const part of [...parts, last]) {
        all.set(part, at);
        at += part.length;
      }
      parts = [];
      partBytes = 0;
      return all;
    };
    const tooLong = (): ToolkitError =>
      bad(`line ${line + 1} is longer than ${MAX_OBSERVATION_BYTES.toLocaleString("en-US")} bytes (no observation line is): ${NEITHER}`);
    return {
      write(chunk) {
        let start = 0;
        for (;;) {
          const newline = chunk.indexOf(0x0a, start);
          if (newline === -1) {
            if (partBytes + chunk.length - start > MAX_OBSERVATION_BYTES) throw tooLong();
            if (start < chunk.length) {
              parts.push(chunk.slice(start));
              partBytes += chunk.length - start;
            }
            return;
          }
          if (partBytes + newline - start > MAX_OBSERVATION_BYTES) throw tooLong();
          take(joined(chunk.subarray(start, newline)));
          start = newline + 1;
        }
      },
      end() {
        if (partBytes > 0) take(joined(new Uint8Array(0)));
        const observations = into.list();
        return inputOf(observations, sources.size === 1 ? ([...sources][0] as ObservationSource) : "mixed");
      },
    };
  };

  /** One JSON document: a HAR file or a verify or fuzz report, streamed. */
  const document = (): Sink => {
    const visitor = new DocumentVisitor(bad, collector);
    return streamDocument(visitor, file, bad, NEITHER, () => {
      const { kind, observations } = visitor.result();
      return inputOf(observations, kind);
    });
  };

  /** The first line that is not blank, once known (whole, or the first 1 MiB of it), or undefined. */
  const decide = (ended: boolean): boolean => {
    const bytes = concatBytes(waiting!, waitingBytes);
    waiting = [bytes];
    let start = 0;
    while (start < bytes.length && WHITESPACE.has(bytes[start]!)) start++;
    if (start === bytes.length) {
      if (ended) throw bad("empty: no observation (did the mock answer any request while it recorded?)");
      // Blank so far: waited for up to 1 MiB of it, then handed to the document reader (it skips blanks in constant memory).
      if (bytes.length <= MAX_OBSERVATION_BYTES) return false;
    }
    const newline = start === bytes.length ? -1 : bytes.indexOf(0x0a, start);
    if (newline === -1 && !ended && start < bytes.length && bytes.length - start <= MAX_OBSERVATION_BYTES) return false;
    let first: unknown;
    if (start < bytes.length && (newline !== -1 || ended)) {
      try {
        first = JSON.parse(decoder.decode(bytes.subarray(start, newline === -1 ? bytes.length : newline))) as unknown;
      } catch {
        first = undefined;
      }
    }
    sink = isObject(first) && !isHar(first) && !isReport(first) ? ndjson() : document();
    waiting = undefined;
    sink.write(bytes);
    return true;
  };

  return {
    write(chunk) {
      if (sink !== undefined) return sink.write(chunk);
      waiting!.push(chunk.slice());
      waitingBytes += chunk.length;
      decide(false);
    },
    end() {
      if (sink === undefined) decide(true);
      return sink!.end();
    },
  };
}

type Role = "root" | "log" | "entries" | "entry" | "request" | "response" | "content" | "observations" | "build";

interface Frame {
  role: Role;
  key?: string | undefined;
  /** An observation being built: its object or array. */
  value?: Json | unknown[];
}

interface Entry extends HarEntryFields {
  hasRequest: boolean;
  hasResponse: boolean;
}

/**
 * The JSON document's events, kept as far as an observation needs them: HAR entries one at a time,
 * a report's observations one at a time; anything else skipped by the reader, unread.
 */
class DocumentVisitor implements JsonVisitor {
  position: () => number = () => 0;
  private readonly stack: Frame[] = [];
  // What the document turns out to be (the last value of a repeated key counts, as for JSON.parse).
  private logIsObject = false;
  private hasEntries = false;
  private tool: unknown;
  private checksIsArray = false;
  private verdictIsString = false;
  private observationsAre: "absent" | "array" | "other" = "absent";
  private readonly harCollector: ObservationCollector;
  private readonly reportCollector: ObservationCollector;
  private entry: Entry | undefined;
  private entryIndex = -1;
  private observationIndex = -1;
  private observationStart = 0;

  constructor(
    private readonly bad: (why: string) => ToolkitError,
    collector: () => ObservationCollector,
    /** Given each complete HAR entry (its body only for a GET of a service path answered 200) instead of observing it. */
    private readonly onHarEntry?: (entry: HarEntryFields) => void,
  ) {
    this.harCollector = collector();
    this.reportCollector = collector();
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** An observation of a report must stay small: a huge one is no observation. */
  private checkObservationSize(): void {
    if (this.position() - this.observationStart > MAX_OBSERVATION_BYTES)
      throw this.bad(
        `observations[${this.observationIndex}] is larger than ${MAX_OBSERVATION_BYTES.toLocaleString("en-US")} bytes (no observation is)`,
      );
  }

  /** Puts a value into the container being built (the top frame). */
  private attach(value: unknown): void {
    const top = this.top()!;
    if (Array.isArray(top.value)) top.value.push(value);
    else if (top.key !== undefined) top.value![top.key] = value;
  }

  private finishObservation(value: unknown): void {
    const fault = observationFault(value);
    if (fault !== undefined) throw this.bad(`observations[${this.observationIndex}]: ${fault}`);
    this.reportCollector.add(value as Observation);
  }

  open(kind: "object" | "array"): boolean {
    const top = this.top();
    const object = kind === "object";
    if (top === undefined) {
      if (!object) throw this.bad(NEITHER);
      this.stack.push({ role: "root" });
      return true;
    }
    switch (top.role) {
      case "root":
        if (top.key === "log") {
          this.logIsObject = object;
          this.hasEntries = false;
          if (object) this.stack.push({ role: "log" });
          return object;
        }
        if (top.key === "observations") {
          this.observationsAre = object ? "other" : "array";
          if (!object) this.stack.push({ role: "observations" });
          return !object;
        }
        if (top.key === "checks") this.checksIsArray = !object;
        if (top.key === "verdict") this.verdictIsString = false;
        if (top.key === "tool") this.tool = undefined;
        return false;
      case "log":
        if (top.key !== "entries") return false;
        this.hasEntries = !object;
        if (!object) this.stack.push({ role: "entries" });
        return !object;
      case "entries":
        this.entryIndex++;
        if (!object) return false;
        this.entry = { hasRequest: false, hasResponse: false };
        this.stack.push({ role: "entry" });
        return true;
      case "entry": {
        const entry = this.entry!;
        if (top.key === "request") {
          entry.hasRequest = object;
          entry.method = entry.url = undefined;
          if (object) this.stack.push({ role: "request" });
          return object;
        }
        if (top.key === "response") {
          entry.hasResponse = object;
          entry.status = entry.text = entry.encoding = undefined;
          if (object) this.stack.push({ role: "response" });
          return object;
        }
        if (top.key === "time") entry.time = undefined;
        if (top.key === "startedDateTime") entry.started = undefined;
        return false;
      }
      case "request":
        if (top.key === "method" || top.key === "url") this.entry![top.key] = SKIPPED;
        return false;
      case "response":
        if (top.key === "status") this.entry!.status = SKIPPED;
        if (top.key !== "content") return false;
        this.entry!.text = this.entry!.encoding = undefined;
        if (object) this.stack.push({ role: "content" });
        return object;
      case "content":
        if (top.key === "text" || top.key === "encoding") this.entry![top.key] = SKIPPED;
        return false;
      case "observations":
        this.observationIndex++;
        this.observationStart = this.position();
        this.stack.push({ role: "build", value: object ? {} : [] });
        return true;
      case "build": {
        this.checkObservationSize();
        const value = object ? {} : [];
        this.attach(value);
        this.stack.push({ role: "build", value });
        return true;
      }
    }
  }

  close(): void {
    const frame = this.stack.pop()!;
    if (frame.role === "entry") this.finishEntry();
    else if (frame.role === "build") {
      this.checkObservationSize();
      if (this.top()?.role === "observations") this.finishObservation(frame.value);
    }
  }

  key(name: string | undefined): void {
    this.top()!.key = name;
  }

  stringLimit(): number {
    const top = this.top();
    if (top === undefined) return 0;
    switch (top.role) {
      case "root":
        return top.key === "tool" || top.key === "verdict" ? MAX_SHORT_STRING : 0;
      case "entry":
        return top.key === "startedDateTime" ? MAX_SHORT_STRING : 0;
      case "request":
        return top.key === "method" ? MAX_SHORT_STRING : top.key === "url" ? MAX_HAR_URL_BYTES : 0;
      case "content":
        if (top.key === "encoding") return MAX_SHORT_STRING;
        // Only the body of a GET of a service path answered 200 is kept (as far as is known yet).
        return top.key === "text" && harBodyWanted(this.entry!) ? MAX_HAR_BODY_BYTES : 0;
      case "build":
        return MAX_OBSERVATION_BYTES;
      default:
        return 0;
    }
  }

  scalar(value: JsonScalar): void {
    const top = this.top();
    if (top === undefined) throw this.bad(NEITHER);
    switch (top.role) {
      case "root":
        if (top.key === "log") this.logIsObject = this.hasEntries = false;
        else if (top.key === "observations") this.observationsAre = "other";
        else if (top.key === "checks") this.checksIsArray = false;
        else if (top.key === "verdict") this.verdictIsString = typeof value === "string" || value === TOO_LONG;
        else if (top.key === "tool") this.tool = value;
        return;
      case "log":
        if (top.key === "entries") this.hasEntries = false;
        return;
      case "entries":
        this.entryIndex++;
        return;
      case "entry":
        if (top.key === "time") this.entry!.time = value;
        else if (top.key === "startedDateTime") this.entry!.started = value;
        else if (top.key === "request") this.entry!.hasRequest = false;
        else if (top.key === "response") this.entry!.hasResponse = false;
        return;
      case "request":
        if (top.key === "method" || top.key === "url") this.entry![top.key] = value;
        return;
      case "response":
        if (top.key === "status") this.entry!.status = value;
        else if (top.key === "content") this.entry!.text = this.entry!.encoding = undefined;
        return;
      case "content":
        if (top.key === "text" || top.key === "encoding") this.entry![top.key] = value;
        return;
      case "observations":
        this.observationIndex++;
        this.finishObservation(value === SKIPPED || value === TOO_LONG ? "a value" : value);
        return;
      case "build":
        this.checkObservationSize();
        if (value === TOO_LONG || value === SKIPPED)
          throw this.bad(
            `observations[${this.observationIndex}] is larger than ${MAX_OBSERVATION_BYTES.toLocaleString("en-US")} bytes (no observation is)`,
          );
        this.attach(value);
        return;
    }
  }

  private finishEntry(): void {
    const entry = this.entry!;
    this.entry = undefined;
    if (!entry.hasRequest || !entry.hasResponse) return;
    if (entry.text === TOO_LONG) {
      // Kept only for a GET of a service path answered 200 (as far as was known then): if it is one, say so.
      if (harBodyWanted(entry) && typeof entry.url === "string" && typeof entry.status === "number") {
        throw this.bad(
          `log.entries[${this.entryIndex}] (${harRequestLine(entry.method ?? "GET", entry.url)}): the response text is larger than ${MAX_HAR_BODY_BYTES.toLocaleString("en-US")} bytes as stored; not read`,
        );
      }
      entry.text = undefined;
    }
    if (this.onHarEntry !== undefined) return this.onHarEntry(entry);
    const observation = observeHarEntry(entry);
    if (observation !== undefined) this.harCollector.add(observation);
  }

  /** The document read whole was a HAR file. */
  isHar(): boolean {
    return this.logIsObject && this.hasEntries;
  }

  /** What the document was, once read whole. */
  result(): { kind: CoverageInput["source"]; observations: Observation[] } {
    if (this.logIsObject && this.hasEntries) return { kind: "har", observations: this.harCollector.list() };
    const root = { tool: this.tool, checks: this.checksIsArray ? [] : undefined, verdict: this.verdictIsString ? "" : undefined };
    if (!isReport(root)) throw this.bad(NEITHER);
    const tool = this.tool === "fuzz" ? "fuzz" : "verify";
    if (this.observationsAre === "absent")
      throw this.bad(`a ${tool} report without observations (written by an older evals-contract: run ${tool} again)`);
    if (this.observationsAre === "other") throw this.bad("observations is not an array of observations");
    return { kind: tool, observations: this.reportCollector.list() };
  }
}
