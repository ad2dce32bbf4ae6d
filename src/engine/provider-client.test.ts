// Why a request failed, in one line: what the CLI prints for exit code 2.
import { describe, expect, it } from "vitest";
import { classifyExchangeError } from "./http-client.js";

const failed = (code: string | undefined, message: string): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

describe("classifyExchangeError", () => {
  it.each([
    ["ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:8000", "refused", "connection refused by 127.0.0.1:8000"],
    ["ENOTFOUND", "getaddrinfo ENOTFOUND nowhere.invalid", "unreachable", "host 127.0.0.1 not found (DNS)"],
    [
      "ERR_SSL_WRONG_VERSION_NUMBER",
      "80CCC3284C7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:ssl3_record.c:350:\n",
      "unreachable",
      "no TLS at 127.0.0.1:8000 (is it http:// rather than https://?)",
    ],
    [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "self-signed certificate",
      "unreachable",
      "the TLS certificate of 127.0.0.1:8000 is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT; add its CA with NODE_EXTRA_CA_CERTS)",
    ],
    ["ECONNRESET", "read ECONNRESET", "reset", "the connection was closed before a complete answer (ECONNRESET)"],
    [undefined, "first line\n  second line\n", "other", "first line second line"],
  ])("%s", (code, message, kind, reason) => {
    expect(classifyExchangeError(failed(code, message), "127.0.0.1:8000")).toEqual({ kind, message: reason });
  });
});
