import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // The vector suite spawns one CLI process per policy group in beforeAll; on a busy 2-core machine that takes longer than the 10 s default.
    hookTimeout: 180_000,
    pool: "forks",
  },
});
