import { assemble, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

function shader(body: string): string {
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
%int_1 = OpConstant %int 1
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%float_1 = OpConstant %float 1
%v2int_1 = OpConstantComposite %v2int %int_1 %int_1
%ptr_int = OpTypePointer Function %int
%st = OpTypeStruct %int %float
%arr2 = OpTypeArray %int %uint_2
%fn_int = OpTypeFunction %int
%ptr_st = OpTypePointer Function %st
%ptr_float = OpTypePointer Function %float
%ptr_priv_int = OpTypePointer Private %int
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %ptr_int Function
%svar = OpVariable %ptr_st Function
${body}
OpReturn
OpFunctionEnd
%get = OpFunction %int None %fn_int
%get_entry = OpLabel
OpReturnValue %RET
OpFunctionEnd
`;
}

/** Line of OpReturnValue in the assembly text. */
const RET_LINE =
  shader('')
    .split('\n')
    .findIndex((line) => line.startsWith('OpReturnValue')) + 1;

function codes(body: string, ret = '%int_1'): string[] {
  return validate(assemble(shader(body).replace('%RET', ret), { targetEnv: 'vulkan1.1' })).map((d) => d.code);
}

// Each rejected case with Debian spirv-val 2023.1's message for it.
const rejected: [string, string, string][] = [
  ['%x = OpLoad %float %var', 'spvkit-types-load', "OpLoad Result Type <id> '%float' does not match Pointer <id> '%var's type."],
  ['%x = OpLoad %int %int_1', 'spvkit-types-operand', "OpLoad Pointer <id> '%int_1' is not a logical pointer."],
  ['OpStore %var %float_1', 'spvkit-types-store', "OpStore Pointer <id> '%var's type does not match Object <id> '%float_1's type."],
  [
    '%x = OpCompositeExtract %float %v2int_1 1',
    'spvkit-types-composite',
    'Result type (OpTypeFloat) does not match the type that results from indexing into the composite (OpTypeInt).',
  ],
  ['%x = OpCompositeExtract %int %v2int_1 2', 'spvkit-types-composite', 'Vector access is out of bounds, vector size is 2, but access index is 2'],
  ['%x = OpCompositeConstruct %v2int %int_1', 'spvkit-types-composite', 'Expected number of constituents to be at least 2'],
  [
    '%x = OpCompositeConstruct %v2int %int_1 %uint_1',
    'spvkit-types-composite',
    'Expected Constituents to be scalars or vectors of the same type as Result Type components',
  ],
  [
    '%x = OpCompositeConstruct %st %int_1 %int_1',
    'spvkit-types-composite',
    'Expected Constituent type to be equal to the corresponding member type of Result Type struct',
  ],
  ['%x = OpCompositeConstruct %int %int_1 %int_1', 'spvkit-types-composite', 'Expected Result Type to be a composite type'],
  [
    '%x = OpCompositeConstruct %arr2 %int_1',
    'spvkit-types-composite',
    'Expected total number of Constituents to be equal to the number of elements of Result Type array',
  ],
  [
    '%x = OpAccessChain %ptr_int %svar %int_1',
    'spvkit-types-access-chain',
    'OpAccessChain result type (OpTypeInt) does not match the type that results from indexing into the base <id> (OpTypeFloat).',
  ],
  ['%x = OpAccessChain %ptr_int %svar %uint_2', 'spvkit-types-access-chain', 'Index is out of bounds: OpAccessChain can not find index 2 into the structure'],
  ['%x = OpAccessChain %ptr_int %svar %float_1', 'spvkit-types-access-chain', 'Indexes passed to OpAccessChain must be of type integer.'],
  ['%x = OpAccessChain %int %svar %int_1', 'spvkit-types-access-chain', 'The Result Type of OpAccessChain <id> must be OpTypePointer. Found OpTypeInt.'],
  [
    '%x = OpAccessChain %ptr_priv_int %svar %int_1',
    'spvkit-types-access-chain',
    'The result pointer storage class and base pointer storage class in OpAccessChain do not match.',
  ],
  ['%x = OpAccessChain %ptr_int %int_1 %int_1', 'spvkit-types-access-chain', "The Base <id> '%int_1' in OpAccessChain instruction must be a pointer."],
  [
    '%x = OpAccessChain %ptr_int %var %int_1',
    'spvkit-types-access-chain',
    'OpAccessChain reached non-composite type while indexes still remain to be traversed.',
  ],
  [
    '%y = OpIAdd %int %int_1 %int_1\n%x = OpAccessChain %ptr_int %svar %y',
    'spvkit-types-access-chain',
    'The <id> passed to OpAccessChain to index into a structure must be an OpConstant.',
  ],
  ['%x = OpAccessChain %ptr_int %svar %x', 'spvkit-ids-forward', "ID '%x' has not been defined"],
];

const accepted = [
  '%x = OpAccessChain %ptr_float %svar %int_1',
  '%x = OpLoad %int %var',
  'OpStore %var %int_1',
  '%x = OpCompositeExtract %int %v2int_1 1',
  '%x = OpCompositeConstruct %v2int %int_1 %int_1',
  '%x = OpCompositeConstruct %st %int_1 %float_1',
  '%x = OpCompositeConstruct %arr2 %int_1 %int_1',
];

describe('types: loads, stores, returns and composites keep their types', () => {
  it.each(rejected)('%s -> %s (spirv-val: %s)', (body, code) => {
    expect(codes(body)).toEqual([code]);
  });

  it.each(accepted)('accepts %s', (body) => {
    expect(codes(body)).toEqual([]);
  });

  it("OpReturnValue of another type than the function's (spirv-val: OpReturnValue Value <id> ...'s type does not match OpFunction's return type)", () => {
    expect(codes('', '%float_1')).toEqual(['spvkit-types-return']);
    const found = validate(assemble(shader('').replace('%RET', '%float_1'), { targetEnv: 'vulkan1.1', file: 'ret.spvasm' }));
    expect(found.map(formatDiagnostic)).toEqual([
      `ret.spvasm:${RET_LINE}:1: error: [spvkit-types-return] OpReturnValue: %float_1 is not of the function's return type %int`,
    ]);
  });
});

// glslc makes `m[i] = x` on a cooperative matrix an access chain into the matrix variable, down to
// its component type; spirv-val allows it, and still rejects an index past the component.
describe('types: access chains into a cooperative matrix', () => {
  const COOPMAT = `OpCapability Shader
OpCapability Float16
OpCapability VulkanMemoryModel
OpCapability CooperativeMatrixKHR
OpExtension "SPV_KHR_cooperative_matrix"
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 32 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%half = OpTypeFloat 16
%uint_0 = OpConstant %uint 0
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_16 = OpConstant %uint 16
%mat = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_2
%ptr_mat = OpTypePointer Function %mat
%ptr_half = OpTypePointer Function %half
%main = OpFunction %void None %fn
%entry = OpLabel
%m = OpVariable %ptr_mat Function
%e = OpAccessChain %ptr_half %m %uint_0
%x = OpLoad %half %e
OpReturn
OpFunctionEnd
`;
  const run = (text: string) => validate(assemble(text, { targetEnv: 'vulkan1.3' })).map((d) => d.code);

  it('an index into a cooperative matrix reaches its component type', () => {
    expect(run(COOPMAT)).toEqual([]);
  });

  it('an index past the component is still no composite', () => {
    const text = COOPMAT.replace('%m %uint_0\n', '%m %uint_0 %uint_0\n');
    expect(text).not.toBe(COOPMAT);
    expect(run(text)).toEqual(['spvkit-types-access-chain']);
  });
});
