import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "bindings/index.ts",
    node: "bindings/node.ts",
    cli: "bindings/cli/bin.ts",
    "stores/sqlite": "bindings/stores/sqlite/index.ts",
    "stores/redis": "bindings/stores/redis/index.ts",
  },
  format: ["esm"],
  platform: "neutral",
  target: "es2022",
  dts: {
    entry: {
      index: "bindings/index.ts",
      node: "bindings/node.ts",
      "stores/sqlite": "bindings/stores/sqlite/index.ts",
      "stores/redis": "bindings/stores/redis/index.ts",
    },
  },
  clean: true,
  splitting: false,
  // Bundle yaml and the ajv runtime helpers the generated validators require (toolchain.md P15).
  // The store clients stay external: they are optional peers, loaded only by portcullis/stores/*.
  noExternal: [/^(?!node:|node-sqlite3-wasm$|ioredis$)/],
  external: [/^node:/, "node-sqlite3-wasm", "ioredis"],
  mainFields: ["module", "main"],
  onSuccess: "cp build/policy.wasm dist/policy.wasm",
});
