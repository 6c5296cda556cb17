// reflectModule on what glslangValidator makes of the corpus (core's own tests use assembly).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodeModule, reflectModule } from '@spvkit/core';
import { corpusToolsAvailable, glslDir as corpus } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';

function compile(file: string, env = 'vulkan1.1'): ReturnType<typeof decodeModule> {
  const out = join(mkdtempSync(join(tmpdir(), 'spvkit-reflect-')), 'out.spv');
  execFileSync('glslangValidator', ['-V', '--target-env', env, join(corpus, file), '-o', out], { stdio: 'pipe' });
  return decodeModule(readFileSync(out));
}

describeWithOracle('reflectModule on glslang output', corpusToolsAvailable(), () => {
  it('reflects a compute shader: spec-constant workgroup size, buffers, images, push constants, spec constants', () => {
    const r = reflectModule(compile('particles_update.comp'));
    expect(r.entryPoints).toEqual([{ name: 'main', executionModel: 'GLCompute', workgroupSize: [128, 1, 1], workgroupSizeSpecIds: [0, null, null] }]);
    expect(r.bindings).toEqual([
      { set: 0, binding: 0, kind: 'storage-buffer', name: 'Particles', count: 1 },
      { set: 0, binding: 1, kind: 'storage-buffer', name: 'counters', count: 1 },
      { set: 0, binding: 2, kind: 'uniform-buffer', name: 'sim', count: 1 },
      { set: 0, binding: 3, kind: 'storage-image', name: 'densityImage', count: 1 },
      { set: 0, binding: 4, kind: 'combined-image-sampler', name: 'windField', count: 1 },
    ]);
    expect(r.pushConstants).toEqual({
      size: 16,
      members: [
        { name: 'worldMin', offset: 0, size: 8 },
        { name: 'worldSize', offset: 8, size: 8 },
      ],
    });
    expect(r.specConstants).toEqual([
      { id: 0, name: '', type: 'uint', default: 128 },
      { id: 1, name: 'MAX_ATTRACTORS', type: 'uint', default: 4 },
    ]);
  });

  it('reflects a fragment shader: arrays of samplers, sets, float and int spec constants', () => {
    const r = reflectModule(compile('pbr_lighting.frag'));
    expect(r.entryPoints).toEqual([{ name: 'main', executionModel: 'Fragment' }]);
    const textures = r.bindings.find((b) => b.set === 1 && b.binding === 0);
    expect(textures).toEqual({ set: 1, binding: 0, kind: 'combined-image-sampler', name: 'textures', count: 8 });
    expect(r.bindings.find((b) => b.set === 0 && b.binding === 1)?.kind).toBe('uniform-buffer');
    expect(r.bindings.find((b) => b.set === 0 && b.binding === 2)?.kind).toBe('storage-buffer');
    expect(r.specConstants).toEqual([
      { id: 0, name: 'MAX_LIGHTS', type: 'int', default: 8 },
      { id: 1, name: 'EXPOSURE', type: 'float', default: 1 },
    ]);
  });

  it('resolves LocalSizeId to the spec constants at SPIR-V 1.6', () => {
    const r = reflectModule(compile('lii_spec_size.comp', 'vulkan1.3'));
    const ep = r.entryPoints[0];
    expect(ep.workgroupSizeSpecIds?.filter((x) => x !== null).length).toBeGreaterThan(0);
    expect(ep.workgroupSize?.every((v) => v >= 1)).toBe(true);
  });
});
