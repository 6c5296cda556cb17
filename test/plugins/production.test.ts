// Issue 16 in the plugins: the release passes run by default in production builds (Rollup with
// NODE_ENV=production, `vite build`) after the user's passes and after reflection, `release`
// turns them off or forces them in dev, `debugInfo: true` keeps the stripping passes out; the
// `specialize` option and the `?specialize=` query bake spec constants in, and the cache keeps
// each specialization apart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, createServer, type Rolldown } from 'vite';
import { decodeModule, encodeModule, Op, runPasses } from '@spvkit/core';
import { PERFORMANCE_PASSES, RELEASE_PASSES, SIZE_PASSES, STRIPPING_PASSES, availableRecipe } from '@spvkit/passes';
import spvkit, { type SpvkitOptions } from '@spvkit/rollup-plugin';
import spvkitVite from '@spvkit/vite-plugin';
import { recordsExport, wordsExport } from './exports.js';
import {
  buildError,
  bytesToWords,
  compileWithWasm,
  hasValidateBuiltins,
  makeProject,
  rollupBuild,
  runOutput,
  type OutputModule,
  type Project,
} from './helpers.js';
import { FILL_SPVASM } from './fixtures.js';

const baseOptions: SpvkitOptions = hasValidateBuiltins ? {} : { validate: false };
const SPECIALIZE = ['set-spec-const-default-value', 'freeze-spec-const', 'fold-spec-const-op-composite'];

/** A compute shader with a spec-constant workgroup size, a dead function and an unused global, with debug info. */
const SPEC_COMP = `#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint SCALE = 3u;
layout(set = 0, binding = 1) buffer Values { uint v[]; } values;
uint unusedGlobal;
uint neverCalled(uint x) { return x * 7u; }
void main() { values.v[gl_GlobalInvocationID.x] = gl_LocalInvocationIndex * SCALE; }
`;

let project: Project;
let specSpv: Uint8Array;
const savedNodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  specSpv = await compileWithWasm(SPEC_COMP, 'comp', true);
  project = await makeProject('production', {
    'src/fill.spvasm': FILL_SPVASM,
    'src/spec.spv': specSpv,
    'src/spec.comp': SPEC_COMP,
    'src/main.js': `
export { default as fill, bindings as fillBindings, entryPoints as fillEntryPoints } from './fill.spvasm';
export { default as spec, bindings as specBindings, specConstants } from './spec.spv';
export { default as glsl, bindings as glslBindings } from './spec.comp';
`,
    'src/specialized.js': `
export { default as plain } from './spec.spv';
export { default as s64 } from './spec.spv?specialize=0:64';
export { default as s32 } from './spec.spv?specialize=0:32,1:5';
`,
    'src/badQuery.js': `export { default } from './spec.spv?specialize=zero:64';\n`,
  });
});

afterAll(async () => {
  await project?.remove();
});

afterEach(() => {
  if (savedNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = savedNodeEnv;
});

async function rollupRun(options: SpvkitOptions, nodeEnv: string | undefined, entry = 'src/main.js'): Promise<OutputModule> {
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  return runOutput(await rollupBuild(project.path(entry), [spvkit({ ...baseOptions, ...options })]), project);
}

/** `words` after `passes`, as runPasses makes it. */
function after(words: Uint32Array, passes: readonly string[]): Uint32Array {
  const m = decodeModule(words);
  const r = runPasses(m, passes, { targetEnv: 'vulkan1.1' });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(m);
}

const opcodes = (words: Uint32Array): Set<number> => {
  const m = decodeModule(words);
  const all = [...m.debugStrings, ...m.debugNames, ...m.globals, ...m.functions.flatMap((f) => [...f.allInstructions()])];
  return new Set(all.map((i) => i.opcode));
};

describe('release passes in production builds', () => {
  it('Rollup with NODE_ENV=production runs RELEASE_PASSES after the user passes; reflection keeps its names', async () => {
    const dev = await rollupRun({}, undefined);
    const prod = await rollupRun({}, 'production');
    for (const name of ['fill', 'spec']) {
      const devWords = wordsExport(dev, name);
      const prodWords = wordsExport(prod, name);
      expect(prodWords, name).toEqual(after(devWords, RELEASE_PASSES));
      expect(prodWords.length, name).toBeLessThan(devWords.length);
      expect(opcodes(prodWords).has(Op.Name), name).toBe(false);
    }
    // Debug info kept in dev (the .spv input was compiled with -g): errors can point at lines.
    expect(opcodes(wordsExport(dev, 'spec')).has(Op.Line)).toBe(true);
    // The names of bindings and entry points come from before the stripping.
    expect(recordsExport(prod, 'fillBindings')).toEqual(recordsExport(dev, 'fillBindings'));
    expect(recordsExport(prod, 'fillEntryPoints')).toEqual(recordsExport(dev, 'fillEntryPoints'));
    expect(recordsExport(prod, 'specBindings')).toEqual(recordsExport(dev, 'specBindings'));
    expect(recordsExport(prod, 'specBindings')[0]?.name).toBe('values');
    expect(recordsExport(prod, 'glslBindings')).toEqual(recordsExport(dev, 'glslBindings'));
  });

  it('release: false keeps production output as dev; release: true runs the passes in dev', async () => {
    const dev = await rollupRun({}, undefined);
    const prodOff = await rollupRun({ release: false }, 'production');
    const devOn = await rollupRun({ release: true }, undefined);
    const prod = await rollupRun({}, 'production');
    for (const name of ['fill', 'spec', 'glsl']) {
      expect(wordsExport(prodOff, name), name).toEqual(wordsExport(dev, name));
      expect(wordsExport(devOn, name), name).toEqual(wordsExport(prod, name));
    }
  });

  it("optimize runs spirv-opt's recipe before the release passes where they run, naming the passes spvkit lacks once", async () => {
    const dev = await rollupRun({}, undefined);
    for (const [optimize, recipe] of [
      ['performance', PERFORMANCE_PASSES],
      ['size', SIZE_PASSES],
    ] as const) {
      process.env.NODE_ENV = 'production';
      const built = await rollupBuild(project.path('src/main.js'), [spvkit({ ...baseOptions, optimize })]);
      const prod = await runOutput(built, project);
      const { passes, missing } = availableRecipe(recipe);
      for (const name of ['fill', 'spec']) expect(wordsExport(prod, name), name).toEqual(after(wordsExport(dev, name), [...passes, ...RELEASE_PASSES]));
      const warned = built.warnings.filter((w) => w.code === 'PLUGIN_WARNING' && w.message.includes('spirv-opt'));
      expect(warned).toHaveLength(missing.length > 0 ? 1 : 0);
      if (missing.length > 0) expect(warned[0].message).toContain(missing[0]);
      // A dev build does not optimize.
      const devRun = await rollupRun({ optimize }, undefined);
      expect(wordsExport(devRun, 'spec')).toEqual(wordsExport(dev, 'spec'));
    }
    expect(() => spvkit({ optimize: 'fast' as 'size' })).toThrow("option optimize must be 'performance', 'size' or false");
  });

  it('debugInfo: true keeps the stripping passes out of the release set', async () => {
    const dev = await rollupRun({ debugInfo: true }, undefined);
    const prod = await rollupRun({ debugInfo: true }, 'production');
    const words = wordsExport(prod, 'spec');
    expect(words).toEqual(
      after(
        wordsExport(dev, 'spec'),
        RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)),
      ),
    );
    expect(opcodes(words).has(Op.Line)).toBe(true);
    expect(opcodes(words).has(Op.Name)).toBe(true);
  });

  it('vite build runs them by default, as a Rollup production build does', async () => {
    delete process.env.NODE_ENV;
    const result = await build({
      root: project.root,
      logLevel: 'silent',
      configFile: false,
      plugins: [spvkitVite({ ...baseOptions })],
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: project.path('src/main.js'), preserveEntrySignatures: 'strict', output: { format: 'es' } },
      },
    });
    const out = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const vite = await runOutput(
      {
        chunks: out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk'),
        assets: out.output.filter((o): o is Rolldown.OutputAsset => o.type === 'asset'),
      },
      project,
    );
    const rollupProd = await rollupRun({}, 'production');
    for (const name of ['fill', 'spec', 'glsl']) expect(wordsExport(vite, name), name).toEqual(wordsExport(rollupProd, name));
  });
});

describe('the Vite dev server', () => {
  it('keeps debug info (no release passes) and takes ?specialize= through its resolution', async () => {
    delete process.env.NODE_ENV;
    const server = await createServer({
      root: project.root,
      configFile: false,
      logLevel: 'silent',
      plugins: [spvkitVite({ ...baseOptions })],
      server: { middlewareMode: true, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const load = (url: string): Promise<OutputModule> => server.ssrLoadModule(url, { fixStacktrace: false });
      const dev = wordsExport(await load('/src/spec.spv'), 'default');
      expect(dev).toEqual(bytesToWords(specSpv));
      expect(opcodes(dev).has(Op.Line)).toBe(true);
      const specialized = wordsExport(await load('/src/spec.spv?specialize=0:64'), 'default');
      expect(specialized).toEqual(after(bytesToWords(specSpv), ['set-spec-const-default-value=0:64', ...SPECIALIZE.slice(1)]));
    } finally {
      await server.close();
    }
  });
});

describe('specialization', () => {
  it('the specialize option bakes the values in before the user passes; specConstants reflect the result', async () => {
    const plain = await rollupRun({}, undefined);
    const specialized = await rollupRun({ specialize: { 0: 64, 1: 5 } }, undefined);
    const words = wordsExport(specialized, 'spec');
    expect(words).toEqual(after(wordsExport(plain, 'spec'), ['set-spec-const-default-value=0:64 1:5', ...SPECIALIZE.slice(1)]));
    const ops = opcodes(words);
    expect(ops.has(Op.SpecConstant)).toBe(false);
    expect(ops.has(Op.SpecConstantComposite)).toBe(false);
    expect(recordsExport(specialized, 'specConstants')).toEqual([]);
    expect(recordsExport(plain, 'specConstants').length).toBe(2);
  });

  it('?specialize= per import, over the option; each specialization is its own cache entry', async () => {
    const out = await rollupRun({ specialize: { 1: 9 } }, undefined, 'src/specialized.js');
    const plain = wordsExport(out, 'plain');
    const s64 = wordsExport(out, 's64');
    const s32 = wordsExport(out, 's32');
    const source = bytesToWords(specSpv);
    // The query's values over the option's (1 stays 9 unless the query names it).
    expect(plain).toEqual(after(source, ['set-spec-const-default-value=1:9', ...SPECIALIZE.slice(1)]));
    expect(s64).toEqual(after(source, ['set-spec-const-default-value=0:64 1:9', ...SPECIALIZE.slice(1)]));
    expect(s32).toEqual(after(source, ['set-spec-const-default-value=0:32 1:5', ...SPECIALIZE.slice(1)]));
    expect(s64).not.toEqual(s32);
  });

  it('a bad query or option value is an error naming it', async () => {
    process.env.NODE_ENV = 'development';
    const e = await buildError(rollupBuild(project.path('src/badQuery.js'), [spvkit({ ...baseOptions })]));
    expect(e.message).toContain("'zero:64' is not SPECID:VALUE");
    expect(() => spvkit({ specialize: { 0: 'a b' } })).toThrow(/option specialize\[0\] must be/);
    expect(() => spvkit({ specialize: { [-1]: 3 } })).toThrow(/'-1' is not a SpecId/);
    // A value the pass refuses (a bool given to a uint) fails the build with the pass's message.
    const refused = await buildError(rollupBuild(project.path('src/main.js'), [spvkit({ ...baseOptions, specialize: { 1: true } })]));
    expect(refused.message).toMatch(/true/);
  });
});
