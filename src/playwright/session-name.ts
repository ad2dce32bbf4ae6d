// The mock session of one Playwright test: unique among the tests running at once on every worker
// (the worker's index and the test's id, a hash of its project, file, title and repeat), a retry in a
// session of its own, and always a name the mock takes (1 to 64 of [A-Za-z0-9._-]).
import { createHash } from "node:crypto";
import { isSessionName } from "../mock/session-name.js";

/** What a session's name is made of: Playwright's TestInfo has these. */
export interface TestIdentity {
  workerIndex: number;
  testId: string;
  retry: number;
}

export function mockSessionName({ workerIndex, testId, retry }: TestIdentity): string {
  const name = `w${workerIndex}-${testId}${retry > 0 ? `-r${retry}` : ""}`;
  if (isSessionName(name)) return name;
  // Playwright's test ids are hex and 41 characters today; any other id is hashed into a name the mock takes.
  return `w${workerIndex}-${createHash("sha256").update(`${testId}\0${retry}`).digest("hex").slice(0, 40)}`;
}
