// The one place that creates the checker's Ajv instances and adds every schema. They run at build
// time: scripts/precompile-validators.ts writes their validators as Ajv standalone code into
// src/check/precompiled/, which is what the checker uses (registry.ts), in Node and in browsers,
// so no validator is compiled (`new Function`) at run time. Tests compile with them at run time to
// compare. Nothing on the checking path imports this module.
import { Ajv2020, type Options } from "ajv/dist/2020.js";
import { Ajv } from "ajv/dist/ajv.js";
import { _, Name } from "ajv/dist/compile/codegen/index.js";
import { loadSchemas } from "../schemas/catalog.js";
import { toCheckerSchema, toErrorsSchema, toSpotlessSchema } from "../schemas/checker-schema.js";
import { addSpotlessKeywords, addWarningKeywords, RUNTIME } from "./keyword-code.js";
import { FORMATS } from "./validator-runtime.js";

const COMMON: Options = {
  strictTypes: false,
  strictTuples: false,
  formats: FORMATS,
  // The schemas' patterns are ASCII, and non-unicode regexps run faster.
  unicodeRegExp: false,
  // Standalone ES module code (one statement a line, for readable diffs of the generated files);
  // the format is validator-runtime.ts's, which the generated modules import as RUNTIME.
  code: { source: true, esm: true, lines: true, formats: _`${new Name(RUNTIME)}.FORMATS` },
};

/** The checking validators: errors as Ajv errors, warnings recorded by the warning keywords. */
export function createCheckerAjv(): Ajv2020 {
  // allErrors: report every finding; verbose: errors carry the data and schema the messages need.
  const ajv = new Ajv2020({ ...COMMON, allErrors: true, verbose: true });
  addWarningKeywords(ajv);
  for (const schema of loadSchemas().values()) ajv.addSchema(toCheckerSchema(schema));
  return ajv;
}

/** The fast pre-check's yes/no validators (see toSpotlessSchema). */
export function createSpotlessAjv(): Ajv2020 {
  const ajv = new Ajv2020(COMMON);
  addSpotlessKeywords(ajv);
  for (const schema of loadSchemas().values()) ajv.addSchema(toSpotlessSchema(schema));
  return ajv;
}

/**
 * The checker's errors alone (see toErrorsSchema), for the record builders: no warning keyword, and
 * every $ref a call rather than a copy, so the two record validators are small enough for a page.
 * Compiled by Ajv's draft-07 class: the schemas use no keyword of 2020-12 that draft-07 lacks, and
 * its code carries no 2020-12 evaluation tracking (a keyword it does not know fails `npm run gen`;
 * test/check/precompiled.test.ts holds its findings to the checker's). No messages: describe-errors.ts words every
 * keyword these schemas use itself.
 */
export function createErrorsAjv(): Ajv {
  const ajv = new Ajv({ ...COMMON, allErrors: true, verbose: true, inlineRefs: false, messages: false });
  for (const schema of loadSchemas().values()) {
    const { $schema: _draft, ...rest } = toErrorsSchema(schema);
    ajv.addSchema(rest);
  }
  return ajv;
}
