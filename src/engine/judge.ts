// One exchange judged by every check of the registry: the verdict on an answer, whichever tool sent
// the request. A transport fault is the transport check's alone (there is no answer to look at).
import { CHECKS, transportFindings, type CheckName, type CheckSettings } from "./checks/index.js";
import type { ProviderFinding } from "./finding.js";
import type { ExchangeOutcome } from "./http-client.js";
import { parseAnswer, type ParsedAnswer } from "./parsed-answer.js";
import { requestLine, type PlannedRequest } from "./request.js";

/**
 * The findings of every check on one exchange; `parsed` reuses a body the caller already parsed;
 * `except` names checks the caller runs itself (verify runs conformance on a long list in slices).
 */
export function judgeExchange(
  request: PlannedRequest,
  outcome: ExchangeOutcome,
  settings: CheckSettings,
  parsed?: ParsedAnswer,
  except?: ReadonlySet<CheckName>,
): ProviderFinding[] {
  if ("fault" in outcome) return transportFindings(request, outcome.fault);
  const { answer, redirects } = outcome;
  let view = parsed;
  const context = {
    request,
    answer,
    settings,
    ...(redirects === undefined ? {} : { redirects }),
    parsed: () => (view ??= parseAnswer(requestLine(request), answer, settings.maxResponseBytes, redirects)),
  };
  const findings: ProviderFinding[] = [];
  for (const check of CHECKS)
    if (except === undefined || !except.has(check.name)) for (const finding of check.run(context)) findings.push(finding);
  return findings;
}
