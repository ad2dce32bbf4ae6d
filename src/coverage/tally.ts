// The coverage report: for each operation, each surface item (statuses, parameter forms) and each
// client case, how many observations of each side showed it and the first request that did; the
// totals per side; and the verdict under --min and --require. Pure: the inputs are observations.
import { casesOf, SURFACE } from "../contract/client-cases.js";
import { OPERATION_IDS, OPERATIONS, type OperationId } from "../contract/operations.js";
import type { Observation, ObservationSide, ObservationSource } from "./observation.js";

export interface SideCount {
  count: number;
  /** The first request (in input order) that showed it. */
  first?: string;
}

export interface CoverageRow {
  operationId: OperationId;
  kind: "surface" | "case";
  id: string;
  label: string;
  /** How to reach it when it was not seen. */
  hint: string;
  /** Only a mock makes it (a forced error or delay): counted for the consumer, not for a provider. */
  forced?: true;
  consumer?: SideCount;
  provider?: SideCount;
}

export interface SideTotal {
  seen: number;
  total: number;
  percent: number;
  observations: number;
}

export interface CoverageInput {
  /** The file, or a name for observations handed over in memory. */
  file: string;
  side: ObservationSide;
  source: ObservationSource | "mixed";
  observations: number;
}

export interface CoverageOptions {
  /** Each side's percentage must reach this (0-100). */
  min?: number;
  /** Items that must be seen on every side given: `id` (any operation) or `operationId:id`. */
  require?: readonly string[];
}

export interface CoverageReport {
  tool: "coverage";
  inputs: CoverageInput[];
  /** The sides with observations, consumer first. */
  sides: ObservationSide[];
  rows: CoverageRow[];
  totals: Partial<Record<ObservationSide, SideTotal>>;
  min?: number;
  required: string[];
  /** `side: item` for each required item a side did not see. */
  missingRequired: string[];
  /** Sides under --min. */
  belowMin: ObservationSide[];
  verdict: "pass" | "fail";
  passed: boolean;
}

/** Every id --require takes: surface and case ids, alone or as `operationId:id`. */
export function requirableIds(): string[] {
  const ids = new Set<string>();
  for (const operationId of OPERATION_IDS) {
    for (const item of [...SURFACE[operationId], ...casesOf(operationId)]) {
      ids.add(item.id);
      ids.add(`${operationId}:${item.id}`);
    }
  }
  return [...ids];
}

/** The endpoint label of an operation, as verify's report names it. */
export const endpointLabel = (operationId: OperationId): string =>
  operationId === "getHumanEvaluation" ? `GET ${OPERATIONS[operationId].path}` : `GET ${OPERATIONS[operationId].path}?app_id={app_id}`;

const percent = (seen: number, total: number): number => (total === 0 ? 100 : Math.round((seen / total) * 1000) / 10);

export function tallyCoverage(
  observations: readonly Observation[],
  inputs: CoverageInput[],
  options: CoverageOptions = {},
): CoverageReport {
  const sides = (["consumer", "provider"] as const).filter((side) => observations.some((o) => o.side === side));
  const rows: CoverageRow[] = [];
  const index = new Map<string, CoverageRow>();
  for (const operationId of OPERATION_IDS) {
    type Item = { id: string; label: string; hint: string; forced?: true };
    const items: Array<[CoverageRow["kind"], Item]> = [
      ...SURFACE[operationId].map((item): [CoverageRow["kind"], Item] => ["surface", item]),
      ...casesOf(operationId).map((item): [CoverageRow["kind"], Item] => ["case", item]),
    ];
    for (const [kind, item] of items) {
      const row: CoverageRow = {
        operationId,
        kind,
        id: item.id,
        label: item.label,
        hint: kind === "case" && operationId === "getHumanEvaluation" ? "fetch by id a record that shows it" : item.hint,
      };
      if (item.forced) row.forced = true;
      for (const side of sides) if (side === "consumer" || !item.forced) row[side] = { count: 0 };
      rows.push(row);
      index.set(`${operationId}:${item.id}`, row);
    }
  }
  for (const observation of observations) {
    for (const id of [...observation.surface, ...observation.cases]) {
      const row = index.get(`${observation.operationId}:${id}`);
      const count = row?.[observation.side];
      if (count === undefined) continue;
      count.count += observation.count ?? 1;
      count.first ??= observation.request;
    }
  }
  const totals: CoverageReport["totals"] = {};
  for (const side of sides) {
    const counted = rows.filter((row) => row[side] !== undefined);
    const seen = counted.filter((row) => row[side]!.count > 0).length;
    const requests = observations.reduce((sum, o) => sum + (o.side === side ? (o.count ?? 1) : 0), 0);
    totals[side] = { seen, total: counted.length, percent: percent(seen, counted.length), observations: requests };
  }
  const required = [...(options.require ?? [])];
  const missingRequired: string[] = [];
  for (const requirement of required) {
    const matching = requirement.includes(":") ? [index.get(requirement)] : rows.filter((row) => row.id === requirement);
    for (const side of sides) {
      const applicable = matching.filter((row) => row?.[side] !== undefined);
      if (applicable.length > 0 && !applicable.some((row) => row![side]!.count > 0)) missingRequired.push(`${side}: ${requirement}`);
    }
  }
  const belowMin = options.min === undefined ? [] : sides.filter((side) => totals[side]!.percent < options.min!);
  const passed = missingRequired.length === 0 && belowMin.length === 0;
  return {
    tool: "coverage",
    inputs,
    sides: [...sides],
    rows,
    totals,
    ...(options.min === undefined ? {} : { min: options.min }),
    required,
    missingRequired,
    belowMin,
    verdict: passed ? "pass" : "fail",
    passed,
  };
}
