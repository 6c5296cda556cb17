import { describe, expect, it } from 'vitest';
import { mergeBindGroupLayouts } from './mergeBindGroupLayouts.js';
import type { BindGroupLayoutDescriptor } from './WebGpuDescriptors.js';

const uniform = (binding: number, visibility: number, minBindingSize: number) => ({
  binding,
  visibility,
  buffer: { type: 'uniform' as const, hasDynamicOffset: false, minBindingSize },
});

describe('mergeBindGroupLayouts', () => {
  it('ORs the visibility of a binding both stages use, keeps the others, takes the larger minBindingSize', () => {
    const vertex: BindGroupLayoutDescriptor[] = [{ entries: [uniform(0, 1, 64)] }];
    const fragment: BindGroupLayoutDescriptor[] = [
      { entries: [uniform(1, 2, 16), uniform(0, 2, 80)] },
      { entries: [{ binding: 3, visibility: 2, sampler: { type: 'filtering' } }] },
    ];
    expect(mergeBindGroupLayouts([vertex, fragment])).toEqual([
      { entries: [uniform(0, 3, 80), uniform(1, 2, 16)] },
      { entries: [{ binding: 3, visibility: 2, sampler: { type: 'filtering' } }] },
    ]);
  });

  it('refuses two resources at one binding', () => {
    const a: BindGroupLayoutDescriptor[] = [{ entries: [uniform(0, 1, 16)] }];
    const b: BindGroupLayoutDescriptor[] = [{ entries: [{ binding: 0, visibility: 2, sampler: { type: 'comparison' } }] }];
    expect(() => mergeBindGroupLayouts([a, b])).toThrow('@group(0) @binding(0): one stage binds');
  });
});
