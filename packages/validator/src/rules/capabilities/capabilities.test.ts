// The capability rules judged by the validator; test/validator/capabilities.test.ts has spirv-val judge the same cases.
import { expect, it } from 'vitest';
import { validate } from '../../validate.js';
import { accepted, ours, rejected, words } from './capabilities.cases.js';

it.each(rejected)('%s', (_, parts, version, env, codes) => {
  const w = words(parts, version);
  expect(
    ours(w, env),
    validate(w, { targetEnv: env })
      .map((d) => d.message)
      .join('; '),
  ).toEqual(codes);
});

it.each(accepted)('accepts %s', (_, parts, version, env) => {
  expect(ours(words(parts, version), env)).toEqual([]);
});

it('rejects in Vulkan 1.3 a capability that version does not allow (spirv-val since 2023.1 checks it; Debian 2023.1 does not)', () => {
  expect(ours(words({ caps: 'Shader Linkage' }, '1.6'), 'vulkan1.3')).toEqual(['VUID-VkShaderModuleCreateInfo-pCode-08739']);
  expect(ours(words({ caps: 'Shader DemoteToHelperInvocation' }, '1.6'), 'vulkan1.3')).toEqual([]);
});

it('says what is missing', () => {
  const [d] = validate(words({ annotations: 'OpDecorate %x NoSignedWrap', body: '%x = OpIAdd %int %int_1 %int_1' }, '1.3'), { targetEnv: 'spv1.3' });
  expect(d.message).toBe(
    'operand 2 of OpDecorate (Decoration NoSignedWrap) requires one of these extensions: SPV_KHR_no_integer_wrap_decoration (or SPIR-V 1.4; the module is 1.3)',
  );
});
