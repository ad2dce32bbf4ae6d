// The annotation keywords that record warnings during validation and never fail it: allowed by
// the seed, risky for clients (src/schemas/checker-schema.ts says which schema gets which).
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { AnySchemaObject, ValidateFunction } from "ajv";
import type { DataValidationCxt } from "ajv/dist/types/index.js";
import { describeExpectation, describePatternExpectation, knownValuesList, pointerSegment, show } from "./describe-errors.js";
import { warn, withoutWarnings } from "./warning-sink.js";
import { isPlainObject } from "../types/json.js";
import { parallelMismatches } from "./parallel-arrays.js";
import { plural } from "./format-findings.js";

const pointerOf = (cxt: DataValidationCxt | undefined): string => cxt?.instancePath ?? "";

/** Whether a property schema itself accepts null (e.g. Result.value, any JSON value). */
function acceptsNull(property: AnySchemaObject): boolean {
  const schema = (property.else ?? property) as AnySchemaObject;
  if (schema.type === undefined) return schema.$ref === undefined && schema.anyOf === undefined;
  return schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"));
}

/** Unknown properties and null in optional properties of an object schema. */
function warnProperties(_value: unknown, parent: AnySchemaObject) {
  const properties = (parent.properties ?? {}) as Record<string, AnySchemaObject>;
  const declared = new Set(Object.keys(properties));
  // Null is a warning only where the property is optional and its schema does not accept null.
  const nullable = new Set(Object.keys(properties).filter((key) => (parent.required ?? []).includes(key) || acceptsNull(properties[key]!)));
  const owner = typeof parent.title === "string" ? parent.title : "this object";
  return (data: unknown, cxt?: DataValidationCxt): boolean => {
    if (!isPlainObject(data)) return true;
    for (const key in data) {
      if (!declared.has(key)) {
        warn(
          `${pointerOf(cxt)}/${pointerSegment(key)}`,
          "unknown-property",
          `property "${key}" is not listed by the contract for ${owner}`,
        );
      } else if (data[key] === null && !nullable.has(key)) {
        warn(
          `${pointerOf(cxt)}/${pointerSegment(key)}`,
          "null-optional",
          "optional field is null; the contract does not mark it nullable (omit it instead)",
        );
      }
    }
    return true;
  };
}

/** A string outside the known values listed in the schema's examples. */
function warnUnknownValues(value: unknown, parent: AnySchemaObject) {
  const examples = Array.isArray(parent.examples) ? (parent.examples as unknown[]) : [];
  const known = new Set(examples);
  const list = knownValuesList(examples);
  return (data: unknown, cxt?: DataValidationCxt): boolean => {
    if (value === true && typeof data === "string" && !known.has(data))
      warn(pointerOf(cxt), "unknown-value", `${show(data)} is not a known value (known: ${list})`);
    return true;
  };
}

/** Extra expectations as a schema of their own: each failure of it is a warning. */
function warnExpectations(ajv: Ajv2020) {
  return (value: AnySchemaObject, parent: AnySchemaObject) => {
    // A lone pattern (the Timestamp's) runs as a plain regexp test: it is on every timestamp of
    // every record, where a nested validation would cost more than the rest of the record. It
    // speaks only of values that meet the schema's own pattern (a malformed one is an error).
    if (Object.keys(value).length === 1 && typeof value.pattern === "string") {
      const pattern = new RegExp(value.pattern);
      const contract = typeof parent.pattern === "string" ? new RegExp(parent.pattern) : undefined;
      return (data: unknown, cxt?: DataValidationCxt): boolean => {
        if (typeof data === "string" && !pattern.test(data) && (contract === undefined || contract.test(data))) {
          const { rule, message } = describePatternExpectation(data);
          warn(pointerOf(cxt), rule, message);
        }
        return true;
      };
    }
    let validate: ValidateFunction | undefined;
    return (data: unknown, cxt?: DataValidationCxt): boolean => {
      validate ??= ajv.compile(value);
      const check = validate;
      if (withoutWarnings(() => check(data))) return true;
      const base = pointerOf(cxt);
      for (const error of check.errors ?? []) {
        if (error.keyword === "if") continue;
        const { pointer, rule, message } = describeExpectation(error);
        warn(base + pointer, rule, message);
      }
      return true;
    };
  };
}

/** Parallel arrays (x-parallel-arrays: their names) of different lengths, each at its own path. */
function warnParallelArrays(names: unknown) {
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  return (data: unknown, cxt?: DataValidationCxt): boolean => {
    for (const { name, length, expected, reference } of parallelMismatches(data, list))
      warn(
        `${pointerOf(cxt)}/${pointerSegment(name)}`,
        "parallel-arrays",
        `has ${plural(length, "item")} but ${reference} has ${expected}: ${list.join(", ")} are parallel (item i of each is the same variant; the real service and its web client read them by index)`,
      );
    return true;
  };
}

export function addWarningKeywords(ajv: Ajv2020): void {
  ajv.addKeyword({ keyword: "x-warn-properties", schemaType: "boolean", compile: warnProperties, errors: false });
  ajv.addKeyword({ keyword: "x-known-values", schemaType: "boolean", compile: warnUnknownValues, errors: false });
  ajv.addKeyword({ keyword: "x-expected", schemaType: "object", compile: warnExpectations(ajv), errors: false });
  ajv.addKeyword({ keyword: "x-parallel-arrays", schemaType: "array", compile: warnParallelArrays, errors: false });
}
