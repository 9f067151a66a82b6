import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bindings/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
  },
});
