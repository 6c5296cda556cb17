// Nothing `@internal` is used across packages: core's declarations are emitted with
// stripInternal, and the other packages build against those declarations (their tsconfigs resolve
// @spvkit/core through its export map to dist/index.d.ts), so `pnpm build` fails if one of them
// uses a stripped member. This checks the two halves of that proof stay in place.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../plugins/helpers.js';

const core = join(repoRoot, 'packages', 'core');

describe('core ships no @internal member, and the other packages build against what it ships', () => {
  it('core builds with stripInternal, and its declarations lack the internal members', () => {
    const config = ts.readConfigFile(join(core, 'tsconfig.build.json'), (p) => readFileSync(p, 'utf8')).config as {
      compilerOptions?: { stripInternal?: boolean };
    };
    expect(config.compilerOptions?.stripInternal).toBe(true);
    const dts = join(core, 'dist', 'ir', 'Module.d.ts');
    if (!existsSync(dts)) throw new Error('packages/core/dist is missing: run `pnpm build` first (`pnpm test` does)');
    const text = readFileSync(dts, 'utf8');
    expect(text).not.toMatch(/setLazyGlobals|lazyGlobalWords/); // the assembler's, internal
    expect(text).toMatch(/setLazyFunctions|lazyFunctionWords/); // public: the fast path passes use
  });

  // vite-plugin imports core only through rollup-plugin.
  for (const pkg of ['passes', 'preserve-source', 'cli', 'rollup-plugin']) {
    it(`${pkg} resolves @spvkit/core to core's emitted declarations`, () => {
      const dir = join(repoRoot, 'packages', pkg);
      const parsed = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.build.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
      const resolved = ts.resolveModuleName('@spvkit/core', join(dir, 'src', 'index.ts'), parsed.options, ts.sys).resolvedModule;
      expect(resolved?.resolvedFileName).toBe(join(core, 'dist', 'index.d.ts'));
    });
  }
});
