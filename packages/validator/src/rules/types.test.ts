import { assemble, encodeModule, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

/** A compute shader whose entry block holds `body` (one instruction a line), assembled for Vulkan 1.1 (SPIR-V 1.3). */
function shader(body: string): string {
  return `OpCapability Shader
OpCapability Int64
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %x "x"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%long = OpTypeInt 64 1
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v2uint = OpTypeVector %uint 2
%v2float = OpTypeVector %float 2
%v2bool = OpTypeVector %bool 2
%double = OpTypeFloat 64
%pair = OpTypeStruct %int %int
%upair = OpTypeStruct %uint %uint
%pint = OpTypePointer Function %int
%int_1 = OpConstant %int 1
%uint_1 = OpConstant %uint 1
%long_1 = OpConstant %long 1
%float_1 = OpConstant %float 1
%double_1 = OpConstant %double 1
%true = OpConstantTrue %bool
%v2int_1 = OpConstantComposite %v2int %int_1 %int_1
%v2uint_1 = OpConstantComposite %v2uint %uint_1 %uint_1
%v2float_1 = OpConstantComposite %v2float %float_1 %float_1
%v2true = OpConstantComposite %v2bool %true %true
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %pint Function
${body}
OpReturn
OpFunctionEnd
`;
}

/** Line of the assembly text `body` starts on in {@link shader}. */
const BODY_LINE = shader('@@').split('\n').indexOf('@@') + 1;

function check(body: string, targetEnv = 'vulkan1.1'): ReturnType<typeof validate> {
  return validate(assemble(shader(body), { targetEnv, file: 'case.spvasm' }));
}

// Each case was judged by Debian's spirv-val 2023.1: the rejected ones with the message quoted.
const rejected: [string, string, string][] = [
  // [instruction, code, spirv-val's message]
  ['%x = OpIAdd %int %int_1 %long_1', 'spvkit-types-width', 'Expected arithmetic operands to have the same bit width as Result Type'],
  ['%x = OpIAdd %float %int_1 %int_1', 'spvkit-types-result', 'Expected int scalar or vector type as Result Type'],
  ['%x = OpIAdd %int %int_1 %v2int_1', 'spvkit-types-components', 'Expected arithmetic operands to have the same dimension as Result Type'],
  ['%x = OpIAdd %int %int_1 %float_1', 'spvkit-types-operand', 'Expected int scalar or vector type as operand'],
  ['%x = OpUDiv %int %int_1 %int_1', 'spvkit-types-result', 'Expected unsigned int scalar or vector type as Result Type'],
  ['%x = OpUDiv %uint %uint_1 %int_1', 'spvkit-types-operand', 'Expected arithmetic operands to be of Result Type'],
  ['%x = OpFAdd %float %float_1 %int_1', 'spvkit-types-operand', 'Expected arithmetic operands to be of Result Type'],
  ['%x = OpFNegate %int %int_1', 'spvkit-types-result', 'Expected floating scalar or vector type as Result Type'],
  ['%x = OpConvertFToU %int %float_1', 'spvkit-types-result', 'Expected unsigned int scalar or vector type as Result Type'],
  ['%x = OpConvertSToF %float %float_1', 'spvkit-types-operand', 'Expected input to be int scalar or vector'],
  ['%x = OpUConvert %long %int_1', 'spvkit-types-result', 'Expected unsigned int scalar or vector type as Result Type'],
  ['%x = OpSConvert %int %int_1', 'spvkit-types-width', 'Expected input to have different bit width from Result Type'],
  ['%x = OpFConvert %v2float %float_1', 'spvkit-types-components', 'Expected input to have the same dimension as Result Type'],
  ['%x = OpIEqual %bool %int_1 %long_1', 'spvkit-types-width', 'Expected both operands to have the same component bit width'],
  ['%x = OpIEqual %v2bool %int_1 %int_1', 'spvkit-types-components', 'Expected vector sizes of Result Type and the operands to be equal'],
  ['%x = OpFOrdEqual %bool %float_1 %v2float_1', 'spvkit-types-operand', 'Expected left and right operands to have the same type'],
  ['%x = OpIsNan %bool %int_1', 'spvkit-types-operand', 'Expected operand to be scalar or vector float'],
  ['%x = OpSelect %int %true %int_1 %uint_1', 'spvkit-types-operand', 'Expected both objects to be of Result Type'],
  ['%x = OpSelect %v2int %true %v2int_1 %v2int_1', 'spvkit-types-components', 'Expected vector sizes of Result Type and the condition to be equal'],
  ['%x = OpSelect %int %int_1 %int_1 %int_1', 'spvkit-types-operand', 'Expected bool scalar or vector type as condition'],
  ['%x = OpShiftLeftLogical %int %long_1 %int_1', 'spvkit-types-width', 'Expected Base to have the same bit width as Result Type'],
  ['%x = OpShiftRightLogical %int %int_1 %float_1', 'spvkit-types-operand', 'Expected Shift to be int scalar or vector'],
  ['%x = OpBitwiseAnd %int %int_1 %v2int_1', 'spvkit-types-components', 'Expected operands to have the same dimension as Result Type'],
  ['%x = OpNot %float %float_1', 'spvkit-types-result', 'Expected int scalar or vector type as Result Type'],
  ['%x = OpLogicalNot %bool %int_1', 'spvkit-types-operand', 'Expected operand to be of Result Type'],
  ['%x = OpLogicalAnd %int %true %true', 'spvkit-types-result', 'Expected bool scalar or vector type as Result Type'],
  ['%x = OpAny %bool %true', 'spvkit-types-operand', 'Expected operand to be vector bool'],
  ['%x = OpAll %v2bool %v2true', 'spvkit-types-result', 'Expected bool scalar type as Result Type'],
  [
    '%x = OpVectorTimesScalar %v2float %v2float_1 %int_1',
    'spvkit-types-operand',
    'Expected scalar operand type to be equal to the component type of the vector operand',
  ],
  ['%x = OpDot %float %v2float_1 %float_1', 'spvkit-types-operand', 'Expected float vector as operand'],
  ['%x = OpIAdd %int %int_1 %int', 'spvkit-types-not-value', "Operand '%int' cannot be a type"],
  // Same-shape opcode swaps: an OpLoad turned OpCopyObject copies the pointer, not what it points to.
  ['%x = OpCopyObject %int %var', 'spvkit-types-operand', 'Expected Result Type and Operand type to be the same'],
  ['%x = OpCopyObject %v2int %v2uint_1', 'spvkit-types-operand', 'Expected Result Type and Operand type to be the same'],
  ['%x = OpBitCount %float %int_1', 'spvkit-types-result', 'Expected int scalar or vector type as Result Type: BitCount'],
  ['%x = OpBitCount %v2int %int_1', 'spvkit-types-components', 'Expected Base dimension to be equal to Result Type dimension: BitCount'],
  ['%x = OpBitReverse %uint %int_1', 'spvkit-types-operand', 'Expected Base Type to be equal to Result Type: BitReverse'],
  ['%x = OpBitReverse %int %float_1', 'spvkit-types-operand', 'Expected int scalar or vector type for Base operand: BitReverse'],
  ['%x = OpBitFieldInsert %int %int_1 %uint_1 %int_1 %int_1', 'spvkit-types-operand', 'Expected Insert Type to be equal to Result Type: BitFieldInsert'],
  ['%x = OpBitFieldSExtract %int %int_1 %float_1 %int_1', 'spvkit-types-operand', 'Expected Offset Type to be int scalar: BitFieldSExtract'],
  ['%x = OpBitFieldUExtract %int %uint_1 %int_1 %int_1', 'spvkit-types-operand', 'Expected Base Type to be equal to Result Type: BitFieldUExtract'],
  ['%x = OpIAddCarry %uint %uint_1 %uint_1', 'spvkit-types-result', 'Expected a struct as Result Type: IAddCarry'],
  [
    '%x = OpISubBorrow %pair %int_1 %int_1',
    'spvkit-types-result',
    'Expected Result Type struct member types to be unsigned integer scalar or vector: ISubBorrow',
  ],
  ['%x = OpUMulExtended %upair %uint_1 %int_1', 'spvkit-types-operand', 'Expected both operands to be of Result Type member type: UMulExtended'],
  ['%x = OpBitcast %int %double_1', 'spvkit-types-width', 'Expected input to have the same total bit width as Result Type: Bitcast'],
  ['%x = OpBitcast %bool %int_1', 'spvkit-types-result', 'Expected Result Type to be a pointer or int or float vector or scalar type: Bitcast'],
  ['%x = OpBitcast %int %true', 'spvkit-types-operand', 'Expected input to be a pointer or int or float vector or scalar: Bitcast'],
  ['%x = OpQuantizeToF16 %double %double_1', 'spvkit-types-width', 'Expected 32-bit float scalar or vector type as Result Type: QuantizeToF16'],
  ['%x = OpQuantizeToF16 %float %double_1', 'spvkit-types-operand', 'Expected input type to be equal to Result Type: QuantizeToF16'],
];

const accepted = [
  '%x = OpIAdd %int %int_1 %uint_1',
  '%x = OpIMul %v2uint %v2int_1 %v2uint_1',
  '%x = OpSNegate %uint %int_1',
  '%x = OpConvertUToF %float %int_1',
  '%x = OpConvertFToS %uint %float_1',
  '%x = OpUConvert %ulong %int_1',
  '%x = OpIEqual %bool %int_1 %uint_1',
  '%x = OpShiftLeftLogical %int %int_1 %long_1',
  '%x = OpBitwiseAnd %int %int_1 %uint_1',
  '%x = OpSelect %v2int %v2true %v2int_1 %v2int_1',
  '%x = OpAny %bool %v2true',
  '%x = OpDot %float %v2float_1 %v2float_1',
  '%x = OpVectorTimesScalar %v2float %v2float_1 %float_1',
  '%x = OpFOrdLessThan %v2bool %v2float_1 %v2float_1',
  '%x = OpCopyObject %pint %var',
  '%x = OpBitCount %long %int_1',
  '%x = OpBitCount %uint %int_1',
  '%x = OpBitFieldUExtract %int %int_1 %long_1 %uint_1',
  '%x = OpIAddCarry %upair %uint_1 %uint_1',
  '%x = OpSMulExtended %pair %int_1 %int_1',
  '%x = OpBitcast %int %float_1',
  '%x = OpBitcast %v2int %double_1',
  '%x = OpBitcast %v2float %long_1',
  '%x = OpQuantizeToF16 %float %float_1',
];

describe('types: arithmetic, bitwise, logical, relational and conversion instructions', () => {
  it.each(rejected)('%s -> %s (spirv-val: %s)', (body, code) => {
    const found = check(body);
    expect(found.map((d) => d.code)).toEqual([code]);
    const d = found[0];
    expect(d.family).toBe('types');
    expect(d.location).toEqual({ file: 'case.spvasm', line: BODY_LINE, column: 1 });
    expect(d.instruction?.opcode).toBe(d.opcode);
    expect(d.instructionIndex).toBeGreaterThan(20);
    expect(formatDiagnostic(d)).toMatch(new RegExp(`^case\\.spvasm:${BODY_LINE}:1: error: \\[${code}\\] Op`));
  });

  it.each(accepted)('accepts %s', (body) => {
    expect(check(body).map(formatDiagnostic)).toEqual([]);
  });

  it('names the ids of a finding by their OpName and reports every error, not the first only', () => {
    const found = check('%x = OpFAdd %float %float_1 %int_1\n%y = OpIAdd %int %x %int_1\n%z = OpUDiv %int %int_1 %int_1');
    expect(found.map((d) => [d.code, d.location?.line])).toEqual([
      ['spvkit-types-operand', BODY_LINE],
      ['spvkit-types-operand', BODY_LINE + 1],
      ['spvkit-types-result', BODY_LINE + 2],
    ]);
    expect(found[1].ids).toEqual([{ id: found[1].ids[0].id, name: 'x' }]);
    expect(found[1].message).toBe('OpIAdd: operand %x is not an int scalar or vector');
  });

  // Derivatives belong to fragment shaders (a compute shader needs a derivative group mode for them).
  it.each([
    ['%x = OpDPdx %int %int_1', 'spvkit-types-result', 'Expected Result Type to be float scalar or vector type: DPdx'],
    ['%x = OpDPdy %float %v2float_1', 'spvkit-types-operand', 'Expected P type and Result Type to be the same: DPdy'],
    ['%x = OpFwidth %double %double_1', 'spvkit-types-width', 'Result type component width must be 32 bits'],
  ])('in a fragment shader, %s -> %s (spirv-val: %s)', (body, code) => {
    const text = shader(body).replace(
      'OpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1',
      'OpEntryPoint Fragment %main "main"\nOpExecutionMode %main OriginUpperLeft',
    );
    expect(validate(assemble(text, { targetEnv: 'vulkan1.1' })).map((d) => d.code)).toEqual([code]);
  });

  it('accepts the derivative of a float vector in a fragment shader', () => {
    const text = shader('%x = OpFwidth %v2float %v2float_1').replace(
      'GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1',
      'Fragment %main "main"\nOpExecutionMode %main OriginUpperLeft',
    );
    expect(validate(assemble(text, { targetEnv: 'vulkan1.1' })).map(formatDiagnostic)).toEqual([]);
  });

  it('from 1.4 on, a scalar condition selects between vectors', () => {
    expect(check('%x = OpSelect %v2int %true %v2int_1 %v2int_1', 'vulkan1.2')).toEqual([]);
  });

  it('gives the source line of OpLine when the words are given', () => {
    const text = shader('OpLine %file 42 7\n%x = OpIAdd %float %int_1 %int_1').replace(
      'OpExecutionMode %main LocalSize 1 1 1',
      'OpExecutionMode %main LocalSize 1 1 1\n%file = OpString "blur.comp"',
    );
    const found = validate(encodeModule(assemble(text, { targetEnv: 'vulkan1.1' })));
    expect(found.map(formatDiagnostic)).toEqual(['blur.comp:42:7: error: [spvkit-types-result] OpIAdd: the result type %float is not an int scalar or vector']);
    expect(found[0].offset).toBeGreaterThan(0);
    expect(found[0].instruction?.opcode).toBe(128);
  });
});

// llama.cpp's coopmat shaders add and convert cooperative matrices (f32 accumulators to f16 A
// operands, f16 to BFloat16KHR); spirv-val takes them as it takes vectors, Use changes included
// under CooperativeMatrixConversionsNV, and rejects other shapes or a conversion to the same type.
describe('types: arithmetic and conversions of cooperative matrices, float encodings', () => {
  const COOPMAT = `OpCapability Shader
OpCapability Float16
OpCapability VulkanMemoryModel
OpCapability CooperativeMatrixKHR
OpCapability BFloat16TypeKHR
OpCapability CooperativeMatrixConversionsNV
OpExtension "SPV_KHR_cooperative_matrix"
OpExtension "SPV_KHR_bfloat16"
OpExtension "SPV_NV_cooperative_matrix2"
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 32 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%half = OpTypeFloat 16
%float = OpTypeFloat 32
%bf16 = OpTypeFloat 16 BFloat16KHR
%uint_0 = OpConstant %uint 0
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_8 = OpConstant %uint 8
%uint_16 = OpConstant %uint 16
%acc32 = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_16 %uint_2
%acc16 = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_2
%a16 = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_0
%narrow16 = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_8 %uint_2
%float_1 = OpConstant %float 1
%half_1 = OpConstant %half 1
%m = OpConstantComposite %acc32 %float_1
%main = OpFunction %void None %fn
%entry = OpLabel
%s = OpFAdd %acc32 %m %m
%t = OpMatrixTimesScalar %acc32 %s %float_1
%c = OpFConvert %acc16 %s
%u = OpFConvert %a16 %s
%b = OpFConvert %bf16 %half_1
OpReturn
OpFunctionEnd
`;
  const run = (text: string) => validate(assemble(text, { targetEnv: 'vulkan1.3' })).map((d) => d.code);
  const variant = (from: string, to: string): string => {
    const text = COOPMAT.replace(from, to);
    expect(text).not.toBe(COOPMAT);
    return text;
  };

  it('FAdd and OpMatrixTimesScalar of matrices, FConvert between matrices and from float16 to BFloat16KHR', () => {
    expect(run(COOPMAT)).toEqual([]);
  });

  it('a matrix of other columns, an A operand made an accumulator, a Use change without CooperativeMatrixConversionsNV', () => {
    expect(run(variant('%c = OpFConvert %acc16 %s', '%c = OpFConvert %narrow16 %s'))).toEqual(['spvkit-types-components']);
    expect(run(variant('%u = OpFConvert %a16 %s', '%u = OpFConvert %a16 %s\n%v = OpFConvert %acc32 %u'))).toEqual(['spvkit-types-components']);
    expect(run(variant('OpCapability CooperativeMatrixConversionsNV\n', ''))).toEqual(['spvkit-types-components']);
  });

  it('a scalar input of a matrix conversion, and a conversion to the same float type, are still errors', () => {
    expect(run(variant('%c = OpFConvert %acc16 %s', '%c = OpFConvert %acc16 %float_1'))).toEqual(['spvkit-types-operand']);
    expect(run(variant('%b = OpFConvert %bf16 %half_1', '%b = OpFConvert %half %half_1'))).toEqual(['spvkit-types-width']);
  });

  it('OpMatrixTimesScalar of a cooperative matrix by a scalar of another type than its component is still an error', () => {
    expect(run(variant('%acc32 %s %float_1', '%acc32 %s %half_1'))).toEqual(['spvkit-types-matrix']);
  });
});
