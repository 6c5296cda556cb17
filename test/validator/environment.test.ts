// The environment cases (packages/validator/src/rules/environment/environment.cases.ts) judged by
// the validator and by Debian's spirv-val.
import { expect, it } from 'vitest';
import { accepted, module, oursHere, rejected, withPushTypes, words } from '../../packages/validator/src/rules/environment/environment.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

describeWithOracle('environment: entry point interfaces, execution modes, storage classes, descriptors', spirvToolsAvailable(), () => {
  it.each(rejected)('%s (%s)', (_what, env, parts, codes, theirs) => {
    const text = module(withPushTypes(parts));
    const verdict = spirvVal(words(text, env), env);
    expect(verdict.ok, 'spirv-val rejects it too').toBe(false);
    expect(verdict.message).toMatch(theirs);
    expect(oursHere(text, env)).toEqual(codes);
  });

  it.each(accepted)('accepts %s (%s)', (_what, env, parts) => {
    const text = module(withPushTypes(parts));
    const verdict = spirvVal(words(text, env), env);
    expect(verdict.message, 'spirv-val accepts it too').toBe('');
    expect(oursHere(text, env)).toEqual([]);
  });

  it('rejects a sampler without decorations that no entry point uses: the VUID covers every variable (the current spirv-val agrees; 2023.1 accepted it)', () => {
    const text = module({ globals: '%s = OpVariable %ptr_sampler UniformConstant' });
    expect(spirvVal(words(text, 'vulkan1.1'), 'vulkan1.1').message, "Debian's 2023.1 checked used variables only").toBe('');
    expect(oursHere(text, 'vulkan1.1')).toEqual(['VUID-StandaloneSpirv-UniformConstant-06677']);
  });
});
