// A HAR file of a chosen size, written fast (a few pieces built once, written again and again): a
// browser session as a recorder saves it, mostly what no observation needs (a page's scripts and
// large base64 media), with the service's answers among them (lists with bodies as text and as
// base64, errors). Used by bench/coverage.bench.ts (1 GiB) and test/coverage/hostile-input.test.ts.
import { closeSync, openSync, writeSync } from "node:fs";

export interface BigHarOptions {
  /** About this many bytes (the file ends at the first whole entry past it). */
  bytes: number;
  /** The size of each base64 media body (default 4 MiB). */
  mediaBytes?: number;
  /** The list body the service's entries answer (JSON text). */
  listBody: string;
  appId: string;
}

export interface BigHar {
  bytes: number;
  /** The service's entries written: lists as text, lists as base64, 422s. */
  serviceEntries: { text: number; base64: number; status422: number };
  mediaEntries: number;
}

const entry = (url: string, status: number, content: Record<string, unknown>, time = 12): string =>
  JSON.stringify({
    startedDateTime: "2025-01-01T00:00:00.000Z",
    time,
    request: {
      method: "GET",
      url,
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Accept", value: "*/*" }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: String(content.mimeType ?? "application/json") }],
      cookies: [],
      content: { size: -1, mimeType: "application/json", ...content },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  });

/** Writes the HAR at `path`; its service entries repeat in a fixed cycle among the media. */
export function writeBigHar(path: string, options: BigHarOptions): BigHar {
  const origin = "https://app.example.com";
  const media = entry(`${origin}/media/clip.mp4`, 200, {
    mimeType: "video/mp4",
    encoding: "base64",
    text: Buffer.alloc(Math.floor(((options.mediaBytes ?? 4 * 1024 * 1024) * 3) / 4), 7).toString("base64"),
  });
  const script = entry(`${origin}/assets/app.js`, 200, { mimeType: "text/javascript", text: "console.log('x');\n".repeat(2000) });
  const listText = entry(`${origin}/api/evaluations?app_id=${options.appId}`, 200, { text: options.listBody });
  const listBase64 = entry(`${origin}/api/evaluations/?app_id=${options.appId}`, 200, {
    text: Buffer.from(options.listBody).toString("base64"),
    encoding: "base64",
  });
  const missing = entry(`${origin}/api/evaluations`, 422, {
    text: '{"detail":[{"loc":["query","app_id"],"msg":"field required","type":"value_error.missing"}]}',
  });
  const cycle: Array<[string, "media" | "script" | "text" | "base64" | "422"]> = [
    [media, "media"],
    [script, "script"],
    [listText, "text"],
    [media, "media"],
    [listBase64, "base64"],
    [script, "script"],
    [missing, "422"],
  ];
  const result: BigHar = { bytes: 0, serviceEntries: { text: 0, base64: 0, status422: 0 }, mediaEntries: 0 };
  const fd = openSync(path, "w");
  try {
    const write = (text: string): void => {
      result.bytes += writeSync(fd, text);
    };
    write(`{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"pages":[],"entries":[\n`);
    for (let i = 0; result.bytes < options.bytes; i++) {
      const [text, kind] = cycle[i % cycle.length]!;
      write(i === 0 ? text : `,\n${text}`);
      if (kind === "media") result.mediaEntries++;
      else if (kind === "text") result.serviceEntries.text++;
      else if (kind === "base64") result.serviceEntries.base64++;
      else if (kind === "422") result.serviceEntries.status422++;
    }
    write("\n]}}\n");
  } finally {
    closeSync(fd);
  }
  return result;
}
