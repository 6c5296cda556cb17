// The environment cases (packages/validator/src/rules/environment/environment.cases.ts) judged by
// the validator and by Debian's spirv-val.
import { expect, it } from 'vitest';
import {
  accepted,
  module,
  oursHere,
  rejected,
  rejectedSince2023,
  withoutEntryPoint,
  withPushTypes,
  words,
} from '../../packages/validator/src/rules/environment/environment.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { headSpirvVal, spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

const head = headSpirvVal();

describeWithOracle('environment: entry point interfaces, execution modes, storage classes, descriptors', spirvToolsAvailable(), () => {
  it.each(rejected)('%s (%s)', (_what, env, parts, codes, theirs) => {
    const text = module(withPushTypes(parts));
    const verdict = spirvVal(words(text, env), env);
    expect(verdict.ok, 'spirv-val rejects it too').toBe(false);
    expect(verdict.message).toMatch(theirs);
    expect(oursHere(text, env)).toEqual(codes);
  });

  it.each(rejectedSince2023)('%s (%s): accepted by 2023.1, rejected by the current spirv-val', (_what, env, parts, codes, theirs) => {
    const text = module(withPushTypes(parts));
    expect(spirvVal(words(text, env), env).message, 'Debian 2023.1 has no such rule').toBe('');
    expect(oursHere(text, env)).toEqual(codes);
    if (head === undefined) return;
    const current = head(words(text, env), env);
    expect(current.ok).toBe(false);
    expect(current.message).toMatch(theirs);
  });

  it.each(accepted)('accepts %s (%s)', (_what, env, parts) => {
    const text = module(withPushTypes(parts));
    const verdict = spirvVal(words(text, env), env);
    expect(verdict.message, 'spirv-val accepts it too').toBe('');
    expect(oursHere(text, env)).toEqual([]);
    if (head !== undefined) expect(head(words(text, env), env)).toEqual({ ok: true, message: '' });
  });

  it('rejects a module without OpEntryPoint unless it declares Linkage', () => {
    const verdict = spirvVal(words(withoutEntryPoint(false), 'spv1.3'), 'spv1.3');
    expect(verdict.message).toMatch(/No OpEntryPoint instruction was found. This is only allowed if the Linkage capability is being used/);
    expect(oursHere(withoutEntryPoint(false), 'spv1.3')).toEqual(['spvkit-environment-entry-point-missing']);
    expect(spirvVal(words(withoutEntryPoint(true), 'spv1.3'), 'spv1.3')).toEqual({ ok: true, message: '' });
    expect(oursHere(withoutEntryPoint(true), 'spv1.3')).toEqual([]);
  });

  it('rejects a sampler without decorations that no entry point uses: the VUID covers every variable (the current spirv-val agrees; 2023.1 accepted it)', () => {
    const text = module({ globals: '%s = OpVariable %ptr_sampler UniformConstant' });
    expect(spirvVal(words(text, 'vulkan1.1'), 'vulkan1.1').message, "Debian's 2023.1 checked used variables only").toBe('');
    expect(oursHere(text, 'vulkan1.1')).toEqual(['VUID-StandaloneSpirv-UniformConstant-06677']);
  });
});
