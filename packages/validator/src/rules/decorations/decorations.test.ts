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
      '%Globals, decorated Block for a variable in Uniform, breaks the relaxed uniform buffer (std140) layout: member 1 ("color") is a vector of 12 bytes at offset 8 that straddles a 16-byte boundary',
    ]);
  });
});
