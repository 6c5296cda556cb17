// The environment rules judged by the validator; test/validator/environment.test.ts has spirv-val judge the same cases.
import { describe, expect, it } from 'vitest';
import { validate } from '../../validate.js';
import { accepted, module, ours, oursHere, rejected, rejectedSince2023, withoutEntryPoint, withPushTypes, words } from './environment.cases.js';

describe('environment: entry point interfaces, execution modes, storage classes, descriptors', () => {
  it.each(rejected)('%s (%s)', (_what, env, parts, codes) => {
    expect(oursHere(module(withPushTypes(parts)), env)).toEqual(codes);
  });

  it.each(rejectedSince2023)('%s (%s)', (_what, env, parts, codes) => {
    expect(oursHere(module(withPushTypes(parts)), env)).toEqual(codes);
  });

  it.each(accepted)('accepts %s (%s)', (_what, env, parts) => {
    expect(oursHere(module(withPushTypes(parts)), env)).toEqual([]);
  });

  it('rejects a sampler without decorations that no entry point uses: the VUID covers every variable', () => {
    expect(oursHere(module({ globals: '%s = OpVariable %ptr_sampler UniformConstant' }), 'vulkan1.1')).toEqual(['VUID-StandaloneSpirv-UniformConstant-06677']);
  });
});

describe('environment: a module without OpEntryPoint', () => {
  it('is rejected, as a whole module, unless it declares Linkage', () => {
    const found = validate(words(withoutEntryPoint(false), 'spv1.3'), { targetEnv: 'spv1.3' });
    expect(found.map((d) => [d.code, d.instructionIndex])).toEqual([['spvkit-environment-entry-point-missing', -1]]);
    expect(oursHere(withoutEntryPoint(true), 'spv1.3')).toEqual([]);
  });
});

describe('environment: the grammar says which execution modes take ids', () => {
  // FPFastMathDefault (SPV_KHR_float_controls2) is newer than Debian's spirv-val: no oracle here.
  const fastMath = (op: string): string => module({ modes: `OpExecutionMode %main LocalSize 1 1 1\n${op} %main FPFastMathDefault %float %uint_1` });
  it('FPFastMathDefault takes ids: declared with OpExecutionModeId, not with OpExecutionMode', () => {
    expect(oursHere(fastMath('OpExecutionModeId'), 'spv1.6')).not.toContain('spvkit-environment-mode-id');
    expect(oursHere(fastMath('OpExecutionMode'), 'spv1.6')).toContain('spvkit-environment-mode-id');
  });
});

describe('environment: Vulkan rules stay out of other environments', () => {
  it('an image of Sampled 0 and a UniformConstant float are fine without a target environment', () => {
    const text = module({
      globals:
        '%image0 = OpTypeImage %float 2D 0 0 0 0 Unknown\n%ptr_uc_float = OpTypePointer UniformConstant %float\n%uc = OpVariable %ptr_uc_float UniformConstant',
    });
    expect(validate(words(text, 'spv1.5'))).toEqual([]);
    expect(ours(text, 'vulkan1.1')).toEqual(['VUID-StandaloneSpirv-OpTypeImage-04657', 'VUID-StandaloneSpirv-UniformConstant-04655']);
  });
});
