import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // beforeAll hooks spawn the CLI once per policy (34 processes); on a loaded 2-core machine that
    // outgrows the 10 s default.
    hookTimeout: 120_000,
    pool: "forks",
  },
});
