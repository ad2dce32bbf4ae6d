// leak: an error answer that shows the provider's insides: a stack trace, a source file path, a
// framework's debug page, a database error. Only non-2xx bodies are looked at: the service's own
// data legitimately carries Python tracebacks (a failed evaluation's `error.stacktrace`).
import { firstLine, found, type Check } from "./check.js";

const SIGNATURES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: "a Python traceback", pattern: /Traceback \(most recent call last\)|File \\?"[^"\\]+\\?", line \d+/ },
  {
    name: "a JavaScript stack trace",
    pattern: /(?:\n|\\n)\s*at [^\n(]+\((?:file:\/\/)?\/?[^\n)]+:\d+:\d+\)|(?:\n|\\n)\s*at (?:file:\/\/)?\/[^\s]+:\d+:\d+/,
  },
  {
    name: "a Java or .NET stack trace",
    pattern:
      /(?:\n|\\n)\s*at [\w$.]+\([\w$]+\.(?:java|kt|scala|cs):\d+\)|Exception in thread "|\bat [\w.]+\.[\w<>]+\(\) in [^\n]+:line \d+/,
  },
  { name: "a PHP or Ruby error", pattern: /(?:Fatal error|Warning|Parse error): .+ in \/\S+ on line \d+|\.rb:\d+:in `/ },
  { name: "a Go panic", pattern: /goroutine \d+ \[running\]|panic: / },
  {
    name: "a source file path",
    pattern: /(?:\/(?:home|usr|opt|srv|var|app|src|code)\/[\w.@/-]+|[A-Za-z]:\\[\w.\\ -]+)\.(?:py|js|mjs|cjs|ts|java|rb|php|go|cs|rs)\b/,
  },
  {
    name: "a framework debug page",
    pattern:
      /Werkzeug Debugger|Whitelabel Error Page|<title>[^<]*(?:Exception|Error) at \/|Server Error in '\/' Application|Django Version:|Laravel|Symfony\\Component|DEBUG = True/i,
  },
  {
    name: "a database error",
    pattern:
      /SQLSTATE\[|syntax error at or near|ORA-\d{5}|MongoServerError|pymongo\.errors|bson\.errors|sqlalchemy\.exc|psycopg2?\.|You have an error in your SQL syntax/i,
  },
];

export const leakCheck: Check<"leak"> = {
  name: "leak",
  run(context) {
    const { answer } = context;
    if (answer.status < 400 || answer.text === "") return [];
    for (const { name, pattern } of SIGNATURES) {
      const match = pattern.exec(answer.text);
      if (match === null) continue;
      return [
        found(
          "leak",
          context,
          "error",
          "leak",
          name,
          `the ${answer.status} body shows ${name} (${JSON.stringify(firstLine(match[0].trim(), 80))}): internals an attacker reads`,
        ),
      ];
    }
    return [];
  },
};
