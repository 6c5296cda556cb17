// The temporary projects of the pack-and-install suite, made under one folder in the OS's
// temporary directory, outside the workspace, so nothing of it (its node_modules, its pnpm
// links) can be resolved from them:
//
//   <run>/package.json        typescript and @types/node, installed once per run: TypeScript looks
//   <run>/node_modules/       for @types and is run from here, for every project below
//   <run>/vite-app/           Vite 8 and @spvkit/vite-plugin; src/blocks.types.ts by the CLI's spvkit types
//   <run>/rollup-project/     Rollup 4 and @spvkit/rollup-plugin
//   <run>/node-project/       @spvkit/core, @spvkit/passes and @spvkit/validator
//   <run>/cli-prefix/         npm install -g --prefix of @spvkit/cli
//
// A project lists only the package a user would install; the other @spvkit packages it needs are
// not in any registry yet, so "overrides" point npm at their tarballs (a user gets them from the
// registry by the exact versions the tarballs carry).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRun } from './npm.js';
import { repoRoot, type Tarball } from './packTarballs.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The versions of the third-party packages the projects install: the repository's own pins. */
export function pinnedVersion(name: 'vite' | 'rollup' | 'typescript' | '@types/node'): string {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const version = root.devDependencies[name];
  if (version === undefined) throw new Error(`the root package.json pins no ${name}`);
  return version;
}

function spec(tarballs: readonly Tarball[], name: string): string {
  const t = tarballs.find((x) => x.name === name);
  if (t === undefined) throw new Error(`no tarball of ${name} (packed: ${tarballs.map((x) => x.name).join(', ')})`);
  return `file:${t.file}`;
}

/** npm "overrides" that resolve every @spvkit package but `direct` to its tarball. */
function overrides(tarballs: readonly Tarball[], direct: readonly string[]): Record<string, string> {
  return Object.fromEntries(tarballs.filter((t) => !direct.includes(t.name)).map((t) => [t.name, `file:${t.file}`]));
}

const npmInstall = ['install', '--no-audit', '--no-fund', '--prefer-offline'];

/** Installs the shared TypeScript of a run into `run`; returns the path of its tsc. */
export async function installTools(run: string): Promise<string> {
  writeFileSync(
    join(run, 'package.json'),
    JSON.stringify(
      { name: 'spvkit-pack-tools', private: true, devDependencies: { typescript: pinnedVersion('typescript'), '@types/node': pinnedVersion('@types/node') } },
      null,
      2,
    ),
  );
  await mustRun(run, 'npm', npmInstall);
  return join(run, 'node_modules', 'typescript', 'bin', 'tsc');
}

function copyShaders(dir: string): void {
  mkdirSync(dir, { recursive: true });
  cpSync(join(fixtures, 'shaders', 'fill.spvasm'), join(dir, 'fill.spvasm'));
  // GLSL with an #include: compiled by @spvkit/glslang, which the plugin's tarball depends on.
  cpSync(join(fixtures, 'shaders', 'fill.comp'), join(dir, 'fill.comp'));
  cpSync(join(fixtures, 'shaders', 'lib'), join(dir, 'lib'), { recursive: true });
  // glslang's output, committed with the examples: a binary import of real compiler output.
  cpSync(join(repoRoot, 'examples', 'shaders', 'reduce.spv'), join(dir, 'reduce.spv'));
}

function writePackageJson(dir: string, pkg: Record<string, unknown>): void {
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ private: true, type: 'module', ...pkg }, null, 2)}\n`);
}

/** Makes and installs the Vite 8 app; returns its folder. */
export async function createViteApp(run: string, tarballs: readonly Tarball[]): Promise<string> {
  const dir = join(run, 'vite-app');
  cpSync(join(fixtures, 'vite-app'), dir, { recursive: true });
  copyShaders(join(dir, 'src', 'shaders'));
  // The shader of src/blocks.ts, whose block writers the app imports and `spvkit types` types.
  cpSync(join(fixtures, 'shaders', 'blocks.comp'), join(dir, 'src', 'shaders', 'blocks.comp'));
  writePackageJson(dir, {
    name: 'spvkit-pack-vite-app',
    devDependencies: { vite: pinnedVersion('vite'), '@spvkit/vite-plugin': spec(tarballs, '@spvkit/vite-plugin') },
    overrides: overrides(tarballs, ['@spvkit/vite-plugin']),
  });
  await mustRun(dir, 'npm', npmInstall);
  return dir;
}

/** Makes and installs the Rollup 4 project; returns its folder. */
export async function createRollupProject(run: string, tarballs: readonly Tarball[]): Promise<string> {
  const dir = join(run, 'rollup-project');
  cpSync(join(fixtures, 'rollup-project'), dir, { recursive: true });
  copyShaders(join(dir, 'src', 'shaders'));
  writePackageJson(dir, {
    name: 'spvkit-pack-rollup-project',
    devDependencies: { rollup: pinnedVersion('rollup'), '@spvkit/rollup-plugin': spec(tarballs, '@spvkit/rollup-plugin') },
    overrides: overrides(tarballs, ['@spvkit/rollup-plugin']),
  });
  await mustRun(dir, 'npm', npmInstall);
  return dir;
}

/**
 * Makes and installs the Node project (the ES module and CommonJS scripts and their TypeScript
 * twins); returns its folder. Its package.json has no "type", as a CommonJS project's.
 */
export async function createNodeProject(run: string, tarballs: readonly Tarball[]): Promise<string> {
  const dir = join(run, 'node-project');
  cpSync(join(fixtures, 'node-project'), dir, { recursive: true });
  cpSync(join(repoRoot, 'examples', 'shaders', 'reduce.spv'), join(dir, 'reduce.spv'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'spvkit-pack-node-project',
        private: true,
        dependencies: {
          '@spvkit/core': spec(tarballs, '@spvkit/core'),
          '@spvkit/passes': spec(tarballs, '@spvkit/passes'),
          '@spvkit/validator': spec(tarballs, '@spvkit/validator'),
        },
        overrides: overrides(tarballs, ['@spvkit/core', '@spvkit/passes', '@spvkit/validator']),
      },
      null,
      2,
    )}\n`,
  );
  await mustRun(dir, 'npm', npmInstall);
  return dir;
}

/**
 * Writes the Vite app's src/blocks.types.ts with the installed CLI, as a project without a
 * bundler's types would be made: `spvkit glsl` of its blocks.comp, then `spvkit types`.
 */
export async function writeBlockTypes(viteApp: string, spvkit: string): Promise<void> {
  const shaders = join(viteApp, 'src', 'shaders');
  await mustRun(shaders, spvkit, ['glsl', 'blocks.comp', '--target-env', 'vulkan1.1', '-o', join(viteApp, 'blocks.spv')]);
  await mustRun(viteApp, spvkit, ['types', 'blocks.spv', '-o', join('src', 'blocks.types.ts')]);
}

/**
 * Installs the CLI's tarball with `npm install -g --prefix`, as `npm install -g @spvkit/cli`
 * would; returns the path of the installed `spvkit` command.
 */
export async function installCliGlobally(run: string, tarballs: readonly Tarball[]): Promise<string> {
  const prefix = join(run, 'cli-prefix');
  mkdirSync(prefix, { recursive: true });
  // With its one dependency, @spvkit/glslang (spvkit glsl's wasm), from its tarball: it is not on
  // the registry, and npm takes a global sibling as the dependency, as a published pair installs.
  const tarball = (name: string): string => spec(tarballs, name).slice('file:'.length);
  await mustRun(run, 'npm', [
    'install',
    '-g',
    '--prefix',
    prefix,
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    tarball('@spvkit/glslang'),
    tarball('@spvkit/cli'),
  ]);
  return join(prefix, 'bin', 'spvkit');
}
