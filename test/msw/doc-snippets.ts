// The MSW snippets of README.md and docs/*.md, found and made into files for
// test/msw/snippets.test.ts (which says the rule) to type-check and run. Parsed with the TypeScript
// compiler's own parser, so that what a block imports, declares and calls is read from its syntax tree,
// not guessed from its text.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** The modules whose import makes a block an MSW snippet. */
const MSW_MODULE = /^(?:msw(?:\/.+)?|evals-contract\/msw)$/;
/** What a block may use from an earlier one of its page: the handlers and the server (or worker) of a set-up. */
const SET_UP_NAMES = ["handlers", "server", "worker"];
/** Vitest's calls that make a block a test file (else it is a set-up, completed by the harness's test). */
const TEST_CALLS = new Set(["it", "test", "describe", "suite"]);
/** The packages a snippet project has (test/msw/snippet-project.ts): an example's other imports are its own. */
const PROJECT_PACKAGES = new Set(["evals-contract", "msw", "vitest"]);

export interface Snippet {
  /** The page, relative to the repository: `README.md`, `docs/build.md`. */
  doc: string;
  /** The page's line of the block's first line of code. */
  line: number;
  /** The block's first line of code, what a failure names. */
  firstLine: string;
  code: string;
  /** `// examples/<file>` (with `(excerpt)`) as its first line: the block shows that example's code. */
  example?: { file: string; excerpt: boolean };
  /** Browser-only: it (or the set-up it continues) imports msw/browser or calls setupWorker. */
  browser: boolean;
  /** The earlier snippet of the same page whose `handlers`, `server` or `worker` this one uses without declaring them. */
  setUp?: Snippet;
  /** The file it is written to in the project: `README-L297.test.ts`, or `.ts` when it is not run. */
  file: string;
  /** Type-checked and run by Vitest (a Node snippet), or type-checked only (browser-only, an example's code). */
  mode: "run" | "typecheck";
}

export interface Block {
  doc: string;
  line: number;
  code: string;
}

/** Every ```ts block of `text` (its indentation removed), with the page's line of its first line of code (docs/playwright.md's test reads them too). */
export function tsBlocks(doc: string, text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```([^\s`]*)/.exec(lines[i]!); // ```ts, ```ts title="x", or a closing fence
    if (!open) continue;
    const [, indent = "", lang] = open;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trimEnd() !== `${indent}\`\`\``) end++;
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()));
    if (["ts", "typescript", "mts"].includes(lang ?? "")) blocks.push({ doc, line: i + 2, code: `${body.join("\n")}\n` });
    i = end;
  }
  return blocks;
}

/** The code as one TypeScript source file. */
export const parse = (code: string): ts.SourceFile =>
  ts.createSourceFile("snippet.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The modules a block imports: static and dynamic imports, and re-exports. */
function importedModules(source: ts.SourceFile): string[] {
  const modules: string[] = [];
  walk(source, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      modules.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) modules.push(specifier.text);
    }
  });
  return modules;
}

/** Every name a block declares, at any depth (imports, variables, parameters, functions, classes). */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  walk(source, (node) => {
    const name = (node as { name?: ts.Node }).name;
    const declares =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isImportClause(node) ||
      ts.isImportSpecifier(node) ||
      ts.isNamespaceImport(node) ||
      ts.isImportEqualsDeclaration(node);
    if (declares && name !== undefined && ts.isIdentifier(name)) names.add(name.text);
  });
  return names;
}

/** The names of `candidates` a block uses as values (not as a property name after a dot, nor as a key). */
function usedNames(source: ts.SourceFile, candidates: readonly string[]): Set<string> {
  const used = new Set<string>();
  walk(source, (node) => {
    if (!ts.isIdentifier(node) || !candidates.includes(node.text)) return;
    const parent = node.parent;
    if ((ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) && parent.name === node) return;
    used.add(node.text);
  });
  return used;
}

/** Whether a block calls Vitest's it/test/describe (`it(...)`, `it.each(...)(...)`, `describe.skip(...)`). */
export function hasTests(source: ts.SourceFile): boolean {
  let found = false;
  walk(source, (node) => {
    if (!ts.isCallExpression(node)) return;
    let callee: ts.Expression = node.expression;
    while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee))
      callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
    if (ts.isIdentifier(callee) && TEST_CALLS.has(callee.text)) found = true;
  });
  return found;
}

/** The `origin` and `basePath` string literals given to createMswHandlers (the first call that has options). */
export function handlerOptions(source: ts.SourceFile): { origin?: string; basePath?: string } {
  const options: { origin?: string; basePath?: string } = {};
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== "createMswHandlers") return;
    const [argument] = node.arguments;
    if (argument === undefined || !ts.isObjectLiteralExpression(argument)) return;
    for (const property of argument.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name) || !ts.isStringLiteralLike(property.initializer)) continue;
      if (property.name.text === "origin") options.origin ??= property.initializer.text;
      if (property.name.text === "basePath") options.basePath ??= property.initializer.text;
    }
  });
  return options;
}

/** The package a bare specifier names (`@scope/name`, `name`); undefined for a relative path or `node:`. */
const packageOf = (specifier: string): string | undefined =>
  specifier.startsWith(".") || specifier.startsWith("node:")
    ? undefined
    : specifier.split("/", specifier.startsWith("@") ? 2 : 1).join("/");

/** Whether every package a block imports is one a snippet project has. */
export const projectHasImports = (snippet: Snippet): boolean =>
  importedModules(parse(snippet.code)).every((specifier) => {
    const name = packageOf(specifier);
    return name === undefined || PROJECT_PACKAGES.has(name);
  });

/** The MSW snippets of the pages under `root` (README.md, then docs/*.md in name order), by the rule of snippets.test.ts. */
export function mswSnippets(root: string): Snippet[] {
  const docs = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => `docs/${name}`),
  ];
  const snippets: Snippet[] = [];
  for (const doc of docs) {
    const onPage: Array<{ snippet: Snippet; declared: Set<string> }> = [];
    for (const block of tsBlocks(doc, readFileSync(join(root, doc), "utf8"))) {
      const source = parse(block.code);
      const modules = importedModules(source);
      const declared = declaredNames(source);
      const missing = [...usedNames(source, SET_UP_NAMES)].filter((name) => !declared.has(name));
      // The nearest earlier snippet of the page that declares every set-up name this block uses.
      const setUp =
        missing.length === 0 ? undefined : onPage.findLast(({ declared: theirs }) => missing.every((name) => theirs.has(name)))?.snippet;
      if (!modules.some((specifier) => MSW_MODULE.test(specifier)) && setUp === undefined) continue;
      const firstLine = block.code.split("\n").find((line) => line.trim() !== "") ?? "";
      const label = /^\/\/ (examples\/\S+)( \(excerpt\))?$/.exec(firstLine);
      const browser =
        modules.some((specifier) => specifier.startsWith("msw/browser")) ||
        /\bsetupWorker\s*\(/.test(block.code) ||
        setUp?.browser === true;
      const name = `${doc.replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-")}-L${block.line}`;
      const mode = browser || label !== null || setUp?.mode === "typecheck" ? "typecheck" : "run";
      const snippet: Snippet = {
        ...block,
        firstLine,
        browser,
        mode,
        file: mode === "run" ? `${name}.test.ts` : `${name}.ts`,
        ...(label === null ? {} : { example: { file: label[1]!, excerpt: label[2] !== undefined } }),
        ...(setUp === undefined ? {} : { setUp }),
      };
      snippets.push(snippet);
      onPage.push({ snippet, declared });
    }
  }
  return snippets;
}

/** A written file's lines: which snippet (and which line of the page) each came from. */
export interface Composed {
  text: string;
  /** Where a line (1-based) and column of `text` come from: `README.md:311:33`, or the harness's appended test. */
  whereIs(line: number, column: number): string;
}

/**
 * The imports of `code` without the names `taken` already binds (a continuation's imports that
 * its set-up has: a second `import { createMswHandlers }` would be a duplicate), each declaration
 * kept on as many lines as before, so that line numbers still match the page.
 */
function withoutTakenImports(code: string, taken: Set<string>): string {
  const source = parse(code);
  let text = code;
  const imports = source.statements.filter(ts.isImportDeclaration).reverse();
  for (const declaration of imports) {
    const clause = declaration.importClause;
    if (clause === undefined) continue;
    const keep: string[] = [];
    if (clause.name !== undefined && !taken.has(clause.name.text)) keep.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings !== undefined && ts.isNamespaceImport(bindings) && !taken.has(bindings.name.text)) keep.push(bindings.getText(source));
    if (bindings !== undefined && ts.isNamedImports(bindings)) {
      const named = bindings.elements.filter((element) => !taken.has(element.name.text)).map((element) => element.getText(source));
      if (named.length > 0) keep.push(`{ ${named.join(", ")} }`);
    }
    const start = declaration.getStart(source);
    const original = text.slice(start, declaration.end);
    const reduced =
      keep.length === 0
        ? ""
        : `import ${clause.isTypeOnly ? "type " : ""}${keep.join(", ")} from ${declaration.moduleSpecifier.getText(source)};`;
    const lines = original.split("\n").length;
    text = `${text.slice(0, start)}${reduced}${"\n".repeat(lines - 1)}${text.slice(declaration.end)}`;
  }
  return text;
}

/** The file a snippet is written to: its set-up first (for a continuation), then its code, then `appended`. */
export function compose(snippet: Snippet, appended: string): Composed {
  const parts: Array<{ text: string; snippet?: Snippet }> = [];
  if (snippet.setUp !== undefined) {
    parts.push({ text: snippet.setUp.code, snippet: snippet.setUp });
    parts.push({ text: withoutTakenImports(snippet.code, declaredNames(parse(snippet.setUp.code))), snippet });
  } else parts.push({ text: snippet.code, snippet });
  if (appended !== "") parts.push({ text: appended });
  const ranges: Array<{ from: number; count: number; snippet?: Snippet }> = [];
  let from = 1;
  for (const part of parts) {
    const count = part.text.split("\n").length - 1;
    ranges.push({ from, count, ...(part.snippet === undefined ? {} : { snippet: part.snippet }) });
    from += count;
  }
  return {
    text: parts.map((part) => part.text).join(""),
    whereIs(line, column) {
      const range = ranges.find((r) => line >= r.from && line < r.from + r.count) ?? ranges.at(-1)!;
      if (range.snippet === undefined) return `the harness's appended test, line ${line - range.from + 1}, column ${column}`;
      return `${range.snippet.doc}:${range.snippet.line + line - range.from}:${column}`;
    },
  };
}
