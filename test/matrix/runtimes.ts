/**
 * @module
 * Node-side plumbing of the runtime matrix: where each runtime is, how to run a script in it, bundle and serve a
 * Worker, and drive Chromium. The runtimes come from the test-only package test/runtimes (installed by
 * `npm test`) and Debian's chromium; a missing one is an error that says how to get it, never a skip.
 */

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RUNTIMES = join(ROOT, "test/runtimes");
const INSTALL_HINT = "run `node test/runtimes/install.mjs` (npm test does it first)";

/** A binary of the test-only package. */
export function runtimeBin(name: "deno" | "bun" | "wrangler"): string {
  const path = join(RUNTIMES, "node_modules/.bin", name);
  if (!existsSync(path)) throw new Error(`${name} is not installed at ${path}: ${INSTALL_HINT}`);
  return path;
}

/** A package of the test-only package, imported from there (never from the library's own dependencies). */
export async function runtimePackage<T>(name: "miniflare" | "playwright-core"): Promise<T> {
  let entry: string;
  try {
    entry = createRequire(join(RUNTIMES, "package.json")).resolve(name);
  } catch {
    throw new Error(`${name} is not installed in test/runtimes: ${INSTALL_HINT}`);
  }
  // Both are CommonJS; Node's ESM loader does not always lift their names, but module.exports is on default.
  const module = (await import(pathToFileURL(entry).href)) as { default?: T };
  return (module.default ?? module) as T;
}

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`Chromium is not installed at ${path}: apt-get install chromium (.ci/run does it), or set CHROMIUM_PATH`);
  return path;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run a command to completion with `input` on stdin (async: the test process keeps serving its timers). */
export function run(command: string, args: string[], { input = "", cwd = ROOT, env = {} }: { input?: string; cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: "1", ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", fail);
    child.on("close", (status) => done({ status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    child.stdin.end(input);
  });
}

/** The command line that runs a JS file in one of the script runtimes. Deno gets no permissions at all. */
export function scriptCommand(runtime: "node" | "deno" | "bun", file: string, args: string[] = []): [string, string[]] {
  if (runtime === "node") return [process.execPath, [file, ...args]];
  if (runtime === "deno") return [runtimeBin("deno"), ["run", "--no-prompt", file, ...args]];
  return [runtimeBin("bun"), [`--tsconfig-override=${USER_TSCONFIG}`, file, ...args]];
}

/** A tsconfig without the repository's path mapping, so Bun and wrangler resolve "portcullis" as a user's project does. */
const USER_TSCONFIG = fileURLToPath(new URL("./tsconfig.user.json", import.meta.url));

interface MiniflareModule {
  Miniflare: new (options: object) => { dispatchFetch(url: string, init?: object): Promise<Response>; dispose(): Promise<void> };
}

export interface LocalWorker {
  fetch(path: string, init?: object): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Bundle a Worker the way a user deploys one (`wrangler deploy --dry-run`: it resolves "portcullis" through the
 * `workerd` condition and emits policy.wasm as a module) and run the output in workerd through miniflare.
 */
export async function startWorker(wranglerToml: string, bindings: Record<string, string> = {}): Promise<LocalWorker> {
  const outdir = mkdtempSync(join(tmpdir(), "portcullis-worker-"));
  const build = await run(runtimeBin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "-c", wranglerToml, "--tsconfig", USER_TSCONFIG], {
    env: { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: "warn", CI: "1" },
  });
  if (build.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${build.stdout}\n${build.stderr}`);
  const modules = readdirSync(outdir)
    .filter((f) => /\.(m?js|wasm)$/.test(f))
    .map((f) => ({ type: f.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: join(outdir, f) }));
  // The entry module first: miniflare takes the first module as the Worker's main module.
  modules.sort((a, b) => Number(a.type !== "ESModule") - Number(b.type !== "ESModule"));
  const { Miniflare } = await runtimePackage<MiniflareModule>("miniflare");
  const mf = new Miniflare({ modules, modulesRoot: outdir, compatibilityDate: "2026-04-01", port: 0, bindings });
  return {
    fetch: (path, init) => mf.dispatchFetch(`http://worker.local${path}`, init),
    close: async () => {
      await mf.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

interface Page {
  goto(url: string): Promise<unknown>;
  /** A function, never a string: a string predicate is eval'd in the page, which a strict CSP refuses. */
  waitForFunction(fn: () => unknown, arg?: unknown, options?: object): Promise<unknown>;
  evaluate<R>(fn: (arg: any) => R | Promise<R>, arg?: unknown): Promise<R>;
  on(event: "console" | "pageerror", listener: (message: any) => void): void;
  fill(selector: string, value: string): Promise<void>;
  click(selector: string): Promise<void>;
  textContent(selector: string): Promise<string | null>;
  close(): Promise<void>;
  waitForSelector(selector: string, options?: object): Promise<unknown>;
}
interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  const { chromium } = await runtimePackage<{ chromium: { launch(options: object): Promise<Browser> } }>("playwright-core");
  return chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}
