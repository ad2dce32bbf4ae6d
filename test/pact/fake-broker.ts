// A minimal Pact Broker for the verification tests (node:http, port 0): just the HAL resources the
// Pact verifier walks to fetch pacts for verification and to publish results, recording every
// request so a test can see the selectors, the credentials and the published result.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface BrokerRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeBroker {
  url: string;
  requests: BrokerRequest[];
  close(): Promise<void>;
}

/** Serves `pact` (a pact file's JSON) as the one pact to verify for `provider`. */
export async function startFakeBroker(pact: Record<string, unknown>, provider: string): Promise<FakeBroker> {
  const requests: BrokerRequest[] = [];
  let base = "";
  const hal = (links: Record<string, unknown>, rest: Record<string, unknown> = {}) => JSON.stringify({ ...rest, _links: links });

  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const path = request.url ?? "/";
      requests.push({
        method: request.method ?? "GET",
        path,
        authorization: request.headers.authorization,
        body: text === "" ? undefined : JSON.parse(text),
      });
      response.setHeader("content-type", "application/hal+json");
      const self = { self: { href: `${base}${path}` } };
      if (path === "/")
        return response.end(
          hal({
            ...self,
            "pb:provider-pacts-for-verification": { href: `${base}/pacts/provider/{provider}/for-verification`, templated: true },
          }),
        );
      if (path === `/pacts/provider/${provider}/for-verification`)
        return response.end(
          hal(self, {
            _embedded: {
              pacts: [
                {
                  shortDescription: "latest from main",
                  verificationProperties: { pending: false, notices: [] },
                  _links: { self: { href: `${base}/pacts/1`, name: "pact 1" } },
                },
              ],
            },
          }),
        );
      if (path === "/pacts/1")
        return response.end(
          JSON.stringify({
            ...pact,
            _links: {
              ...self,
              "pb:publish-verification-results": { href: `${base}/pacts/1/verification-results` },
              "pb:provider": { href: `${base}/pacticipants/${provider}` },
            },
          }),
        );
      if (path === `/pacticipants/${provider}`)
        return response.end(
          hal({
            ...self,
            "pb:branch-version": { href: `${base}/pacticipants/${provider}/branches/{branch}/versions/{version}`, templated: true },
          }),
        );
      response.end(hal(self));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
