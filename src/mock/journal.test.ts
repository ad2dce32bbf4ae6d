import { describe, expect, it } from "vitest";
import { createJournal, journalEntry, readSince, type JournalRecord } from "./journal.js";

const record = (url: string, extra: Partial<JournalRecord> = {}): JournalRecord => ({
  method: "GET",
  url,
  headers: {},
  session: undefined,
  status: 200,
  ms: 0.5,
  note: "",
  ...extra,
});

const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);

describe("the journal's ring", () => {
  it("keeps the last `size` entries, oldest first, with ids going on", () => {
    const journal = createJournal(3);
    for (let i = 1; i <= 5; i++) expect(journal.add(T0 + i, record(`/r${i}`))).toBe(i);
    expect(journal.list().map((e) => [e.id, e.url])).toEqual([
      [3, "/r3"],
      [4, "/r4"],
      [5, "/r5"],
    ]);
    // An evicted id: everything kept after it.
    expect(journal.list({ since: 1 }).map((e) => e.id)).toEqual([3, 4, 5]);
    expect(journal.list({ since: 4 }).map((e) => e.id)).toEqual([5]);
    expect(journal.list({ since: 5 })).toEqual([]);
    expect(journal.list({ since: 99 })).toEqual([]);
  });

  it("fills up to its size before evicting", () => {
    const journal = createJournal(4);
    for (let i = 1; i <= 4; i++) journal.add(T0, record(`/r${i}`));
    expect(journal.list().map((e) => e.id)).toEqual([1, 2, 3, 4]);
    journal.add(T0, record("/r5"));
    expect(journal.list().map((e) => e.id)).toEqual([2, 3, 4, 5]);
  });

  it("clear() forgets every entry; ids go on increasing", () => {
    const journal = createJournal(3);
    journal.add(T0, record("/a"));
    journal.add(T0, record("/b"));
    journal.clear();
    expect(journal.list()).toEqual([]);
    expect(journal.add(T0, record("/c"))).toBe(3);
    expect(journal.list().map((e) => [e.id, e.url])).toEqual([[3, "/c"]]);
    expect(journal.list({ since: 0 }).map((e) => e.id)).toEqual([3]);
  });

  it("filters by operation, session and since (an id, an ISO instant, a Date), combined", () => {
    const journal = createJournal(10);
    journal.add(T0, record("/evaluations?app_id=a", { operationId: "listEvaluations", session: "w1" }));
    journal.add(T0 + 1000, record("/human-evaluations/x", { operationId: "getHumanEvaluation", session: "w1" }));
    journal.add(T0 + 2000, record("/human-evaluations/x", { operationId: "getHumanEvaluation" }));
    journal.add(T0 + 3000, record("/nothing"));
    const ids = (filter: Parameters<typeof journal.list>[0]): number[] => journal.list(filter).map((e) => e.id);
    expect(ids({ operation: "getHumanEvaluation" })).toEqual([2, 3]);
    expect(ids({ session: "w1" })).toEqual([1, 2]);
    expect(ids({ session: "w2" })).toEqual([]);
    expect(ids({ since: 2 })).toEqual([3, 4]);
    expect(ids({ since: "2" })).toEqual([3, 4]);
    // An instant: the entries at or after it.
    expect(ids({ since: new Date(T0 + 1000) })).toEqual([2, 3, 4]);
    expect(ids({ since: new Date(T0 + 1001) })).toEqual([3, 4]);
    expect(ids({ since: "2026-11-26T10:00:01Z" })).toEqual([2, 3, 4]);
    expect(ids({ since: "2026-11-26T10:00:01.000Z" })).toEqual([2, 3, 4]);
    expect(ids({ since: "2026-11-26T12:00:01+02:00" })).toEqual([2, 3, 4]);
    expect(ids({ since: "2026-11-26T10:00Z" })).toEqual([1, 2, 3, 4]);
    expect(ids({ operation: "getHumanEvaluation", session: "w1", since: new Date(T0) })).toEqual([2]);
    expect(ids({ operation: "getHumanEvaluation", since: 2 })).toEqual([3]);
  });

  it("a bad since is a RangeError naming it", () => {
    const journal = createJournal(3);
    expect(() => journal.list({ since: "yesterday" })).toThrow(RangeError);
    expect(() => journal.list({ since: -1 })).toThrow(/since must be a request id \(0 or more\), got -1/);
  });
});

describe("readSince", () => {
  it.each([
    [0, { afterId: 0 }],
    [42, { afterId: 42 }],
    ["42", { afterId: 42 }],
    ["999999999999999", { afterId: 999999999999999 }],
    ["2026-11-26T10:00:00Z", { fromMs: T0 }],
    ["2026-11-26T10:00Z", { fromMs: T0 }],
    ["2026-11-26T10:00:00.5Z", { fromMs: T0 + 500 }],
    ["2026-11-26T10:00:00.123456789Z", { fromMs: T0 + 123 }],
    ["2026-11-26T11:00:00+01:00", { fromMs: T0 }],
    ["2026-11-26T05:00:00-05:00", { fromMs: T0 }],
    [new Date(T0), { fromMs: T0 }],
  ])("%j is %j", (since, want) => {
    expect(readSince(since)).toEqual(want);
  });

  it.each([
    [-1, /^since must be a request id \(0 or more\), got -1$/],
    [1.5, /^since must be a request id/],
    [Number.NaN, /^since must be a request id/],
    [2 ** 53, /^since must be a request id/],
    ["", /^since must be a request id or an ISO 8601 time like 2026-11-26T10:00:00Z, got ""$/],
    ["-1", /^since must be a request id or an ISO 8601 time/],
    ["1e3", /^since must be a request id or an ISO 8601 time/],
    ["9999999999999999", /^since must be a request id or an ISO 8601 time/],
    ["yesterday", /got "yesterday"$/],
    ["2026-11-26", /^since must be/],
    ["2026-11-26T10:00:00", /^since must be/],
    ["2026-11-26 10:00:00Z", /^since must be/],
    ["2026-13-01T10:00:00Z", /^since must be/],
    ["2026-11-26T25:00:00Z", /^since must be/],
    ["Thu, 26 Nov 2026 10:00:00 GMT", /^since must be/],
    [new Date(Number.NaN), /^since is an invalid Date$/],
  ])("%j is refused", (since, fault) => {
    const read = readSince(since);
    expect(read).toEqual({ fault: expect.stringMatching(fault) });
  });

  it("cuts a long bad value in its message", () => {
    const read = readSince("x".repeat(1000)) as { fault: string };
    expect(read.fault.length).toBeLessThan(200);
  });
});

describe("journalEntry", () => {
  it("splits the URL, keeps every query value in order, selects the headers and redacts the secrets", () => {
    const entry = journalEntry(
      7,
      T0,
      record("/evaluations/?app_id=a&app_id=b&q=x+y%26z&empty", {
        headers: {
          accept: "application/json",
          "accept-language": "en",
          authorization: "Bearer secret",
          cookie: ["a=secret", "b=secret"],
          "x-mock-session": "w1",
          prefer: "code=500",
          host: "localhost:4010",
        },
        session: "w1",
        status: null,
        operationId: "listEvaluations",
        fault: "reset",
        scenario: "fault=reset",
      }),
    );
    expect(entry).toEqual({
      id: 7,
      at: "2026-11-26T10:00:00.000Z",
      method: "GET",
      url: "/evaluations/?app_id=a&app_id=b&q=x+y%26z&empty",
      path: "/evaluations/",
      query: { app_id: ["a", "b"], q: ["x y&z"], empty: [""] },
      headers: {
        accept: "application/json",
        "x-mock-session": "w1",
        prefer: "code=500",
        authorization: "[redacted]",
        cookie: "[redacted]",
      },
      session: "w1",
      operation: "listEvaluations",
      status: null,
      scenario: "fault=reset",
      fault: "reset",
      nearMiss: null,
      ms: 0.5,
      note: "",
    });
  });

  it("a URL with no query has an empty query; no session, operation or scenario are null or empty", () => {
    expect(journalEntry(1, T0, record("/nothing", { status: 404, nearMiss: undefined }))).toMatchObject({
      path: "/nothing",
      query: {},
      session: null,
      operation: null,
      scenario: "",
      fault: null,
      nearMiss: null,
    });
  });

  it("redacts a secret a client put in the query, in url and query alike (issue 39: the journal)", () => {
    const entry = journalEntry(1, T0, record("/evaluations?app_id=abc&api_key=s3cr3t-value&user=zofia.wrobel%40acme.com"));
    expect(entry.query).toEqual({ app_id: ["abc"], api_key: ["[redacted]"], user: ["[redacted]"] });
    expect(entry.url).toContain("app_id=abc");
    expect(entry.url).not.toContain("s3cr3t-value");
    expect(entry.url).not.toContain("zofia");
  });

  it("a query parameter named __proto__ is a plain key", () => {
    const entry = journalEntry(1, T0, record("/evaluations?__proto__=x&constructor=y"));
    expect(JSON.parse(JSON.stringify(entry.query))).toEqual({ ["__proto__"]: ["x"], constructor: ["y"] });
    expect(Object.getPrototypeOf(entry.query)).toBe(Object.prototype);
  });
});

describe("the journal, kept per session (issue 40)", () => {
  it("each session keeps its last `size`, all together the last `total`; a busy session leaves a quiet one's entries", () => {
    const journal = createJournal(3, 5);
    journal.add(T0, record("/quiet", { session: "quiet" }));
    for (let i = 1; i <= 4; i++) journal.add(T0, record(`/busy${i}`, { session: "busy" }));
    expect(journal.list().map((e) => e.url)).toEqual(["/quiet", "/busy2", "/busy3", "/busy4"]);
    expect(journal.list({ session: "busy" }).map((e) => e.id)).toEqual([3, 4, 5]);
    // Past the total (the last 5 ids): the oldest entry of any session goes.
    journal.add(T0, record("/none1"));
    journal.add(T0, record("/none2"));
    expect(journal.list().map((e) => e.url)).toEqual(["/busy2", "/busy3", "/busy4", "/none1", "/none2"]);
    expect(journal.list({ session: "quiet" })).toEqual([]);
  });

  it("clear(session) forgets that session's entries only, clear(null) the requests without one; both count them", () => {
    const journal = createJournal(10);
    journal.add(T0, record("/a", { session: "a" }));
    journal.add(T0, record("/none"));
    journal.add(T0, record("/b", { session: "b" }));
    journal.add(T0, record("/a2", { session: "a" }));
    expect(journal.clear("a")).toBe(2);
    expect(journal.clear("a")).toBe(0);
    expect(journal.list().map((e) => e.url)).toEqual(["/none", "/b"]);
    expect(journal.clear(null)).toBe(1);
    expect(journal.list().map((e) => e.url)).toEqual(["/b"]);
    expect(journal.clear()).toBe(1);
    expect(journal.add(T0, record("/c", { session: "a" }))).toBe(5);
  });

  it("agrees with a plain model over 20,000 random adds, clears and lists", () => {
    const size = 7;
    const total = 20;
    const journal = createJournal(size, total);
    let model: Array<{ id: number; session: string | undefined }> = [];
    let next = 1;
    let state = 12345;
    const random = (n: number): number => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);
    const sessions = [undefined, "a", "b", "c"];
    for (let step = 0; step < 20_000; step++) {
      const roll = random(100);
      const session = sessions[random(sessions.length)];
      if (roll < 85) {
        const id = journal.add(T0, record(`/r${next}`, { session }));
        expect(id).toBe(next);
        model.push({ id: next++, session });
        // Past the session's bound, then past the total: the oldest goes.
        const mine = model.filter((e) => e.session === session);
        if (mine.length > size) model = model.filter((e) => e !== mine[0]);
        model = model.filter((e) => e.id > next - 1 - total);
      } else if (roll < 90) {
        const expected = model.filter((e) => e.session === session).length;
        expect(journal.clear(session ?? null)).toBe(expected);
        model = model.filter((e) => e.session !== session);
      } else if (roll < 91) {
        expect(journal.clear()).toBe(model.length);
        model = [];
      } else {
        const since = random(next + 1);
        const filter = session === undefined ? { since } : { session, since };
        expect(journal.list(filter).map((e) => e.id)).toEqual(
          model.filter((e) => e.id > since && (session === undefined || e.session === session)).map((e) => e.id),
        );
      }
    }
  });
});
