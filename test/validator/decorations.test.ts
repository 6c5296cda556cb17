// The decorations cases (packages/validator/src/rules/decorations/decorations.cases.ts) judged by
// the validator and by Debian's spirv-val 2023.1, with its layout flags where a case takes options.
import { assemble, encodeModule } from '@spvkit/core';
import { expect, it } from 'vitest';
import {
  accepted,
  checkDecorationsOf,
  expectMatrixArrayFindings,
  matrixArrays,
  module,
  ours,
  rejected,
  withOptions,
  words,
} from '../../packages/validator/src/rules/decorations/decorations.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { headSpirvVal, spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

const head = headSpirvVal();

describeWithOracle('decorations: each rule, as Debian spirv-val 2023.1 judges it', spirvToolsAvailable(), () => {
  it.each(rejected)('rejects: $name', (c) => {
    const found = ours(c);
    expect(found.decorations, found.all.join('\n')).toEqual([c.code]);
    const theirs = spirvVal(words(c), c.env ?? 'vulkan1.1', []);
    if (c.debian !== undefined) {
      // A rule of the current spirv-val that 2023.1 lacks: 2023.1 accepts, the current one (where at hand) rejects.
      expect(theirs, c.debian).toEqual({ ok: true, message: '' });
      if (head === undefined) return;
      const current = head(words(c), c.env ?? 'vulkan1.1');
      expect(current.ok).toBe(false);
      expect(current.message).toContain(c.theirs);
      return;
    }
    expect(theirs.ok).toBe(false);
    expect(theirs.message).toContain(c.theirs);
  });

  it.each(accepted)('accepts: $name', (c) => {
    const found = ours(c);
    expect(found.all).toEqual([]);
    const theirs = spirvVal(words(c), c.env ?? 'vulkan1.1', []);
    expect(theirs.message).toBe('');
    expect(theirs.ok).toBe(true);
    if (head !== undefined) expect(head(words(c), c.env ?? 'vulkan1.1')).toEqual({ ok: true, message: '' });
  });

  it('rejects an array of matrices without MatrixStride or RowMajor/ColMajor, which the spec asks, and a MatrixStride of 0 (the current spirv-val agrees; 2023.1 accepted both)', () => {
    for (const m of matrixArrays) {
      expectMatrixArrayFindings(m);
      if (m.debian) expect(spirvVal(words(m.case), 'vulkan1.1', []), m.debian).toEqual({ ok: true, message: '' });
    }
  });

  it.each(withOptions)('%s: rejected by default, accepted with the option', (_name, options, flags, parts, env, code) => {
    const w = encodeModule(assemble(module(parts), { targetEnv: env }));
    expect(checkDecorationsOf(w, env, {})).toEqual([code]);
    expect(spirvVal(w, env, []).ok).toBe(false);
    expect(checkDecorationsOf(w, env, options)).toEqual([]);
    expect(spirvVal(w, env, flags)).toEqual({ ok: true, message: '' });
  });
});
