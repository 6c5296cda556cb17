import { describe, expect, it } from 'vitest';
import { blockLayoutOf, type MemberLayout } from './blockLayout.js';
import { blocksModule, structNamed } from './webgpu.cases.js';

/** [name, offset, size, align, arrayStride, matrixStride]: the figures a host writes by. */
const figures = (members: readonly MemberLayout[]) => members.map((m) => [m.name, m.offset, m.size, m.align, m.arrayStride, m.matrixStride]);

describe('blockLayoutOf', () => {
  const module = blocksModule();

  it('std140 uniform block: matrices, vec3 then float, an array of structs padded to its stride, a float array, uniform @align(16)', () => {
    const layout = blockLayoutOf(module, structNamed(module, 'Camera'));
    expect(figures(layout.members)).toEqual([
      ['mvp', 0, 64, 16, undefined, 16],
      ['eye', 64, 12, 16, undefined, undefined],
      ['time', 76, 4, 4, undefined, undefined],
      ['lights', 80, 64, 16, 32, undefined],
      ['weights', 144, 48, 16, 16, undefined],
      ['normal', 192, 48, 16, undefined, 16],
      ['uv', 240, 8, 8, undefined, undefined],
    ]);
    expect([layout.name, layout.size, layout.align, layout.runtimeSized]).toEqual(['Camera', 256, 16, false]);
    // WGSL's array<f32> steps by 4: a std140 float array has no WGSL form.
    expect(layout.wgslProblems).toEqual(["Camera.weights: ArrayStride 16, WGSL's stride for this element type is 4"]);
    const lights = layout.members[3].type;
    expect(lights.kind === 'array' && lights.length).toBe(2);
    const light = lights.kind === 'array' ? lights.element : undefined;
    expect(light?.kind === 'struct' && [light.name, light.size, light.align, figures(light.members)]).toEqual([
      'Light',
      32,
      16,
      [
        ['position', 0, 12, 16, undefined, undefined],
        ['intensity', 12, 4, 4, undefined, undefined],
        ['color', 16, 12, 16, undefined, undefined],
      ],
    ]);
    expect(layout.members[5].type).toEqual({ kind: 'matrix', scalar: 'f32', columns: 3, rows: 3, matrixStride: 16, rowMajor: false });
  });

  it('std430 storage block: a tight float array, mat2 at stride 8, a runtime array of structs counted once in the size', () => {
    const layout = blockLayoutOf(module, structNamed(module, 'Particles'));
    expect(figures(layout.members)).toEqual([
      ['count', 0, 4, 4, undefined, undefined],
      ['weights', 4, 12, 4, 4, undefined],
      ['gravity', 16, 12, 16, undefined, undefined],
      ['rot', 32, 16, 8, undefined, 8],
      ['items', 48, 32, 16, 32, undefined],
    ]);
    expect([layout.size, layout.align, layout.runtimeSized, layout.wgslProblems]).toEqual([80, 16, true, []]);
    expect(layout.members[4].type).toMatchObject({ kind: 'array', length: null, arrayStride: 32, element: { kind: 'struct', name: 'Particle', size: 32 } });
  });

  it('scalar block: the offsets stay the module’s, and what WGSL cannot place is named', () => {
    const layout = blockLayoutOf(module, structNamed(module, 'Packed'));
    expect(figures(layout.members)).toEqual([
      ['x', 0, 4, 4, undefined, undefined],
      ['y', 4, 12, 16, undefined, undefined],
      ['z', 16, 24, 16, 12, undefined],
    ]);
    expect(layout.size).toBe(48);
    expect(layout.wgslProblems).toEqual([
      'Packed.y: Offset 4 is not a multiple of its WGSL alignment 16',
      "Packed.z: ArrayStride 12, WGSL's stride for this element type is 16",
    ]);
  });

  it('push constants: uniform rules, the size rounded up to the alignment', () => {
    const layout = blockLayoutOf(module, structNamed(module, 'Push'));
    expect(figures(layout.members)).toEqual([
      ['tint', 0, 16, 16, undefined, undefined],
      ['flags', 16, 4, 4, undefined, undefined],
    ]);
    expect(layout.size).toBe(32);
  });
});
