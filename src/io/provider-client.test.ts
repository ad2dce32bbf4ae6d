// Why a request failed, in one line: what the CLI prints for exit code 2.
import { describe, expect, it } from "vitest";
import { describeNetworkError } from "./provider-client.js";

const fetchFailed = (code: string | undefined, message: string): TypeError =>
  new TypeError("fetch failed", { cause: Object.assign(new Error(message), code === undefined ? {} : { code }) });

describe("describeNetworkError", () => {
  it.each([
    ["ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:8000", "connection refused by 127.0.0.1:8000"],
    [
      "ERR_SSL_WRONG_VERSION_NUMBER",
      "80CCC3284C7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:ssl3_record.c:350:\n",
      "no TLS at 127.0.0.1:8000 (is it http:// rather than https://?)",
    ],
    [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "self-signed certificate",
      "the TLS certificate of 127.0.0.1:8000 is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT; add its CA with NODE_EXTRA_CA_CERTS)",
    ],
    [undefined, "first line\n  second line\n", "first line second line"],
  ])("%s", (code, message, reason) => {
    expect(describeNetworkError(fetchFailed(code, message), "https://127.0.0.1:8000/api/evaluations", 1000)).toBe(reason);
  });
});
