// Compares a provider's OpenAPI document (3.0 or 3.1) with the contract's: the operations (method
// and path; `/x` and `/x/` are one path, as the real service serves both), their parameters, the
// responses the contract documents and every field of their JSON bodies (compare-schemas.ts).
// Titles, descriptions, examples, tags and patterns are not compared: they change no byte on the wire.
import { isPlainObject } from "../types/json.js";
import { compareResponseSchemas } from "./compare-schemas.js";
import type { DriftFinding, DriftReport } from "./finding.js";
import { escapePointer, normalize, resolvePointer, type Json } from "./normalize.js";

export interface CompareOptions {
  /** Names the provider's document in the report. */
  source?: string;
  /** A prefix the provider's paths carry and the contract's do not, e.g. `/api`. */
  basePath?: string;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

interface Operation {
  method: string;
  /** The path as the document writes it. */
  path: string;
  pointer: string;
  node: Json;
  parameters: Map<string, { param: Json; pointer: string }>;
  /** Path parameter names in template order. */
  pathNames: string[];
}

/** `/human-evaluations/{id}/` and `/human-evaluations/{evaluation_id}` are one route. */
const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}").replace(/(.)\/$/, "$1")}`;

function deref(doc: unknown, value: unknown): Json {
  for (let i = 0; i < 16 && isPlainObject(value) && typeof value.$ref === "string"; i++) value = resolvePointer(doc, value.$ref);
  return isPlainObject(value) ? value : {};
}

function operationsOf(doc: Json, basePath: string): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  const paths = isPlainObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    const route = basePath !== "" && path.startsWith(basePath) ? path.slice(basePath.length) || "/" : path;
    for (const method of METHODS) {
      if (!isPlainObject(item[method])) continue;
      const key = routeKey(method, route);
      if (ops.has(key)) continue; // the trailing-slash twin of a path already seen
      const pointer = `/paths/${escapePointer(path)}/${method}`;
      const node = item[method] as Json;
      const parameters = new Map<string, { param: Json; pointer: string }>();
      // Path-level parameters first; the operation's own override them (OpenAPI: by name and location).
      for (const [list, at] of [
        [item.parameters, `/paths/${escapePointer(path)}/parameters`],
        [node.parameters, `${pointer}/parameters`],
      ] as const)
        if (Array.isArray(list))
          list.forEach((raw, i) => {
            const param = deref(doc, raw);
            if (typeof param.name === "string" && typeof param.in === "string")
              parameters.set(`${param.in}.${param.name}`, { param, pointer: `${at}/${i}` });
          });
      const pathNames = [...route.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      ops.set(key, { method: method.toUpperCase(), path: route.replace(/(.)\/$/, "$1"), pointer, node, parameters, pathNames });
    }
  }
  return ops;
}

const typeOf = (doc: unknown, param: Json, pointer: string): string => {
  const s = normalize(doc, param.schema, `${pointer}/schema`);
  return s.types ? [...s.types].sort().join("|") : "any";
};

function compareParameters(contractDoc: Json, providerDoc: Json, c: Operation, p: Operation, where: string, out: DriftFinding[]): void {
  const push = (f: Omit<DriftFinding, "where">): void => void out.push({ where, ...f });
  const matched = new Set<string>();
  for (const [key, { param, pointer }] of c.parameters) {
    let other = p.parameters.get(key);
    let otherKey = key;
    if (!other && param.in === "path") {
      // Path parameters are positional for a client: the same place under another name is the same parameter.
      const name = p.pathNames[c.pathNames.indexOf(param.name as string)];
      otherKey = `path.${name}`;
      other = name === undefined ? undefined : p.parameters.get(otherKey);
      if (other)
        push({
          severity: "compatible",
          kind: "parameter-renamed",
          path: key,
          message: `called "${name}" by the provider (same place in the path)`,
          contract: `#${pointer}`,
          provider: `#${other.pointer}`,
        });
    }
    if (!other) {
      push({
        severity: "breaking",
        kind: "parameter-missing",
        path: key,
        message: `the provider does not take ${param.in} parameter "${String(param.name)}": clients send it for nothing`,
        contract: `#${pointer}`,
        provider: `#${p.pointer}`,
      });
      continue;
    }
    matched.add(otherKey);
    const at = { contract: `#${pointer}`, provider: `#${other.pointer}` };
    const [cReq, pReq] = [param.required === true, other.param.required === true];
    if (!cReq && pReq)
      push({
        severity: "breaking",
        kind: "parameter-required",
        path: key,
        message: "optional in the contract, required by the provider: clients that leave it out get an error",
        ...at,
      });
    else if (cReq && !pReq)
      push({
        severity: "compatible",
        kind: "parameter-required",
        path: key,
        message: "required in the contract, optional for the provider",
        ...at,
      });
    const [ct, pt] = [typeOf(contractDoc, param, pointer), typeOf(providerDoc, other.param, other.pointer)];
    // Request direction: the provider must accept what clients send.
    if (ct !== pt) {
      const accepts =
        pt === "any" ||
        (ct !== "any" && ct.split("|").every((t) => pt.split("|").includes(t) || (t === "integer" && pt.split("|").includes("number"))));
      push({
        severity: accepts ? "compatible" : "breaking",
        kind: "parameter-type",
        path: key,
        message: `${ct} in the contract, ${pt} for the provider`,
        ...at,
      });
    }
  }
  for (const [key, { param, pointer }] of p.parameters) {
    if (matched.has(key)) continue;
    const required = param.required === true;
    push({
      severity: required ? "breaking" : "compatible",
      kind: "parameter-added",
      path: key,
      message: required
        ? "the provider requires a parameter clients do not send"
        : "the provider takes an optional parameter the contract does not list",
      provider: `#${pointer}`,
    });
  }
}

const jsonMedia = (content: unknown): string | undefined =>
  isPlainObject(content) ? Object.keys(content).find((m) => m === "application/json" || /^application\/[\w.+-]*json\b/.test(m)) : undefined;

function compareResponses(
  contractDoc: Json,
  providerDoc: Json,
  c: Operation,
  p: Operation,
  label: string,
  seen: Set<string>,
  out: DriftFinding[],
): void {
  const cResponses = isPlainObject(c.node.responses) ? c.node.responses : {};
  const pResponses = isPlainObject(p.node.responses) ? p.node.responses : {};
  for (const [status, rawC] of Object.entries(cResponses)) {
    const where = `${label} ${status}`;
    const cPointer = `${c.pointer}/responses/${status}`;
    if (!(status in pResponses)) {
      out.push({
        severity: status.startsWith("2") ? "breaking" : "compatible",
        kind: "response-missing",
        where,
        path: "",
        message: `the provider does not document ${status}`,
        contract: `#${cPointer}`,
        provider: `#${p.pointer}/responses`,
      });
      continue;
    }
    const pPointer = `${p.pointer}/responses/${status}`;
    const [cr, pr] = [deref(contractDoc, rawC), deref(providerDoc, pResponses[status])];
    const cMedia = jsonMedia(cr.content);
    if (cMedia === undefined) continue;
    const pMedia = jsonMedia(pr.content);
    if (pMedia === undefined) {
      out.push({
        severity: "breaking",
        kind: "content-type-missing",
        where,
        path: "",
        message: `the provider documents no JSON body (the contract: ${cMedia})`,
        contract: `#${cPointer}/content`,
        provider: `#${pPointer}`,
      });
      continue;
    }
    const cSchema = ((cr.content as Json)[cMedia] as Json | undefined)?.schema;
    const pSchema = ((pr.content as Json)[pMedia] as Json | undefined)?.schema;
    out.push(
      ...compareResponseSchemas(
        { doc: contractDoc, schema: cSchema, pointer: `${cPointer}/content/${escapePointer(cMedia)}/schema` },
        { doc: providerDoc, schema: pSchema, pointer: `${pPointer}/content/${escapePointer(pMedia)}/schema` },
        where,
        seen,
      ),
    );
  }
  for (const status of Object.keys(pResponses))
    if (!(status in cResponses))
      out.push({
        severity: "compatible",
        kind: "response-added",
        where: `${label} ${status}`,
        path: "",
        message: `the provider also documents ${status}`,
        provider: `#${p.pointer}/responses/${status}`,
      });
}

const versionOf = (doc: Json): string => (typeof doc.openapi === "string" ? doc.openapi : "?");

/** Every difference between the contract's document and the provider's, each with its severity. */
export function compareOpenApi(contract: Json, provider: Json, options: CompareOptions = {}): DriftReport {
  const findings: DriftFinding[] = [];
  const [cv, pv] = [versionOf(contract), versionOf(provider)];
  if (cv.split(".").slice(0, 2).join(".") !== pv.split(".").slice(0, 2).join("."))
    findings.push({
      severity: "compatible",
      kind: "openapi-version",
      where: "document",
      path: "",
      message: `OpenAPI ${pv} (the contract: ${cv}); the nullable forms of both are understood`,
    });
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  const cOps = operationsOf(contract, "");
  const pOps = operationsOf(provider, basePath === "" ? "" : basePath.startsWith("/") ? basePath : `/${basePath}`);
  const seen = new Set<string>();
  for (const [key, c] of cOps) {
    const label = `${c.method} ${c.path}`;
    const p = pOps.get(key);
    if (!p) {
      findings.push({
        severity: "breaking",
        kind: "operation-missing",
        where: label,
        path: "",
        message: "the provider does not document this operation",
        contract: `#${c.pointer}`,
      });
      continue;
    }
    if (typeof c.node.operationId === "string" && p.node.operationId !== c.node.operationId)
      findings.push({
        severity: "compatible",
        kind: "operation-id",
        where: label,
        path: "",
        message: `operationId ${JSON.stringify(p.node.operationId)} (the contract: "${c.node.operationId}"): generated clients name the call differently`,
        contract: `#${c.pointer}/operationId`,
        provider: `#${p.pointer}/operationId`,
      });
    compareParameters(contract, provider, c, p, label, findings);
    compareResponses(contract, provider, c, p, label, seen, findings);
  }
  for (const [key, p] of pOps)
    if (!cOps.has(key))
      findings.push({
        severity: "compatible",
        kind: "operation-added",
        where: `${p.method} ${p.path}`,
        path: "",
        message: "the provider documents an operation the contract does not have",
        provider: `#${p.pointer}`,
      });
  const breaking = findings.filter((f) => f.severity === "breaking").length;
  return {
    source: options.source ?? "provider",
    providerVersion: pv,
    contractVersion: cv,
    findings,
    breaking,
    compatible: findings.length - breaking,
  };
}
