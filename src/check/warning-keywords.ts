// The annotation keywords that record warnings during validation and never fail them: allowed by
// the seed, risky for clients (src/schemas/checker-schema.ts says which schema gets which).
//
// What runs at validation time: one factory per keyword, called once per schema node with plain
// data read from the schema when the validators were compiled (keyword-code.ts), returning the
// check the validator calls with the value and its JSON Pointer. The precompiled validators
// (src/check/precompiled/, Ajv standalone code) call these factories when they load, so no closure
// has to be serialised and nothing is compiled at run time.
import type { ErrorObject } from "ajv";
import {
  describeExpectation,
  describePatternExpectation,
  describePatternMessage,
  knownValuesList,
  meetsTimestampExpectation,
  patternExpectationRule,
  pointerSegment,
  show,
  TIMESTAMP_EXPECTED,
  timestampRule,
} from "./describe-errors.js";
import { warn, warnLazily, withoutWarnings } from "./warning-sink.js";
import { isPlainObject } from "../types/json.js";
import { parallelMismatches } from "./parallel-arrays.js";
import { plural } from "./format-findings.js";

/** A validator as the checker calls it: true or false, and Ajv's errors on itself after a false. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** One keyword's check of one value: records warnings at `pointer` (the value's JSON Pointer), never fails. */
export type WarningCheck = (data: unknown, pointer: string) => void;

const NULL_OPTIONAL = "optional field is null; the contract does not mark it nullable (omit it instead)";

/**
 * x-warn-properties: unknown properties and null in optional properties of an object schema.
 * `nullable` lists the declared properties where null is no warning (required ones, whose null is a
 * type error, and those whose own schema accepts null); `owner` names the object in messages.
 */
export function warnProperties(declared: readonly string[], nullable: readonly string[], owner: string): WarningCheck {
  const declaredSet = new Set(declared);
  const nullableSet = new Set(nullable);
  return (data, pointer) => {
    if (!isPlainObject(data)) return;
    for (const key in data) {
      if (!declaredSet.has(key)) {
        warn(`${pointer}/${pointerSegment(key)}`, "unknown-property", `property "${key}" is not listed by the contract for ${owner}`);
      } else if (data[key] === null && !nullableSet.has(key)) {
        // No digits: the message is its own pattern (fold-findings.ts).
        warn(`${pointer}/${pointerSegment(key)}`, "null-optional", NULL_OPTIONAL, NULL_OPTIONAL);
      }
    }
  };
}

/** x-known-values: a string outside the known values (the schema's examples). */
export function warnUnknownValues(examples: readonly unknown[]): WarningCheck {
  const known = new Set(examples);
  const list = knownValuesList(examples);
  return (data, pointer) => {
    if (typeof data === "string" && !known.has(data)) warn(pointer, "unknown-value", `${show(data)} is not a known value (known: ${list})`);
  };
}

/**
 * x-expected holding a lone pattern (the Timestamp's): a plain regexp test. It is on every timestamp
 * of every record, where a nested validation would cost more than the rest of the record. It speaks
 * only of values that meet the schema's own pattern (`contract`; a malformed one is an error).
 */
export function expectPattern(expected: string, contract: string | null): WarningCheck {
  const pattern = new RegExp(expected);
  // The Timestamp's: tested without its regexp, and a value its contract accepts has a known rule.
  const timestamp = expected === TIMESTAMP_EXPECTED && contract !== null;
  const meets = timestamp ? meetsTimestampExpectation : (text: string): boolean => pattern.test(text);
  const contractPattern = contract === null ? undefined : new RegExp(contract);
  return (data, pointer) => {
    if (typeof data === "string" && !meets(data) && (contractPattern === undefined || contractPattern.test(data))) {
      // The common case (a naive timestamp on every record): its message made only if needed.
      const known = timestamp ? timestampRule(data) : patternExpectationRule(data);
      if (known !== undefined) warnLazily(pointer, known[0], known[1], describePatternMessage, data);
      else {
        const { rule, message, pattern } = describePatternExpectation(data);
        warn(pointer, rule, message, pattern);
      }
    }
  };
}

/** x-expected as a schema of its own (compiled with the rest, `validate`): each failure of it is a warning. */
export function expectSchema(validate: CompiledValidator): WarningCheck {
  return (data, pointer) => {
    if (withoutWarnings(() => validate(data))) return;
    for (const error of validate.errors ?? []) {
      if (error.keyword === "if") continue;
      const { pointer: inner, rule, message } = describeExpectation(error);
      warn(pointer + inner, rule, message);
    }
  };
}

/** x-parallel-arrays (their names): parallel arrays of different lengths, each at its own path. */
export function warnParallelArrays(names: readonly string[]): WarningCheck {
  return (data, pointer) => {
    for (const { name, length, expected, reference } of parallelMismatches(data, names))
      warn(
        `${pointer}/${pointerSegment(name)}`,
        "parallel-arrays",
        `has ${plural(length, "item")} but ${reference} has ${expected}: ${names.join(", ")} are parallel (item i of each is the same variant; the real service and its web client read them by index)`,
      );
  };
}
