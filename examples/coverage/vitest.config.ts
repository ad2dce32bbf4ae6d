// The observations file is started afresh by the global set-up; each test file appends what its
// requests showed (test/mock-service.ts), and `evals-contract coverage` reads it after the run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
  },
});
