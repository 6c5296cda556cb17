// Issue 18's proof over real shaders: every GLSL file of test/corpus/glsl and every shader of
// test/shaders (361, every stage, shared headers) that Debian's glslangValidator compiles also
// compiles through @spvkit/rollup-plugin with its default options — so with @spvkit/glslang —
// in a process whose PATH has no glslangValidator, and every module it gives passes spirv-val
// for the shader's target env.
//
// The only option given is `targetEnv`, because the shaders' own headers ask for one (ray tracing
// and EXT mesh shading need SPIR-V 1.4): one Rollup build per env, each with every shader of that
// env as an entry, so the plugin compiles them in one process as a project's build would.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rollup, type OutputChunk } from 'rollup';
import { afterAll, beforeAll, expect, it } from 'vitest';
import spvkit from '@spvkit/rollup-plugin';
import { describeWithOracle } from '../support/oracles.js';
import { loadCorpus, spirvVal } from '../corpus/index.js';
import { glslangValidatorVersion, loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { repoRoot } from './helpers.js';

/** At most two spirv-val processes at once: the machines this runs on are small and shared. */
const VALIDATE_JOBS = 2;

function availability(): { ok: boolean; reason?: string } {
  if (glslangValidatorVersion() === undefined)
    return { ok: false, reason: 'glslangValidator not found (Debian glslang-tools): it says which shaders must compile' };
  const val = spawnSync('spirv-val', ['--version']);
  if (val.error || val.status !== 0) return { ok: false, reason: 'spirv-val not found (Debian spirv-tools)' };
  return { ok: true };
}

interface Shader {
  /** Absolute path. */
  readonly source: string;
  readonly targetEnv: string;
  /** Where it comes from, for messages: `shaders/post/fxaa.frag`, `corpus/sky.rmiss`. */
  readonly label: string;
}

/** Runs `body` with PATH set to an empty folder, so no tool at all can be found. */
async function withoutToolsOnPath<T>(body: () => Promise<T>): Promise<T> {
  const empty = await mkdtemp(join(repoRoot, 'test', '.cache', 'no-tools-'));
  const saved = process.env.PATH;
  process.env.PATH = empty;
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
    await rm(empty, { recursive: true, force: true });
  }
}

describeWithOracle('every corpus and folder shader through the plugin, without glslangValidator on PATH', availability(), () => {
  let shaders: Shader[] = [];
  let newerOnly: string[] = [];
  let outDir: string;

  beforeAll(async () => {
    const folder = await loadShaderFolder();
    // The loader compiled the folder with glslangValidator: what it compiled must compile here.
    shaders = folder.shaders.map((s) => ({ source: s.source, targetEnv: s.targetEnv, label: `shaders/${s.path}` }));
    // And what needs a newer glslang than Debian's: the plugin must compile those too.
    newerOnly = folder.notCompiled.map((s) => s.path);
    shaders.push(...folder.notCompiled.map((s) => ({ source: s.source, targetEnv: s.targetEnv, label: `shaders/${s.path}` })));
    // The corpus: each GLSL file for each env it is built for (its plain variant, no debug flags).
    const corpus = (await loadCorpus()).filter((m) => m.kind === 'glsl' && m.variant === 'plain');
    shaders.push(
      ...corpus.map((m) => ({ source: m.source, targetEnv: m.targetEnv, label: `corpus/${relative(join(repoRoot, 'test', 'corpus', 'glsl'), m.source)}` })),
    );
    await mkdir(join(repoRoot, 'test', '.cache'), { recursive: true });
    outDir = await mkdtemp(join(repoRoot, 'test', '.cache', 'shader-folder-'));
  }, 600_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('covers the folder (361 shaders, every stage) and the corpus', () => {
    const folder = shaders.filter((s) => s.label.startsWith('shaders/'));
    expect(folder.length).toBeGreaterThanOrEqual(361);
    const stages = new Set(shaders.map((s) => s.source.slice(s.source.lastIndexOf('.') + 1)));
    expect([...stages].sort()).toEqual(['comp', 'frag', 'geom', 'mesh', 'rahit', 'rcall', 'rchit', 'rgen', 'rint', 'rmiss', 'task', 'tesc', 'tese', 'vert']);
    expect(shaders.filter((s) => s.label.startsWith('corpus/')).length).toBeGreaterThanOrEqual(25);
  });

  it('compiles every one with default options on a PATH without glslangValidator, and spirv-val accepts every module', async () => {
    const envs = [...new Set(shaders.map((s) => s.targetEnv))].sort();
    const modules = await withoutToolsOnPath(async () => {
      // Really not there: the process cannot start it, and the plugin says so when asked for it by name.
      const probe = spawnSync('glslangValidator', ['--version']);
      expect(probe.error !== undefined && 'code' in probe.error ? probe.error.code : undefined).toBe('ENOENT');
      const byName = await rollup({ input: shaders[0].source, plugins: [spvkit({ compiler: 'glslangValidator', targetEnv: shaders[0].targetEnv })] }).then(
        () => 'built',
        (e: Error) => e.message,
      );
      expect(byName).toMatch(/glslangValidator is not on PATH/);

      const out: { shader: Shader; words: Uint32Array }[] = [];
      for (const env of envs) {
        const ofEnv = shaders.filter((s) => s.targetEnv === env);
        const input = Object.fromEntries(ofEnv.map((s, i) => [`m${i}`, s.source]));
        // Default options; the env is the shader's own (see the file's header comment).
        const bundle = await rollup({ input, plugins: [spvkit({ targetEnv: env })], onwarn: () => {} });
        let chunks: OutputChunk[];
        try {
          chunks = (await bundle.generate({ format: 'es' })).output.filter((o): o is OutputChunk => o.type === 'chunk');
        } finally {
          await bundle.close();
        }
        const dir = join(outDir, env);
        for (const c of chunks) {
          await mkdir(dirname(join(dir, c.fileName)), { recursive: true });
          await writeFile(join(dir, c.fileName.replace(/\.js$/, '.mjs')), c.code.replace(/(from\s+["'][^"']+)\.js(["'])/g, '$1.mjs$2'));
        }
        for (const [i, s] of ofEnv.entries()) {
          const chunk = chunks.find((c) => c.isEntry && c.name === `m${i}`);
          expect(chunk, s.label).toBeDefined();
          const m = (await import(pathToFileURL(join(dir, chunk!.fileName.replace(/\.js$/, '.mjs'))).href)) as { default: unknown; entryPoints: unknown[] };
          expect(m.default, s.label).toBeInstanceOf(Uint32Array);
          expect(m.entryPoints.length, s.label).toBeGreaterThan(0);
          out.push({ shader: s, words: m.default as Uint32Array });
        }
      }
      return out;
    });
    expect(modules.length).toBe(shaders.length);

    const verdicts = await mapBounded(modules, VALIDATE_JOBS, async ({ shader, words }: { shader: Shader; words: Uint32Array }) => {
      const r = await spirvVal(words, shader.targetEnv);
      return r.ok ? undefined : `${shader.label} (${shader.targetEnv}): ${r.message}`;
    });
    const rejected = verdicts.filter((v): v is string => v !== undefined);
    expect(rejected, rejected.join('\n\n')).toEqual([]);
    console.info(
      `${modules.length} modules from the plugin's default compiler passed spirv-val (${envs.join(', ')}); ` +
        `${newerOnly.length} of them need a glslang newer than this glslangValidator: ${newerOnly.join(', ')}`,
    );
  }, 900_000);
});
