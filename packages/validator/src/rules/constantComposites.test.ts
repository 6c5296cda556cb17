import { assemble, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

/** A compute shader declaring the types and constants the cases use, `globals` after them. */
function shader(globals: string): string {
  return `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%mat2 = OpTypeMatrix %v2float 2
%uint_2 = OpConstant %uint 2
%arr = OpTypeArray %float %uint_2
%st = OpTypeStruct %int %float
%int_1 = OpConstant %int 1
%uint_1 = OpConstant %uint 1
%float_1 = OpConstant %float 1
%spec = OpSpecConstant %float 1
%spec_len = OpSpecConstant %uint 4
%spec_arr = OpTypeArray %float %spec_len
%v2f = OpConstantComposite %v2float %float_1 %float_1
%undef = OpUndef %float
%null = OpConstantNull %float
${globals}
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;
}

function codes(globals: string): string[] {
  return validate(assemble(shader(globals), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' }).map((d) => d.code);
}

// Each rejected case is rejected by the current spirv-val with the message quoted; those marked
// 2023.1 accepts are rules Debian's spirv-val 2023.1 lacked. Each accepted case is accepted by both.
const rejected: [string, string, string][] = [
  [
    '%x = OpConstantComposite %v2int %int_1',
    'spvkit-types-constant-composite',
    "Constituent <id> count does not match Result Type <id> '%v2int's vector component count",
  ],
  ['%x = OpConstantComposite %v3float %v2f %float_1', 'spvkit-types-constant-composite', 'count does not match Result Type'],
  // 2023.1 accepts: it compared an int component with a uint constituent by width alone.
  [
    '%x = OpConstantComposite %v2int %int_1 %uint_1',
    'spvkit-types-constant-composite',
    "Constituent <id> '%uint_1's type does not match Result Type <id> '%v2int's vector element type",
  ],
  [
    '%x = OpConstantComposite %mat2 %v2f %float_1',
    'spvkit-types-constant-composite',
    "type does not match Result Type <id> '%mat2v2float's matrix column type",
  ],
  ['%x = OpConstantComposite %arr %float_1', 'spvkit-types-constant-composite', 'Constituent count does not match Result Type'],
  ['%x = OpConstantComposite %arr %float_1 %int_1', 'spvkit-types-constant-composite', 'array element type'],
  ['%x = OpConstantComposite %st %int_1', 'spvkit-types-constant-composite', 'struct member count'],
  ['%x = OpConstantComposite %st %int_1 %int_1', 'spvkit-types-constant-composite', "type does not match the Result Type <id> '%_struct'"],
  ['%x = OpConstantComposite %float %float_1', 'spvkit-types-constant-composite', 'is not a composite type'],
  ['%x = OpSpecConstantComposite %v2int %int_1 %uint_1', 'spvkit-types-constant-composite', 'vector element type'],
  // 2023.1 accepts: the rule is newer.
  ['%x = OpConstantComposite %v2float %float_1 %spec', 'spvkit-types-constant-spec-constituent', 'OpConstantComposite must not have spec constant operands'],
];

const accepted = [
  '%x = OpConstantComposite %v2float %float_1 %undef',
  '%x = OpConstantComposite %v2float %null %float_1',
  '%x = OpConstantComposite %mat2 %v2f %v2f',
  '%x = OpConstantComposite %st %int_1 %float_1',
  '%x = OpConstantComposite %arr %float_1 %float_1',
  '%x = OpSpecConstantComposite %v2float %float_1 %spec',
  '%x = OpSpecConstantComposite %spec_arr %float_1 %spec %float_1 %float_1',
];

describe('types: OpConstantComposite and OpSpecConstantComposite', () => {
  it.each(rejected)('%s -> %s (spirv-val: %s)', (globals, code) => {
    expect(codes(globals)).toEqual([code]);
  });

  it.each(accepted)('accepts %s', (globals) => {
    expect(validate(assemble(shader(globals), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' }).map(formatDiagnostic)).toEqual([]);
  });

  it('names the constituent and the type it should have', () => {
    const [d] = validate(assemble(shader('%x = OpConstantComposite %st %int_1 %int_1'), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' });
    expect(d.message).toBe('OpConstantComposite: constituent %int_1 is not of the type %float that the result type %_struct_13 holds there');
  });
});
