// The per-app pools records draw from: an app owns variants (with revisions), test sets and
// evaluator configs, and is used by a few users. Every record of an app reuses these, so the
// three endpoints tell one consistent story. Built with a seeded faker per app, once per run.
// The English locale's entry point, not the package root: the root loads all 70 locales (about
// 0.5 s of start-up for a CLI run that uses one). Its instance's class and merged definitions
// ([en, base]) make the same fakers as `new Faker({ locale: [en, base] })`.
import type { Faker } from "@faker-js/faker";
import { faker as englishFaker } from "@faker-js/faker/locale/en";
import type { EvaluatorConfig } from "../types/schemas.js";
import { EVALUATOR_KINDS, scoreOf, type EvaluatorKind, type ScoreKind } from "./evaluator-kinds.js";
import { ENTITY, objectId } from "./object-id.js";
import { Rng } from "./rng.js";
import { formatTimestamp, type TimestampFormat } from "./timestamp.js";
import { DAY_MS, POOL_END_MS, WINDOW_START_MS } from "./time-window.js";

export interface PoolUser {
  id: string;
  /** May be "" (domain notes: user_username may be empty). */
  username: string;
}

export interface PoolRevision {
  id: string;
  /** Revision number as a string, e.g. "3" (domain notes). */
  number: string;
  /** The four parallel arrays of a record about this revision alone, shared and frozen. */
  single: VariantArrays;
}

/** The parallel arrays of a record (seed 2.1): item i of each describes the same variant. */
export interface VariantArrays {
  ids: string[];
  names: string[];
  revisionIds: string[];
  numbers: string[];
}

export interface PoolVariant {
  id: string;
  /** As records show it: the variant id when the variant was deleted (domain notes). */
  shownName: string;
  deleted: boolean;
  revisions: PoolRevision[];
  /** Typical cost per test case (USD) and latency (s) of this variant's model. */
  costPerRow: number;
  latency: number;
}

export interface PoolTestset {
  /** "" when the test set was deleted (domain notes). */
  shownId: string;
  shownName: string;
  deleted: boolean;
  rows: number;
}

export interface PoolEvaluatorConfig {
  kind: EvaluatorKind;
  /** How its aggregate looks with its settings (a Levenshtein threshold makes it a ratio). */
  score: ScoreKind;
  deleted: boolean;
  /** What records carry: the full config, or {} once it was deleted (the anyOf's other branch, seed 2.4). */
  shown: EvaluatorConfig | Record<string, never>;
}

export interface AppPool {
  index: number;
  id: string;
  name: string;
  users: PoolUser[];
  variants: PoolVariant[];
  testsets: PoolTestset[];
  configs: PoolEvaluatorConfig[];
  /** The same lists without deleted items, for recent records. */
  live: { variants: PoolVariant[]; testsets: PoolTestset[]; configs: PoolEvaluatorConfig[] };
}

/** Per-run context shared by all pools: the seed, the id mask and the users. */
export interface RunContext {
  seed: number;
  idMask: number;
  users: PoolUser[];
  configFormat: TimestampFormat;
}

const RUN_WIDE = 0xffff;
/** Index of the user whose username is "" (present in every run). */
export const EMPTY_USERNAME_USER = 7;
const USER_COUNT = 8;

const VARIANT_SUFFIXES = [
  "gpt-4o",
  "gpt4-turbo",
  "gpt-3.5-turbo",
  "claude-3-haiku",
  "claude-3-sonnet",
  "mistral-small",
  "llama3-70b",
  "prompt-v2",
  "temperature-0.2",
  "few-shot",
  "rag-top5",
];
const TESTSET_SUFFIXES = ["qa", "eval", "golden", "regression", "v2", "smoke"];

function seededFaker(...seed: number[]): Faker {
  // Read here, not at the module's top: a browser bundle that imports this module for deepFreeze
  // (the mock's live mode) must be able to drop faker (its package has no side effects).
  const FakerClass = englishFaker.constructor as typeof Faker;
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  return faker;
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const seconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * Names go into records unescaped by the fast serializer (record-json.ts): make sure none needs
 * escaping in JSON. Faker's words never do; this guards against a future locale that would.
 */
function plainText(text: string): string {
  if (JSON.stringify(text) !== `"${text}"`) throw new Error(`generated name needs JSON escaping: ${JSON.stringify(text)}`);
  return text;
}

export function buildUsers(seed: number, idMask: number): PoolUser[] {
  const faker = seededFaker(seed, 0x5553);
  return Array.from({ length: USER_COUNT }, (_, i) => ({
    id: objectId(seconds(WINDOW_START_MS) - 86_400 * (30 + i), idMask, ENTITY.user, RUN_WIDE, i),
    username: i === EMPTY_USERNAME_USER ? "" : plainText(faker.internet.username().toLowerCase()),
  }));
}

/**
 * The pool of app `index`. Depends only on the seed and the index (not on how many apps or records
 * are generated), so app 0 is the same whatever the sizes. The first app always has one deleted
 * variant, test set and evaluator config and the user with an empty username, so a default-sized
 * dataset shows every case a client must survive; other apps get them by chance.
 */
export function buildAppPool(run: RunContext, index: number): AppPool {
  const faker = seededFaker(run.seed, 0x4150, index);
  const rng = new Rng(run.seed, 0x4150, index);
  const showcase = index === 0;
  const createdMs = WINDOW_START_MS + rng.int(7 * DAY_MS);
  const entityMs = (): number => createdMs + rng.int(POOL_END_MS - createdMs);
  const id = (ms: number, entity: (typeof ENTITY)[keyof typeof ENTITY], serial: number): string =>
    objectId(seconds(ms), run.idMask, entity, index, serial);
  // Slugs are [a-z0-9-] only, so every name built from them is plain text for JSON.
  const name = slug(`${faker.word.adjective()} ${faker.word.noun()}`) || `app-${index}`;

  const userIndexes = showcase ? [0, 1, EMPTY_USERNAME_USER] : faker.helpers.arrayElements([...run.users.keys()], { min: 1, max: 3 });
  const users = userIndexes.map((i) => run.users[i]!);

  const variantCount = showcase ? 4 : rng.between(2, 5);
  const suffixes = faker.helpers.arrayElements(VARIANT_SUFFIXES, variantCount - 1);
  let revisionSerial = 0;
  const variants: PoolVariant[] = ["default", ...suffixes].map((suffix, v) => {
    const variantId = id(entityMs(), ENTITY.variant, v);
    // The first variant (app.default) is never deleted: an app keeps at least one live variant.
    const deleted = v > 0 && (showcase ? v === variantCount - 1 : rng.chance(0.12));
    const shownName = deleted ? variantId : `${name}.${suffix}`;
    const revisions = Array.from({ length: rng.between(1, 8) }, (_, r) => {
      const revisionId = id(entityMs(), ENTITY.revision, revisionSerial++);
      const number = String(r + 1);
      const single = deepFreeze({ ids: [variantId], names: [shownName], revisionIds: [revisionId], numbers: [number] });
      return { id: revisionId, number, single };
    });
    return {
      id: variantId,
      shownName,
      deleted,
      revisions,
      costPerRow: rng.float(0.00002, 0.004),
      latency: rng.float(0.3, 6),
    };
  });

  const testsetCount = showcase ? 3 : rng.between(1, 4);
  const testsets: PoolTestset[] = Array.from({ length: testsetCount }, (_, t) => {
    const deleted = showcase ? t === testsetCount - 1 : rng.chance(0.12);
    const testsetId = id(entityMs(), ENTITY.testset, t);
    const testsetName = `${slug(faker.word.noun())}_${faker.helpers.arrayElement(TESTSET_SUFFIXES)}`;
    return { shownId: deleted ? "" : testsetId, shownName: deleted ? "" : testsetName, deleted, rows: rng.between(5, 120) };
  });

  const configCount = showcase ? 4 : rng.between(2, 5);
  const kinds = faker.helpers.arrayElements(EVALUATOR_KINDS, configCount);
  const configs: PoolEvaluatorConfig[] = kinds.map((kind, c) => {
    const deleted = showcase ? c === configCount - 1 : rng.chance(0.12);
    const created = entityMs();
    const updated = rng.chance(0.5) ? created : created + rng.int(3 * DAY_MS);
    const settings = kind.settings(rng);
    const shown: EvaluatorConfig | Record<string, never> = deleted
      ? {}
      : {
          id: id(created, ENTITY.evaluatorConfig, c),
          name: settingsLabel(kind, settings),
          evaluator_key: kind.key,
          settings_values: settings,
          created_at: formatTimestamp(created, run.configFormat),
          updated_at: formatTimestamp(updated, run.configFormat),
        };
    return { kind, score: scoreOf(kind, settings), deleted, shown: deepFreeze(shown) };
  });

  const live = {
    variants: variants.filter((v) => !v.deleted),
    testsets: testsets.filter((t) => !t.deleted),
    configs: configs.filter((c) => !c.deleted),
  };
  return { index, id: id(createdMs, ENTITY.app, 0), name, users, variants, testsets, configs, live };
}

function settingsLabel(kind: EvaluatorKind, settings: Record<string, unknown>): string {
  if (typeof settings.similarity_threshold === "number") return `${kind.label} ${settings.similarity_threshold}`;
  if (typeof settings.threshold === "number") return `${kind.label} <= ${settings.threshold}`;
  return kind.label;
}

/**
 * Records share their app's evaluator configs (that is what makes them consistent, and it keeps
 * memory flat); freezing makes an accidental edit of one record's config fail loudly instead of
 * silently changing every record of the app.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
