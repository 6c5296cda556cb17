// The decorations cases (packages/validator/src/rules/decorations/decorations.cases.ts) judged by
// the validator and by Debian's spirv-val 2023.1, with its layout flags where a case takes options.
import { assemble, encodeModule } from '@spvkit/core';
import { expect, it } from 'vitest';
import {
  accepted,
  buffer,
  checkDecorationsOf,
  module,
  off,
  ours,
  rejected,
  withOptions,
  words,
  type Case,
} from '../../packages/validator/src/rules/decorations/decorations.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

describeWithOracle('decorations: each rule, as Debian spirv-val 2023.1 judges it', spirvToolsAvailable(), () => {
  it.each(rejected)('rejects: $name', (c) => {
    const found = ours(c);
    expect(found.decorations, found.all.join('\n')).toEqual([c.code]);
    const theirs = spirvVal(words(c), c.env ?? 'vulkan1.1', []);
    expect(theirs.ok).toBe(false);
    expect(theirs.message).toContain(c.theirs);
  });

  it.each(accepted)('accepts: $name', (c) => {
    const found = ours(c);
    expect(found.all).toEqual([]);
    const theirs = spirvVal(words(c), c.env ?? 'vulkan1.1', []);
    expect(theirs.message).toBe('');
    expect(theirs.ok).toBe(true);
  });

  it('rejects an array of matrices without MatrixStride or RowMajor/ColMajor, which the spec asks, and a MatrixStride of 0 (the current spirv-val agrees; 2023.1 accepted both)', () => {
    const arr = '%rta = OpTypeRuntimeArray %mat4\n%S = OpTypeStruct %rta';
    const cases: [string, string][] = [
      ['OpMemberDecorate %S 0 ColMajor', 'spvkit-decorations-block-matrix-stride'],
      ['OpMemberDecorate %S 0 MatrixStride 16', 'spvkit-decorations-block-matrix-layout'],
    ];
    for (const [decoration, code] of cases) {
      const c: Case = { name: code, parts: buffer('StorageBuffer', `${off('%S', 0)}\nOpDecorate %rta ArrayStride 64\n${decoration}`, arr) };
      expect(ours(c).decorations, ours(c).all.join('\n')).toEqual([code]);
      expect(spirvVal(words(c), 'vulkan1.1', []), "Debian's 2023.1 looked at matrix members only").toEqual({ ok: true, message: '' });
    }
    const both: Case = {
      name: 'both',
      parts: buffer(
        'StorageBuffer',
        `${off('%S', 0)}\nOpDecorate %rta ArrayStride 64\nOpMemberDecorate %S 0 ColMajor\nOpMemberDecorate %S 0 MatrixStride 16`,
        arr,
      ),
    };
    expect(ours(both).all).toEqual([]);
    // A MatrixStride of 0 lays no columns out, for the current spirv-val as for us.
    const zero: Case = {
      name: 'zero',
      parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %S 1 ColMajor\nOpMemberDecorate %S 1 MatrixStride 0`, '%S = OpTypeStruct %float %mat4'),
    };
    expect(ours(zero).decorations).toEqual(['spvkit-decorations-block-matrix-stride']);
    expect(spirvVal(words(zero), 'vulkan1.1', []), "Debian's 2023.1 took a stride of 0").toEqual({ ok: true, message: '' });
  });

  it.each(withOptions)('%s: rejected by default, accepted with the option', (_name, options, flags, parts, env, code) => {
    const w = encodeModule(assemble(module(parts), { targetEnv: env }));
    expect(checkDecorationsOf(w, env, {})).toEqual([code]);
    expect(spirvVal(w, env, []).ok).toBe(false);
    expect(checkDecorationsOf(w, env, options)).toEqual([]);
    expect(spirvVal(w, env, flags)).toEqual({ ok: true, message: '' });
  });
});
