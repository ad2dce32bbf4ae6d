// One provider run's settings: every default in one place, one range per setting, the same for
// verify, fuzz (and replay) and snapshot, and the same error line from each.
import { describe, expect, it } from "vitest";
import { resolveFuzzOptions } from "../../src/fuzz/fuzz-provider.js";
import { snapshot } from "../../src/snapshot/snapshot.js";
import { verifyProvider } from "../../src/verify/verify-provider.js";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  PROVIDER_BOUNDS,
  resolveProviderSettings,
} from "../../src/engine/provider-settings.js";

const BASE = "http://127.0.0.1:9/api";

describe("resolveProviderSettings", () => {
  it("fills every default from one place", () => {
    expect(resolveProviderSettings({ baseUrl: BASE })).toEqual({
      baseUrl: BASE,
      headers: [],
      timeoutMs: DEFAULT_TIMEOUT_MS,
      concurrency: DEFAULT_CONCURRENCY,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
      compat: "current",
      strict: false,
    });
    expect([DEFAULT_TIMEOUT_MS, DEFAULT_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES]).toEqual([10_000, 8, 64 * 1024 * 1024]);
  });

  it("takes headers as a record or as pairs, names lower-cased", () => {
    expect(resolveProviderSettings({ baseUrl: BASE, headers: { "X-Api-Key": "k" } }).headers).toEqual([["x-api-key", "k"]]);
    expect(resolveProviderSettings({ baseUrl: BASE, headers: [["X-Tenant", "t"]] }).headers).toEqual([["x-tenant", "t"]]);
  });

  it.each([
    [{ timeoutMs: 0 }, "--timeout must be a whole number from 1 to 600000, got 0"],
    [{ timeoutMs: 600_001 }, "--timeout must be a whole number from 1 to 600000, got 600001"],
    [{ concurrency: 257 }, "--concurrency must be a whole number from 1 to 256, got 257"],
    [{ concurrency: 1.5 }, "--concurrency must be a whole number from 1 to 256, got 1.5"],
    [{ maxResponseBytes: 2 ** 31 + 1 }, `--max-response-bytes must be a whole number from 1 to ${2 ** 31}, got ${2 ** 31 + 1}`],
    [{ compat: "v9" }, '--compat must be one of current, legacy, got "v9"'],
    [{ headers: { "bad name": "x" } }, '--header "bad name": not a valid HTTP header'],
  ])("refuses %j in one line", (bad, message) => {
    expect(() => resolveProviderSettings({ baseUrl: BASE, ...(bad as object) })).toThrow(message);
  });

  it("gives verify, fuzz and snapshot one concurrency range, 1 to 256, and the same error line", async () => {
    expect(PROVIDER_BOUNDS.concurrency).toMatchObject({ min: 1, max: 256 });
    const line = "--concurrency must be a whole number from 1 to 256, got 257";
    await expect(verifyProvider({ baseUrl: BASE, appId: "a", concurrency: 257, pact: false })).rejects.toThrow(line);
    expect(() => resolveFuzzOptions({ baseUrl: BASE, appId: "a", concurrency: 257 })).toThrow(line);
    await expect(snapshot({ source: { baseUrl: BASE, appIds: ["a"], concurrency: 257 } })).rejects.toThrow(line);
    // Inside the range, each takes it (verify and snapshot refused above 64 before).
    expect(resolveFuzzOptions({ baseUrl: BASE, appId: "a", concurrency: 256 }).concurrency).toBe(256);
    await expect(verifyProvider({ baseUrl: BASE, appId: "a", concurrency: 256, timeoutMs: 1_000, pact: false })).rejects.toThrow(
      /cannot reach the provider/,
    );
  });

  it("gives verify and fuzz one timeout range (fuzz took any number of ms before)", async () => {
    const line = "--timeout must be a whole number from 1 to 600000, got 600001";
    await expect(verifyProvider({ baseUrl: BASE, appId: "a", timeoutMs: 600_001, pact: false })).rejects.toThrow(line);
    expect(() => resolveFuzzOptions({ baseUrl: BASE, appId: "a", timeoutMs: 600_001 })).toThrow(line);
  });
});
