// redirects: a redirect the provider answered with. Same-origin (the real service's 307 between
// `/path` and `/path/`) is a warning: every client must follow it and some lose headers on the way.
// One to another origin is an error and is not followed: a client would send its requests, and any
// credentials, to a host the base URL does not name. A chain longer than MAX_REDIRECTS (a loop) is
// an error, and so is one to a URL with credentials. The client follows same-origin redirects when
// the tool asks it to (verify); otherwise (fuzz) the 3xx is the answer and its Location is judged.
import { redactUrlSecrets } from "../../io/redact.js";
import { MAX_REDIRECTS, type Redirect } from "../http-client.js";
import { found, type Check, type CheckContext } from "./check.js";
import type { ProviderFinding } from "../finding.js";

const REDIRECT = /^3\d\d$/;

/** The redirect a 3xx answer that was not followed points to. */
function unfollowed({ answer, request, settings }: CheckContext): Redirect | undefined {
  const location = answer.headers.location;
  if (!REDIRECT.test(String(answer.status)) || location === undefined) return undefined;
  const from = new URL(`${new URL(settings.baseUrl).pathname.replace(/\/+$/, "")}${request.path}`, settings.baseUrl);
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return undefined;
  }
  const stop = to.origin !== from.origin ? "cross-origin" : to.username !== "" || to.password !== "" ? "credentials" : undefined;
  return {
    status: answer.status,
    from: redactUrlSecrets(from.href),
    to: redactUrlSecrets(to.href),
    followed: false,
    ...(stop === undefined ? {} : { stop }),
  };
}

function judge(context: CheckContext, r: Redirect): ProviderFinding {
  const hop = `${r.status} redirect from ${redactUrlSecrets(r.from)} to ${redactUrlSecrets(r.to)}`;
  if (r.stop === "credentials")
    return found(
      "redirects",
      context,
      "error",
      "credentials-redirect",
      `${r.status} credentials`,
      `${hop}, a URL with credentials: not followed (a client would send or log them; credentials never belong in a Location)`,
    );
  if (r.stop === "cross-origin")
    return found(
      "redirects",
      context,
      "error",
      "cross-origin-redirect",
      `${r.status} cross-origin`,
      `${hop}, another origin: not followed (a client would send its requests and credentials to a host the base URL does not name)`,
    );
  return found(
    "redirects",
    context,
    "warning",
    "redirect",
    String(r.status),
    `${hop} (same origin${r.followed ? ", followed" : ""}): clients must follow it; serve the first URL directly`,
  );
}

export const redirectsCheck: Check<"redirects"> = {
  name: "redirects",
  run(context) {
    const redirects = context.redirects ?? [];
    const last = redirects.at(-1);
    if (last?.stop === "too-many")
      return [
        found(
          "redirects",
          context,
          "error",
          "redirect-loop",
          "loop",
          `more than ${MAX_REDIRECTS} redirects in a row, from ${redirects[0]!.from} to ${last.to}: not followed further`,
        ),
      ];
    // A client that followed (or refused) redirects recorded them; otherwise the 3xx is the answer.
    const own = redirects.length === 0 ? unfollowed(context) : undefined;
    return [...redirects, ...(own === undefined ? [] : [own])].map((r) => judge(context, r));
  },
};
