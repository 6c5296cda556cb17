// Plain JavaScript: no tsconfig covers the repository root, and ESLint's typed rules need one for a .ts file.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** A path beside this file. @param {string} p */
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// Tests import the packages' sources, not their builds, so a test run never sees a stale dist/.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@spvkit\/core\/testing$/, replacement: here('./packages/core/src/testing/index.ts') },
      { find: /^@spvkit\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@spvkit\/passes$/, replacement: here('./packages/passes/src/index.ts') },
      { find: /^@spvkit\/passes\/lower-local-invocation-index$/, replacement: here('./packages/passes/src/lower-local-invocation-index/index.ts') },
      { find: /^@spvkit\/preserve-source$/, replacement: here('./packages/preserve-source/src/index.ts') },
      { find: /^@spvkit\/passes\/validate-builtins$/, replacement: here('./packages/passes/src/validate-builtins/index.ts') },
      { find: /^@spvkit\/passes\/specialize$/, replacement: here('./packages/passes/src/specialize/index.ts') },
      { find: /^@spvkit\/passes\/strip$/, replacement: here('./packages/passes/src/strip/index.ts') },
      { find: /^@spvkit\/passes\/dead-code$/, replacement: here('./packages/passes/src/dead-code/index.ts') },
      { find: /^@spvkit\/passes\/compact-ids$/, replacement: here('./packages/passes/src/compact-ids/index.ts') },
      { find: /^@spvkit\/validator$/, replacement: here('./packages/validator/src/index.ts') },
      { find: /^@spvkit\/wgsl$/, replacement: here('./packages/wgsl/src/index.ts') },
      { find: /^@spvkit\/glslang$/, replacement: here('./packages/glslang/src/index.ts') },
      { find: /^@spvkit\/rollup-plugin$/, replacement: here('./packages/rollup-plugin/src/index.ts') },
      { find: /^@spvkit\/vite-plugin$/, replacement: here('./packages/vite-plugin/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/.cache holds generated pages, builds and scratch copies, never suites of its own.
    exclude: ['**/node_modules/**', '**/.git/**', 'test/.cache/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every runPasses in every test checks, after each pass, that the cached analyses still match
    // the module (see RunPassesOptions.checkConsistency).
    env: { SPVKIT_CHECK_CONSISTENCY: '1' },
    // CI asks for a machine-readable report to print its one-line summary.
    ...(process.env.SPVKIT_TEST_REPORT ? { reporters: ['default', 'json'], outputFile: { json: process.env.SPVKIT_TEST_REPORT } } : {}),
  },
});
