// Reads Prism's console output (signale lines such as
// "[1:02:03 PM] › [CLI] ▶  start     Prism is listening on http://127.0.0.1:4010").
// Only the few lines the toolkit acts on are recognised; everything else is passed on as text.
import { stripVTControlCharacters } from "node:util";

export type PrismOutputLine =
  | { kind: "listening"; url: string }
  | { kind: "port-in-use"; text: string }
  | { kind: "fatal"; message: string }
  | { kind: "other"; text: string };

export function readPrismLine(raw: string): PrismOutputLine {
  const text = stripVTControlCharacters(raw).trimEnd();
  const listening = /Prism is listening on (https?:\/\/\S+)/.exec(text);
  if (listening) return { kind: "listening", url: listening[1]! };
  if (/EADDRINUSE/.test(text)) return { kind: "port-in-use", text };
  const fatal = /\bfatal\s+(.+)$/.exec(text);
  // Its parser errors repeat their prefix ("Error parsing x: Error parsing x: ...").
  if (fatal)
    return {
      kind: "fatal",
      message: fatal[1]!
        .trim()
        .replace(/^(.{8,}?: )\1/, "$1")
        .replace(/:$/, ""),
    };
  return { kind: "other", text };
}
