import { defineConfig } from "vitest/config";

// End-to-end: a real API on embedded Postgres, driven through Debian's Chromium (see e2e/README.md).
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    reporters: ["verbose"],
  },
});
