// The plugins' WGSL output (issue 20, part 2): `?wgsl` per import and the `wgsl` option, in real
// Rollup 4 and Vite 8 builds whose bundles are run. The translator is @spvkit/wgsl, recorded: the
// module and options the plugin hands it are checked (after specialization and the user's
// passes, with the debug info still there), and its result must reach the exports unchanged. The
// SPIR-V reflection exports stay; the WGSL's own and a source map from the WGSL's lines back to
// the GLSL lines (from the translator's lineMap) are added; a refusal fails the build at the
// GLSL line of the instruction, with a frame. The shaders have empty bodies where the test needs
// a translation: what the first @spvkit/wgsl translates.
import { runInThisContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type Rolldown } from 'vite';
import {
  assemble,
  blockWritersExpression,
  BuiltIn,
  decodeModule,
  mergeBindGroupLayouts,
  Op,
  reflectWebGpu,
  SourceLocationsAnalysis,
  SpirvError,
  type BlockWriter,
  type Module,
} from '@spvkit/core';
import spvkit from '@spvkit/rollup-plugin';
import spvkitVite from '@spvkit/vite-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import type * as Wgsl from '@spvkit/wgsl';
import { recordsExport, stringExport, wordsExport } from './exports.js';
import { buildError, makeProject, rollupBuild, runOutput, type OutputModule, type Project } from './helpers.js';

/**
 * The translator, recorded: how often the package was loaded, every call's module (with facts
 * read at the call, before later passes change it) and options. `refuse` may throw as the
 * translator does for what WGSL cannot express; `adjust` may change the result (a lineMap for the
 * source map); `standIn` replaces the translation (tests about what the plugin hands over).
 */
const recorder = vi.hoisted(() => ({
  loads: 0,
  calls: [] as { options: unknown; builtIns: number[]; specConstants: number; hasLines: boolean }[],
  refuse: undefined as ((module: Module) => void) | undefined,
  adjust: undefined as ((module: Module, result: Wgsl.WgslResult) => Wgsl.WgslResult) | undefined,
  standIn: undefined as Wgsl.WgslResult | undefined,
}));
vi.mock('@spvkit/wgsl', async (importOriginal) => {
  recorder.loads++;
  const actual = await importOriginal<typeof Wgsl>();
  const core = await import('@spvkit/core');
  return {
    ...actual,
    toWgsl: (module: Module, options?: Wgsl.ToWgslOptions) => {
      const { SourceLocationsAnalysis: locations, Op: op, Decoration: decoration } = core;
      const instructions = module.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions));
      recorder.calls.push({
        options,
        builtIns: module.annotations.filter((i) => i.opcode === op.Decorate && i.word(1) === decoration.BuiltIn).map((i) => i.word(2)),
        specConstants: module.globals.filter((i) => i.opcode === op.SpecConstant || i.opcode === op.SpecConstantTrue || i.opcode === op.SpecConstantFalse)
          .length,
        hasLines: instructions.some((i) => module.analysis(locations).of(i) !== undefined),
      });
      recorder.refuse?.(module);
      const result = recorder.standIn ?? actual.toWgsl(module, options);
      return recorder.adjust ? recorder.adjust(module, result) : result;
    },
  };
});
afterEach(() => {
  recorder.calls.length = 0;
  recorder.refuse = undefined;
  recorder.adjust = undefined;
  recorder.standIn = undefined;
});

/** The translator's own result, for the expected values (loaded when first asked: the first test checks that the plugin does not load it before). */
async function translated(module: Module, options?: Wgsl.ToWgslOptions): Promise<Wgsl.WgslResult> {
  const { toWgsl } = await vi.importActual<typeof Wgsl>('@spvkit/wgsl');
  return toWgsl(module, options);
}

/** A compute shader with a spec constant, a storage buffer and push constants, and an empty body; `main` is on line 7. */
const IDLE_COMP = `#version 450
layout(local_size_x = 64) in;
layout(constant_id = 3) const uint ADD = 5u;
layout(std430, set = 0, binding = 0) buffer Data { uint values[]; } data;
layout(push_constant) uniform Params { uint scale; } params;

void main() {
}
`;

/** The same interface in assembly, without debug info (so it has no source map). */
const IDLE_SPVASM = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 64 1 1
               OpName %main "main"
               OpName %Data "Data"
               OpMemberName %Data 0 "values"
               OpName %data "data"
               OpName %Params "Params"
               OpMemberName %Params 0 "scale"
               OpName %params "params"
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data Block
               OpDecorate %data DescriptorSet 0
               OpDecorate %data Binding 0
               OpMemberDecorate %Params 0 Offset 0
               OpDecorate %Params Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_runtimearr_uint = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %_runtimearr_uint
%_ptr_StorageBuffer_Data = OpTypePointer StorageBuffer %Data
       %data = OpVariable %_ptr_StorageBuffer_Data StorageBuffer
     %Params = OpTypeStruct %uint
%_ptr_PushConstant_Params = OpTypePointer PushConstant %Params
     %params = OpVariable %_ptr_PushConstant_Params PushConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
`;

/** A compute shader whose line 7 uses a double, which WGSL has no type for. */
const WIDE_COMP = `#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float v[]; };

void main() {
  float x = v[0];
  double d = double(x) * 3.0lf;
  v[1] = float(d);
}
`;

/** Reads gl_LocalInvocationIndex, which lower-local-invocation-index replaces. */
const LANE_COMP = `#version 450
layout(local_size_x = 4, local_size_y = 2) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() { v[gl_WorkGroupID.x * 8u + gl_LocalInvocationIndex] = gl_LocalInvocationIndex; }
`;

/** A uniform block and a combined image sampler, for the WebGPU layouts. */
const TEX_FRAG = `#version 450
layout(set = 0, binding = 0) uniform Tint { vec4 color; } tint;
layout(set = 0, binding = 1) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 outColor;
void main() { outColor = texture(albedo, uv) * tint.color; }
`;

/** Two vertex inputs, for the vertex buffer layouts. */
const MESH_VERT = `#version 450
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec2 vUv;
void main() { vUv = uv; gl_Position = vec4(position, 1.0); }
`;

/** Blocks with a nested struct, a vec3 and a mat3 (std140) and a runtime-sized array (std430), for the block writers. */
const BLOCKS_COMP = `#version 450
layout(local_size_x = 1) in;
struct Light { vec3 position; float intensity; };
layout(std140, set = 0, binding = 0) uniform Scene { float time; vec3 eye; mat3 basis; Light lights[2]; } scene;
layout(std430, set = 0, binding = 1) buffer Out { uint count; vec2 points[]; } result;
void main() { result.points[0] = vec2(scene.time + scene.eye.x + scene.basis[2].z + scene.lights[1].intensity); }
`;

// The builds check the modules as given (dev builds); the production case sets `release` itself.
const base: SpvkitOptions = { release: false };

let project: Project;

beforeAll(async () => {
  project = await makeProject('wgsl', {
    'src/idle.comp': IDLE_COMP,
    'src/idle.spvasm': IDLE_SPVASM,
    'src/wide.comp': WIDE_COMP,
    'src/lane.comp': LANE_COMP,
    'src/tex.frag': TEX_FRAG,
    'src/mesh.vert': MESH_VERT,
    'src/blocks.comp': BLOCKS_COMP,
    'src/writers.js': `export { blockWriters } from './blocks.comp?wgsl';\nexport { default as words } from './blocks.comp';\n`,
    'src/layouts.js': `export { bindGroupLayouts as fragLayouts, vertexBuffers as fragBuffers } from './tex.frag?wgsl';
export { bindGroupLayouts as vertLayouts, vertexBuffers as vertBuffers } from './mesh.vert?wgsl';
`,
    'src/main.js': `
export { default as comp, entryPoints, bindings, pushConstants, specConstants, wgslEntryPoints, wgslBindings, overrides, sourceMap, bindGroupLayouts, vertexBuffers, requiredFeatures } from './idle.comp?wgsl';
export { default as asm, wgslEntryPoints as asmEntryPoints } from './idle.spvasm?wgsl';
export { default as words, entryPoints as wordsEntryPoints, bindings as wordsBindings, pushConstants as wordsPushConstants, specConstants as wordsSpecConstants } from './idle.comp';
`,
    'src/plain.js': `
export { default as asm, wgslEntryPoints, wgslBindings, bindings } from './idle.spvasm';
export { default as text } from './idle.spvasm?spvasm';
`,
    'src/wide.js': `export { default } from './wide.comp?wgsl';\n`,
    'src/wideWords.js': `export { default as wide } from './wide.comp';\n`,
    'src/lane.js': `export { default as lane } from './lane.comp?wgsl';\n`,
  });
});

afterAll(async () => {
  await project?.remove();
});

async function rollupRun(entry: string, options: SpvkitOptions = {}): Promise<OutputModule> {
  const out = await rollupBuild(project.path(entry), [spvkit({ root: project.root, ...base, ...options })]);
  return runOutput(out, project);
}

async function viteRun(entry: string, options: SpvkitOptions = {}): Promise<OutputModule> {
  const result = await build({
    root: project.root,
    logLevel: 'silent',
    configFile: false,
    plugins: [spvkitVite({ ...base, ...options })],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: project.path(entry), preserveEntrySignatures: 'strict', output: { format: 'es' } },
    },
  });
  const out = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  return runOutput(
    {
      chunks: out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk'),
      assets: out.output.filter((o): o is Rolldown.OutputAsset => o.type === 'asset'),
    },
    project,
  );
}

/** The lines of a v3 source map's `mappings`, decoded: per generated line its segments [column, source, line, column], absolute, 0-based. */
function decodeMappings(mappings: string): number[][][] {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const state = [0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    return line === ''
      ? []
      : line.split(',').map((segment) => {
          const values: number[] = [];
          let value = 0;
          let shift = 0;
          for (const ch of segment) {
            const d = digits.indexOf(ch);
            value += (d & 31) << shift;
            if (d & 32) shift += 5;
            else {
              values.push(value & 1 ? -(value >>> 1) : value >>> 1);
              value = 0;
              shift = 0;
            }
          }
          values.forEach((v, i) => (state[i] += v));
          return state.slice(0, values.length);
        });
  });
}

/** What main.js must export: the translator's results as they are, beside the SPIR-V reflection. */
async function checkMain(m: OutputModule): Promise<void> {
  // The SPIR-V reflection, as the words import has it.
  expect(m.entryPoints).toEqual(m.wordsEntryPoints);
  expect(m.bindings).toEqual(m.wordsBindings);
  expect(m.pushConstants).toEqual(m.wordsPushConstants);
  expect(m.specConstants).toEqual(m.wordsSpecConstants);
  expect(m.specConstants).toEqual([{ id: 3, name: 'ADD', type: 'uint', default: 5 }]);
  // The WGSL and its reflection: the translator's for the same module (the words differ from it
  // only by the compiler's debug info, stripped after the translation).
  const expected = await translated(decodeModule(wordsExport(m, 'words')));
  expect(stringExport(m, 'comp')).toBe(expected.code);
  expect(m.wgslEntryPoints).toEqual(expected.entryPoints);
  expect(m.wgslBindings).toEqual(expected.bindings);
  expect(m.overrides).toEqual(expected.overrides);
  expect(m.requiredFeatures).toEqual(expected.requiredFeatures);
  // The WebGPU layouts: core's for the same module (its empty main uses no resource, so 'auto' has none either).
  const webgpu = reflectWebGpu(decodeModule(wordsExport(m, 'words')));
  expect(m.bindGroupLayouts).toEqual(mergeBindGroupLayouts(webgpu.map((ep) => ep.bindGroupLayouts)));
  expect([m.bindGroupLayouts, m.vertexBuffers]).toEqual([[], []]);
  expect(stringExport(m, 'comp')).toMatch(/@compute\s+@workgroup_size\(64u?(, 1u?, 1u?)?\)/);
  expect(recordsExport(m, 'wgslEntryPoints')).toEqual([expect.objectContaining({ name: 'main', stage: 'compute', workgroupSize: [64, 1, 1] })]);
  // The assembly's WGSL is exactly the translator's for the assembled text.
  const fromAssembly = await translated(assemble(IDLE_SPVASM));
  expect(stringExport(m, 'asm')).toBe(fromAssembly.code);
  expect(m.asmEntryPoints).toEqual(fromAssembly.entryPoints);
}

/** The source line of the instruction the module returns from: a lineMap entry with a place, for the source map tests. */
function returnsAt(module: Module, result: Wgsl.WgslResult): Wgsl.WgslResult {
  const ret = module.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions)).find((i) => i.opcode === Op.Return);
  const location = ret === undefined ? undefined : module.analysis(SourceLocationsAnalysis).of(ret);
  // WGSL line 2 comes from it; the others from nowhere.
  return { ...result, lineMap: result.code.split('\n').map((_, k) => (k === 1 ? location : undefined)) };
}

/** The source map of main.js: WGSL line 2 maps to idle.comp's line 7 (`void main`, where glslang places the return), column 1. */
function checkSourceMap(m: OutputModule): void {
  const map = m.sourceMap as { version: number; file: string; sources: string[]; sourcesContent: (string | null)[]; mappings: string };
  expect(map).toMatchObject({ version: 3, file: 'idle.wgsl', sources: ['src/idle.comp'], sourcesContent: [IDLE_COMP], names: [] });
  const lines = decodeMappings(map.mappings);
  expect(lines).toHaveLength(stringExport(m, 'comp').split('\n').length);
  expect(lines.map((l) => l.length)).toEqual(lines.map((_, k) => (k === 1 ? 1 : 0)));
  expect(lines[1][0]).toEqual([0, 0, IDLE_COMP.split('\n').indexOf('void main() {'), 0]);
}

describe('WGSL output in a Rollup build', () => {
  it('loads @spvkit/wgsl only for a WGSL import: a build of words never does', async () => {
    const words = await rollupRun('src/wideWords.js');
    expect(wordsExport(words, 'wide')[0]).toBe(0x07230203);
    expect(recorder.loads).toBe(0);
    await rollupRun('src/main.js');
    expect(recorder.loads).toBe(1);
  });

  it('?wgsl gives the WGSL text with the SPIR-V reflection and the WGSL reflection, translated with the debug info still there', async () => {
    const m = await rollupRun('src/main.js');
    await checkMain(m);
    // idle.comp and idle.spvasm, each once, with no options, and with their source lines (glslang's
    // OpLine; the assembly's own lines): the debug info the source map and refusals need.
    expect(recorder.calls.map((c) => [c.hasLines, c.options])).toEqual([
      [true, {}],
      [true, {}],
    ]);
  });

  it("the source map: the translator's lineMap as WGSL lines to the GLSL file's lines, sources relative to the root", async () => {
    recorder.adjust = returnsAt;
    const m = await rollupRun('src/main.js');
    checkSourceMap(m);
  });

  it('the wgsl option makes every import WGSL (?spvasm stays assembly), and hands the push constants binding over', async () => {
    const m = await rollupRun('src/plain.js', { wgsl: { pushConstants: { group: 2, binding: 5 } } });
    expect(recorder.calls.map((c) => c.options)).toEqual([{ pushConstants: { group: 2, binding: 5 } }]);
    const expected = await translated(assemble(IDLE_SPVASM), { pushConstants: { group: 2, binding: 5 } });
    expect(stringExport(m, 'asm')).toBe(expected.code);
    expect(m.wgslEntryPoints).toEqual(expected.entryPoints);
    expect(m.wgslBindings).toEqual(expected.bindings);
    expect(m.bindings).toEqual([{ set: 0, binding: 0, kind: 'storage-buffer', name: 'data', count: 1 }]);
    expect(stringExport(m, 'text')).toMatch(/OpEntryPoint GLCompute %main "main"/);
    // A bad value is the plugin's TypeError, naming the option.
    expect(() => spvkit({ wgsl: { pushConstants: { group: -1, binding: 0 } } })).toThrow(/option wgsl\.pushConstants must be/);
  });

  it("hands combinedSamplerBindingOffset over beside the push constants' binding, and refuses a bad one", async () => {
    await rollupRun('src/plain.js', { wgsl: { pushConstants: { group: 2, binding: 5 }, combinedSamplerBindingOffset: 40 } });
    expect(recorder.calls.map((c) => c.options)).toEqual([{ pushConstants: { group: 2, binding: 5 }, combinedSamplerBindingOffset: 40 }]);
    expect(() => spvkit({ wgsl: { combinedSamplerBindingOffset: 1.5 } })).toThrow(/option wgsl\.combinedSamplerBindingOffset must be/);
  });

  it('exports the WebGPU bind group and vertex buffer layouts of the WGSL, samplers where the option puts them', async () => {
    const FRAGMENT = 2;
    const m = await rollupRun('src/layouts.js', { wgsl: { combinedSamplerBindingOffset: 40 } });
    expect(m.fragLayouts).toEqual([
      {
        entries: [
          { binding: 0, visibility: FRAGMENT, buffer: { type: 'uniform', hasDynamicOffset: false, minBindingSize: 16 } },
          { binding: 1, visibility: FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
          { binding: 41, visibility: FRAGMENT, sampler: { type: 'filtering' } },
        ],
      },
    ]);
    expect([m.fragBuffers, m.vertLayouts]).toEqual([[], []]);
    expect(m.vertBuffers).toEqual([
      { arrayStride: 12, stepMode: 'vertex', attributes: [{ format: 'float32x3', offset: 0, shaderLocation: 0 }] },
      { arrayStride: 8, stepMode: 'vertex', attributes: [{ format: 'float32x2', offset: 0, shaderLocation: 1 }] },
    ]);
  });

  it('exports a writer per block at the offsets of the layout (a nested struct, a vec3, a mat3, a runtime-sized array); bundles that never name them leave them out', async () => {
    const m = await rollupRun('src/writers.js');
    const writers = m.blockWriters as Readonly<Record<string, BlockWriter>>;
    expect(Object.keys(writers).sort()).toEqual(['Out', 'Scene']);
    const scene = {
      time: 1.5,
      eye: [2, 3, 4],
      basis: [5, 6, 7, 8, 9, 10, 11, 12, 13],
      lights: [
        { position: [14, 15, 16], intensity: 17 },
        { position: [18, 19, 20], intensity: 21 },
      ],
    };
    const bytes = writers.Scene.write(scene);
    const f = new Float32Array(bytes);
    // std140 by hand: eye at 16, basis columns at 32, 48, 64, lights at 80 and 96.
    expect([bytes.byteLength, f[0], f[4], f[6], f[8], f[12], f[18], f[20], f[23], f[24], f[27]]).toEqual([112, 1.5, 2, 4, 5, 8, 13, 14, 17, 18, 21]);
    expect(writers.Scene.read(bytes)).toEqual(scene);
    // The writers of core's blockWritersExpression for the same module: the same bytes.
    const layouts = reflectWebGpu(decodeModule(wordsExport(m, 'words'))).flatMap((ep) => ep.blocks.map((b) => b.layout));
    const core = () => runInThisContext(`(${blockWritersExpression(layouts)})`) as Readonly<Record<string, BlockWriter>>;
    expect(new Uint8Array(core().Scene.write(scene))).toEqual(new Uint8Array(bytes));
    const out = {
      count: 2,
      points: [
        [1, 2],
        [3, 4],
      ],
    };
    expect([writers.Out.byteLengthFor?.(2), writers.Out.read(writers.Out.write(out))]).toEqual([24, out]);
    // Pure: layouts.js imports ?wgsl modules (Tint has a vec4 writer) but never names blockWriters.
    const built = await rollupBuild(project.path('src/layouts.js'), [spvkit({ root: project.root, ...base })]);
    expect(built.chunks.map((c) => c.code).join('\n')).not.toMatch(/checkLength|writeTint/);
  });

  it("the user's passes and the specialization run before the translation", async () => {
    // Only what the plugin hands over matters here: the translation is a stand-in.
    recorder.standIn = { code: '// stand-in\n', entryPoints: [], bindings: [], overrides: [], specialized: [], requiredFeatures: [], lineMap: [undefined] };
    expect(stringExport(await rollupRun('src/lane.js'), 'lane')).toBe('// stand-in\n');
    expect(recorder.calls.at(-1)?.builtIns).toContain(BuiltIn.LocalInvocationIndex);
    await rollupRun('src/lane.js', { passes: ['lower-local-invocation-index'] });
    expect(recorder.calls.at(-1)?.builtIns).not.toContain(BuiltIn.LocalInvocationIndex);
    expect(recorder.calls.at(-1)?.builtIns).toContain(BuiltIn.LocalInvocationId);
    // A frozen spec constant is no spec constant any more when the translator sees the module.
    await rollupRun('src/main.js');
    expect(recorder.calls.map((c) => c.specConstants)).toContain(1);
    recorder.calls.length = 0;
    await rollupRun('src/main.js', { specialize: { 3: 9 } });
    expect(recorder.calls.map((c) => c.specConstants)).toEqual([0, 0]);
  });

  it('a construct WGSL cannot express fails the build at its GLSL line, with a frame; without ?wgsl the shader builds', async () => {
    // The translator's refusal of the conversion to double, as its contract has it.
    recorder.refuse = refuseDoubles;
    const e = await buildError(rollupBuild(project.path('src/wide.js'), [spvkit({ root: project.root, ...base })]));
    expect((e as { pluginCode?: string }).pluginCode ?? e.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(e.id).toBe(project.path('src/wide.comp'));
    expect(e.loc).toMatchObject({ file: project.path('src/wide.comp'), line: 7 });
    expect(e.frame).toMatch(/7: +double d = double\(x\) \* 3\.0lf;/);
    expect(e.message).toMatch(/src\/wide\.comp: cannot translate to WGSL: WGSL has no 64-bit float \[OpFConvert\]/);
    const words = await rollupRun('src/wideWords.js');
    expect(wordsExport(words, 'wide')[0]).toBe(0x07230203);
  });

  it("the translator's own refusal of a shader fails the build, naming the shader", async () => {
    const e = await buildError(rollupBuild(project.path('src/wide.js'), [spvkit({ root: project.root, ...base })]));
    expect(e.message).toMatch(/src\/wide\.comp: cannot translate to WGSL: /);
    expect(e.id).toBe(project.path('src/wide.comp'));
  });

  it('a production build keeps the WGSL but, stripping debug info, has no source map', async () => {
    recorder.adjust = returnsAt;
    const m = await rollupRun('src/main.js', { release: true });
    expect(stringExport(m, 'comp')).toMatch(/@compute/);
    expect(m.sourceMap).toBeUndefined();
    // The words are the release passes' (no names left); the WGSL was made before them, with the lines.
    expect(decodeModule(wordsExport(m, 'words')).debugNames.length).toBe(0);
    expect(recorder.calls.some((c) => c.hasLines)).toBe(true);
  });
});

/** The refusal the translator gives for the first conversion to double, at its source line. */
function refuseDoubles(module: Module): void {
  const inst = module.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions)).find((i) => i.opcode === Op.FConvert);
  if (inst === undefined) return;
  const location = module.analysis(SourceLocationsAnalysis).of(inst);
  throw new SpirvError('UNSUPPORTED_CONSTRUCT', 'WGSL has no 64-bit float', { opname: 'OpFConvert', ...(location !== undefined ? { location } : {}) });
}

describe('WGSL output in a Vite build', () => {
  it('@spvkit/vite-plugin gives the same modules as Rollup, the source map too', async () => {
    recorder.adjust = returnsAt;
    const m = await viteRun('src/main.js');
    await checkMain(m);
    checkSourceMap(m);
    const viaRollup = await rollupRun('src/main.js');
    expect(m.comp).toBe(viaRollup.comp);
    expect(m.sourceMap).toEqual(viaRollup.sourceMap);
  });

  it('the block writers in Vite: the same bytes as Rollup', async () => {
    const [viaVite, viaRollup] = [await viteRun('src/writers.js'), await rollupRun('src/writers.js')];
    const value = { count: 1, points: [[0.5, -2]] };
    const bytes = (m: OutputModule): Uint8Array => new Uint8Array((m.blockWriters as Readonly<Record<string, BlockWriter>>).Out.write(value));
    expect(bytes(viaVite)).toEqual(bytes(viaRollup));
  });

  it('the error names the file and line in Vite too', async () => {
    recorder.refuse = refuseDoubles;
    const e = await buildError(viteRun('src/wide.js'));
    const inner = e.errors?.[0] ?? e;
    expect(inner.loc).toMatchObject({ file: project.path('src/wide.comp'), line: 7 });
    expect(inner.message).toMatch(/cannot translate to WGSL: WGSL has no 64-bit float/);
  });
});
