// Which operation of the service each pact interaction exercises, so the verify report can file a
// Pact result under its endpoint. The verifier's result names interactions only by description:
// local pact files are read for their request paths; broker pacts are matched by description.
import { readdir } from "node:fs/promises";
import { readJsonFile } from "../io/read-json-file.js";
import { OPERATION_IDS, OPERATIONS, type OperationId } from "../contract/operations.js";
import { ToolkitError } from "../errors.js";
import { CONTRACTS_DIR, PACT_INTERACTIONS } from "./contract.js";

const OPERATION_PATHS: ReadonlyArray<[RegExp, OperationId]> = OPERATION_IDS.map((id) => [
  new RegExp(`^${OPERATIONS[id].path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
  id,
]);

/** The operation of a request path of a pact (`/human-evaluations/667e...` -> getHumanEvaluation). */
export function operationForPath(path: string): OperationId | undefined {
  const bare = path.split("?")[0] ?? path;
  return OPERATION_PATHS.find(([pattern]) => pattern.test(bare))?.[1];
}

interface PactLike {
  interactions: Array<{ description?: unknown; request?: { path?: unknown } }>;
}

const isPact = (value: unknown): value is PactLike =>
  typeof value === "object" && value !== null && Array.isArray((value as { interactions?: unknown }).interactions);

export interface LocalPacts {
  files: string[];
  /** Description -> operation, from each interaction's request path. */
  operations: Map<string, OperationId>;
}

function addOperations(pact: PactLike, operations: Map<string, OperationId>): void {
  for (const interaction of pact.interactions) {
    const path = interaction.request?.path;
    const operation = typeof path === "string" ? operationForPath(path) : undefined;
    if (typeof interaction.description === "string" && operation !== undefined) operations.set(interaction.description, operation);
  }
}

/** Reads the given pact files (file errors as ToolkitErrors; E_PACT for a JSON file that is not a pact). */
export async function readPactFiles(files: readonly string[]): Promise<LocalPacts> {
  const operations = new Map<string, OperationId>();
  for (const file of files) {
    const pact = await readJsonFile(file);
    if (!isPact(pact)) throw new ToolkitError("E_PACT", `${file} is not a pact file (no "interactions" list)`);
    addOperations(pact, operations);
  }
  return { files: [...files], operations };
}

/** The committed pacts: every JSON file in contracts/ that is a pact (other JSON there is skipped). */
export async function readCommittedPacts(): Promise<LocalPacts> {
  const names = (await readdir(CONTRACTS_DIR).catch(() => [] as string[])).filter((name) => name.endsWith(".json")).sort();
  const operations = new Map<string, OperationId>();
  const files: string[] = [];
  for (const name of names) {
    const pact = await readJsonFile(`${CONTRACTS_DIR}${name}`);
    if (!isPact(pact)) continue;
    files.push(`${CONTRACTS_DIR}${name}`);
    addOperations(pact, operations);
  }
  if (files.length === 0) throw new ToolkitError("E_FILE_NOT_FOUND", `no pact file in ${CONTRACTS_DIR}`);
  return { files, operations };
}

/**
 * The operation of an interaction by its description: from the pact files when they were read,
 * else from this toolkit's own contract (a broker serves the same pact), else, for another
 * consumer's broker pact, by its wording (a best guess: the verifier reports no request path).
 */
export function operationResolver(known: ReadonlyMap<string, OperationId>): (description: string) => OperationId {
  const own = new Map(OPERATION_IDS.map((id) => [PACT_INTERACTIONS[id].description, id] as const));
  return (description) => {
    const operation = known.get(description) ?? own.get(description);
    if (operation !== undefined) return operation;
    if (!/human/i.test(description)) return "listEvaluations";
    return /\b(one|single|by id|fetch|get)\b/i.test(description) ? "getHumanEvaluation" : "listHumanEvaluations";
  };
}
