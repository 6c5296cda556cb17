// Lint: ESLint's recommended rules everywhere, and typescript-eslint's type-checked preset over the
// TypeScript (types catch what syntax cannot: floating promises, unsafe `any` flows, needless
// assertions). Formatting is Prettier's (`pnpm format`); these presets hold no formatting rules.
// Type information comes from each package's tsconfig.json and test/tsconfig.json, and packages
// import each other's built declarations, so `pnpm lint` runs after `pnpm build`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '**/*.d.ts',
      'test/.cache/**',
      'test/pack/fixtures/**',
      'packages/glslang/wasm/**',
      '.gl/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['examples/inspector/src/**', 'test/browser/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The unit tier (vitest.config.js): the packages' own tests run in process, on nothing outside
  // their package. Suites that spawn a tool, drive a browser or read test/ belong in test/.
  {
    files: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.cases.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:child_process', 'child_process', 'playwright-core'].map((name) => ({
            name,
            message: 'unit tests run in process: a suite that spawns a tool or drives a browser belongs in test/ (the oracle or e2e tier)',
          })),
          patterns: [{ regex: '(^|/)test/', message: 'unit tests use nothing from test/: move the suite there, or share its cases through a *.cases.ts file' }],
        },
      ],
    },
  },
);
