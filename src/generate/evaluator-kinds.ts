// The evaluators of the real service (domain notes, evaluator_key and settings_values), with the
// settings each one carries and the range of its aggregated score.
import type { Rng } from "./rng.js";

/**
 * How an evaluator's aggregate looks (services/aggregation_service.py of the real service):
 * `ratio` the mean of per-row booleans (k / rows; aggregate_binary for regex, aggregate_float for
 * the others), `score` the mean of per-row integers 0..10 (aggregate_ai_critique), `unit` the mean of
 * per-row floats on 0..1, `distance` the mean edit distance (Levenshtein without a threshold; with
 * one, each row is a boolean and the aggregate a ratio).
 */
export type ScoreKind = "ratio" | "score" | "unit" | "distance";

export interface EvaluatorKind {
  key: string;
  /** Display name stem; the web client shows it as a column header. */
  label: string;
  score: ScoreKind;
  settings(rng: Rng): Record<string, unknown>;
}

const answerKey = (rng: Rng): Record<string, unknown> => (rng.chance(0.6) ? { correct_answer_key: "correct_answer" } : {});

const REGEXES = ["^value\\d{3}$", "^[A-Z][a-z]+$", "\\bParis\\b", "^\\{.*\\}$"];
const JSON_FIELDS = ["name", "answer", "country", "id", "label"];
const SUBSTRINGS = ["x", "Paris", "sorry", "```", "yes"];
const SUBSTRING_LISTS = ["a,b,c", "yes,no", "Paris,London,Berlin", "error,failed"];
const PROMPTS = [
  "We have an LLM App that we want to evaluate its outputs. Based on the prompt and the parameters provided below evaluate the output based on the evaluation strategy below:\nEvaluation strategy: 0 to 10 0 is very bad and 10 is very good.\nPrompt: {llm_app_prompt_template}\nInputs: country: {country}\nCorrect Answer:{correct_answer}\nEvaluate this: {variant_output}\n\nAnswer ONLY with one of the given grading or evaluation options.",
  "Rate how helpful the answer is from 0 to 10.\nQuestion: {inputs}\nAnswer: {variant_output}",
  "Is the output polite and on topic? Give a score from 0 (no) to 10 (yes).\n{variant_output}",
];
const WEBHOOKS = ["https://hooks.example.com/eval", "https://eval.internal.example.org/score"];
const CODE = [
  "from typing import Dict\n\ndef evaluate(app_params: Dict[str, str], inputs: Dict[str, str], output: str, correct_answer: str) -> float:\n    return 1.0 if output.strip() == correct_answer else 0.0\n",
  "def evaluate(app_params, inputs, output, correct_answer):\n    return min(len(output) / 100, 1.0)\n",
];
const round2 = (n: number): number => Math.round(n * 100) / 100;

export const EVALUATOR_KINDS: readonly EvaluatorKind[] = [
  { key: "auto_exact_match", label: "Exact match", score: "ratio", settings: (r) => answerKey(r) },
  { key: "auto_contains_json", label: "Contains JSON", score: "ratio", settings: () => ({}) },
  {
    key: "auto_similarity_match",
    label: "Similarity",
    score: "ratio",
    settings: (r) => ({ similarity_threshold: round2(r.float(0.3, 0.9)), ...answerKey(r) }),
  },
  {
    key: "auto_regex_test",
    label: "Regex test",
    score: "ratio",
    settings: (r) => ({ regex_pattern: r.pick(REGEXES), regex_should_match: r.chance(0.8) }),
  },
  {
    key: "field_match_test",
    label: "JSON field match",
    score: "ratio",
    settings: (r) => ({ json_field: r.pick(JSON_FIELDS), ...answerKey(r) }),
  },
  {
    key: "auto_ai_critique",
    label: "AI critique",
    score: "score",
    settings: (r) => ({ prompt_template: r.pick(PROMPTS), ...answerKey(r) }),
  },
  { key: "auto_custom_code_run", label: "Custom code", score: "unit", settings: (r) => ({ code: r.pick(CODE), ...answerKey(r) }) },
  { key: "auto_webhook_test", label: "Webhook", score: "unit", settings: (r) => ({ webhook_url: r.pick(WEBHOOKS), ...answerKey(r) }) },
  {
    key: "auto_starts_with",
    label: "Starts with",
    score: "ratio",
    settings: (r) => ({ prefix: r.pick(SUBSTRINGS), case_sensitive: r.chance(0.5) }),
  },
  {
    key: "auto_ends_with",
    label: "Ends with",
    score: "ratio",
    settings: (r) => ({ suffix: r.pick(SUBSTRINGS), case_sensitive: r.chance(0.5) }),
  },
  {
    key: "auto_contains",
    label: "Contains",
    score: "ratio",
    settings: (r) => ({ substring: r.pick(SUBSTRINGS), case_sensitive: r.chance(0.5) }),
  },
  {
    key: "auto_contains_any",
    label: "Contains any",
    score: "ratio",
    settings: (r) => ({ substrings: r.pick(SUBSTRING_LISTS), case_sensitive: r.chance(0.5) }),
  },
  {
    key: "auto_contains_all",
    label: "Contains all",
    score: "ratio",
    settings: (r) => ({ substrings: r.pick(SUBSTRING_LISTS), case_sensitive: r.chance(0.5) }),
  },
  {
    key: "auto_levenshtein_distance",
    label: "Levenshtein distance",
    score: "distance",
    // With a threshold each row is `distance <= threshold` (a boolean); without, the distance itself.
    settings: (r) => (r.chance(0.7) ? { threshold: r.between(1, 10), ...answerKey(r) } : answerKey(r)),
  },
  { key: "auto_semantic_similarity", label: "Semantic similarity", score: "unit", settings: (r) => answerKey(r) },
  { key: "auto_json_diff", label: "JSON diff", score: "unit", settings: (r) => ({ compare_schema_only: r.chance(0.3), ...answerKey(r) }) },
  { key: "rag_faithfulness", label: "RAG faithfulness", score: "unit", settings: () => ({}) },
  { key: "rag_context_relevancy", label: "RAG context relevancy", score: "unit", settings: () => ({}) },
];

/** How the aggregate of `kind` with these settings looks: Levenshtein with a threshold is a ratio. */
export const scoreOf = (kind: EvaluatorKind, settings: Readonly<Record<string, unknown>>): ScoreKind =>
  kind.score === "distance" && typeof settings.threshold === "number" ? "ratio" : kind.score;

/** aggregate_binary (regex) and aggregate_ai_critique answer null instead of an error; the others fail. */
export const aggregatesToNull = (kind: EvaluatorKind): boolean => kind.key === "auto_regex_test" || kind.key === "auto_ai_critique";

/** The aggregated value over `rows` test cases: a mean of per-row values, as the real service computes it. */
export function aggregateValue(score: ScoreKind, rng: Rng, rows: number): number {
  switch (score) {
    case "ratio":
      return rng.between(0, rows) / rows;
    case "score": {
      // The mean of integer grades 0..10, mostly good ones.
      let total = 0;
      for (let i = 0; i < rows; i++) total += rng.between(rng.chance(0.8) ? 5 : 0, 10);
      return total / rows;
    }
    case "unit":
      return rng.next();
    case "distance":
      return rng.float(0, 40);
  }
}
