// `spvkit wgsl` (issue 20): SPIR-V or assembly to WGSL with @spvkit/wgsl's toWgsl, in process
// through runCli. The text written is the translator's for the same module and options (the
// module and options the command hands it are recorded); the default output is IN.wgsl and never
// replaces a file -o did not name; --push-constants reaches the translator; a refusal is an error
// at the GLSL line the module's debug info gives for the instruction (compiled here with
// `spvkit glsl -g`), naming the input, exit 1 and nothing written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assemble, decodeModule, Op, SourceLocationsAnalysis, SpirvError, type Module } from '@spvkit/core';
import type * as Wgsl from '@spvkit/wgsl';
import { runCli as spvkit } from '../support/runCli.js';

/**
 * The translator, recorded: every call's module and options. `refuse`, when set, is asked first
 * and may throw what the translator throws for a construct WGSL cannot express.
 */
const recorder = vi.hoisted(() => ({
  calls: [] as { module: Module; options: unknown }[],
  refuse: undefined as ((module: Module) => void) | undefined,
}));
vi.mock('@spvkit/wgsl', async (importOriginal) => {
  const actual = await importOriginal<typeof Wgsl>();
  return {
    ...actual,
    toWgsl: (module: Module, options?: Wgsl.ToWgslOptions) => {
      recorder.calls.push({ module, options });
      recorder.refuse?.(module);
      return actual.toWgsl(module, options);
    },
  };
});
afterEach(() => {
  recorder.calls.length = 0;
  recorder.refuse = undefined;
});
const { toWgsl } = await vi.importActual<typeof Wgsl>('@spvkit/wgsl');

const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-wgsl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (...parts: string[]): string => join(dir, ...parts);

/**
 * A compute shader with a storage buffer and push constants and an empty body: what the first
 * @spvkit/wgsl translates (bodies with instructions come with the full translator).
 */
const idle = `; idle.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 64 1 1
               OpName %main "main"
               OpName %Data "Data"
               OpMemberName %Data 0 "values"
               OpName %data "data"
               OpName %Params "Params"
               OpMemberName %Params 0 "add"
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

/** A fragment shader with a texture and a sampler both at set 0 binding 0, as HLSL compilers write t0 and s0. */
const sharedBinding = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %color
OpExecutionMode %main OriginUpperLeft
OpName %albedo "albedo"
OpName %albedoSampler "albedoSampler"
OpDecorate %color Location 0
OpDecorate %albedo DescriptorSet 0
OpDecorate %albedo Binding 0
OpDecorate %albedoSampler DescriptorSet 0
OpDecorate %albedoSampler Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%half = OpConstant %float 0.5
%uv = OpConstantComposite %v2float %half %half
%image = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%sampledImage = OpTypeSampledImage %image
%p_image = OpTypePointer UniformConstant %image
%p_sampler = OpTypePointer UniformConstant %sampler
%p_out = OpTypePointer Output %v4float
%albedo = OpVariable %p_image UniformConstant
%albedoSampler = OpVariable %p_sampler UniformConstant
%color = OpVariable %p_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%t = OpLoad %image %albedo
%s = OpLoad %sampler %albedoSampler
%ts = OpSampledImage %sampledImage %t %s
%texel = OpImageSampleImplicitLod %v4float %ts %uv
OpStore %color %texel
OpReturn
OpFunctionEnd
`;

/** A compute shader whose line 7 uses a double, which WGSL has no type for. */
const wide = `#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float v[]; };

void main() {
  float x = v[0];
  double d = double(x) * 3.0lf;
  v[1] = float(d);
}
`;

/** `text` as a RegExp that matches it literally. */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(() => {
  mkdirSync(p('many', 'sub'), { recursive: true });
  writeFileSync(p('idle.spvasm'), idle);
  writeFileSync(p('many', 'a.spvasm'), idle);
  writeFileSync(p('many', 'sub', 'b.spvasm'), idle);
  writeFileSync(p('wide.comp'), wide);
  writeFileSync(p('shared.spvasm'), sharedBinding);
});

/** The translator's own result for `idle`, what the command must write. */
const expected = (options: Wgsl.ToWgslOptions = {}): string => toWgsl(assemble(idle), options).code;

describe('spvkit wgsl', () => {
  it('writes IN.wgsl next to a .spvasm input: the translation of the assembled module', async () => {
    const r = await spvkit(['wgsl', p('idle.spvasm')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = readFileSync(p('idle.wgsl'), 'utf8');
    expect(text).toBe(expected());
    expect(text).toMatch(/@compute\s+@workgroup_size\(64(, 1, 1)?\)/);
    // The module handed over is the assembled text's, with no options.
    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0].options).toEqual({});
    expect(recorder.calls[0].module.entryPoints.map((e) => e.word(0))).toEqual([5]); // GLCompute
  });

  it('reads a binary module and writes standard output with -o -, the same text as from assembly', async () => {
    const words = await spvkit(['as', p('idle.spvasm'), '-o', p('idle.spv')]);
    expect(words.code).toBe(0);
    const r = await spvkit(['wgsl', p('idle.spv'), '-o', '-']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(toWgsl(decodeModule(readFileSync(p('idle.spv')))).code);
    expect(r.stdout).toBe(expected());
    // Standard input, binary or text, goes to standard output.
    const piped = await spvkit(['wgsl', '-'], idle);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(expected());
  });

  it('never replaces a default output -o did not name, and replaces one -o names', async () => {
    const src = p('kept.spvasm');
    writeFileSync(src, idle);
    writeFileSync(p('kept.wgsl'), 'written by hand');
    const refused = await spvkit(['wgsl', src]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${p('kept.wgsl')}: error: exists already`);
    expect(refused.stderr).toContain(`hint: name the output to replace it (-o ${p('kept.wgsl')})`);
    expect(readFileSync(p('kept.wgsl'), 'utf8')).toBe('written by hand');
    const named = await spvkit(['wgsl', src, '-o', p('kept.wgsl')]);
    expect(named.code).toBe(0);
    expect(readFileSync(p('kept.wgsl'), 'utf8')).toBe(expected());
  });

  it("hands --push-constants to the translator as the push constants' binding", async () => {
    const r = await spvkit(['wgsl', p('idle.spvasm'), '-o', '-', '--push-constants', '3,7']);
    expect(r.code).toBe(0);
    expect(recorder.calls.map((c) => c.options)).toEqual([{ pushConstants: { group: 3, binding: 7 } }]);
    expect(r.stdout).toBe(expected({ pushConstants: { group: 3, binding: 7 } }));
    // Spaces around the comma are fine.
    const spaced = await spvkit(['wgsl', p('idle.spvasm'), '-o', '-', '--push-constants', ' 0 , 12 ']);
    expect(spaced.code).toBe(0);
    expect(recorder.calls.at(-1)?.options).toEqual({ pushConstants: { group: 0, binding: 12 } });
  });

  it("prints with --json the bindings a host creates, a sampler moved off its texture's binding with its SPIR-V one", async () => {
    const r = await spvkit(['wgsl', p('shared.spvasm'), '-o', p('shared.wgsl'), '--json']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as { output: string; bindings: Wgsl.WgslBinding[]; entryPoints: Wgsl.WgslEntryPoint[]; requiredFeatures: string[] };
    expect(printed.output).toBe(p('shared.wgsl'));
    expect(printed.requiredFeatures).toEqual([]);
    expect(printed.entryPoints.map((e) => e.stage)).toEqual(['fragment']);
    expect(printed.bindings).toEqual([
      { group: 0, binding: 0, name: 'albedo', kind: 'texture', texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
      { group: 0, binding: 500, name: 'albedoSampler', kind: 'sampler', sampler: { type: 'filtering' }, spirvBinding: { group: 0, binding: 0 } },
    ]);
    expect(readFileSync(p('shared.wgsl'), 'utf8')).toBe(toWgsl(assemble(sharedBinding)).code);
    // With -o - the one JSON object carries the WGSL too, so standard output stays one document.
    const piped = await spvkit(['wgsl', p('shared.spvasm'), '-o', '-', '--json']);
    expect((JSON.parse(piped.stdout) as { code: string }).code).toBe(toWgsl(assemble(sharedBinding)).code);
  });

  it('hands --sampler-binding-offset to the translator as combinedSamplerBindingOffset', async () => {
    const r = await spvkit(['wgsl', p('idle.spvasm'), '-o', '-', '--sampler-binding-offset', '16', '--push-constants', '1,0']);
    expect(r.code).toBe(0);
    expect(recorder.calls.at(-1)?.options).toEqual({ pushConstants: { group: 1, binding: 0 }, combinedSamplerBindingOffset: 16 });
  });

  it('is bad usage (exit 2, with the usage) for a bad --push-constants, a .wgsl input, no input or an unknown --target-env', async () => {
    for (const args of [
      ['wgsl', p('idle.spvasm'), '--push-constants', 'one'],
      ['wgsl', p('idle.spvasm'), '--push-constants', '1'],
      ['wgsl', p('idle.spvasm'), '--sampler-binding-offset', '-3'],
      ['wgsl', p('x.wgsl')],
      ['wgsl'],
      ['wgsl', p('idle.spvasm'), '--target-env', 'vulkan9'],
    ]) {
      const r = await spvkit(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: spvkit wgsl IN');
    }
  });

  it('names the input when it cannot be read or is not a module', async () => {
    const missing = await spvkit(['wgsl', p('nowhere.spv')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${p('nowhere.spv')}: error: cannot read: no such file`);
    writeFileSync(p('junk.spv'), 'not a module at all');
    const junk = await spvkit(['wgsl', p('junk.spv'), '-o', '-']);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain(`${p('junk.spv')}: error:`);
  });

  it('refuses what WGSL cannot express at the GLSL line of the instruction, naming the input, and writes nothing', async () => {
    const compiled = await spvkit(['glsl', p('wide.comp'), '-g', '-o', p('wide.spv')]);
    expect(compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
    // The translator's refusal as its contract has it (UNSUPPORTED_CONSTRUCT, the opcode, the
    // instruction's source line from the module's debug info where there is one, else none): of
    // the conversion to double, the first instruction that needs a 64-bit float.
    recorder.refuse = (module) => {
      const inst = module.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions)).find((i) => i.opcode === Op.FConvert);
      if (inst === undefined) return;
      const location = module.analysis(SourceLocationsAnalysis).of(inst);
      throw new SpirvError('UNSUPPORTED_CONSTRUCT', 'WGSL has no 64-bit float (OpTypeFloat 64)', {
        opname: 'OpFConvert',
        offset: 1234,
        ...(location !== undefined ? { location } : {}),
      });
    };
    const r = await spvkit(['wgsl', p('wide.spv')]);
    expect(r.code).toBe(1);
    // The place is the GLSL's (glslang's OpLine): the double is on line 7; the input is named too.
    expect(r.stderr).toMatch(
      new RegExp(
        `^${escape(p('wide.comp'))}:7:\\d+: error: cannot translate to WGSL: WGSL has no 64-bit float \\(OpTypeFloat 64\\) \\[OpFConvert\\] \\(in ${escape(p('wide.spv'))}\\)\n$`,
      ),
    );
    expect(existsSync(p('wide.wgsl'))).toBe(false);
    // Without debug info there is no line to give: the input is named, with the byte offset.
    const stripped = await spvkit(['opt', p('wide.spv'), '-o', p('wide.stripped.spv'), '--strip-debug']);
    expect(stripped.code).toBe(0);
    const bare = await spvkit(['wgsl', p('wide.stripped.spv'), '-o', '-']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toBe(
      `${p('wide.stripped.spv')}: error: cannot translate to WGSL: WGSL has no 64-bit float (OpTypeFloat 64) [OpFConvert] (at byte offset 1234, 0x4d2)\n`,
    );
    expect(bare.stdout).toBe('');
  });

  it("fails with the translator's own refusal of the shader (exit 1, the input named, nothing written)", async () => {
    const compiled = await spvkit(['glsl', p('wide.comp'), '-g', '-o', p('wide2.spv')]);
    expect(compiled.code).toBe(0);
    const r = await spvkit(['wgsl', p('wide2.spv')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: cannot translate to WGSL: /);
    expect(r.stderr).toContain(p('wide2.spv'));
    expect(existsSync(p('wide2.wgsl'))).toBe(false);
  });

  it('translates a folder with --out-dir, mirrored as .wgsl files, and is listed by spvkit --help', async () => {
    const r = await spvkit(['wgsl', p('many'), '--out-dir', p('out')]);
    expect(r.code).toBe(0);
    expect(readFileSync(p('out', 'a.wgsl'), 'utf8')).toBe(expected());
    expect(readFileSync(p('out', 'sub', 'b.wgsl'), 'utf8')).toBe(expected());
    expect((await spvkit(['--help'])).stdout).toMatch(/\n {2}wgsl {5}translate a module to WGSL/);
    const help = await spvkit(['wgsl', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--push-constants G,B');
  });
});
