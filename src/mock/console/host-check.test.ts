import { describe, expect, it } from "vitest";
import { createHostCheck, hostnameOf } from "./host-check.js";

const check = createHostCheck({ host: "devbox.lan", allowedHosts: ["mock.internal:8080", ".Example.com"] });

describe("the console's host check", () => {
  it.each([
    ["localhost:4010", true],
    ["app.localhost", true],
    ["127.0.0.1:4010", true],
    ["[::1]:4010", true],
    ["192.168.1.20", true],
    ["devbox.lan:4010", true],
    ["mock.internal", true],
    ["example.com", true],
    ["api.example.com:443", true],
    ["evil.example:4010", false],
    ["localhost.evil.example", false],
    ["notexample.com", false],
    ["localhost:abc", false],
    ["[::1", false],
    ["", false],
    [undefined, false],
  ])("Host %j: %s", (host, allowed) => {
    expect(check.host(host)).toBe(allowed);
  });

  it.each([
    [undefined, "127.0.0.1:4010", true],
    ["http://127.0.0.1:4010", "127.0.0.1:4010", true],
    ["http://localhost:4010", "LOCALHOST:4010", true],
    ["https://api.example.com", "127.0.0.1:4010", true],
    ["http://mock.internal:9999", "127.0.0.1:4010", true],
    ["http://127.0.0.1:5173", "127.0.0.1:4010", false],
    ["http://devbox.lan:1", "devbox.lan:4010", false],
    ["null", "127.0.0.1:4010", false],
    ["chrome-extension://abc", "127.0.0.1:4010", false],
    ["http://evil.example", "127.0.0.1:4010", false],
  ])("Origin %j with Host %j: %s", (origin, host, allowed) => {
    expect(check.origin(origin, host)).toBe(allowed);
  });

  it("reads the name of a Host header", () => {
    expect([hostnameOf("Example.COM.:80"), hostnameOf("[::1]:4010"), hostnameOf("a b")]).toEqual(["example.com", "::1", undefined]);
  });
});
