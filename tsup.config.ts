import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "bindings/index.ts", node: "bindings/node.ts", sanitize: "bindings/sanitize.ts", cli: "bindings/cli/bin.ts" },
  format: ["esm"],
  platform: "neutral",
  target: "es2022",
  dts: { entry: { index: "bindings/index.ts", node: "bindings/node.ts", sanitize: "bindings/sanitize.ts" } },
  clean: true,
  splitting: false,
  // Bundle yaml and the ajv runtime helpers the generated validators require (toolchain.md P15).
  noExternal: [/^(?!node:)/],
  external: [/^node:/],
  mainFields: ["module", "main"],
  onSuccess: "cp build/policy.wasm dist/policy.wasm && cp build/sanitize.wasm dist/sanitize.wasm",
});
