// The checker's own keywords as Ajv `code` keywords (build time: scripts/precompile-validators.ts,
// and tests). Each reads its schema node once and emits a call to a check made by a factory of
// validator-runtime.ts from plain data: Ajv passes the check by reference when it compiles at run
// time and writes `checkerRuntime.<factory>(<data>)` into standalone code, so the precompiled
// validators hold no closure that would need serialising (https://ajv.js.org/standalone.html).
//
// The keywords never fail a validation: the warnings go to the sink (warning-sink.ts), except the
// pre-check's x-parallel-arrays, which fails (spotless means nothing to report).
import type { Ajv2020, AnySchemaObject, CodeKeywordDefinition, KeywordCxt } from "ajv/dist/2020.js";
import { _, Name, strConcat, stringify, type Code } from "ajv/dist/compile/codegen/index.js";
import {
  expectPattern,
  expectSchema,
  parallelLengthsAgreeOf,
  warnParallelArrays,
  warnProperties,
  warnUnknownValues,
  type CompiledValidator,
  type WarningCheck,
} from "./validator-runtime.js";

/** The name the generated modules import validator-runtime.ts under. */
export const RUNTIME = "checkerRuntime";
const runtime = (member: string): Code => _`${new Name(RUNTIME)}.${new Name(member)}`;

// A validate function's JSON Pointer parameter: Ajv's validators destructure their second argument
// `{instancePath, parentData, parentDataProperty, rootData}` (Ajv's own names.instancePath; that
// CommonJS default export reaches an ES module as `default` or not depending on the runner).
const INSTANCE_PATH = new Name("instancePath");

/**
 * Emits `check(data, pointer)`: `check` is made once by `factory(...args)` and shared by every node
 * with the same arguments (Ajv keys scope values: one per distinct call).
 */
function callCheck(cxt: KeywordCxt, check: WarningCheck, factory: string, args: Code): void {
  const { gen, data, it } = cxt;
  const code = _`${runtime(factory)}(${args})`;
  // "keyword": the scope prefix Ajv gives keyword functions (it allows only its own prefixes).
  const name = gen.scopeValue("keyword", { key: code.toString(), ref: check, code });
  // The JSON Pointer of the value, as Ajv hands it to a `validate` keyword (vocabularies/code.ts).
  gen.code(_`${name}(${data}, ${strConcat(INSTANCE_PATH, it.errorPath)})`);
}

const argList = (...values: unknown[]): Code => values.map((value) => stringify(value)).reduce((all, next) => _`${all}, ${next}`);

/** Whether a property schema itself accepts null (e.g. Result.value, any JSON value). */
function acceptsNull(property: AnySchemaObject): boolean {
  const schema = (property.else ?? property) as AnySchemaObject;
  if (schema.type === undefined) return schema.$ref === undefined && schema.anyOf === undefined;
  return schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"));
}

const stringsOf = (names: unknown): string[] => (Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : []);

/** Unknown properties and null in optional properties of an object schema. */
const warnPropertiesKeyword: CodeKeywordDefinition = {
  keyword: "x-warn-properties",
  schemaType: "boolean",
  code(cxt) {
    const parent = cxt.parentSchema;
    const properties = (parent.properties ?? {}) as Record<string, AnySchemaObject>;
    const declared = Object.keys(properties);
    // Null is a warning only where the property is optional and its schema does not accept null.
    const required = (parent.required ?? []) as string[];
    const nullable = declared.filter((key) => required.includes(key) || acceptsNull(properties[key]!));
    const owner = typeof parent.title === "string" ? parent.title : "this object";
    callCheck(cxt, warnProperties(declared, nullable, owner), "warnProperties", argList(declared, nullable, owner));
  },
};

/** A string outside the known values listed in the schema's examples (x-known-values: true). */
const warnUnknownValuesKeyword: CodeKeywordDefinition = {
  keyword: "x-known-values",
  schemaType: "boolean",
  code(cxt) {
    if (cxt.schema !== true) return;
    const examples = Array.isArray(cxt.parentSchema.examples) ? (cxt.parentSchema.examples as unknown[]) : [];
    callCheck(cxt, warnUnknownValues(examples), "warnUnknownValues", argList(examples));
  },
};

/** Extra expectations as a schema of their own: each failure of it is a warning. */
const expectedKeyword: CodeKeywordDefinition = {
  keyword: "x-expected",
  schemaType: "object",
  code(cxt) {
    const value = cxt.schema as AnySchemaObject;
    const parent = cxt.parentSchema;
    if (Object.keys(value).length === 1 && typeof value.pattern === "string") {
      const contract = typeof parent.pattern === "string" ? parent.pattern : null;
      callCheck(cxt, expectPattern(value.pattern, contract), "expectPattern", argList(value.pattern, contract));
      return;
    }
    // The nested schema is compiled with the rest (its absolute $refs reach the checker's schemas);
    // Ajv writes a `validate` scope value's code into standalone output like a $ref's.
    const validate = cxt.it.self.compile(value) as CompiledValidator;
    const validateName = cxt.gen.scopeValue("validate", { ref: validate });
    callCheck(cxt, expectSchema(validate), "expectSchema", _`${validateName}`);
  },
};

/** Parallel arrays (x-parallel-arrays: their names) of different lengths, each at its own path. */
const warnParallelArraysKeyword: CodeKeywordDefinition = {
  keyword: "x-parallel-arrays",
  schemaType: "array",
  code(cxt) {
    const names = stringsOf(cxt.schema);
    callCheck(cxt, warnParallelArrays(names), "warnParallelArrays", argList(names));
  },
};

/** The checker's warning keywords (checker schemas: toCheckerSchema). */
export function addWarningKeywords(ajv: Ajv2020): void {
  for (const keyword of [warnPropertiesKeyword, warnUnknownValuesKeyword, expectedKeyword, warnParallelArraysKeyword])
    ajv.addKeyword(keyword);
}

/**
 * The pre-check's keywords (spotless schemas: toSpotlessSchema). x-known-values and x-expected are
 * folded into plain keywords there; parallel arrays of different lengths are not spotless.
 */
export function addSpotlessKeywords(ajv: Ajv2020): void {
  ajv.addVocabulary(["x-known-values", "x-expected"]);
  ajv.addKeyword({
    keyword: "x-parallel-arrays",
    schemaType: "array",
    code(cxt) {
      const names = stringsOf(cxt.schema);
      const code = _`${runtime("parallelLengthsAgreeOf")}(${argList(names)})`;
      const agree = cxt.gen.scopeValue("keyword", { key: code.toString(), ref: parallelLengthsAgreeOf(names), code });
      cxt.fail(_`!${agree}(${cxt.data})`);
    },
  });
}
