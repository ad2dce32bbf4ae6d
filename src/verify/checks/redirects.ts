// The redirects the provider answered with, reported once each under the endpoint that met them
// (the provider client follows same-origin ones and records every one). Not a defineCheck: it reads
// what the other checks fetched, so it runs after them. A same-origin redirect (the real service's
// 307 between `/path` and `/path/`) is a warning: every client must follow it and some lose headers
// on the way. One to another origin is an error and is not followed: a client would send its
// requests, and any credentials, to a host the base URL does not name. A chain longer than
// MAX_REDIRECTS (a loop) is an error, and so is one to a URL with credentials (not followed either).
import { redactUrlSecrets } from "../../io/redact.js";
import { MAX_REDIRECTS, type ProviderResponse } from "../../io/provider-client.js";
import { labelOfRequest, type RequestIds } from "../endpoints.js";
import type { VerificationFinding } from "../report.js";
import { finding, type CheckDraft } from "./context.js";

export function redirectFindings(response: ProviderResponse): VerificationFinding[] {
  const redirects = response.redirects ?? [];
  const last = redirects.at(-1);
  const { request } = response;
  if (last?.stop === "too-many")
    return [
      finding(
        "error",
        "$",
        "redirect-loop",
        `more than ${MAX_REDIRECTS} redirects in a row, from ${redirects[0]!.from} to ${last.to}: not followed further`,
        request,
      ),
    ];
  return redirects.map((r) =>
    r.stop === "credentials"
      ? finding(
          "error",
          "$",
          "credentials-redirect",
          `${r.status} redirect from ${redactUrlSecrets(r.from)} to ${redactUrlSecrets(r.to)}, a URL with credentials: not followed (a client would send or log them; credentials never belong in a Location)`,
          request,
        )
      : r.followed
        ? finding(
            "warning",
            "$",
            "redirect",
            `${r.status} redirect from ${redactUrlSecrets(r.from)} to ${redactUrlSecrets(r.to)} (same origin, followed): clients must follow it; serve the first URL directly`,
            request,
          )
        : finding(
            "error",
            "$",
            "cross-origin-redirect",
            `${r.status} redirect from ${redactUrlSecrets(r.from)} to ${redactUrlSecrets(r.to)}, another origin: not followed (a client would send its requests and credentials to a host the base URL does not name)`,
            request,
          ),
  );
}

/** One `redirects` check per endpoint that met a redirect; none when the provider answered every request directly. */
export function redirectDrafts(responses: readonly ProviderResponse[], ids: RequestIds): CheckDraft[] {
  const byEndpoint = new Map<string, VerificationFinding[]>();
  for (const response of responses) {
    const endpoint = labelOfRequest(response.request, ids) ?? response.request;
    const findings = byEndpoint.get(endpoint) ?? [];
    findings.push(...redirectFindings(response));
    byEndpoint.set(endpoint, findings);
  }
  return [...byEndpoint].map(([endpoint, findings]) => ({ group: "cross-endpoint", check: "redirects", endpoint, findings }));
}
