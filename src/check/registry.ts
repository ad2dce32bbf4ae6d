// The one place that creates Ajv instances, adds every schema and compiles validators.
// Compiled once per process and reused: nothing compiles per record or per request.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { loadSchemas, schemaId, type JsonSchema, type SchemaName } from "../schemas/catalog.js";
import { toContractVariant, toStrictVariant } from "../schemas/variants.js";

/** Our annotation keywords: meaningful to the variants, inert to Ajv itself. */
const ANNOTATION_KEYWORDS = ["x-known-values", "x-expected"];

export interface CompiledSchema {
  /** Detailed contract validation (all errors, verbose). */
  contract: ValidateFunction;
  /** Detailed strict validation (all errors, verbose). */
  strict: ValidateFunction;
  /** Fast yes/no strict validation: when it passes there is nothing to report. */
  strictQuick: ValidateFunction;
}

function createAjv(detailed: boolean, transform: (schema: JsonSchema) => JsonSchema): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: detailed,
    verbose: detailed,
    strictTypes: false,
    strictTuples: false,
    validateFormats: false,
  });
  ajv.addVocabulary(ANNOTATION_KEYWORDS);
  for (const schema of loadSchemas().values()) ajv.addSchema(transform(schema));
  return ajv;
}

let compiled: Map<SchemaName, CompiledSchema> | undefined;

function compileAll(): Map<SchemaName, CompiledSchema> {
  const contract = createAjv(true, toContractVariant);
  const strict = createAjv(true, toStrictVariant);
  const strictQuick = createAjv(false, toStrictVariant);
  const byName = new Map<SchemaName, CompiledSchema>();
  for (const name of loadSchemas().keys()) {
    const id = schemaId(name);
    const get = (ajv: Ajv2020): ValidateFunction => {
      const fn = ajv.getSchema(id);
      if (!fn) throw new Error(`schema ${id} did not compile`);
      return fn;
    };
    byName.set(name, { contract: get(contract), strict: get(strict), strictQuick: get(strictQuick) });
  }
  return byName;
}

/** The compiled validators of one schema (all schemas compile on first use). */
export function getValidators(name: SchemaName): CompiledSchema {
  compiled ??= compileAll();
  const validators = compiled.get(name);
  if (!validators) throw new Error(`no validators for schema ${name}`);
  return validators;
}
