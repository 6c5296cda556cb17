import { describe, expect, it } from 'vitest';
import { vertexBufferLayoutsOf } from './vertexBufferLayoutsOf.js';
import { blocksModule, vertexModule } from './webgpu.cases.js';

describe('vertexBufferLayoutsOf', () => {
  it('one buffer per location, formats from the input types, a mat4 over four locations, builtins left out', () => {
    const { inputs, buffers } = vertexBufferLayoutsOf(vertexModule());
    expect(inputs).toEqual([
      { location: 0, name: 'position', format: 'float32x3' },
      { location: 1, name: 'uv', format: 'float32x2' },
      { location: 2, name: 'joints', format: 'sint32x4' },
      { location: 3, name: 'model[0]', format: 'float32x4' },
      { location: 4, name: 'model[1]', format: 'float32x4' },
      { location: 5, name: 'model[2]', format: 'float32x4' },
      { location: 6, name: 'model[3]', format: 'float32x4' },
      { location: 7, name: 'id', format: 'uint32' },
    ]);
    expect(buffers.map((b) => [b.arrayStride, b.stepMode, b.attributes])).toEqual(
      inputs.map((input) => [
        input.format === 'float32x3' ? 12 : input.format === 'float32x2' ? 8 : input.format === 'uint32' ? 4 : 16,
        'vertex',
        [{ format: input.format, offset: 0, shaderLocation: input.location }],
      ]),
    );
  });

  it('interleaved: one buffer, attributes packed in location order', () => {
    const { buffers } = vertexBufferLayoutsOf(vertexModule(), 'main', { arrangement: 'interleaved', stepMode: 'instance' });
    expect(buffers).toEqual([
      {
        arrayStride: 104,
        stepMode: 'instance',
        attributes: [
          { format: 'float32x3', offset: 0, shaderLocation: 0 },
          { format: 'float32x2', offset: 12, shaderLocation: 1 },
          { format: 'sint32x4', offset: 20, shaderLocation: 2 },
          { format: 'float32x4', offset: 36, shaderLocation: 3 },
          { format: 'float32x4', offset: 52, shaderLocation: 4 },
          { format: 'float32x4', offset: 68, shaderLocation: 5 },
          { format: 'float32x4', offset: 84, shaderLocation: 6 },
          { format: 'uint32', offset: 100, shaderLocation: 7 },
        ],
      },
    ]);
  });

  it('a compute shader has no vertex buffers', () => {
    expect(vertexBufferLayoutsOf(blocksModule())).toEqual({ inputs: [], buffers: [] });
  });
});
