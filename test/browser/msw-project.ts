// A frontend project as a user has it, for the browser tests of evals-contract/msw: the toolkit
// built (tsc with tsconfig.build.json, as `npm run build`, but into a directory of its own, so no
// other test's build writes the files while this one reads them) and packed with `npm pack` (the
// files a user installs), unpacked into node_modules/evals-contract of a project under os.tmpdir()
// whose other packages are symlinks to this clone's node_modules (msw, vite, storybook,
// @playwright/test: what the frontend has installed). Also a static file server for the built pages.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, copyFile, cp, mkdir, readdir, readFile, rm, stat, symlink, unlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedFile } from "../helpers/cached-file.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const EXAMPLES = join(ROOT, "examples");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const npmQuiet = ["--no-audit", "--no-fund", "--loglevel=error"];

/** Where packed tarballs are kept between test files (and runs), one per state of what is packed. */
const PACK_CACHE = join(ROOT, ".tmp", "packed");

/** Every file under `path` (a file or a folder), sorted. */
async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(entries.sort((a, b) => (a.name < b.name ? -1 : 1)).map((entry) => filesUnder(join(path, entry.name))));
  return nested.flat();
}

/**
 * A hash of everything the tarball is made of: the sources and the build's config, the files
 * package.json's `files` lists, package.json, README and LICENSE, and the TypeScript that compiles.
 */
async function packKey(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { files: string[] };
  const roots = [
    "src",
    "tsconfig.build.json",
    "tsconfig.json",
    "package.json",
    "README.md",
    "LICENSE",
    "node_modules/typescript/package.json",
    ...pkg.files.filter((entry) => entry !== "dist" && !entry.startsWith("!")),
  ];
  const hash = createHash("sha256");
  for (const root of roots)
    for (const file of await filesUnder(join(ROOT, root))) {
      hash.update(file.slice(ROOT.length));
      hash.update("\0");
      hash.update(await readFile(file));
      hash.update("\0");
    }
  return hash.digest("hex").slice(0, 24);
}

/**
 * Builds and packs the toolkit under `work`; returns the tarball's path. The tarball is kept in
 * .tmp/packed/ under a hash of what it is made of: the next test file (or run) that packs the same
 * sources gets it without building again (each build is about 30 s on a 2-core machine); test files
 * asking at the same time share one build (test/helpers/cached-file.ts).
 */
export async function packToolkit(work: string): Promise<string> {
  const key = await packKey();
  // One build per state, whatever the number of test files asking at once: the others wait for it.
  const cached = await cachedFile(join(PACK_CACHE, `evals-contract-${key}.tgz`), async (aside) => {
    await copyFile(await buildAndPack(work), aside);
  });
  // Older states' tarballs go (another file may be packing: what fails to go is left).
  for (const name of await readdir(PACK_CACHE))
    if (name.endsWith(".tgz") && name !== `evals-contract-${key}.tgz`)
      await rm(join(PACK_CACHE, name), { force: true }).catch(() => undefined);
  return cached;
}

async function buildAndPack(work: string): Promise<string> {
  const stage = join(work, "stage");
  const built = await run(
    process.execPath,
    [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", join(stage, "dist")],
    ROOT,
  );
  if (built.code !== 0) throw new Error(`tsc failed: ${built.stdout}${built.stderr}`);
  // What `npm pack` takes from the clone: package.json's `files`, plus the files npm always includes.
  const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { files: string[] };
  const entries = [...pkg.files.filter((entry) => entry !== "dist" && !entry.startsWith("!")), "package.json", "README.md", "LICENSE"];
  for (const entry of entries) await cp(join(ROOT, entry), join(stage, entry), { recursive: true });
  // --ignore-scripts: `prepare` would build again, into the stage's dist, from a stage without sources.
  const packed = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work, ...npmQuiet], stage);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as [{ filename: string }];
  return join(work, filename);
}

/**
 * A project in `dir` holding the files of examples/`example`: node_modules/evals-contract unpacked
 * from `tarball`, every other package a symlink to the clone's (node_modules/.bin too, for npx).
 */
export async function createProject(dir: string, tarball: string, example: string): Promise<string> {
  // What a local run of an example leaves (its install, builds, reports) stays behind.
  const leftovers = /[\\/](node_modules|dist|public|storybook-static|test-results|playwright-report)([\\/]|$)/;
  await cp(join(EXAMPLES, example), dir, { recursive: true, filter: (source) => !leftovers.test(source.slice(EXAMPLES.length)) });
  const modules = join(dir, "node_modules");
  await mkdir(join(modules, "evals-contract"), { recursive: true });
  for (const name of await readdir(join(ROOT, "node_modules"))) {
    if (name === "evals-contract" || (name.startsWith(".") && name !== ".bin")) continue;
    await symlink(join(ROOT, "node_modules", name), join(modules, name));
  }
  const unpacked = await run("tar", ["-xzf", tarball, "-C", join(modules, "evals-contract"), "--strip-components=1"], dir);
  if (unpacked.code !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
  return dir;
}

/**
 * The project's `evals-contract` binary, for `npx evals-contract`: createProject links the clone's
 * node_modules/.bin, which has none (the clone is the package), so the project gets a .bin of its
 * own, as npm install makes it: the clone's binaries and the toolkit's.
 */
export async function linkToolkitBin(project: string): Promise<void> {
  const bin = join(project, "node_modules/.bin");
  await unlink(bin);
  await mkdir(bin);
  for (const name of await readdir(join(ROOT, "node_modules/.bin"))) await symlink(join(ROOT, "node_modules/.bin", name), join(bin, name));
  const main = join(project, "node_modules/evals-contract/dist/cli/main.js");
  await chmod(main, 0o755);
  await symlink(main, join(bin, "evals-contract"));
}

/** `npx msw init <dir> --save`, as the README says: copies mockServiceWorker.js from the installed msw. */
export async function mswInit(project: string, dir = "public"): Promise<void> {
  // --no: never download msw; the project's own node_modules/.bin/msw or a failure.
  const init = await run("npx", ["--no", "msw", "init", dir, "--save"], project);
  if (init.code !== 0) throw new Error(`msw init failed: ${init.stdout}${init.stderr}`);
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

export interface StaticServer {
  /** `http://127.0.0.1:port` (a secure context, as service workers need). */
  url: string;
  /** Every path asked for, in order (with its query). */
  served: string[];
  close(): Promise<void>;
}

/** Serves the files under `root` on 127.0.0.1, port 0; `/` and directories serve their index.html. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const served: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    served.push(url.pathname + url.search);
    if (url.pathname === "/favicon.ico") return void response.writeHead(204).end();
    const path = normalize(join(root, decodeURIComponent(url.pathname)));
    const file = path.endsWith(sep) ? join(path, "index.html") : path;
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => response.writeHead(200, { "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404, { "Content-Type": "text/plain" }).end("no such file"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
