// The classes of invalid WGSL that @spvkit/wgsl wrote for real shaders (issue 33, item 1), one
// shader each: GLSL compiled by glslangValidator, or assembly where the pattern comes from HLSL
// compilers. Each test checks the WGSL text that fixes the class and that Chromium's WebGPU
// (Tint) compiles it without errors; where WGSL cannot express the shader, the refusal and its
// reason. One browser session serves the whole file.
import { SpirvError, decodeModule } from '@spvkit/core';
import { toWgsl, type ToWgslOptions, type WgslResult } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvAs, spirvVal } from '../support/spirvTools.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';
import { glslangValidatorModule } from './glslangValidatorModule.js';

/** SPIR-V of a GLSL shader (stage: comp, frag, vert), compiled for Vulkan 1.1. */
function glsl(stage: string, source: string): Uint32Array {
  return glslangValidatorModule(`shader.${stage}`, source, ['-V', '--target-env', 'vulkan1.1']);
}

/** SPIR-V of assembly, checked by spirv-val first so that only the translator is on trial. */
function asm(text: string): Uint32Array {
  const words = spirvAs(text, 'vulkan1.1');
  const verdict = spirvVal(words, 'vulkan1.1');
  if (!verdict.ok) throw new Error(`the test's assembly is invalid SPIR-V: ${verdict.message}`);
  return words;
}

function refusal(words: Uint32Array): SpirvError {
  try {
    toWgsl(decodeModule(words));
  } catch (e) {
    if (e instanceof SpirvError) return e;
    throw e;
  }
  throw new Error('expected a refusal, got a translation');
}

const tools = corpusToolsAvailable();
const gpu = tools.ok ? await webGpuAvailable() : tools;

describeWithOracle('WGSL of the shader patterns Chromium rejected (issue 33)', gpu, () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Translates `words` and expects WebGPU to compile the WGSL and create the pipeline of its only
   * entry point (layout 'auto'; a fragment stage after `fragment.vertexCode`); returns the result.
   */
  async function accepted(words: Uint32Array, fragment?: { vertexCode: string; targets: string[] }, options: ToWgslOptions = {}): Promise<WgslResult> {
    const result = toWgsl(decodeModule(words), options);
    const [ep] = result.entryPoints;
    const errors = await browser.pipelineErrors(
      ep.stage === 'fragment' && fragment !== undefined
        ? { code: result.code, stage: 'fragment', entryPoint: ep.wgslName, ...fragment }
        : { code: result.code, stage: 'compute', entryPoint: ep.wgslName },
    );
    expect(errors.join('\n') + (errors.length > 0 ? `\n${result.code}` : '')).toBe('');
    return result;
  }

  it('gives a storage image that is only written `write` access (rgba8unorm allows no read_write)', async () => {
    const { code } = await accepted(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform image2D outputImage;
void main() { imageStore(outputImage, ivec2(gl_GlobalInvocationID.xy), vec4(0.25, 0.5, 0.75, 1.0)); }`,
      ),
    );
    expect(code).toContain('var outputImage: texture_storage_2d<rgba8unorm, write>;');
  });

  it('gives a storage image that is only read `read` access, and one both read and written `read_write`', async () => {
    const { code } = await accepted(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform image2D inputImage;
layout(set = 0, binding = 1, r32f) uniform image2D accumulated;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(accumulated, p, imageLoad(accumulated, p) + imageLoad(inputImage, p).xxxx);
}`,
      ),
    );
    expect(code).toContain('var inputImage: texture_storage_2d<rgba8unorm, read>;');
    expect(code).toContain('var accumulated: texture_storage_2d<r32float, read_write>;');
  });

  it('declares a buffer whose atomics are only loaded read_write, as WGSL requires of atomics', async () => {
    const { code, bindings } = await accepted(
      asm(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %counters "counters"
OpName %result "result"
OpMemberDecorate %Counters 0 Offset 0
OpDecorate %Counters Block
OpDecorate %counters DescriptorSet 0
OpDecorate %counters Binding 0
OpMemberDecorate %Result 0 Offset 0
OpDecorate %Result Block
OpDecorate %result DescriptorSet 0
OpDecorate %result Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%Counters = OpTypeStruct %uint
%Result = OpTypeStruct %uint
%p_counters = OpTypePointer StorageBuffer %Counters
%p_result = OpTypePointer StorageBuffer %Result
%p_uint = OpTypePointer StorageBuffer %uint
%counters = OpVariable %p_counters StorageBuffer
%result = OpVariable %p_result StorageBuffer
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%main = OpFunction %void None %fn
%entry = OpLabel
%count = OpAccessChain %p_uint %counters %u0
%n = OpAtomicLoad %uint %count %u1 %u0
%out = OpAccessChain %p_uint %result %u0
OpStore %out %n
OpReturn
OpFunctionEnd
`),
    );
    expect(code).toMatch(/var<storage, read_write> counters: \w+;/);
    expect(code).toContain('atomicLoad(&counters.');
    expect(bindings.find((b) => b.name === 'counters')?.kind).toBe('storage');
  });

  it('moves a sampler that shares its set and binding with a texture (the HLSL pattern) to a free binding, and reports where', async () => {
    const result = await accepted(
      asm(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %color
OpExecutionMode %main OriginUpperLeft
OpName %albedo "albedo"
OpName %albedoSampler "albedoSampler"
OpDecorate %uv Location 0
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
%image = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%sampledImage = OpTypeSampledImage %image
%p_image = OpTypePointer UniformConstant %image
%p_sampler = OpTypePointer UniformConstant %sampler
%p_in = OpTypePointer Input %v2float
%p_out = OpTypePointer Output %v4float
%albedo = OpVariable %p_image UniformConstant
%albedoSampler = OpVariable %p_sampler UniformConstant
%uv = OpVariable %p_in Input
%color = OpVariable %p_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%t = OpLoad %image %albedo
%s = OpLoad %sampler %albedoSampler
%ts = OpSampledImage %sampledImage %t %s
%c = OpLoad %v2float %uv
%texel = OpImageSampleImplicitLod %v4float %ts %c
OpStore %color %texel
OpReturn
OpFunctionEnd
`),
      { vertexCode: UV_VERTEX_STAGE, targets: ['rgba8unorm'] },
    );
    expect(result.code).toContain('@group(0) @binding(0) var albedo: texture_2d<f32>;');
    expect(result.code).toContain('@group(0) @binding(500) var albedoSampler: sampler;');
    expect(result.bindings).toContainEqual({
      group: 0,
      binding: 0,
      name: 'albedo',
      kind: 'texture',
      texture: { sampleType: 'float', viewDimension: '2d', multisampled: false },
    });
    expect(result.bindings).toContainEqual({
      group: 0,
      binding: 500,
      name: 'albedoSampler',
      kind: 'sampler',
      sampler: { type: 'filtering' },
      spirvBinding: { group: 0, binding: 0 },
    });
  });

  it('widens the scalar of a fetch from a depth texture to the vec4 SPIR-V reads', async () => {
    const { code } = await accepted(
      asm(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %depth "depth"
OpName %result "result"
OpDecorate %depth DescriptorSet 0
OpDecorate %depth Binding 0
OpMemberDecorate %Result 0 Offset 0
OpDecorate %Result Block
OpDecorate %result DescriptorSet 0
OpDecorate %result Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v4float = OpTypeVector %float 4
%image = OpTypeImage %float 2D 1 0 0 1 Unknown
%p_image = OpTypePointer UniformConstant %image
%Result = OpTypeStruct %float
%p_result = OpTypePointer StorageBuffer %Result
%p_float = OpTypePointer StorageBuffer %float
%depth = OpVariable %p_image UniformConstant
%result = OpVariable %p_result StorageBuffer
%i0 = OpConstant %int 0
%i3 = OpConstant %int 3
%coord = OpConstantComposite %v2int %i3 %i0
%main = OpFunction %void None %fn
%entry = OpLabel
%t = OpLoad %image %depth
%texel = OpImageFetch %v4float %t %coord Lod %i0
%d = OpCompositeExtract %float %texel 0
%out = OpAccessChain %p_float %result %i0
OpStore %out %d
OpReturn
OpFunctionEnd
`),
    );
    expect(code).toContain('var depth: texture_depth_2d;');
    expect(code).toContain('vec4<f32>(textureLoad(depth, vec2<i32>(3i, 0i), 0i), 0.0f, 0.0f, 1.0f)');
  });

  it('passes a depth comparison the coordinate without the reference GLSL packs into it', async () => {
    const { code } = await accepted(
      glsl(
        'frag',
        `#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow shadowMap;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() { color = vec4(texture(shadowMap, vec3(uv, 0.5))); }`,
      ),
      { vertexCode: UV_VERTEX_STAGE, targets: ['rgba8unorm'] },
    );
    expect(code).toMatch(/textureSampleCompare\(shadowMap, shadowMap_sampler, \w+\.xy, /);
  });

  it('writes normalize of a scalar, which WGSL has only for vectors, as its sign', async () => {
    const { code } = await accepted(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = normalize(values[gl_GlobalInvocationID.x]); }`,
      ),
    );
    expect(code).toMatch(/= sign\(\w+\);/);
    expect(code).not.toContain('normalize(');
  });

  it('sizes an array in a buffer by the value of its spec constant, which then is no override', async () => {
    const words = glsl(
      'comp',
      `#version 450
layout(local_size_x = 1) in;
layout(constant_id = 3) const int COUNT = 4;
layout(set = 0, binding = 0, std430) buffer Values { float values[COUNT]; };
layout(set = 0, binding = 1, std140) uniform Weights { vec4 weights[COUNT]; };
void main() { for (int i = 0; i < COUNT; i++) values[i] *= weights[i].x; }`,
    );
    const { code, overrides, specialized, bindings } = await accepted(words);
    expect(code).toContain('array<f32, 4>');
    expect(code).toContain('array<vec4<f32>, 4>');
    expect(code).toContain('const COUNT: i32 = 4i;');
    expect(code).not.toContain('override');
    expect(overrides).toEqual([]);
    expect(specialized).toEqual([{ id: 3, name: 'COUNT', value: 4 }]);
    expect(bindings.map((b) => [b.kind, b.size])).toEqual([
      ['storage', 16],
      ['uniform', 64],
    ]);
  });

  it('refuses an array in a buffer sized by a spec-constant expression, saying how to give the value', () => {
    const e = refusal(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 1) in;
layout(constant_id = 3) const int COUNT = 4;
layout(set = 0, binding = 0, std430) buffer Values { float values[COUNT * 2]; };
void main() { values[1] = 2.0; }`,
      ),
    );
    expect(e.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(e.message).toMatch(/^an array in a buffer sized by a spec-constant expression cannot be expressed in WGSL: .*OpTypeArray/);
    expect(e.message).toContain('WGSL sizes arrays by overrides only in var<workgroup>');
    expect(e.message).toContain('--freeze-spec-const');
  });
  it('refuses a barrier after a return some invocations take, which WGSL uniformity rejects, with the reason', () => {
    const e = refusal(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform Params { uint count; };
layout(set = 0, binding = 1) buffer Data { float values[]; };
shared float tile[64];
void main() {
  uint i = gl_LocalInvocationID.x;
  if (gl_GlobalInvocationID.x >= count) return;
  tile[i] = values[gl_GlobalInvocationID.x];
  barrier();
  values[gl_GlobalInvocationID.x] = tile[63u - i];
}`,
      ),
    );
    expect(e.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(e.message).toMatch(/^a barrier in control flow that differs between invocations cannot be expressed in WGSL: OpControlBarrier /);
    expect(e.message).toContain('it comes after a return that only some invocations may take');
  });

  it('refuses a barrier under a branch on the invocation id, and one after a continue some invocations take', () => {
    const branch = refusal(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() { if (gl_LocalInvocationID.x < 32u) { barrier(); } values[gl_LocalInvocationID.x] = 1.0; }`,
      ),
    );
    expect(branch.message).toContain('it is under a branch on a value that may differ between invocations');
    const skipped = refusal(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() {
  for (int k = 0; k < 4; k++) {
    if (values[gl_LocalInvocationID.x] > 0.0) continue;
    barrier();
  }
}`,
      ),
    );
    expect(skipped.message).toContain('a barrier in control flow that differs between invocations');
  });

  it('keeps the barriers WGSL proves uniform: a loop over a uniform count, a branch on the workgroup, a break taken by some before the barrier after the loop', async () => {
    const { code } = await accepted(
      glsl(
        'comp',
        `#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform Params { uint count; };
layout(set = 0, binding = 1) buffer Data { float values[]; };
shared float partial[64];
void main() {
  uint i = gl_LocalInvocationID.x;
  partial[i] = values[gl_GlobalInvocationID.x];
  barrier();
  for (uint stride = 32u; stride > 0u; stride >>= 1u) {
    if (i < stride) partial[i] += partial[i + stride];
    barrier();
  }
  for (uint k = 0u; k < count; k++) {
    values[k] += partial[0];
    memoryBarrierShared();
    barrier();
  }
  for (uint k = 0u; k < 8u; k++) {
    if (values[i] > float(k)) break;
  }
  barrier();
  if (i == 0u) values[gl_WorkGroupID.x] = partial[0];
}`,
      ),
    );
    expect(code.match(/workgroupBarrier\(\);/g)?.length).toBeGreaterThanOrEqual(4);
  });
});

/** A vertex stage for the fragment tests: the position and a vec2 at location 0. */
const UV_VERTEX_STAGE = `struct Out { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }
@vertex fn vs(@builtin(vertex_index) i: u32) -> Out { return Out(vec4<f32>(f32(i), 0.0, 0.0, 1.0), vec2<f32>(0.5, 0.5)); }`;
