import { assemble, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

/** A compute shader importing GLSL.std.450, `body` in its entry block. */
function shader(body: string): string {
  return `OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v2int = OpTypeVector %int 2
%int_1 = OpConstant %int 1
%uint_1 = OpConstant %uint 1
%float_1 = OpConstant %float 1
%v2f = OpConstantComposite %v2float %float_1 %float_1
%v3f = OpConstantComposite %v3float %float_1 %float_1 %float_1
%v2i = OpConstantComposite %v2int %int_1 %int_1
%main = OpFunction %void None %fn
%entry = OpLabel
${body}
OpReturn
OpFunctionEnd
`;
}

function check(body: string): ReturnType<typeof validate> {
  return validate(assemble(shader(body), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' });
}

// Each rejected case is rejected by the current spirv-val with the message quoted (Debian's 2023.1 too).
const rejected: [string, string, string][] = [
  ['%x = OpExtInst %float %glsl Pow %float_1 %int_1', 'spvkit-types-operand', 'GLSL.std.450 Pow: expected types of all operands to be equal to Result Type'],
  ['%x = OpExtInst %int %glsl Sqrt %int_1', 'spvkit-types-result', 'GLSL.std.450 Sqrt: expected Result Type to be a float scalar or vector type'],
  ['%x = OpExtInst %v2float %glsl Step %float_1 %v2f', 'spvkit-types-operand', 'GLSL.std.450 Step: expected types of all operands to be equal to Result Type'],
  [
    '%x = OpExtInst %v2float %glsl FMix %v2f %v2f %float_1',
    'spvkit-types-operand',
    'GLSL.std.450 FMix: expected types of all operands to be equal to Result Type',
  ],
  [
    '%x = OpExtInst %v2float %glsl FClamp %v2f %float_1 %float_1',
    'spvkit-types-operand',
    'GLSL.std.450 FClamp: expected types of all operands to be equal to Result Type',
  ],
  ['%x = OpExtInst %float %glsl Normalize %v2f', 'spvkit-types-operand', 'GLSL.std.450 Normalize: expected types of all operands to be equal to Result Type'],
  ['%x = OpExtInst %v3float %glsl Cross %v3f %v2f', 'spvkit-types-operand', 'GLSL.std.450 Cross: expected operand Y type to be equal to Result Type'],
  ['%x = OpExtInst %v2float %glsl Length %v2f', 'spvkit-types-result', 'GLSL.std.450 Length: expected Result Type to be a float scalar type'],
  [
    '%x = OpExtInst %float %glsl Distance %v2f %v3f',
    'spvkit-types-components',
    'GLSL.std.450 Distance: expected operands P0 and P1 to have the same number of components',
  ],
  ['%x = OpExtInst %v2float %glsl Refract %v2f %v2f %v2f', 'spvkit-types-operand', 'GLSL.std.450 Refract: expected operand Eta to be a float scalar'],
  [
    '%x = OpExtInst %int %glsl SMax %int_1 %v2i',
    'spvkit-types-components',
    'GLSL.std.450 SMax: expected all operands to have the same dimension as Result Type',
  ],
  ['%x = OpExtInst %int %glsl SMax %int_1 %float_1', 'spvkit-types-operand', 'GLSL.std.450 SMax: expected all operands to be int scalars or vectors'],
  ['%x = OpExtInst %int %glsl FindUMsb %float_1', 'spvkit-types-operand', 'GLSL.std.450 FindUMsb: expected all operands to be int scalars or vectors'],
];

const accepted = [
  '%x = OpExtInst %float %glsl Length %v2f',
  '%x = OpExtInst %float %glsl Distance %v2f %v2f',
  '%x = OpExtInst %v2float %glsl Refract %v2f %v2f %float_1',
  '%x = OpExtInst %v2float %glsl FMix %v2f %v2f %v2f',
  '%x = OpExtInst %int %glsl SMax %int_1 %uint_1',
  '%x = OpExtInst %uint %glsl UMin %int_1 %int_1',
  '%x = OpExtInst %int %glsl FindUMsb %uint_1',
];

describe('types: GLSL.std.450 instructions', () => {
  it.each(rejected)('%s -> %s (spirv-val: %s)', (body, code) => {
    expect(check(body).map((d) => d.code)).toEqual([code]);
  });

  it.each(accepted)('accepts %s', (body) => {
    expect(check(body).map(formatDiagnostic)).toEqual([]);
  });

  it('names the instruction of the set in the message', () => {
    expect(check('%x = OpExtInst %float %glsl Pow %float_1 %int_1')[0].message).toBe('GLSL.std.450 Pow: operand %int_1 is not of the result type %float');
  });
});
