// Plain JavaScript: no tsconfig covers the repository root, and ESLint's typed rules need one for a .ts file.
import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** A path beside this file. @param {string} p */
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The end-to-end suites: the rest of test/ is the oracle tier (.ci/budgets.mjs reads this list too). */
export const E2E = [
  'test/browser/**/*.test.ts',
  'test/pack/**/*.test.ts',
  'test/standalone/**/*.test.ts',
  'test/weight/**/*.test.ts',
  'test/execution/**/*.test.ts',
  'test/plugins/execution.test.ts',
  'test/wgsl/execution.test.ts',
  'test/wgsl/validity.test.ts',
  'test/wgsl/invalidOutputClasses.test.ts',
  'test/wgsl/modfFrexp.test.ts',
  'test/wgsl/webgpuBrowser.test.ts',
  'test/wgsl/explicitLayouts.test.ts',
  'test/wgsl/blockOffsets.test.ts',
  'test/wgsl/mulExtended.test.ts',
  'test/wgsl/glslStd450Helpers.test.ts',
  'test/wgsl/rowMajorMatrices.test.ts',
  'test/wgsl/flattenedIo.test.ts',
];

// Tests import the packages' sources, not their builds, so a test run never sees a stale dist/.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@spvkit\/core\/testing$/, replacement: here('./packages/core/src/testing/index.ts') },
      { find: /^@spvkit\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@spvkit\/passes$/, replacement: here('./packages/passes/src/index.ts') },
      { find: /^@spvkit\/passes\/lower-local-invocation-index$/, replacement: here('./packages/passes/src/lower-local-invocation-index/index.ts') },
      { find: /^@spvkit\/preserve-source$/, replacement: here('./packages/preserve-source/src/index.ts') },
      { find: /^@spvkit\/passes\/specialize$/, replacement: here('./packages/passes/src/specialize/index.ts') },
      { find: /^@spvkit\/passes\/strip$/, replacement: here('./packages/passes/src/strip/index.ts') },
      { find: /^@spvkit\/passes\/dead-code$/, replacement: here('./packages/passes/src/dead-code/index.ts') },
      { find: /^@spvkit\/passes\/compact-ids$/, replacement: here('./packages/passes/src/compact-ids/index.ts') },
      { find: /^@spvkit\/validator$/, replacement: here('./packages/validator/src/index.ts') },
      { find: /^@spvkit\/validator\/register$/, replacement: here('./packages/validator/src/registerInPassRegistry.ts') },
      { find: /^@spvkit\/wgsl$/, replacement: here('./packages/wgsl/src/index.ts') },
      { find: /^@spvkit\/glslang$/, replacement: here('./packages/glslang/src/index.ts') },
      { find: /^@spvkit\/rollup-plugin$/, replacement: here('./packages/rollup-plugin/src/index.ts') },
      { find: /^@spvkit\/vite-plugin$/, replacement: here('./packages/vite-plugin/src/index.ts') },
    ],
  },
  test: {
    // test/.cache holds generated pages, builds and scratch copies, never suites of its own.
    exclude: ['**/node_modules/**', '**/.git/**', 'test/.cache/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is a worker less than the cores: one on a 2-core machine. Most suites here
    // wait on a child process for much of their time (spirv-val, glslang, lavapipe, Chromium, npm),
    // and two workers on two cores took the whole run from 555 s to 391 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every runPasses in every test checks, after each pass, that the cached analyses still match
    // the module (see RunPassesOptions.checkConsistency).
    env: { SPVKIT_CHECK_CONSISTENCY: '1' },
    // CI asks for a machine-readable report to print its one-line summary.
    ...(process.env.SPVKIT_TEST_REPORT ? { reporters: ['default', 'json'], outputFile: { json: process.env.SPVKIT_TEST_REPORT } } : {}),
    // Three tiers (`pnpm test:unit`, `test:oracle`, `test:e2e`; `pnpm test` runs all three):
    // - unit: the packages' own tests, in process: no child process, no browser, nothing from test/
    //   (eslint.config.js holds them to it);
    // - oracle: test/'s suites that judge spvkit against SPIRV-Tools, glslang and the built CLI and plugins;
    // - e2e: a browser, packed tarballs installed elsewhere, a fresh clone, bundle weights, shaders run on Vulkan.
    // The tiers run in that order (sequence.groupOrder): a broken unit fails first, and each tier's
    // time is its own (.ci/budgets.mjs prints them against their budgets).
    // The unit tier's files share their workers (isolate: false): they keep no state between files
    // that another could see, and a fresh process per file was two thirds of the tier's time (its 96
    // files: 61 s isolated, 18 s shared, on this 2-core machine).
    projects: [
      { extends: true, test: { name: 'unit', include: ['packages/*/src/**/*.test.ts'], isolate: false, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'oracle', include: ['test/**/*.test.ts'], exclude: [...E2E, 'test/.cache/**', '**/node_modules/**'], sequence: { groupOrder: 1 } },
      },
      { extends: true, test: { name: 'e2e', include: E2E, sequence: { groupOrder: 2 } } },
    ],
  },
});
