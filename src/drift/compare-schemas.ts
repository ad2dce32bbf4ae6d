// Compares a response schema of the contract with the provider's, field by field. Direction: the
// provider's document describes what it sends, the contract what clients read. So anything the
// provider may send that the contract does not allow is breaking (a missing or renamed field, a
// required field made optional, null where the contract says non-null, another type, a new anyOf
// branch); anything it promises beyond the contract is compatible (an extra field, a narrower type).
import type { DriftFinding, DriftKind, DriftSeverity } from "./finding.js";
import { ToolkitError } from "../errors.js";
import { describe, escapePointer, normalize, type Json, type NormalSchema } from "./normalize.js";

export interface SchemaSide {
  doc: unknown;
  schema: unknown;
  pointer: string;
}

interface Walk {
  contract: unknown;
  provider: unknown;
  where: string;
  findings: DriftFinding[];
  /** Pointer pairs already compared: a component reached twice is reported once. */
  seen: Set<string>;
}

const fieldPath = (path: string, name: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}['${name}']`;

/** `integer` is a `number`: a provider integer where the contract says number narrows, the other way widens. */
const covers = (outer: Set<string>, type: string): boolean => outer.has(type) || (type === "integer" && outer.has("number"));

function emit(
  walk: Walk,
  severity: DriftSeverity,
  kind: DriftKind,
  path: string,
  message: string,
  c?: NormalSchema,
  p?: NormalSchema,
): void {
  walk.findings.push({
    severity,
    kind,
    where: walk.where,
    path,
    message,
    provider: p ? `#${p.pointer}` : undefined,
    contract: c ? `#${c.pointer}` : undefined,
  });
}

/** Which provider field a missing contract field most likely became: same shape, most similar name. */
function likelyRename(walk: Walk, c: NormalSchema, p: NormalSchema, name: string, added: string[]): string | undefined {
  const shape = describe(
    walk.contract,
    normalize(walk.contract, c.properties!.get(name), `${c.pointer}/properties/${escapePointer(name)}`),
    1,
  );
  const candidates = added.filter(
    (a) =>
      describe(walk.provider, normalize(walk.provider, p.properties!.get(a), `${p.pointer}/properties/${escapePointer(a)}`), 1) === shape,
  );
  const words = (s: string): Set<string> =>
    new Set(
      s
        .toLowerCase()
        .split(/[_\W]+/)
        .filter(Boolean),
    );
  const overlap = (a: string): number => [...words(a)].filter((w) => words(name).has(w)).length;
  return candidates.sort((a, b) => overlap(b) - overlap(a))[0];
}

function compareObjects(walk: Walk, c: NormalSchema, p: NormalSchema, path: string): void {
  if (!c.properties) return; // the contract allows any object: nothing the provider lists can break it
  const provided = p.properties ?? new Map<string, Json>();
  const missing = [...c.properties.keys()].filter((k) => !provided.has(k));
  const added = [...provided.keys()].filter((k) => !c.properties!.has(k));
  for (const name of missing) {
    const renamed = p.properties ? likelyRename(walk, c, p, name, added) : undefined;
    const where = fieldPath(path, name);
    if (renamed !== undefined) {
      added.splice(added.indexOf(renamed), 1);
      emit(
        walk,
        "breaking",
        "field-renamed",
        where,
        `likely renamed to "${renamed}" (a missing and an added field of the same type)`,
        c,
        p,
      );
    } else emit(walk, "breaking", "field-missing", where, `the provider does not describe "${name}"`, c, p);
  }
  for (const name of added)
    emit(
      walk,
      "compatible",
      "field-added",
      fieldPath(path, name),
      `the provider also sends "${name}"${p.required.has(name) ? " (required)" : ""}`,
      c,
      p,
    );
  for (const [name, schema] of c.properties) {
    const other = provided.get(name);
    if (other === undefined) continue;
    const where = fieldPath(path, name);
    if (c.required.has(name) && !p.required.has(name))
      emit(walk, "breaking", "required-changed", where, "required in the contract, optional for the provider: it may be left out", c, p);
    else if (!c.required.has(name) && p.required.has(name))
      emit(walk, "compatible", "required-changed", where, "optional in the contract, always sent by the provider", c, p);
    compare(
      walk,
      { doc: walk.contract, schema, pointer: `${c.pointer}/properties/${escapePointer(name)}` },
      { doc: walk.provider, schema: other, pointer: `${p.pointer}/properties/${escapePointer(name)}` },
      where,
    );
  }
}

/** Matches the provider's anyOf branches to the contract's: by component name, then by type. */
function compareBranches(walk: Walk, c: NormalSchema, p: NormalSchema, path: string): void {
  const side = (doc: unknown, s: NormalSchema): NormalSchema[] =>
    s.branches ? s.branches.map((b) => normalize(doc, b.schema, b.pointer)) : [s];
  const cb = side(walk.contract, c);
  const pb = side(walk.provider, p);
  const used = new Set<NormalSchema>();
  const typeKey = (s: NormalSchema): string => (s.types ? [...s.types].sort().join("|") : "any");
  for (const branch of pb) {
    const match =
      cb.find((x) => !used.has(x) && x.name !== undefined && x.name === branch.name) ??
      cb.find((x) => !used.has(x) && typeKey(x) === typeKey(branch) && (x.name === undefined) === (branch.name === undefined)) ??
      cb.find((x) => !used.has(x) && typeKey(x) === typeKey(branch));
    if (!match) {
      emit(walk, "breaking", "anyof-branch-added", path, `the provider may also send ${describe(walk.provider, branch, 1)}`, c, branch);
      continue;
    }
    used.add(match);
    compare(
      walk,
      { doc: walk.contract, schema: { $ref: `#${match.pointer}` }, pointer: match.pointer },
      { doc: walk.provider, schema: { $ref: `#${branch.pointer}` }, pointer: branch.pointer },
      path,
      match,
      branch,
    );
  }
  for (const branch of cb)
    if (!used.has(branch))
      emit(
        walk,
        "compatible",
        "anyof-branch-missing",
        path,
        `the provider never sends the contract's branch ${describe(walk.contract, branch, 1)}`,
        branch,
        p,
      );
}

/** Schema levels compared below a response body (records nest 4): deeper is a hostile or broken document. */
export const MAX_SCHEMA_DEPTH = 200;

export function compare(walk: Walk, contract: SchemaSide, provider: SchemaSide, path: string, cn?: NormalSchema, pn?: NormalSchema): void {
  // The levels are counted by path (`$.a.b[*]`): each recursion adds one step to it.
  if ((path.match(/\.|\[/g) ?? []).length > MAX_SCHEMA_DEPTH)
    throw new ToolkitError(
      "E_OPENAPI_INVALID",
      `the provider's schema at ${walk.where} nests more than ${MAX_SCHEMA_DEPTH} levels below the body (at #${provider.pointer})`,
    );
  const c = cn ?? normalize(contract.doc, contract.schema, contract.pointer);
  const p = pn ?? normalize(provider.doc, provider.schema, provider.pointer);
  const key = `${c.pointer}|${p.pointer}`;
  if (walk.seen.has(key)) return;
  walk.seen.add(key);

  if (c.name && p.name && c.name !== p.name)
    emit(
      walk,
      "compatible",
      "schema-name",
      path,
      `the contract's ${c.name} is called ${p.name} by the provider (generated client types change name)`,
      c,
      p,
    );
  if (!c.nullable && p.nullable)
    emit(walk, "breaking", "nullable-changed", path, "may be null for the provider; the contract says it is never null", c, p);
  else if (c.nullable && !p.nullable)
    emit(walk, "compatible", "nullable-changed", path, "nullable in the contract, never null for the provider", c, p);

  if (c.branches || p.branches) return compareBranches(walk, c, p, path);

  if (c.types && !p.types)
    emit(walk, "breaking", "type-changed", path, `${describe(walk.contract, c)} in the contract; any value for the provider`, c, p);
  else if (c.types && p.types) {
    const wider = [...p.types].filter((t) => !covers(c.types!, t));
    const narrower =
      [...c.types].some((t) => !covers(p.types!, t)) || [...p.types].some((t) => t === "integer" && !c.types!.has("integer"));
    const change = `${[...c.types].sort().join("|")} in the contract, ${[...p.types].sort().join("|")} for the provider`;
    if (wider.length > 0) emit(walk, "breaking", "type-changed", path, change, c, p);
    else if (narrower) emit(walk, "compatible", "type-changed", path, change, c, p);
  }

  if (c.format !== p.format) {
    if (p.format === undefined)
      emit(walk, "breaking", "format-changed", path, `format ${c.format} in the contract; the provider promises none`, c, p);
    else if (c.format === undefined) emit(walk, "compatible", "format-changed", path, `the provider promises format ${p.format}`, c, p);
    else emit(walk, "breaking", "format-changed", path, `format ${c.format} in the contract, ${p.format} for the provider`, c, p);
  }
  if (c.enum || p.enum) {
    const extra = p.enum ? p.enum.filter((v) => !(c.enum ?? p.enum!).some((x) => JSON.stringify(x) === JSON.stringify(v))) : undefined;
    if (c.enum && !p.enum)
      emit(walk, "breaking", "enum-changed", path, "the contract lists the values; the provider does not limit them", c, p);
    else if (extra && extra.length > 0)
      emit(walk, "breaking", "enum-changed", path, `the provider may also send ${extra.map((v) => JSON.stringify(v)).join(", ")}`, c, p);
    else if (!c.enum || c.enum.length !== p.enum!.length)
      emit(walk, "compatible", "enum-changed", path, "the provider sends fewer values than the contract allows", c, p);
  }

  const isObject = (s: NormalSchema): boolean => s.types?.has("object") === true || s.properties !== undefined;
  if (isObject(c) && isObject(p)) compareObjects(walk, c, p, path);
  if (c.types?.has("array") && p.types?.has("array") && c.items)
    compare(
      walk,
      { doc: contract.doc, schema: c.items, pointer: `${c.pointer}/items` },
      { doc: provider.doc, schema: p.items ?? {}, pointer: `${p.pointer}/items` },
      `${path}[*]`,
    );
}

/** The findings of one response body schema pair; `seen` is shared by a whole document's comparison. */
export function compareResponseSchemas(contract: SchemaSide, provider: SchemaSide, where: string, seen: Set<string>): DriftFinding[] {
  const walk: Walk = { contract: contract.doc, provider: provider.doc, where, findings: [], seen };
  compare(walk, contract, provider, "$");
  return walk.findings;
}
