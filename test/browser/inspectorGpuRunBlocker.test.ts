// The inspector's decision not to offer "Run on WebGPU" (examples/inspector/src/gpuRunBlocker.ts),
// in Node, for the cases the browser suite does not drop: storage images without a WebGPU storage
// format, texel buffers and binding arrays; and that what the runner can make is not blocked.
import { describe, expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, reflectModule } from '@spvkit/core';
import { gpuRunBlocker } from '../../examples/inspector/src/gpuRunBlocker.js';

/** A compute shader with one UniformConstant resource `res` of type %res_t (declared by `types`) at set 0 binding 2. */
function shader(types: string, capabilities = ''): Uint32Array {
  const module = assemble(
    `OpCapability Shader
${capabilities}
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %res "res"
OpDecorate %res DescriptorSet 0
OpDecorate %res Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
${types}
%ptr = OpTypePointer UniformConstant %res_t
%res = OpVariable %ptr UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd`,
    { targetEnv: 'vulkan1.1' },
  );
  return encodeModule(module);
}

const blocker = (words: Uint32Array): string | undefined => gpuRunBlocker(words, reflectModule(decodeModule(words)));

describe('inspector: where Run on WebGPU is not offered', () => {
  it('offers it for the images and samplers the runner makes', () => {
    expect(blocker(shader('%res_t = OpTypeImage %float 2D 0 0 0 2 Rgba8'))).toBeUndefined();
    expect(blocker(shader('%img = OpTypeImage %uint 3D 0 0 0 1 Unknown\n%res_t = OpTypeSampledImage %img'))).toBeUndefined();
    expect(blocker(shader('%res_t = OpTypeSampler'))).toBeUndefined();
  });

  it('names a storage image without a WebGPU storage format', () => {
    expect(blocker(shader('%res_t = OpTypeImage %float 2D 0 0 0 2 Unknown', 'OpCapability StorageImageWriteWithoutFormat'))).toBe(
      'res (set 0, binding 2) is a storage image of no format (Unknown): WebGPU storage textures need one of its storage formats',
    );
    expect(blocker(shader('%res_t = OpTypeImage %float 2D 0 0 0 2 Rg16f', 'OpCapability StorageImageExtendedFormats'))).toMatch(
      /^res \(set 0, binding 2\) is a storage image of ImageFormat 7:/,
    );
  });

  it('names texel buffers and binding arrays', () => {
    expect(blocker(shader('%res_t = OpTypeImage %float Buffer 0 0 0 1 Unknown', 'OpCapability SampledBuffer'))).toBe(
      'res (set 0, binding 2) is a uniform texel buffer (WebGPU has no texel buffers)',
    );
    expect(blocker(shader('%img = OpTypeImage %float 2D 0 0 0 1 Unknown\n%uint_4 = OpConstant %uint 4\n%res_t = OpTypeArray %img %uint_4'))).toBe(
      'res (set 0, binding 2) is an array of 4: WGSL has no binding arrays',
    );
  });
});
