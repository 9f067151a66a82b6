import { copyFileSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { relative as relativePath, resolve as resolvePath } from "node:path";
import { defineConfig, type Options } from "tsup";
import type { Plugin } from "esbuild";

// Runtime entries, one small file each (STYLE.md §1): the same API, a different way to get the wasm.
// They are what browsers and Workers download, so they are minified and split (below; the bundle budget:
// scripts/check-exports.mjs).
// Types: workerd.js and bare.js have index.js's API, so package.json points them at index.d.ts.
const runtime = { index: "bindings/index.ts", workerd: "bindings/workerd.ts", bare: "bindings/bare.ts" };
// What a first decision never needs stays out of the runtime entries' files: the ajv schema validators (~140 KB) and
// the approval page (~16 KB) are sibling modules, imported on first use (config/schema-validators.ts,
// server/page-assets.ts). Node entries bundle them.
const onDemand = { validators: "bindings/config/schema/index.ts", "approval-page": "bindings/server/page.ts" };
const onDemandModules: Plugin = {
  name: "on-demand-modules",
  setup(build) {
    const sibling = (file: string) => `./${Object.entries(onDemand).find(([, source]) => source.endsWith(file))![0]}.js`;
    build.onResolve({ filter: /(^|\/)(generated\/validators\.js|schema\/index\.ts|page\.ts)$/ }, (args) => {
      const file = args.path.endsWith("page.ts") ? "server/page.ts" : "config/schema/index.ts";
      if (file === "server/page.ts" && !args.importer.replaceAll("\\", "/").includes("/bindings/server/")) return undefined;
      // A static import would pull the module back into the entry: only the on-demand loaders may import it.
      if (args.kind !== "dynamic-import") {
        return { errors: [{ text: `${args.path} is imported statically by ${args.importer}; runtime entries load it on demand only` }] };
      }
      return { path: sibling(file), external: true };
    });
  },
};
// What only an async path reaches is imported on first use (each through a one-line `import()` beside its caller).
// groupedModule gathers such modules into one: every `import()` of one of `files` (paths under bindings/) resolves to
// a module re-exporting all of them (their export names are distinct), so esbuild's splitting makes one chunk loaded
// on demand and as few shared chunks as possible (each dynamic import target is an entry of its own to esbuild, and
// code shared by different sets of entries lands in different chunks). Each extra ES module a process imports costs
// Node about 0.7 ms of CPU (measured 2026-11-27: the same code in 12 files took 24 ms to import, in one 16 ms).
function groupedModule(name: string, files: string[]): Plugin {
  return {
    name: `grouped-${name}`,
    setup(build) {
      const bindings = resolvePath("bindings");
      build.onResolve({ filter: /\.ts$/ }, (args) => {
        if (args.kind !== "dynamic-import" || !files.includes(relativePath(bindings, resolvePath(args.resolveDir, args.path)).replaceAll("\\", "/"))) return undefined;
        return { path: name, namespace: name };
      });
      build.onLoad({ filter: /.*/, namespace: name }, () => ({
        contents: files.map((file) => `export * from "./${file}";`).join("\n"), resolveDir: bindings, loader: "ts",
      }));
    },
  };
}
const firstUse = [
  "approvals/gate-work.ts", "server/http-routes.ts", "config/guard-from-text.ts", "proof/receipt-crypto.ts",
  "proof/audit-chain-check.ts", "safety/stream.ts",
];
const firstUseModule = groupedModule("first-use", firstUse);
// The CLI: one decision per process (hooks, `portcullis check`) loads the main chunk and what a policy needs (the
// validators; YAML only for YAML). Every other verb, the hook server and what only the server reaches are one module
// loaded on demand: a `check` loads 12 files instead of 31 (about 35 ms less CPU per process on Node 20).
const cliOnDemand = groupedModule("cli-verbs", [
  "cli/serve.ts", "cli/init.ts", "cli/import.ts", "cli/explain.ts", "cli/policy-test.ts", "cli/diff.ts", "cli/audit.ts",
  "cli/mcp-proxy.ts", "cli/detect.ts", "cli/sanitize.ts", "hooks/resident.ts", "server/index.ts", "server/page.ts",
  "approvals/gate-work.ts", "server/http-routes.ts", "safety/stream.ts", "proof/audit-chain-check.ts",
]);
// Separate builds, so each .d.ts stands alone: a shared declaration chunk breaks `deno check`.
const yaml = { yaml: "bindings/yaml.ts" };
// The untrusted-content sanitizer, apart from the default entry (it has its own wasm): sanitize.wasm inlined, or, for Workers,
// imported as a precompiled module (its types are sanitize.d.ts, as workerd.js's are index.d.ts).
const sanitize = { sanitize: "bindings/sanitize.ts", "sanitize-workerd": "bindings/sanitize-workerd.ts" };
// Node-only entries stay readable: their stack traces are what a user debugging a config sees.
const node = { node: "bindings/node.ts" };
// The CLI bundles prom-client (for `serve`'s /metrics), a CommonJS package that require()s Node built-ins: the
// CLI alone is built for Node, with a `require` for them (an ESM bundle has none). Hooks and `portcullis check`
// start a process per call, so the CLI is minified (less to parse) and split: each verb's modules load when it
// runs (cli-<hash>.js chunks beside cli.js), and launch.ts turns on Node's compile cache before loading any of them.
const cli = { cli: "bindings/cli/launch.ts" };
const cliRequire = 'import { createRequire as __portcullisCreateRequire } from "node:module"; const require = __portcullisCreateRequire(import.meta.url);';
// Approval stores for Node hosts; their clients are optional peers, never bundled.
const stores = { "stores/sqlite": "bindings/stores/sqlite/index.ts", "stores/redis": "bindings/stores/redis/index.ts" };
// The MCP adapter (portcullis/mcp); @modelcontextprotocol/sdk is an optional peer, never bundled.
const mcp = { mcp: "bindings/adapters/mcp.ts" };
// Framework adapters: the frameworks are optional peers, imported from the user's own install, never bundled.
// The adapters import portcullis itself as "portcullis", kept external: at runtime it is the package's main entry,
// the same module instance as the user's own import (one wasm and provider state, `instanceof ApprovalError`
// holds across them), and their .d.ts refer to its types instead of declaring copies.
const adapters = {
  "ai-sdk": "bindings/adapters/ai-sdk.ts",
  langchain: "bindings/adapters/langchain.ts",
  "openai-agents": "bindings/adapters/openai-agents.ts",
};
const frameworks = [/^ai(\/|$)/, /^langchain(\/|$)/, /^@langchain\//, /^@openai\/agents(-[a-z]+)?(\/|$)/];

const shared: Options = {
  format: ["esm"],
  platform: "neutral",
  target: "es2022",
  splitting: false,
  // Bundle yaml and the ajv runtime helpers the generated validators require (standalone validators import them), but
  // keep `node:` builtins and `./<name>.wasm` (a Worker entry's precompiled module, which wrangler must see) external.
  // The approval stores' clients (node-sqlite3-wasm, ioredis) are optional peers: never bundled, in any entry.
  noExternal: [/^(?!node:|node-sqlite3-wasm$|ioredis$|portcullis$|ai(?:\/|$)|langchain(?:\/|$)|@langchain\/|@openai\/agents|@modelcontextprotocol\/sdk(?:\/|$))(?!.*\.wasm$)/],
  external: [/^node:/, /\.wasm$/, "node-sqlite3-wasm", "ioredis", /^@modelcontextprotocol\/sdk(?:\/|$)/, ...frameworks],
  mainFields: ["module", "main"],
  removeNodeProtocol: false, // Deno and workerd need the `node:` prefix
};

// tsup 8's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated (an error). tsup 9 does
// not, but needs Node 22.18; the package supports Node 20.19, so 8.5.1 it is, with the notice acknowledged.
const dtsCompilerOptions = { ignoreDeprecations: "6.0" };

/**
 * Release wasm modules sit next to the entries that import them (`import m from "./policy.wasm"`), and again under
 * the name scripts/embed-wasm.mjs gave their inlined copy ("policy-<16 hex digits of SHA-256>.wasm"), which Node
 * reads instead of inflating that copy (bindings/core/wasm-beside.ts).
 */
function copyWasm(): void {
  for (const file of readdirSync("build").filter((f) => /^[a-z][a-z0-9-]*\.wasm$/.test(f))) {
    copyFileSync(`build/${file}`, `dist/${file}`);
    const digest = createHash("sha256").update(readFileSync(`build/${file}`)).digest("hex").slice(0, 16);
    copyFileSync(`build/${file}`, `dist/${file.slice(0, -".wasm".length)}-${digest}.wasm`);
  }
}

// Two builds run side by side, so neither may `clean`: empty dist/ once, here.
rmSync("dist", { recursive: true, force: true });

export default defineConfig([
  // The runtime entries are split: what only an async path reaches (an approval gate's work, the approval API's
  // routes, loadGuardFromText's config machinery, receipt signing, audit-chain reading, guarded streams) is one
  // <entry>-<hash>.js chunk imported on first use (firstUseModule), and the rest of the API sits in a chunk or two the
  // entry imports statically. One build per entry, each with its own chunk names: entries that shared chunks would
  // share module state (a page importing index.js and bare.js would find bare.js given index.js's wasm). The default
  // entry's size budget counts index.js with every chunk it imports statically (scripts/check-exports.mjs); a first
  // decision loads no other chunk (test/package.test.ts).
  ...Object.entries(runtime).map(([name, file]): Options => ({
    ...shared, entry: { [name]: file }, minify: true, esbuildPlugins: [onDemandModules, firstUseModule], splitting: true,
    esbuildOptions: (options) => { options.chunkNames = `${name}-[hash]`; },
    ...(name === "index" ? { dts: { entry: { index: file }, compilerOptions: dtsCompilerOptions }, onSuccess: async () => copyWasm() } : {}),
  })),
  { ...shared, entry: onDemand, minify: true },
  { ...shared, entry: yaml, minify: true, dts: { entry: yaml, compilerOptions: dtsCompilerOptions } },
  { ...shared, entry: sanitize, minify: true, dts: { entry: { sanitize: sanitize.sanitize }, compilerOptions: dtsCompilerOptions } },
  { ...shared, entry: node, dts: { entry: { node: node.node }, compilerOptions: dtsCompilerOptions } },
  {
    ...shared, entry: cli, platform: "node", banner: { js: cliRequire }, minify: true, splitting: true, esbuildPlugins: [cliOnDemand],
    esbuildOptions: (options) => { options.chunkNames = "cli-[hash]"; },
  },
  // One build per adapter and per store, so each .d.ts stands alone (no shared declaration chunk).
  ...Object.entries(adapters).map(([name, file]) => ({
    ...shared, entry: { [name]: file }, external: [...(shared.external ?? []), "portcullis"],
    dts: { entry: { [name]: file }, compilerOptions: dtsCompilerOptions },
  })),
  { ...shared, entry: mcp, dts: { entry: mcp, compilerOptions: dtsCompilerOptions } },
  ...Object.entries(stores).map(([name, file]) => ({ ...shared, entry: { [name]: file }, dts: { entry: { [name]: file }, compilerOptions: dtsCompilerOptions } })),
]);
