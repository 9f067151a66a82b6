import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The adapters import the package's main entry ("portcullis"); on sources that is the public API module.
  resolve: { alias: [{ find: /^portcullis$/, replacement: fileURLToPath(new URL("./bindings/api.ts", import.meta.url)) }] },
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Hooks start servers, browsers and CLI processes (the vector suite one per policy, clock and usage group);
    // on a loaded 2-core machine 10 s (the default) is a timing assertion.
    hookTimeout: 180_000,
    pool: "forks",
  },
});
