// Real Rollup 4 builds of projects that import shaders; the bundles are run and their exports checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModule, disassemble, encodeModule, passRegistry, BuiltIn, Decoration, HOST_ENDIANNESS, Op, type Pass } from '@spvkit/core';
import spvkit from '@spvkit/rollup-plugin';
import type { GlslCompileContext, SpvkitOptions } from '@spvkit/rollup-plugin';
import { bytesExport, recordsExport, stringExport, wordsExport } from './exports.js';
import {
  buildError,
  builtinsOf,
  bytesToWords,
  compileWithWasm,
  hasAssembler,
  hasLowering,
  hasValidateBuiltins,
  makeProject,
  rollupBuild,
  runOutput,
  type Project,
} from './helpers.js';
import { BAD_BUILTIN_SPVASM, BAD_SPVASM, BLUR_COMP, BLUR_REFLECTION, COMMON_GLSL, FILL_SPVASM, TRI_FRAG, TRI_VERT } from './fixtures.js';

/** Validation as the defaults have it, when the validator exists yet; otherwise off. */
const baseOptions: SpvkitOptions = hasValidateBuiltins ? {} : { validate: false };

const itAsm = hasAssembler ? it : it.skip;
const asmNote = hasAssembler ? '' : ' (SKIPPED: @spvkit/core does not export assemble yet)';

let project: Project;
let fillSpv: Uint8Array;

beforeAll(async () => {
  fillSpv = await compileWithWasm(
    `#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Data { uint values[]; } data;
void main() {
  uint g = gl_WorkGroupID.x * 16u + gl_LocalInvocationIndex;
  data.values[g] = gl_LocalInvocationIndex * 3u + 1u;
}
`,
    'comp',
  );
  project = await makeProject('rollup', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/fill.spv': fillSpv,
    'src/fill.spvasm': FILL_SPVASM,
    'src/tri.vert': TRI_VERT,
    'src/tri.frag': TRI_FRAG,
    'src/kernel.glsl': BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"'),
  });
});

afterAll(async () => {
  await project?.remove();
});

async function build(main: string, options: SpvkitOptions = {}, name = 'main.js') {
  await project.write(`src/${name}`, main);
  const plugin = spvkit({ root: project.root, ...baseOptions, ...options });
  return { ...(await rollupBuild(project.path(`src/${name}`), [plugin])), plugin };
}

describe('rollup: inputs', () => {
  it('GLSL with an include: words, reflection, and the include in the watch list', async () => {
    await project.write('src/main.js', `export { default as words, entryPoints, bindings, pushConstants, specConstants } from './blur.comp';`);
    const plugin = spvkit({ root: project.root, ...baseOptions });
    const { rollup } = await import('rollup');
    const bundle = await rollup({ input: project.path('src/main.js'), plugins: [plugin] });
    expect(bundle.watchFiles).toContain(project.path('src/lib/common.glsl'));
    const { output } = await bundle.generate({ format: 'es' });
    await bundle.close();
    const m = await runOutput({ chunks: output.filter((o) => o.type === 'chunk'), assets: [] }, project);
    expect(m.words).toBeInstanceOf(Uint32Array);
    expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
    const module = decodeModule(wordsExport(m, 'words'));
    expect(module.entryPoints.length).toBe(1);
    expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    expect(m.pushConstants).toEqual(BLUR_REFLECTION.pushConstants);
    expect(m.specConstants).toEqual(BLUR_REFLECTION.specConstants);
    // The compiler's debug info (asked for so diagnostics can point at lines) is stripped.
    const text = disassemble(module);
    expect(text).not.toMatch(/OpLine|OpString|GL_GOOGLE_cpp_style_line_directive/);
    expect(text).toMatch(/OpName %main "main"/);
  });

  it('.spv is read as bytes: the default export is the file, word for word', async () => {
    const { chunks, assets } = await build(`export { default as words, entryPoints, bindings } from './fill.spv';`);
    const m = await runOutput({ chunks, assets }, project);
    expect([...wordsExport(m, 'words')]).toEqual([...bytesToWords(fillSpv)]);
    expect(m.entryPoints).toEqual([{ name: 'main', executionModel: 'GLCompute', workgroupSize: [4, 2, 2], workgroupSizeSpecIds: [null, null, null] }]);
    expect(m.bindings).toEqual([{ set: 0, binding: 0, kind: 'storage-buffer', name: 'data', count: 1 }]);
  });

  it('a .spv still arrives intact when a plugin listed before spvkit would read it as UTF-8', async () => {
    // That plugin's load would corrupt the binary; spvkit's load hook has order 'pre', so it runs
    // first and reads bytes, wherever spvkit is in the list.
    const textLoader = {
      name: 'text-loader',
      async load(id: string) {
        if (!id.endsWith('.spv')) return null;
        const { readFile } = await import('node:fs/promises');
        return `export default ${JSON.stringify(await readFile(id, 'utf8'))};`;
      },
    };
    await project.write('src/main-bytes.js', `export { default as words } from './fill.spv';`);
    const out = await rollupBuild(project.path('src/main-bytes.js'), [textLoader, spvkit({ root: project.root, ...baseOptions })]);
    const m = await runOutput(out, project);
    expect([...wordsExport(m, 'words')]).toEqual([...bytesToWords(fillSpv)]);
  });

  itAsm(`.spvasm goes through the assembler${asmNote}`, async () => {
    const { chunks, assets } = await build(`export { default as words, bindings } from './fill.spvasm';`);
    const m = await runOutput({ chunks, assets }, project);
    expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
    expect(m.bindings).toEqual([{ set: 0, binding: 0, kind: 'storage-buffer', name: 'data', count: 1 }]);
  });

  it('.glsl?stage=comp compiles as a compute shader', async () => {
    const { chunks, assets } = await build(`export { default as words, entryPoints } from './kernel.glsl?stage=comp';`);
    const m = await runOutput({ chunks, assets }, project);
    expect(recordsExport(m, 'entryPoints')[0]?.executionModel).toBe('GLCompute');
    expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
  });

  it('vertex and fragment shaders by extension', async () => {
    const { chunks, assets } = await build(`export { entryPoints as vert } from './tri.vert'; export { entryPoints as frag, bindings } from './tri.frag';`);
    const m = await runOutput({ chunks, assets }, project);
    expect(m.vert).toEqual([{ name: 'main', executionModel: 'Vertex' }]);
    expect(m.frag).toEqual([{ name: 'main', executionModel: 'Fragment' }]);
    expect(m.bindings).toEqual([{ set: 0, binding: 0, kind: 'uniform-buffer', name: 'params', count: 1 }]);
  });
});

describe('rollup: outputs', () => {
  it("output 'bytes' gives the little-endian bytes", async () => {
    const { chunks, assets } = await build(`export { default } from './fill.spv';`, { output: 'bytes' });
    const m = await runOutput({ chunks, assets }, project);
    expect(m.default).toBeInstanceOf(Uint8Array);
    expect([...bytesExport(m, 'default')]).toEqual([...fillSpv]);
  });

  it("output 'base64' gives a string", async () => {
    const { chunks, assets } = await build(`export { default } from './fill.spv';`, { output: 'base64' });
    const m = await runOutput({ chunks, assets }, project);
    expect(typeof m.default).toBe('string');
    expect(Buffer.from(stringExport(m, 'default'), 'base64').equals(Buffer.from(fillSpv))).toBe(true);
  });

  it('?spvasm gives the disassembly of the transformed module', async () => {
    const { chunks, assets } = await build(`export { default } from './fill.spv?spvasm';`);
    const m = await runOutput({ chunks, assets }, project);
    expect(m.default).toBe(disassemble(decodeModule(fillSpv)));
    expect(m.default).toMatch(/OpEntryPoint GLCompute %main "main"/);
  });

  it('?url emits the binary as an asset and gives its URL', async () => {
    const { chunks, assets } = await build(`export { default } from './blur.comp?url'; export { default as words } from './blur.comp';`);
    expect(assets.map((a) => a.fileName)).toEqual([expect.stringMatching(/^assets\/blur\.comp-[\w-]+\.spv$/)]);
    const m = await runOutput({ chunks, assets }, project);
    expect(m.default).toMatch(/^file:.*\/assets\/blur\.comp-[\w-]+\.spv$/);
    expect(Buffer.from(assets[0].source as Uint8Array).equals(Buffer.from(wordsExport(m, 'words').buffer))).toBe(true);
  });

  it("emit 'asset': the binary is a file, the default export still the words (top-level await)", async () => {
    const { chunks, assets } = await build(`export { default as words, bindings } from './fill.spv';`, { emit: 'asset' });
    expect(assets).toHaveLength(1);
    expect(chunks[0].code).not.toContain(Buffer.from(fillSpv).toString('base64').slice(0, 40));
    const m = await runOutput({ chunks, assets }, project);
    expect([...wordsExport(m, 'words')]).toEqual([...bytesToWords(fillSpv)]);
    expect(m.bindings).toHaveLength(1);
  });

  it('emit { asset: minBytes } emits only binaries of at least that size', async () => {
    const big = await build(`export { default as words } from './fill.spv';`, { emit: { asset: fillSpv.length } });
    expect(big.assets).toHaveLength(1);
    const small = await build(`export { default as words } from './fill.spv';`, { emit: { asset: fillSpv.length + 1 } });
    expect(small.assets).toHaveLength(0);
    const m = await runOutput(small, project);
    expect([...wordsExport(m, 'words')]).toEqual([...bytesToWords(fillSpv)]);
  });
});

describe('rollup: passes, validation, cache', () => {
  it.skipIf(!hasLowering)(
    `passes: ['lower-local-invocation-index'] removes the LocalInvocationIndex builtin${hasLowering ? '' : ' (SKIPPED: pass not registered yet)'}`,
    async () => {
      const { chunks, assets } = await build(`export { default as words } from './blur.comp';`, { passes: ['lower-local-invocation-index'] });
      const m = await runOutput({ chunks, assets }, project);
      expect(builtinsOf(wordsExport(m, 'words'))).not.toContain(BuiltIn.LocalInvocationIndex);
      expect(builtinsOf(wordsExport(m, 'words'))).toContain(BuiltIn.LocalInvocationId);
    },
  );

  it('a Pass object runs on the module', async () => {
    let seen = 0;
    const count: Pass = {
      name: 'count-functions',
      run(module) {
        seen = module.functions.length;
        return { changed: false, diagnostics: [] };
      },
    };
    await build(`export { default } from './blur.comp';`, { passes: [count], validate: false });
    expect(seen).toBe(2);
  });

  it('bad option values are refused when the plugin is made', () => {
    expect(() => spvkit({ output: 'hex' as never })).toThrow(/option output must be 'words', 'bytes' or 'base64', got "hex"/);
    expect(() => spvkit({ validate: true as never })).toThrow(/option validate/);
    expect(() => spvkit({ emit: { asset: -1 } })).toThrow(/option emit.asset/);
    expect(() => spvkit({ defines: { 'not valid': 1 } })).toThrow(/a GLSL identifier/);
  });

  it('an unknown pass name fails the build and lists the registered ones', async () => {
    const e = await buildError(build(`export { default } from './fill.spv';`, { passes: ['no-such-pass'] }));
    expect(e.message).toMatch(/unknown pass 'no-such-pass'/);
    for (const { name } of passRegistry.list()) expect(e.message).toContain(name);
  });

  it('identical input and options are not recomputed within a build or across builds of one plugin', async () => {
    let compiles = 0;
    const wasmCompile = async (source: string) => {
      compiles++;
      return bytesToWords(await compileWithWasm(source, 'comp', true));
    };
    await project.write(
      'src/twice.js',
      `export { default as a } from './blur.comp'; export { default as b } from './blur.comp?spvasm'; export { default as c } from './blur.comp?url';`,
    );
    const plugin = spvkit({ root: project.root, ...baseOptions, compiler: wasmCompile });
    await rollupBuild(project.path('src/twice.js'), [plugin]);
    expect(compiles).toBe(1);
    await rollupBuild(project.path('src/twice.js'), [plugin]);
    expect(compiles).toBe(1);
    expect(plugin.api.transformCount).toBe(1);
    // A changed include changes the content hash.
    await project.write('src/lib/common.glsl', COMMON_GLSL.replace('2u', '3u'));
    try {
      await rollupBuild(project.path('src/twice.js'), [plugin]);
      expect(compiles).toBe(2);
    } finally {
      await project.write('src/lib/common.glsl', COMMON_GLSL);
    }
    await rollupBuild(project.path('src/twice.js'), [plugin]);
    expect(compiles).toBe(2);
  });

  it('include/exclude (relative to root) choose the files the plugin takes', async () => {
    const e = await buildError(build(`export { default } from './fill.spv';`, { exclude: 'src/fill.spv' }));
    expect(e.plugin).not.toBe('spvkit'); // Rollup itself fails to parse the binary as JavaScript
    const ok = await build(`export { default } from './fill.spv';`, { include: ['src/*.spv'], exclude: 'src/other/**' });
    expect(ok.chunks).toHaveLength(1);
  });

  it('a user compiler function gets the stage, file, defines and include paths', async () => {
    const calls: { source: string; ctx: GlslCompileContext }[] = [];
    await build(`export { default } from './blur.comp';`, {
      defines: { FAST: true, N: 4 },
      includePaths: ['src/lib'],
      compiler: async (source, ctx) => {
        calls.push({ source, ctx });
        return bytesToWords(await compileWithWasm(source, 'comp', true));
      },
    });
    expect(calls).toHaveLength(1);
    const { source, ctx } = calls[0];
    expect(ctx).toMatchObject({ stage: 'comp', file: project.path('src/blur.comp'), defines: { FAST: '1', N: '4' }, includePaths: [project.path('src/lib')] });
    expect(source).toContain('#define FAST 1');
    expect(source).toContain('#line 1 "src/lib/common.glsl"');
    expect(source).toContain('uint twice(uint x)');
  });
});

describe('rollup: errors', () => {
  it('GLSL compile error in an included file: loc points at that file and line, with a frame', async () => {
    await project.write('src/lib/broken.glsl', `// helpers\nuint thrice(uint x) {\n  return x * 3u +;\n}\n`);
    await project.write('src/broken.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "lib/broken.glsl"'));
    const e = await buildError(build(`export { default } from './broken.comp';`));
    expect(e.plugin).toBe('spvkit');
    expect(e.loc).toEqual({ file: project.path('src/lib/broken.glsl'), line: 3, column: '  return x * 3u +;'.indexOf(';') + 1 });
    expect(e.message).toMatch(/broken\.glsl \(3:18\): syntax error, unexpected SEMICOLON$/);
    expect(e.frame).toMatch(/3: +return x \* 3u \+;/);
    expect(e.frame).toMatch(/\^/);
  });

  it('GLSL error in the main file after an include maps to the main file line', async () => {
    await project.write('src/undeclared.comp', BLUR_COMP.replace('+ pc.offset', '+ nope'));
    const e = await buildError(build(`export { default } from './undeclared.comp';`));
    expect(e.loc).toEqual({ file: project.path('src/undeclared.comp'), line: 10, column: BLUR_COMP.split('\n')[9].indexOf('pc.offset') + 1 });
    expect(e.message).toMatch(/'nope' : undeclared identifier/);
    expect(e.frame).toContain('10:');
  });

  it('a WebGL shader (#version 300 es): the error says it cannot become SPIR-V, with the hint', async () => {
    await project.write(
      'src/webgl.frag',
      '#version 300 es\nprecision mediump float;\nin vec2 uv;\nout vec4 color;\nvoid main() { color = vec4(uv, 0.0, 1.0); }\n',
    );
    const e = await buildError(build(`export { default } from './webgl.frag';`));
    expect(e.message).toContain('#version: ES shaders for SPIR-V require version 310 or higher');
    expect(e.message).toMatch(/hint: this is a WebGL shader \(#version 300 es is WebGL 2, #version 100 WebGL 1\), which cannot become SPIR-V/);
  });

  itAsm(`assembly error: loc in the .spvasm file${asmNote}`, async () => {
    await project.write('src/bad.spvasm', BAD_SPVASM);
    const e = await buildError(build(`export { default } from './bad.spvasm';`));
    expect(e.loc).toMatchObject({ file: project.path('src/bad.spvasm'), line: 8 });
    expect(e.frame).toContain('OpFrobnicate');
    expect(e.pluginCode).toBe('ASSEMBLY');
  });

  describe('validation (custom validator)', () => {
    // Flags every integer multiply, at its source line (OpLine from the compiler's debug info).
    const noMultiply: Pass = {
      name: 'no-multiply',
      run(module) {
        const diagnostics = [];
        for (const fn of module.functions) {
          for (const block of fn.blocks) {
            for (const inst of block.instructions) {
              if (inst.opcode === Op.IMul) {
                diagnostics.push({ severity: 'error' as const, message: 'integer multiply', code: 'NO-MUL', instruction: inst });
              }
            }
          }
        }
        return { changed: false, diagnostics };
      },
    };

    it("validate: 'error' fails the build with loc in the included file (from OpLine)", async () => {
      const e = await buildError(build(`export { default } from './blur.comp';`, { validator: noMultiply, validate: 'error' }));
      expect(e.pluginCode).toBe('NO-MUL');
      expect(e.message).toMatch(/\[NO-MUL\] integer multiply/);
      // The first multiply in program order is in twice(), line 3 of the include.
      expect(e.loc?.file).toMatch(/src[\\/](lib[\\/]common\.glsl|blur\.comp)$/);
      expect(e.frame).toBeTruthy();
      expect(e.message).toMatch(/src\/(lib\/common\.glsl|blur\.comp):\d+:\d+: \[NO-MUL\]/);
    });

    it("validate: 'warn' builds and reports warnings with loc", async () => {
      const { warnings, chunks, assets } = await build(`export { default as words } from './blur.comp';`, { validator: noMultiply, validate: 'warn' });
      const ours = warnings.filter((w) => w.plugin === 'spvkit');
      expect(ours.length).toBeGreaterThanOrEqual(2);
      expect(ours.every((w) => w.pluginCode === 'NO-MUL')).toBe(true);
      const files = ours.map((w) => w.loc?.file);
      expect(files).toContain(project.path('src/lib/common.glsl'));
      expect(files).toContain(project.path('src/blur.comp'));
      const inInclude = ours.find((w) => w.loc?.file === project.path('src/lib/common.glsl'))!;
      expect(inInclude.loc!.line).toBe(3);
      expect(inInclude.frame).toMatch(/3: +return x \* 2u;/);
      const m = await runOutput({ chunks, assets }, project);
      expect(wordsExport(m, 'words')[0]).toBe(0x07230203);
    });

    it('validate: false skips the validator', async () => {
      const { warnings } = await build(`export { default } from './blur.comp';`, { validator: noMultiply, validate: false });
      expect(warnings.filter((w) => w.plugin === 'spvkit')).toHaveLength(0);
    });
  });

  describe('validation (validate-builtins) of GLSL', () => {
    // A compiler that compiles correctly, then declares gl_LocalInvocationIndex as BuiltIn
    // FragCoord: wrong execution model and type. The only use is in the included file.
    const sabotage: SpvkitOptions['compiler'] = async (source) => {
      const module = decodeModule(await compileWithWasm(source, 'comp', true));
      for (const inst of module.annotations) {
        if (inst.opcode === Op.Decorate && inst.word(1) === Decoration.BuiltIn && inst.word(2) === BuiltIn.LocalInvocationIndex)
          inst.setWord(2, BuiltIn.FragCoord);
      }
      return encodeModule(module, { endianness: HOST_ENDIANNESS });
    };
    const setup = async () => {
      await project.write('src/lib/lid.glsl', `// where am I\nuint lid() {\n  return gl_LocalInvocationIndex;\n}\n`);
      await project.write(
        'src/sabotaged.comp',
        `#version 450\n#include "lib/lid.glsl"\nlayout(local_size_x = 4) in;\nlayout(set = 0, binding = 0) buffer Data { uint values[]; } data;\nvoid main() {\n  data.values[lid()] = 1u;\n}\n`,
      );
    };
    const why = hasValidateBuiltins ? '' : ' (SKIPPED: validate-builtins not registered yet)';
    it.skipIf(!hasValidateBuiltins)(`'error': the VUID, at the line of the included file that uses the builtin${why}`, async () => {
      await setup();
      const e = await buildError(build(`export { default } from './sabotaged.comp';`, { compiler: sabotage, validate: 'error' }));
      expect(e.pluginCode).toMatch(/^VUID-FragCoord-FragCoord-/);
      expect(e.message).toMatch(/\[VUID-FragCoord-FragCoord-\d+\] .*Fragment execution model/);
      expect(e.loc).toMatchObject({ file: project.path('src/lib/lid.glsl'), line: 3 });
      expect(e.frame).toMatch(/3: +return gl_LocalInvocationIndex;/);
    });
    it.skipIf(!hasValidateBuiltins)(`'warn': builds, each finding a warning with its loc${why}`, async () => {
      await setup();
      const { warnings, chunks } = await build(`export { default } from './sabotaged.comp';`, { compiler: sabotage, validate: 'warn' });
      const ours = warnings.filter((w) => w.plugin === 'spvkit');
      expect(ours.length).toBeGreaterThanOrEqual(1);
      for (const w of ours) {
        expect(String(w.pluginCode)).toMatch(/^VUID-FragCoord-FragCoord-/);
        expect(w.loc).toMatchObject({ file: project.path('src/lib/lid.glsl'), line: 3 });
      }
      expect(chunks).toHaveLength(1);
    });
  });

  describe('block layouts (the blockLayout option)', () => {
    // A storage buffer of vec3s with stride 12 is scalar layout, not std430 (stride 16).
    const scalarGlsl = `#version 450
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;
layout(scalar, set = 0, binding = 0) buffer Data { vec3 points[4]; } data;
void main() {
  data.points[1] = data.points[0] * 2.0;
}
`;
    const scalarAsm = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %arr ArrayStride 12
OpMemberDecorate %Data 0 Offset 0
OpDecorate %Data Block
OpDecorate %data DescriptorSet 0
OpDecorate %data Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v3float = OpTypeVector %float 3
%uint = OpTypeInt 32 0
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %v3float %uint_4
%Data = OpTypeStruct %arr
%ptr = OpTypePointer StorageBuffer %Data
%data = OpVariable %ptr StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

    it.skipIf(!hasValidateBuiltins)(
      'a GLSL shader with layout(scalar) builds with the defaults: its GL_EXT_scalar_block_layout asks for scalar layout',
      async () => {
        await project.write('src/scalar.comp', scalarGlsl);
        const { chunks, warnings } = await build(`export { default } from './scalar.comp';`);
        expect(chunks).toHaveLength(1);
        expect(warnings.filter((w) => w.plugin === 'spvkit')).toEqual([]);
      },
    );

    itAsm(`assembly laid out by scalar rules fails with the way to allow it, and builds with blockLayout${asmNote}`, async () => {
      await project.write('src/scalar.spvasm', scalarAsm);
      const e = await buildError(build(`export { default } from './scalar.spvasm';`, { targetEnv: 'vulkan1.2' }));
      expect(e.message).toMatch(
        /\[spvkit-decorations-layout-array-stride\].*ArrayStride 12, not a multiple of the alignment 16.*the plugins' blockLayout option/,
      );
      const { chunks } = await build(`export { default } from './scalar.spvasm';`, { targetEnv: 'vulkan1.2', blockLayout: { scalarBlockLayout: true } });
      expect(chunks).toHaveLength(1);
    });

    it('bad blockLayout values are refused when the plugin is made', () => {
      expect(() => spvkit({ blockLayout: { scalar: true } as never })).toThrow(
        /option blockLayout\.scalar must be an object of booleans among relaxBlockLayout, /,
      );
      expect(() => spvkit({ blockLayout: { scalarBlockLayout: 'yes' } as never })).toThrow(/option blockLayout\.scalarBlockLayout must be/);
      expect(() => spvkit({ blockLayout: { scalarBlockLayout: true }, validator: 'validate-builtins' })).toThrow(
        /option blockLayout must be left out where a validator is given/,
      );
    });
  });

  describe('validation (validate-builtins) of assembly', () => {
    const ready = hasValidateBuiltins && hasAssembler;
    const why = !hasValidateBuiltins ? 'validate-builtins not registered yet' : 'no assembler yet';
    (ready ? it : it.skip)(`'error': a builtin of the wrong type fails with its VUID and the .spvasm line${ready ? '' : ` (SKIPPED: ${why})`}`, async () => {
      await project.write('src/badbuiltin.spvasm', BAD_BUILTIN_SPVASM);
      const e = await buildError(build(`export { default } from './badbuiltin.spvasm';`, { validate: 'error' }));
      expect(e.pluginCode).toMatch(/^VUID-LocalInvocationIndex-/);
      expect(e.loc?.file).toBe(project.path('src/badbuiltin.spvasm'));
      expect(e.frame).toContain('LocalInvocationIndex');
    });
    (ready ? it : it.skip)(`'warn': the same module builds, with a warning${ready ? '' : ` (SKIPPED: ${why})`}`, async () => {
      await project.write('src/badbuiltin.spvasm', BAD_BUILTIN_SPVASM);
      const { warnings } = await build(`export { default } from './badbuiltin.spvasm';`, { validate: 'warn' });
      expect(warnings.some((w) => w.plugin === 'spvkit' && /^VUID-LocalInvocationIndex-/.test(String(w.pluginCode)))).toBe(true);
    });
  });

  it('an include outside the project root is refused, unless allowed', async () => {
    const outside = await makeProject('outside', { 'secret.glsl': COMMON_GLSL });
    try {
      await project.write('src/escape.comp', BLUR_COMP.replace('"lib/common.glsl"', JSON.stringify(outside.path('secret.glsl'))));
      const e = await buildError(build(`export { default } from './escape.comp';`));
      expect(e.pluginCode).toBe('INCLUDE_OUTSIDE_ROOT');
      expect(e.message).toMatch(/outside the project root/);
      expect(e.loc).toMatchObject({ file: project.path('src/escape.comp'), line: 2 });
      const ok = await build(`export { default as words } from './escape.comp';`, { allowIncludeOutsideRoot: true });
      expect(ok.chunks).toHaveLength(1);
    } finally {
      await outside.remove();
    }
  });

  it('an include cycle is a clear error at the include that closes it', async () => {
    await project.write('src/cyc/a.glsl', `// a\n#include "b.glsl"\nuint fa() { return 1u; }\n`);
    await project.write('src/cyc/b.glsl', `// b\n#include "a.glsl"\nuint fb() { return 2u; }\n`);
    await project.write('src/cycle.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "cyc/a.glsl"'));
    const e = await buildError(build(`export { default } from './cycle.comp';`));
    expect(e.pluginCode).toBe('INCLUDE_CYCLE');
    expect(e.message).toMatch(/include cycle: src\/cyc\/(a|b)\.glsl -> src\/cyc\/(a|b)\.glsl -> src\/cyc\/(a|b)\.glsl/);
    expect(e.loc?.file).toMatch(/src[\\/]cyc[\\/](a|b)\.glsl$/);
    expect(e.loc?.line).toBe(2);
    expect(e.frame).toMatch(/#include/);
  });

  it('include guards and #pragma once make a cycle harmless', async () => {
    await project.write('src/guard/a.glsl', `#ifndef A_GLSL\n#define A_GLSL\n#include "b.glsl"\nuint fa() { return 1u; }\n#endif\n`);
    await project.write('src/guard/b.glsl', `#ifndef B_GLSL\n#define B_GLSL\n#include "a.glsl"\nuint fb() { return 2u; }\n#endif\n`);
    await project.write('src/guard/c.glsl', `#pragma once\n#include "d.glsl"\nuint fc() { return 3u; }\n`);
    await project.write('src/guard/d.glsl', `#pragma once\n#include "c.glsl"\nuint fd() { return 4u; }\n`);
    await project.write(
      'src/guarded.comp',
      BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "guard/a.glsl"\n#include "guard/c.glsl"\n#include "guard/a.glsl"'),
    );
    const { chunks } = await build(`export { default } from './guarded.comp';`);
    expect(chunks).toHaveLength(1);
  });

  it('a missing include is a clear error listing where it looked', async () => {
    await project.write('src/missing.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/nope.glsl"'));
    const e = await buildError(build(`export { default } from './missing.comp';`, { includePaths: ['src/lib'] }));
    expect(e.pluginCode).toBe('INCLUDE_NOT_FOUND');
    expect(e.message).toMatch(/cannot find include "lib\/nope\.glsl" \(searched src\/lib\/nope\.glsl, src\/lib\/lib\/nope\.glsl\)/);
    expect(e.loc).toEqual({ file: project.path('src/missing.comp'), line: 2, column: 10 });
  });

  it('a missing include in a branch the preprocessor skips is no error', async () => {
    await project.write(
      'src/optional.comp',
      BLUR_COMP.replace('#include "lib/common.glsl"', '#include "lib/common.glsl"\n#ifdef WITH_EXTRA\n#include "extra.glsl"\n#endif'),
    );
    const { chunks } = await build(`export { default } from './optional.comp';`);
    expect(chunks).toHaveLength(1);
    const e = await buildError(build(`export { default } from './optional.comp';`, { defines: { WITH_EXTRA: 1 } }));
    expect(e.pluginCode).toBe('INCLUDE_NOT_FOUND');
    expect(e.loc).toMatchObject({ file: project.path('src/optional.comp'), line: 4 });
  });

  it('a file over maxFileSize is refused (the shader, and an include)', async () => {
    const e = await buildError(build(`export { default } from './fill.spv';`, { maxFileSize: 100 }));
    expect(e.pluginCode).toBe('FILE_TOO_LARGE');
    expect(e.message).toMatch(/src\/fill\.spv is \d+ (bytes|KiB), over the maxFileSize limit of 100 bytes/);
    // An include over the limit (the shader itself is under it).
    await project.write('src/lib/big.glsl', COMMON_GLSL + '// pad\n'.repeat(100));
    await project.write('src/bigincl.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/big.glsl"'));
    const e3 = await buildError(build(`export { default } from './bigincl.comp';`, { maxFileSize: BLUR_COMP.length + 10 }));
    expect(e3.pluginCode).toBe('FILE_TOO_LARGE');
    expect(e3.message).toMatch(/src\/lib\/big\.glsl is \d+ bytes, over the maxFileSize limit/);
    expect(e3.loc).toMatchObject({ file: project.path('src/bigincl.comp'), line: 2 });
  });

  it('a SPIR-V binary named .spvasm is refused with a hint to rename it', async () => {
    await project.write('src/binary.spvasm', fillSpv);
    const e = await buildError(build(`export { default } from './binary.spvasm';`));
    expect(e.pluginCode).toBe('BINARY_NOT_TEXT');
    expect(e.message).toMatch(/src\/binary\.spvasm is a SPIR-V binary, not SPIR-V assembly text/);
    expect(e.message).toMatch(/rename it to src\/binary\.spv/);
  });

  it('assembly text named .spv is refused with a hint to rename it', async () => {
    await project.write('src/text.spv', FILL_SPVASM);
    const e = await buildError(build(`export { default } from './text.spv';`));
    expect(e.pluginCode).toBe('NOT_SPIRV_BINARY');
    expect(e.message).toMatch(/src\/text\.spv is not a SPIR-V binary/);
    expect(e.message).toMatch(/rename it to src\/text\.spvasm/);
  });

  it('a truncated .spv gives the decoder error', async () => {
    await project.write('src/trunc.spv', fillSpv.subarray(0, 30));
    const e = await buildError(build(`export { default } from './trunc.spv';`));
    expect(e.message).toMatch(/src\/trunc\.spv: /);
    expect(typeof e.pluginCode).toBe('string');
  });

  it('.glsl without a known stage is an error naming the stages', async () => {
    const e = await buildError(build(`export { default } from './kernel.glsl?stage=compute';`));
    expect(e.pluginCode).toBe('UNKNOWN_STAGE');
    expect(e.message).toMatch(/rgen/);
  });
});
