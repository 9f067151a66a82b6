import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // beforeAll hooks spawn runtimes and the CLI (34 processes for the vectors): seconds each on a busy 2-core box.
    hookTimeout: 60_000,
    pool: "forks",
  },
});
