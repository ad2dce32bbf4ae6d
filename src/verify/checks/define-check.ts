// One way to declare a verifier check: its name, group and endpoint, and a `run` that returns its
// findings or a reason to skip. The draft, the "no --app-id" skip and the finding list are built
// here once, not in every check.
import type { OperationId } from "../../contract/operations.js";
import type { CheckGroup } from "../report.js";
import { NO_APP_ID, type CheckDraft, type FindingDraft, type VerifyContext } from "./context.js";

/** A check that could not run, with the reason the report shows. */
export interface Skip {
  skip: string;
}

export const skip = (reason: string): Skip => ({ skip: reason });

export interface CheckDefinition {
  group: CheckGroup;
  /** The check's name in reports, e.g. `app-id-filter`. */
  check: string;
  /** The endpoint label (a template, see endpoints.ts). */
  endpoint: string;
  operationId?: OperationId;
  /** Skipped with NO_APP_ID when the run has no --app-id. */
  needsAppId?: boolean;
  run(ctx: VerifyContext): Promise<FindingDraft[] | Skip>;
}

/** A check ready to run against a context. */
export type Check = (ctx: VerifyContext) => Promise<CheckDraft>;

export function defineCheck(definition: CheckDefinition): Check {
  const { group, check, endpoint, operationId, needsAppId, run } = definition;
  const base = { group, check, endpoint, ...(operationId === undefined ? {} : { operationId }) };
  return async (ctx) => {
    if (needsAppId === true && ctx.appId === undefined) return { ...base, findings: [], skipReason: NO_APP_ID };
    const result = await run(ctx);
    if ("skip" in result) return { ...base, findings: [], skipReason: result.skip };
    // Every finding named by its check and operation: the one finding type of every report.
    const named = { check, ...(operationId === undefined ? {} : { operation: operationId }) };
    return { ...base, findings: result.map((f) => ({ ...named, ...f })) };
  };
}
