// What an app owns, derived from its id alone: its variants (with revisions), test set, users and
// evaluator configs. Every record built for one app_id draws from the same parts, so an app's
// evaluations and human evaluations name the same variants, as the real service's do. No faker:
// small word lists and the generator's seeded Rng (browser bundles stay small).
import type { EvaluatorConfig } from "../types/schemas.js";
import { aggregatesToNull, EVALUATOR_KINDS, scoreOf, type ScoreKind } from "../generate/evaluator-kinds.js";
import { ENTITY, objectId, type Entity } from "../generate/object-id.js";
import { Rng } from "../generate/rng.js";
import { formatTimestamp } from "../generate/timestamp.js";

/** The app of every record built without an `app_id` (the schemas' example app id). */
export const DEFAULT_APP_ID = "666dde95962bbaffdb0072b5";

/** Any id-like text to a 32-bit number (FNV-1a). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Mixed into every builder id, so none equals an id of the fixture generator's datasets by chance. */
export const ID_MASK = 0x6275;
const DAY_MS = 86_400_000;
/** Apps and their parts are created in March 2024, whatever a record's `now`: an app's ids never change. */
const APPS_FROM_MS = Date.UTC(2024, 2, 1);

export interface Variant {
  id: string;
  /** As records show it: the variant id once the variant was deleted (domain notes). */
  name: string;
  /** [revision id, revision number as a string] */
  revisions: [string, string][];
  costPerRow: number;
  latency: number;
}

export interface AppConfig {
  shown: EvaluatorConfig;
  score: ScoreKind;
  /** Its aggregate is null (not an error Result) when a row failed: aggregate_binary, aggregate_ai_critique. */
  toNull: boolean;
}

export interface AppParts {
  variants: Variant[];
  /** A variant deleted since: its name is its id. */
  deletedVariant: Variant;
  testset: { id: string; name: string; rows: number };
  users: { id: string; username: string }[];
  /** The user whose username is "". */
  emptyUser: { id: string; username: string };
  /** Three configs; the first one's aggregate fails with an error Result (toNull false). */
  configs: AppConfig[];
}

const APP_NAMES = ["chatbot", "qa-assistant", "summarizer", "capitals", "support-bot", "rag-search", "sql-helper", "translator"];
const SUFFIXES = ["gpt-4o", "gpt4-turbo", "gpt-3.5-turbo", "claude-3-haiku", "mistral-small", "llama3-70b", "prompt-v2", "few-shot"];
const USERNAMES = ["jane.doe", "a.kumar", "mchen", "lea.martin", "tom", "r.okafor"];
const TESTSETS = ["golden", "qa", "regression", "smoke", "eval"];

/** Distinct picks from `items`, `count` of them, in a seeded order. */
function picks<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const rest = [...items];
  return Array.from({ length: count }, () => rest.splice(rng.int(rest.length), 1)[0]!);
}

/** The parts of `appId`: the same for the same id, always. */
export function appParts(appId: string): AppParts {
  const owner = hashText(appId);
  const rng = new Rng(owner, 0x4150);
  const createdMs = APPS_FROM_MS + rng.int(30 * DAY_MS);
  const id = (entity: Entity, serial: number): string =>
    objectId(Math.floor((createdMs + serial * 61_000) / 1000), ID_MASK, entity, owner & 0xffff, serial);
  const appName = appId === DEFAULT_APP_ID ? "app" : rng.pick(APP_NAMES);

  const variant = (suffix: string | undefined, v: number): Variant => {
    const variantId = id(ENTITY.variant, v);
    return {
      id: variantId,
      name: suffix === undefined ? variantId : `${appName}.${suffix}`,
      revisions: Array.from({ length: rng.between(1, 6) }, (_, r) => [id(ENTITY.revision, v * 8 + r), String(r + 1)]),
      costPerRow: rng.float(0.00002, 0.004),
      latency: rng.float(0.3, 6),
    };
  };
  const variants = ["default", ...picks(rng, SUFFIXES, 2)].map(variant);

  const users = picks(rng, USERNAMES, 2).map((username, u) => ({ id: id(ENTITY.user, u), username }));
  const configKinds = picks(rng, EVALUATOR_KINDS, 3);
  // The first config can fail with an error Result (evaluation-error-result needs one that can).
  const first = configKinds.findIndex((kind) => !aggregatesToNull(kind));
  configKinds.unshift(...configKinds.splice(first, 1));
  const configs = configKinds.map((kind, c): AppConfig => {
    const settings = kind.settings(rng);
    const created = createdMs + rng.int(DAY_MS);
    const threshold = settings.similarity_threshold ?? settings.threshold;
    return {
      shown: {
        id: id(ENTITY.evaluatorConfig, c),
        name: threshold === undefined ? kind.label : `${kind.label} ${String(threshold)}`,
        evaluator_key: kind.key,
        settings_values: settings,
        created_at: formatTimestamp(created, "naive"),
        updated_at: formatTimestamp(created + (rng.chance(0.5) ? 0 : rng.int(3 * DAY_MS)), "naive"),
      },
      score: scoreOf(kind, settings),
      toNull: aggregatesToNull(kind),
    };
  });

  return {
    variants,
    deletedVariant: variant(undefined, 3),
    testset: { id: id(ENTITY.testset, 0), name: `${appName.replace(/-/g, "_")}_${rng.pick(TESTSETS)}`, rows: rng.between(5, 120) },
    users,
    emptyUser: { id: id(ENTITY.user, 2), username: "" },
    configs,
  };
}
