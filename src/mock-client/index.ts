// `evals-contract/mock-client`: a typed client of the node mock's sessions and journal, fetch only
// (Node, Playwright, a page on the mock's origin). docs/mock.md, "The mock client".
export { createMockClient, MockClientError, MOCK_CLIENT_MAX_ANSWER_BYTES, MOCK_CLIENT_TIMEOUT_MS } from "./create-mock-client.js";
export type { MockClient, MockClientOptions, MockSession, SessionChange, SessionJournalFilter } from "./create-mock-client.js";
export { SESSION_COOKIE, SESSION_HEADER, isSessionName } from "../mock/session-name.js";
export type { JournalEntry, JournalFilter } from "../mock/journal.js";
export type { RespondSetting, ScenarioSetting, ScenarioSwitch } from "../mock/scenario-switch.js";
export type { SessionInfo } from "../mock/sessions.js";
export type { FaultName } from "../mock/faults.js";
export type { OperationId } from "../contract/operations.js";
export type { Dataset } from "../types/dataset.js";
