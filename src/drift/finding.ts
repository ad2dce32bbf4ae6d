// What the drift check reports: one finding per difference between a provider's published OpenAPI
// document and the contract, with where it is and whether it breaks clients. A drift is a result,
// never an exception (conventions point 3).

export type DriftSeverity = "breaking" | "compatible";

export type DriftKind =
  | "openapi-version"
  | "operation-missing"
  | "operation-added"
  | "operation-id"
  | "parameter-missing"
  | "parameter-added"
  | "parameter-renamed"
  | "parameter-required"
  | "parameter-type"
  | "response-missing"
  | "response-added"
  | "content-type-missing"
  | "field-missing"
  | "field-added"
  | "field-renamed"
  | "type-changed"
  | "nullable-changed"
  | "required-changed"
  | "format-changed"
  | "enum-changed"
  | "anyof-branch-missing"
  | "anyof-branch-added"
  | "schema-name";

export interface DriftFinding {
  severity: DriftSeverity;
  kind: DriftKind;
  /** `document`, `GET /evaluations`, or a response: `GET /evaluations 200`. */
  where: string;
  /** JSON path in the response body (`$[*].status.value`), or the parameter (`query.app_id`); "" for the operation itself. */
  path: string;
  message: string;
  /** JSON pointer into the provider's document, when the difference is there. */
  provider?: string;
  /** JSON pointer into the contract (contracts/openapi.yaml), when the difference is there. */
  contract?: string;
}

export interface DriftReport {
  /** What was compared: the file or URL given. */
  source: string;
  providerVersion: string;
  contractVersion: string;
  findings: DriftFinding[];
  breaking: number;
  compatible: number;
}
