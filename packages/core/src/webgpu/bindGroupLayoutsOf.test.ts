import { describe, expect, it } from 'vitest';
import { bindGroupLayoutsOf } from './bindGroupLayoutsOf.js';
import { blocksModule, texturesModule } from './webgpu.cases.js';
import { ShaderStageFlags } from './WebGpuDescriptors.js';

describe('bindGroupLayoutsOf', () => {
  it('buffers: uniform, storage (written), read-only storage (NonWritable), push constants in the group after the last', () => {
    const { stage, bindGroupLayouts, blocks } = bindGroupLayoutsOf(blocksModule(), 'main');
    expect(stage).toBe('compute');
    const visibility = ShaderStageFlags.COMPUTE;
    expect(bindGroupLayouts).toEqual([
      {
        entries: [
          { binding: 0, visibility, buffer: { type: 'uniform', hasDynamicOffset: false, minBindingSize: 256 } },
          { binding: 1, visibility, buffer: { type: 'storage', hasDynamicOffset: false, minBindingSize: 80 } },
        ],
      },
      { entries: [{ binding: 0, visibility, buffer: { type: 'read-only-storage', hasDynamicOffset: false, minBindingSize: 48 } }] },
      { entries: [{ binding: 0, visibility, buffer: { type: 'uniform', hasDynamicOffset: false, minBindingSize: 32 } }] },
    ]);
    expect(blocks.map((b) => [b.group, b.binding, b.name, b.type, b.layout.name])).toEqual([
      [0, 0, 'camera', 'uniform', 'Camera'],
      [0, 1, 'particles', 'storage', 'Particles'],
      [1, 0, 'packed', 'read-only-storage', 'Packed'],
      [2, 0, 'push', 'push-constant', 'Push'],
    ]);
  });

  it('moves push constants where asked', () => {
    const { bindGroupLayouts } = bindGroupLayoutsOf(blocksModule(), undefined, { pushConstants: { group: 0, binding: 7 } });
    expect(bindGroupLayouts).toHaveLength(2);
    expect(bindGroupLayouts[0].entries.map((e) => e.binding)).toEqual([0, 1, 7]);
  });

  it('textures and samplers: combined samplers split at +500, comparison from Dref use, unfilterable when never sampled, unused ones left out', () => {
    const visibility = ShaderStageFlags.FRAGMENT;
    const { stage, bindGroupLayouts } = bindGroupLayoutsOf(texturesModule());
    expect(stage).toBe('fragment');
    expect(bindGroupLayouts).toEqual([
      {
        entries: [
          { binding: 0, visibility, texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
          { binding: 1, visibility, texture: { sampleType: 'depth', viewDimension: '2d', multisampled: false } },
          { binding: 500, visibility, sampler: { type: 'filtering' } },
          { binding: 501, visibility, sampler: { type: 'comparison' } },
        ],
      },
      {
        entries: [
          { binding: 0, visibility, texture: { sampleType: 'float', viewDimension: '2d-array', multisampled: false } },
          { binding: 1, visibility, sampler: { type: 'filtering' } },
          { binding: 2, visibility, texture: { sampleType: 'uint', viewDimension: '3d', multisampled: false } },
          { binding: 3, visibility, texture: { sampleType: 'unfilterable-float', viewDimension: '2d', multisampled: false } },
        ],
      },
      {
        entries: [
          { binding: 0, visibility, storageTexture: { access: 'write-only', format: 'rgba8unorm', viewDimension: '2d' } },
          { binding: 1, visibility, storageTexture: { access: 'read-only', format: 'r32float', viewDimension: '2d' } },
        ],
      },
    ]);
    expect(bindGroupLayoutsOf(texturesModule(), undefined, { combinedSamplerBindingOffset: 16 }).bindGroupLayouts[0].entries.map((e) => e.binding)).toEqual([
      0, 1, 16, 17,
    ]);
  });

  it('names the entry points there are when asked for another', () => {
    expect(() => bindGroupLayoutsOf(blocksModule(), 'other')).toThrow('no entry point "other" (the module has "main" (compute))');
  });
});
