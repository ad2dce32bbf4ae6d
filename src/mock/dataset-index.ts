// Indexes a dataset once per load: the JSON bytes of every app's lists and of every human
// evaluation are serialized here, so answering a request is a lookup and a socket write.
import type { Dataset } from "../types/dataset.js";
import { plural } from "../check/format-findings.js";
import { utf8Bytes } from "./bytes.js";

export interface DatasetIndex {
  /** Compact JSON array of the app's evaluations, by app_id. */
  evaluationsByApp: ReadonlyMap<string, Uint8Array>;
  /** Compact JSON array of the app's human evaluations, by app_id. */
  humanEvaluationsByApp: ReadonlyMap<string, Uint8Array>;
  /** Compact JSON of one human evaluation, by id. */
  humanEvaluationById: ReadonlyMap<string, Uint8Array>;
  /** Every app id some record names (the legacy mode's "the app exists"). */
  appIds: ReadonlySet<string>;
  /** One line for logs: how much is served. */
  summary: string;
  /** How many records of each kind, in all and per app (the console shows them). */
  counts: DatasetCounts;
}

export interface DatasetCounts {
  evaluations: number;
  humanEvaluations: number;
  apps: { appId: string; evaluations: number; humanEvaluations: number }[];
}

const encode = utf8Bytes;

/** `[]`: the real service answers an unknown but well-formed app_id with an empty list. */
export const EMPTY_LIST = encode("[]");

function groupBy<T>(records: readonly T[], key: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const k = key(record);
    const group = groups.get(k);
    if (group) group.push(record);
    else groups.set(k, [record]);
  }
  return groups;
}

const serializeGroups = <T>(groups: Map<string, T[]>): Map<string, Uint8Array> =>
  new Map([...groups].map(([app, records]) => [app, encode(JSON.stringify(records))]));

/** The app ids of a dataset, in order of first appearance. */
export const appIdsOf = (dataset: Dataset): string[] => [
  ...new Set([...dataset.evaluations.map((e) => e.app_id), ...dataset.human_evaluations.map((e) => e.app_id)]),
];

/** `100 evaluations, 40 human evaluations, 5 apps`: what the start-up and reload lines and the console say. */
export const describeCounts = (counts: DatasetCounts): string =>
  `${plural(counts.evaluations, "evaluation")}, ${plural(counts.humanEvaluations, "human evaluation")}, ${plural(counts.apps.length, "app")}`;

export const describeDataset = (dataset: Dataset): string => describeCounts(datasetCounts(dataset));

/** The counts of a dataset: in all, and per app in order of first appearance. */
export function datasetCounts(dataset: Dataset): DatasetCounts {
  const perApp = new Map<string, { appId: string; evaluations: number; humanEvaluations: number }>();
  const entry = (appId: string) => {
    let found = perApp.get(appId);
    if (!found) perApp.set(appId, (found = { appId, evaluations: 0, humanEvaluations: 0 }));
    return found;
  };
  for (const e of dataset.evaluations) entry(e.app_id).evaluations++;
  for (const h of dataset.human_evaluations) entry(h.app_id).humanEvaluations++;
  return { evaluations: dataset.evaluations.length, humanEvaluations: dataset.human_evaluations.length, apps: [...perApp.values()] };
}

export function indexDataset(dataset: Dataset): DatasetIndex {
  const evaluationsByApp = serializeGroups(groupBy(dataset.evaluations, (e) => e.app_id));
  const humanEvaluationsByApp = serializeGroups(groupBy(dataset.human_evaluations, (e) => e.app_id));
  const humanEvaluationById = new Map(dataset.human_evaluations.map((e) => [e.id, encode(JSON.stringify(e))]));
  const counts = datasetCounts(dataset);
  return {
    evaluationsByApp,
    humanEvaluationsByApp,
    humanEvaluationById,
    appIds: new Set(counts.apps.map((app) => app.appId)),
    summary: describeCounts(counts),
    counts,
  };
}

type BodyMap = ReadonlyMap<string, Uint8Array>;

/** Where each body of a packed map lies in the packed bytes: key, offset, length. */
export type PackedMap = [key: string, offset: number, length: number][];

/** An index with its bodies in one ArrayBuffer: what a worker thread transfers instead of copying. */
export interface PackedIndex extends Omit<DatasetIndex, "evaluationsByApp" | "humanEvaluationsByApp" | "humanEvaluationById"> {
  bytes: ArrayBuffer;
  evaluationsByApp: PackedMap;
  humanEvaluationsByApp: PackedMap;
  humanEvaluationById: PackedMap;
}

/** The index with every body copied into one ArrayBuffer (the counts and summary as they are). */
export function packIndex(index: DatasetIndex): PackedIndex {
  const maps = [index.evaluationsByApp, index.humanEvaluationsByApp, index.humanEvaluationById];
  let size = 0;
  for (const map of maps) for (const body of map.values()) size += body.byteLength;
  const bytes = new ArrayBuffer(size);
  const into = new Uint8Array(bytes);
  let offset = 0;
  const pack = (map: BodyMap): PackedMap =>
    [...map].map(([key, body]) => {
      into.set(body, offset);
      offset += body.byteLength;
      return [key, offset - body.byteLength, body.byteLength];
    });
  const [evaluationsByApp, humanEvaluationsByApp, humanEvaluationById] = maps.map(pack) as [PackedMap, PackedMap, PackedMap];
  return { ...index, bytes, evaluationsByApp, humanEvaluationsByApp, humanEvaluationById };
}
