// Fast JSON text of the realistic generator's records, byte-identical to JSON.stringify (a test
// holds them equal over many seeds). Serialization is most of the cost of writing millions of
// records, so these writers know the record shapes: strings the generator made itself (ids,
// timestamps, names checked when the pools are built) are quoted without escaping, and the
// shared, frozen parts (evaluator configs, common status Results) are printed once and reused.
// Only for records of generateRecords; anything else goes through JSON.stringify.
import type { AggregatedResult, Evaluation, HumanEvaluation, Result } from "../types/schemas.js";
import type { GeneratedRecord } from "./records.js";

const q = JSON.stringify;
const frozenText = new WeakMap<object, string>();

/** Text of a frozen (shared) object, printed once per object. */
function cachedJson(value: object): string {
  let text = frozenText.get(value);
  if (text === undefined) {
    text = q(value);
    frozenText.set(value, text);
  }
  return text;
}

function plainArray(items: readonly string[]): string {
  if (Object.isFrozen(items)) return cachedJson(items);
  if (items.length === 1) return `["${items[0]}"]`;
  let out = "[";
  for (let i = 0; i < items.length; i++) out += `${i === 0 ? "" : ","}"${items[i]}"`;
  return `${out}]`;
}

/** Decimal places of the rounded numbers the generator makes (costs: 7, latencies: 4). */
const DECIMALS = 1e7;

/**
 * String(value), faster for the generator's numbers: V8 formats a double in about a microsecond,
 * a third of the serializer's time. A value that is n / 10^7 for an integer n below 10^15 is
 * printed from n: that decimal has at most 15 significant digits, so it is the only decimal of
 * its length that rounds to the value (IEEE doubles hold 15 digits exactly), which is what
 * Number.prototype.toString prints; at or above 1e-6 it prints it without an exponent.
 */
export function numberText(value: number): string {
  if (value >= 1e-6 && value < 1e8) {
    const n = Math.round(value * DECIMALS);
    if (n / DECIMALS === value) {
      const fraction = n % DECIMALS;
      const whole = (n - fraction) / DECIMALS;
      if (fraction === 0) return String(whole);
      const digits = String(fraction + DECIMALS); // "1" and 7 digits, the leading zeros kept
      let end = digits.length;
      while (digits.charCodeAt(end - 1) === 48) end--;
      return `${whole}.${digits.slice(1, end)}`;
    }
  }
  // Full-precision floats (unit scores, distances) and fractions (ratios, mean grades): V8's own
  // number-string cache already keeps the recent ones.
  return String(value);
}

/** A Result or null; its optional keys are printed only when present, as JSON.stringify does. */
function resultJson(result: Result | null): string {
  if (result === null) return "null";
  if (Object.isFrozen(result)) return cachedJson(result);
  const value = result.value;
  let out = `{"type":"${result.type}"`;
  if (value !== undefined) out += `,"value":${typeof value === "number" && Number.isFinite(value) ? numberText(value) : q(value)}`;
  if (result.error !== undefined) out += `,"error":${result.error === null ? "null" : q(result.error)}`;
  return `${out}}`;
}

const configJson = (config: AggregatedResult["evaluator_config"]): string => (Object.isFrozen(config) ? cachedJson(config) : q(config));

export function evaluationJson(record: Evaluation): string {
  const r = record as Evaluation & Record<string, unknown>;
  let out = `{"id":"${r.id}","app_id":"${r.app_id}","user_id":"${r.user_id}","user_username":"${r.user_username}","variant_ids":${plainArray(r.variant_ids)},"variant_names":${plainArray(r.variant_names)},"variant_revision_ids":${plainArray(r.variant_revision_ids)},"revisions":${plainArray(r.revisions)}`;
  if (r.testset_id !== undefined)
    out +=
      r.testset_id === null
        ? `,"testset_id":null,"testset_name":null`
        : `,"testset_id":"${r.testset_id}","testset_name":"${r.testset_name}"`;
  out += `,"status":${resultJson(r.status)},"aggregated_results":[`;
  const aggregates = r.aggregated_results;
  for (let i = 0; i < aggregates.length; i++) {
    const a = aggregates[i]!;
    out += `${i === 0 ? "" : ","}{"evaluator_config":${configJson(a.evaluator_config)},"result":${resultJson(a.result)}}`;
  }
  out += "]";
  if (r.average_cost !== undefined) out += `,"average_cost":${resultJson(r.average_cost)}`;
  if (r.total_cost !== undefined) out += `,"total_cost":${resultJson(r.total_cost)}`;
  if (r.average_latency !== undefined) out += `,"average_latency":${resultJson(r.average_latency)}`;
  return `${out},"created_at":"${r.created_at}","updated_at":"${r.updated_at}"}`;
}

export function humanEvaluationJson(r: HumanEvaluation): string {
  return `{"id":"${r.id}","app_id":"${r.app_id}","user_id":"${r.user_id}","user_username":"${r.user_username}","evaluation_type":"${r.evaluation_type}","variant_ids":${plainArray(r.variant_ids)},"variant_names":${plainArray(r.variant_names)},"variants_revision_ids":${plainArray(r.variants_revision_ids)},"revisions":${plainArray(r.revisions)},"testset_id":"${r.testset_id}","testset_name":"${r.testset_name}","status":"${r.status}","created_at":"${r.created_at}","updated_at":"${r.updated_at}"}`;
}

/** JSON text of a record: the fast writers for realistic records, JSON.stringify otherwise. */
export function recordJson(item: GeneratedRecord, realistic: boolean): string {
  if (!realistic) return q(item.record);
  return item.kind === "evaluation" ? evaluationJson(item.record) : humanEvaluationJson(item.record);
}
