// The installed `spvkit` as real processes (issue 13, part 3): the V8 code cache made on the
// user's machine at first run (bin/codeCache.js): one per command, written once into the cache
// folder, keyed by the bundle and the V8 that made it, reused after, and silently left out where
// it cannot be written; the library export served by the one-script bundle, for require() and
// import alike; a package that ships nothing tied to one Node version and needs no dependency.
// Needs `pnpm build` (pnpm test builds first).
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, decodeModule, disassemble, encodeModule } from '@spvkit/core';

const cliDir = fileURLToPath(new URL('../../packages/cli/', import.meta.url));
const bin = join(cliDir, 'bin', 'spvkit.js');
const bundle = join(cliDir, 'dist', 'spvkit.cjs');
const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shader = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

/** `spvkit ARGS` as a process, with exactly the environment given (plus PATH): no HOME unless given. */
function run(args: string[], env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', cwd: dir });
}

/** The cache files in `folder` (none when it does not exist). */
const caches = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.cache')) : []);

/** The commands a cache file says it covers (its first line). */
const covered = (path: string): string[] => {
  const data = readFileSync(path);
  return data.subarray(0, data.indexOf(10)).toString('latin1').split(',');
};

beforeAll(() => {
  expect(existsSync(bundle), `${bundle} is missing: run pnpm build first`).toBe(true);
  writeFileSync(join(dir, 'shader.spvasm'), shader);
  const words = encodeModule(assemble(shader));
  writeFileSync(join(dir, 'shader.spv'), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
});

describe('the code cache, made at first run', () => {
  it('is written to $XDG_CACHE_HOME/spvkit, one per command, keyed by the bundle and V8, and reused', () => {
    const home = join(dir, 'xdg');
    const folder = join(home, 'spvkit');
    const env = { XDG_CACHE_HOME: home };
    const first = run(['--version'], env);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe('');
    const hash = /\/\/# spvkit-bundle=(\w+)\n$/.exec(readFileSync(bundle, 'latin1'))![1];
    const nameOf = (command: string): string => `spvkit-${hash}-${command}-v8-${process.versions.v8}-${process.arch}.cache`;
    expect(caches(folder)).toEqual([nameOf('version')]);
    expect(covered(join(folder, nameOf('version')))).toEqual(['version']);

    // Another command: a cache of its own, with only the functions it runs.
    expect(run(['as', 'shader.spvasm', '-o', 'shader.spv'], env).status).toBe(0);
    const asPath = join(folder, nameOf('as'));
    expect(covered(asPath)).toEqual(['as']);
    expect(statSync(asPath).size).toBeGreaterThan(statSync(join(folder, nameOf('version'))).size);
    const written = [asPath, join(folder, nameOf('version'))].map((p) => statSync(p));

    // Seen, and accepted by V8 (a rejected cache would be rewritten): left alone.
    for (const args of [['as', 'shader.spvasm', '-o', 'shader.spv'], ['--version']]) {
      const r = run(args, env);
      expect(r.status).toBe(0);
      const now = [asPath, join(folder, nameOf('version'))].map((p) => statSync(p));
      expect(now.map((n) => [n.ino, n.mtimeMs, n.size])).toEqual(written.map((w) => [w.ino, w.mtimeMs, w.size]));
    }
    expect(run(['dis', 'shader.spv'], env).stdout).toContain('OpEntryPoint GLCompute %1 "main"');
    expect(readdirSync(folder).sort()).toEqual([nameOf('as'), nameOf('dis'), nameOf('version')]); // no temporary file left
  });

  it('a damaged cache is dropped by V8 and written again', () => {
    const home = join(dir, 'damaged');
    expect(run(['dis', 'shader.spv'], { XDG_CACHE_HOME: home }).status).toBe(0);
    const path = join(home, 'spvkit', caches(join(home, 'spvkit'))[0]);
    const size = statSync(path).size;
    writeFileSync(path, 'dis\nnot what V8 wrote');
    const r = run(['dis', 'shader.spv'], { XDG_CACHE_HOME: home });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('OpFunctionEnd');
    expect(covered(path)).toEqual(['dis']);
    expect(statSync(path).size).toBeGreaterThan(size / 2);
  });

  it('is silently left out where it cannot be written or there is no home, and when turned off', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const cases: Record<string, string>[] = [
      { XDG_CACHE_HOME: join(blocker, 'below-a-file') }, // mkdir fails (ENOTDIR), even for root
      {}, // no HOME, no XDG_CACHE_HOME
      { HOME: join(dir, 'home-off'), SPVKIT_CODE_CACHE: '0' },
    ];
    for (const env of cases) {
      const r = run(['dis', 'shader.spv'], env);
      expect(r.status, JSON.stringify(env)).toBe(0);
      expect(r.stderr, JSON.stringify(env)).toBe('');
      expect(r.stdout).toContain('OpFunctionEnd');
    }
    expect(existsSync(join(dir, 'home-off'))).toBe(false);
    // HOME alone: ~/.cache/spvkit (on Linux).
    if (process.platform === 'linux') {
      expect(run(['--version'], { HOME: join(dir, 'home') }).status).toBe(0);
      expect(caches(join(dir, 'home', '.cache', 'spvkit'))).toHaveLength(1);
    }
  });

  it('never replaces an unnamed output, as a process too', () => {
    writeFileSync(join(dir, 'taken.spv'), 'not ours');
    writeFileSync(join(dir, 'taken.spvasm'), shader);
    const r = run(['as', 'taken.spvasm'], {});
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('taken.spv: error: exists already');
    expect(readFileSync(join(dir, 'taken.spv'), 'utf8')).toBe('not ours');
    expect(run(['-v'], {}).stdout).toMatch(/^spvkit \d+\.\d+\.\d+\n$/);
  });
});

describe('the package', () => {
  it('serves its library export from the bundle, to require() and import alike', async () => {
    const require = createRequire(join(cliDir, '..', '..', 'package.json'));
    const resolved = require.resolve('@spvkit/cli');
    expect(resolve(resolved)).toBe(resolve(bundle));
    const viaRequire = require('@spvkit/cli') as { main: (argv: string[], io: object) => Promise<number> };
    const viaImport = (await import(pathToFileURL(resolved).href)) as { main: typeof viaRequire.main };
    for (const { main } of [viaRequire, viaImport]) {
      const stdout = new PassThrough();
      let text = '';
      stdout.on('data', (d: Buffer) => (text += d.toString()));
      expect(await main(['--version'], { stdout, stderr: new PassThrough(), stdin: new PassThrough() })).toBe(0);
      expect(text).toMatch(/^spvkit \d+\.\d+\.\d+\n$/);
    }
  });

  it('ships the bin, the bundle and its types, nothing tied to one Node version, and depends only on the GLSL compiler', () => {
    // @spvkit/glslang is the one dependency: its wasm and glue are files beside it, which the
    // one-script bundle cannot carry, and only `spvkit glsl` loads it.
    const pkg = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['@spvkit/glslang']);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: cliDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as { files: { path: string }[] }[];
    const files = packed[0].files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/spvkit.js',
        'bin/worker.js',
        'bin/codeCache.js',
        'bin/package.json',
        'dist/spvkit.cjs',
        'dist/spvkit.d.cts',
        'package.json',
      ]),
    );
    expect(files.filter((f) => /\.cache$|^src\/|^scripts\/|\.map$|\.test\./.test(f))).toEqual([]);
    // Every module the shipped types name is shipped.
    for (const f of files.filter((x) => /\.d\.c?ts$/.test(x))) {
      const text = readFileSync(join(cliDir, f), 'utf8');
      for (const [, spec] of text.matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
        const target = join(dirname(f), spec.replace(/\.js$/, '.d.ts'));
        expect(files, `${f} names ${spec}`).toContain(target);
      }
    }
  });
});

describe('spvkit dis of a large module', () => {
  it('prints what disassemble() prints after its warm-up (from 1 MB on)', () => {
    // A module over 1 MB: a long source text in OpSource and OpSourceContinued lines, and many names.
    const chunk = 'x'.repeat(60_000);
    const lines = [`OpSource GLSL 450 %src "${chunk}"`, ...Array.from({ length: 18 }, () => `OpSourceContinued "${chunk}"`)];
    const big = shader.replace('%void = OpTypeVoid', `%src = OpString "big.comp"\n${lines.join('\n')}\n%void = OpTypeVoid`);
    const words = encodeModule(assemble(big));
    expect(words.byteLength).toBeGreaterThan(1 << 20);
    writeFileSync(join(dir, 'big.spv'), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const r = spawnSync(process.execPath, [bin, 'dis', 'big.spv'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      env: { PATH: process.env.PATH ?? '', SPVKIT_CODE_CACHE: '0' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(disassemble(decodeModule(words)));
  });
});
