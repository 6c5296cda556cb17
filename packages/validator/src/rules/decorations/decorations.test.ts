// The decorations rules judged by the validator; test/validator/decorations.test.ts has spirv-val judge the same cases.
import { assemble, encodeModule } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../../validate.js';
import {
  accepted,
  buffer,
  checkDecorationsOf,
  expectMatrixArrayFindings,
  matrixArrays,
  module,
  off,
  ours,
  rejected,
  UBO_V3,
  withOptions,
} from './decorations.cases.js';

describe('decorations: each rule', () => {
  it.each(rejected)('rejects: $name', (c) => {
    const found = ours(c);
    expect(found.decorations, found.all.join('\n')).toEqual([c.code]);
  });

  it.each(accepted)('accepts: $name', (c) => {
    expect(ours(c).all).toEqual([]);
  });

  it('rejects an array of matrices without MatrixStride or RowMajor/ColMajor, which the spec asks, and a MatrixStride of 0', () => {
    for (const m of matrixArrays) expectMatrixArrayFindings(m);
  });

  it.each(withOptions)('%s: rejected by default, accepted with the option', (_name, options, _flags, parts, env, code) => {
    const w = encodeModule(assemble(module(parts), { targetEnv: env }));
    expect(checkDecorationsOf(w, env, {})).toEqual([code]);
    expect(checkDecorationsOf(w, env, options)).toEqual([]);
  });
});

describe('decorations: messages', () => {
  it('name the structure, the member index and name, and the offsets', () => {
    const parts = { ...buffer('Uniform', off('%S', 0, 8), UBO_V3), names: 'OpName %S "Globals"\nOpMemberName %S 1 "color"' };
    const found = validate(assemble(module(parts), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' });
    expect(found.map((d) => d.message)).toEqual([
      '%Globals, decorated Block for a variable in Uniform, breaks the relaxed uniform buffer (std140) layout: member 1 ("color") is a vector of 12 bytes at offset 8 that straddles a 16-byte boundary' +
        "; where the shader is written for VK_EXT_scalar_block_layout (GLSL's layout(scalar)), allow it with --scalar-block-layout (the option scalarBlockLayout; the plugins' blockLayout option)",
    ]);
  });
});

describe('decorations: scalar layout where the GLSL asked for it', () => {
  // A storage buffer with a vec3 array of stride 12: scalar layout, not std430's.
  const parts = buffer('StorageBuffer', `${off('%S', 0)}\nOpDecorate %arr ArrayStride 12`, '%arr = OpTypeArray %v3float %uint_2\n%S = OpTypeStruct %arr');
  const glsl = { ...parts, names: 'OpSourceExtension "GL_EXT_scalar_block_layout"' };
  const judged = (p: typeof parts, options = {}): string[] =>
    validate(assemble(module(p), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1', ...options }).map((d) => d.message);

  it('judges a module whose GLSL enabled GL_EXT_scalar_block_layout by scalar layout', () => {
    expect(judged(glsl)).toEqual([]);
  });

  it('judges it by the standard rules where scalarBlockLayout is false, and other modules always', () => {
    expect(judged(glsl, { scalarBlockLayout: false })).toEqual([expect.stringContaining('allow it with --scalar-block-layout')]);
    expect(judged(parts)).toEqual([expect.stringContaining('ArrayStride 12, not a multiple of the alignment 16')]);
    expect(judged(parts, { scalarBlockLayout: true })).toEqual([]);
  });

  it('says why where a block breaks even the scalar rules', () => {
    const broken = { ...glsl, decorations: glsl.decorations!.replace('ArrayStride 12', 'ArrayStride 10') };
    expect(judged(broken)).toEqual([
      expect.stringMatching(/breaks the scalar .*\(judged by scalar layout: the module's GLSL enabled GL_EXT_scalar_block_layout\)$/),
    ]);
  });
});
