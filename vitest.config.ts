import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Hooks start servers, browsers and CLI processes (the vector suite one per policy, clock and usage group);
    // on a loaded 2-core machine 10 s (the default) is a timing assertion.
    hookTimeout: 180_000,
    pool: "forks",
  },
});
