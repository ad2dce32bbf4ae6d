// Run by no-eval.test.ts in a child process started with --disallow-code-generation-from-strings
// (V8 then refuses eval and `new Function`, as a browser does under a Content-Security-Policy
// without 'unsafe-eval'). Counts every call of the Function constructor, checks the way a user
// would through the browser entry, and prints the findings with the counts as JSON.
import { readFileSync } from "node:fs";
import { brokenEvaluation, conformingEvaluation } from "./broken-records.js";

const NativeFunction = globalThis.Function;
let functionCalls = 0;
globalThis.Function = new Proxy(NativeFunction, {
  construct(target, args, newTarget) {
    functionCalls++;
    return Reflect.construct(target, args, newTarget) as object;
  },
  apply(target, self, args) {
    functionCalls++;
    return Reflect.apply(target, self, args) as unknown;
  },
});

/** The name of the error `run` throws, or "none". */
function thrown(run: () => unknown): string {
  try {
    run();
    return "none";
  } catch (error) {
    return error instanceof Error ? error.name : typeof error;
  }
}

// The guard is on: compiling code from a string throws.
const guard = thrown(() => new NativeFunction("return 1"));

const { checkDataset, checkDocument, checkResponse } = await import("../../src/index.browser.js");
const dataset = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as unknown;
const headers = { "content-type": "application/json" };
const findings = {
  dataset: checkDataset(dataset),
  conforming: checkDocument("Evaluation", [conformingEvaluation()]),
  broken: checkDocument("Evaluation", [conformingEvaluation(), brokenEvaluation()]),
  response: checkResponse("listEvaluations", { status: 200, headers, body: JSON.stringify([brokenEvaluation(1)]) }),
  // Past the pre-check's trial: the spotless validators run too.
  many: checkDocument("Evaluation", [...Array.from({ length: 100 }, conformingEvaluation), brokenEvaluation(2)]),
  human: checkResponse("getHumanEvaluation", { status: 200, headers, body: { id: 1 } }),
};
const callsDuringChecks = functionCalls;

// The control: compiling a validator at run time, what the checker did before, is refused here.
// (Ajv logs the code it failed to compile: kept off stderr, which the test expects empty.)
const { createCheckerAjv } = await import("../../src/check/ajv-instances.js");
const logError = console.error;
console.error = () => {};
const runtimeCompile = thrown(() => createCheckerAjv().getSchema("https://evals-contract.dev/schemas/Error.json"));
console.error = logError;

process.stdout.write(JSON.stringify({ guard, callsDuringChecks, runtimeCompile, findings }));
