import { assemble } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { toWgsl } from '../toWgsl.js';
import { samplerLayout, storageTextureLayout, textureLayout } from './textureBindingLayout.js';

/**
 * A compute shader with one image variable `img` of `imageType` (an OpTypeImage over %float,
 * %int or %uint) at set 0 binding 3, whose body `body` uses it (%coord2 is an ivec2 0, %coord3 an
 * ivec3 0); `extra` adds types and variables.
 */
function imageShader(imageType: string, body: string, extra = '', capabilities = ''): string {
  return `
OpCapability Shader
${capabilities}
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %img "img"
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 3
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2int = OpTypeVector %int 2
%v3int = OpTypeVector %int 3
%v4float = OpTypeVector %float 4
%v4int = OpTypeVector %int 4
%v4uint = OpTypeVector %uint 4
%int_0 = OpConstant %int 0
%float_0 = OpConstant %float 0
%coord2 = OpConstantComposite %v2int %int_0 %int_0
%coord3 = OpConstantComposite %v3int %int_0 %int_0 %int_0
%image = ${imageType}
%ptr_img = OpTypePointer UniformConstant %image
%img = OpVariable %ptr_img UniformConstant
${extra}
%main = OpFunction %void None %fnty
%entry = OpLabel
%h = OpLoad %image %img
${body}
OpReturn
OpFunctionEnd`;
}

const bindingOf = (text: string, name = 'img') => toWgsl(assemble(text, { targetEnv: 'vulkan1.1' })).bindings.find((b) => b.name === name);

describe('toWgsl: texture and sampler bindings carry their bind group layout entry', () => {
  it('gives a read-only storage image its format, access and dimension', () => {
    const b = bindingOf(imageShader('OpTypeImage %float 2D 0 0 0 2 Rgba8', '%t = OpImageRead %v4float %h %coord2'));
    expect(b).toEqual({
      group: 0,
      binding: 3,
      name: 'img',
      kind: 'storage-texture',
      storageTexture: { access: 'read-only', format: 'rgba8unorm', viewDimension: '2d' },
    });
  });

  it('gives an arrayed integer storage image read and written read-write access and 2d-array', () => {
    const b = bindingOf(imageShader('OpTypeImage %uint 2D 0 1 0 2 R32ui', '%t = OpImageRead %v4uint %h %coord3\nOpImageWrite %h %coord3 %t'));
    expect(b?.storageTexture).toEqual({ access: 'read-write', format: 'r32uint', viewDimension: '2d-array' });
  });

  it('gives sampled images their sample type, dimension and multisampling', () => {
    const fetch = '%t = OpImageFetch %v4float %h %coord2 Lod %int_0';
    expect(bindingOf(imageShader('OpTypeImage %float 2D 0 0 0 1 Unknown', fetch))?.texture).toEqual({
      sampleType: 'float',
      viewDimension: '2d',
      multisampled: false,
    });
    expect(bindingOf(imageShader('OpTypeImage %int 3D 0 0 0 1 Unknown', '%t = OpImageFetch %v4int %h %coord3 Lod %int_0'))?.texture).toEqual({
      sampleType: 'sint',
      viewDimension: '3d',
      multisampled: false,
    });
    expect(bindingOf(imageShader('OpTypeImage %float 2D 0 0 1 1 Unknown', '%t = OpImageFetch %v4float %h %coord2 Sample %int_0'))?.texture).toEqual({
      sampleType: 'float',
      viewDimension: '2d',
      multisampled: true,
    });
    expect(bindingOf(imageShader('OpTypeImage %float 2D 1 0 0 1 Unknown', fetch))?.texture).toEqual({
      sampleType: 'depth',
      viewDimension: '2d',
      multisampled: false,
    });
  });

  it('gives a combined image sampler a texture and a filtering sampler, each with its layout', () => {
    const text = imageShader(
      'OpTypeImage %float Cube 0 0 0 1 Unknown',
      '%s = OpLoad %simage %combined\n%v3 = OpCompositeConstruct %v3float %float_0 %float_0 %float_0\n%t = OpImageSampleExplicitLod %v4float %s %v3 Lod %float_0',
      '%v3float = OpTypeVector %float 3\n%simage = OpTypeSampledImage %image\n%ptr_simage = OpTypePointer UniformConstant %simage\n%combined = OpVariable %ptr_simage UniformConstant',
    )
      .replace('OpName %img "img"', 'OpName %img "img"\nOpName %combined "combined"')
      .replace('OpDecorate %img Binding 3', 'OpDecorate %img Binding 3\nOpDecorate %combined DescriptorSet 1\nOpDecorate %combined Binding 0');
    const { bindings } = toWgsl(assemble(text, { targetEnv: 'vulkan1.1' }));
    expect(bindings.find((b) => b.name === 'combined')).toEqual({
      group: 1,
      binding: 0,
      name: 'combined',
      kind: 'texture',
      texture: { sampleType: 'float', viewDimension: 'cube', multisampled: false },
    });
    expect(bindings.find((b) => b.name === 'combined_sampler')).toEqual({
      group: 1,
      binding: 500,
      name: 'combined_sampler',
      kind: 'sampler',
      sampler: { type: 'filtering' },
    });
  });
});

describe('textureBindingLayout: from the WGSL type', () => {
  it('reads every dimension and access mode WGSL writes', () => {
    expect(textureLayout('texture_cube_array<u32>')).toEqual({ sampleType: 'uint', viewDimension: 'cube-array', multisampled: false });
    expect(textureLayout('texture_depth_multisampled_2d')).toEqual({ sampleType: 'depth', viewDimension: '2d', multisampled: true });
    expect(textureLayout('texture_1d<f32>').viewDimension).toBe('1d');
    expect(storageTextureLayout('texture_storage_3d<rgba16float, write>')).toEqual({ access: 'write-only', format: 'rgba16float', viewDimension: '3d' });
    expect(storageTextureLayout('texture_storage_1d<r32sint, read_write>')).toEqual({ access: 'read-write', format: 'r32sint', viewDimension: '1d' });
    expect(samplerLayout('sampler_comparison')).toEqual({ type: 'comparison' });
    expect(samplerLayout('sampler')).toEqual({ type: 'filtering' });
  });

  it('throws on a type that is not a texture of that kind', () => {
    expect(() => textureLayout('texture_storage_2d<r32uint, read>')).toThrow(/not a sampled texture type/);
    expect(() => storageTextureLayout('texture_2d<f32>')).toThrow(/not a storage texture type/);
    expect(() => textureLayout('texture_4d<f32>')).toThrow(/not a texture dimension/);
  });
});
