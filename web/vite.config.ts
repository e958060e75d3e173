import { defineConfig } from "vitest/config";

// `npm run build` writes dist/, which `turf serve --web web/dist` serves. Relative asset paths
// keep the build independent of the URL it is served under.
export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2020" },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
