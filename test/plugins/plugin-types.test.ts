// The plugins' emitted declarations type-check where users have them: in a Vite 8 project, which
// has no `rollup` package, and in a Rollup 4 project, which has no `vite`, both with `strict` and
// `skipLibCheck: false`. The declarations are emitted from the current sources into projects in
// the system's temporary folder, outside the repository, so that nothing the workspace installed
// (its own rollup, vite) can be found by walking up from them; a control in each project proves
// that the missing bundler really cannot be resolved there.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const require = createRequire(import.meta.url);

/** The real folder of an installed package (pnpm links it from the store). */
function packageDir(name: string): string {
  return realpathSync(dirname(require.resolve(`${name}/package.json`)));
}

/** Emits `packages/<pkg>`'s declarations from its sources, as its build does, into `outDir`. */
function emitDeclarations(pkg: string, outDir: string): void {
  const configPath = join(repoRoot, 'packages', pkg, 'tsconfig.build.json');
  // parseJsonConfigFileContent takes the parsed JSON as it is; it reports bad fields itself.
  const config: unknown = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath), undefined, configPath);
  const options = { ...parsed.options, outDir, declaration: true, emitDeclarationOnly: true, declarationMap: false, sourceMap: false, noEmit: false };
  const program = ts.createProgram(parsed.fileNames, options);
  const result = program.emit();
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].map(format);
  if (problems.length > 0) throw new Error(`${pkg} does not compile:\n${problems.join('\n')}`);
}

function format(d: ts.Diagnostic): string {
  const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
  return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}

/** `tsc --noEmit -p <dir>` through the compiler API: the diagnostics, formatted. */
function typeCheck(dir: string): string[] {
  const configPath = join(dir, 'tsconfig.json');
  // parseJsonConfigFileContent takes the parsed JSON as it is; it reports bad fields itself.
  const config: unknown = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, configPath);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map(format);
}

/** A user's tsconfig: strict, and library declarations checked too. */
function tsconfig(moduleResolution: 'Bundler' | 'NodeNext'): string {
  return JSON.stringify({
    compilerOptions: {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'ES2022',
      lib: ['ESNext', 'DOM'],
      module: moduleResolution === 'Bundler' ? 'ESNext' : 'NodeNext',
      moduleResolution,
      types: [],
    },
    include: ['src'],
  });
}

const PASS_SOURCE = `
const countFunctions: Pass = {
  name: 'count-functions',
  run(module, context) {
    const diagnostics: Diagnostic[] = [];
    if (module.functions.length === 0) diagnostics.push({ severity: 'warning', message: 'no functions', pass: this.name });
    void context;
    return { changed: false, diagnostics };
  },
};
const factory: PassFactory = () => countFunctions;
const options: SpvkitOptions = { passes: ['lower-local-invocation-index', factory()], validate: 'error', include: [/\\.comp$/] };
`;

let root: string;
let emitted: string;

/** A package folder as npm installs it: its package.json, client types and emitted dist/. */
function installPlugin(project: string, pkg: 'rollup-plugin' | 'vite-plugin'): void {
  const to = join(project, 'node_modules', '@spvkit', pkg);
  mkdirSync(to, { recursive: true });
  const from = join(repoRoot, 'packages', pkg);
  // The declaration files the package ships at its root (the client types), as its `files` lists them.
  const { files } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { files: string[] };
  for (const f of ['package.json', ...files.filter((f) => f.endsWith('.d.ts'))]) cpSync(join(from, f), join(to, f));
  cpSync(join(emitted, pkg), join(to, 'dist'), { recursive: true });
}

/** A dependency linked as pnpm or `npm link` would: the package's real folder. */
function link(project: string, name: string, target: string): void {
  const at = join(project, 'node_modules', name);
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
}

function makeProject(name: string, moduleResolution: 'Bundler' | 'NodeNext', files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  writeFileSync(join(dir, 'tsconfig.json'), tsconfig(moduleResolution));
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(dir, rel), text);
  // core, passes and wgsl as built: their declarations are part of what the user's tsc checks
  // (the WGSL output's types name @spvkit/wgsl's).
  link(dir, '@spvkit/core', join(repoRoot, 'packages', 'core'));
  link(dir, '@spvkit/passes', join(repoRoot, 'packages', 'passes'));
  link(dir, '@spvkit/wgsl', join(repoRoot, 'packages', 'wgsl'));
  return dir;
}

beforeAll(() => {
  for (const pkg of ['core', 'passes', 'wgsl']) {
    if (!existsSync(join(repoRoot, 'packages', pkg, 'dist', 'index.d.ts'))) {
      throw new Error(`packages/${pkg}/dist is missing: run \`pnpm build\` first (\`pnpm test\` does)`);
    }
  }
  root = mkdtempSync(join(realpathSync(tmpdir()), 'spvkit-plugin-types-'));
  emitted = join(root, 'emitted');
  emitDeclarations('rollup-plugin', join(emitted, 'rollup-plugin'));
  emitDeclarations('vite-plugin', join(emitted, 'vite-plugin'));
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('plugin declarations', () => {
  it('import nothing from rollup or @rollup/*, and re-export Pass from core', () => {
    const rollupIndex = ts.sys.readFile(join(emitted, 'rollup-plugin', 'index.d.ts')) ?? '';
    expect(rollupIndex).toMatch(/export type \{[^}]*\bPass\b[^}]*\} from '@spvkit\/core'/);
    for (const pkg of ['rollup-plugin', 'vite-plugin']) {
      for (const file of ts.sys.readDirectory(join(emitted, pkg), ['.d.ts'])) {
        expect(ts.sys.readFile(file), file).not.toMatch(/^\s*(import|export)\b[^\n]*from ['"](rollup|@rollup\/[^'"]+)['"]/m);
      }
    }
  });

  it('type-check in a Vite 8 project without rollup (strict, skipLibCheck false)', () => {
    const dir = makeProject('vite-app', 'Bundler', {
      'src/vite.config.ts': `import { defineConfig, type PluginOption } from 'vite';
import spvkit, { type Diagnostic, type Pass, type PassFactory, type SpvkitOptions, type SpvkitVitePlugin } from '@spvkit/vite-plugin';
import spvkitRollup, { type SpvkitPlugin } from '@spvkit/rollup-plugin';
${PASS_SOURCE}
const vitePlugin: SpvkitVitePlugin = spvkit(options);
// The Rollup plugin runs unchanged in Vite: its type must be a Vite plugin too.
const rollupPlugin: SpvkitPlugin = spvkitRollup({ validate: 'warn' });
const asOption: PluginOption = rollupPlugin;
export default defineConfig({ plugins: [vitePlugin, asOption, spvkitRollup()] });
`,
      'src/main.ts': `/// <reference types="@spvkit/vite-plugin/client" />
import blur, { bindings } from './blur.comp';
import text from './blur.comp?spvasm';
export const n: number = blur.length + bindings.length + text.length;
`,
      'src/control.ts': `import type { Plugin } from 'rollup';\nexport type P = Plugin;\n`,
    });
    link(dir, 'vite', packageDir('vite'));
    installPlugin(dir, 'rollup-plugin');
    installPlugin(dir, 'vite-plugin');
    const problems = typeCheck(dir);
    // The control: rollup cannot be found from this project, so nothing else may need it.
    expect(problems.filter((p) => p.includes('control.ts'))).toEqual([expect.stringMatching(/TS2307 Cannot find module 'rollup'/)]);
    expect(problems.filter((p) => !p.includes('control.ts'))).toEqual([]);
  });

  it('type-check in a Rollup 4 project without vite (strict, skipLibCheck false, NodeNext)', () => {
    const dir = makeProject('rollup-app', 'NodeNext', {
      'src/rollup.config.ts': `import type { Plugin, RollupOptions } from 'rollup';
import spvkit, { type Diagnostic, type Pass, type PassFactory, type SpvkitOptions } from '@spvkit/rollup-plugin';
${PASS_SOURCE}
const plugin: Plugin = spvkit(options);
const config: RollupOptions = { input: 'src/main.js', output: { dir: 'dist', format: 'es' }, plugins: [plugin, spvkit()] };
export default config;
`,
      'src/control.ts': `import type { Plugin } from 'vite';\nexport type P = Plugin;\n`,
    });
    link(dir, 'rollup', packageDir('rollup'));
    installPlugin(dir, 'rollup-plugin');
    const problems = typeCheck(dir);
    expect(problems.filter((p) => p.includes('control.ts'))).toEqual([expect.stringMatching(/TS2307 Cannot find module 'vite'/)]);
    expect(problems.filter((p) => !p.includes('control.ts'))).toEqual([]);
  });
});
