import { assemble, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

/** A compute shader with a few types and constants, `types` declared after them. */
function shader(types: string, caps = ''): string {
  return `OpCapability Shader
${caps}
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v2int = OpTypeVector %int 2
%int_0 = OpConstant %int 0
%int_m1 = OpConstant %int -1
%uint_2 = OpConstant %uint 2
%float_2 = OpConstant %float 2
%spec_0 = OpSpecConstant %int 0
%null = OpConstantNull %int
%undef = OpUndef %int
%ptr = OpTypePointer Function %float
${types}
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;
}

function codes(types: string): string[] {
  return validate(assemble(shader(types), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' }).map((d) => d.code);
}

// Each rejected case: the code, and the message of the current spirv-val (Debian's 2023.1 rejects them too).
const rejected: [string, string, string][] = [
  ['%t = OpTypeInt 24 1', 'spvkit-types-declaration-width', 'Invalid number of bits (24) used for OpTypeInt.'],
  ['%t = OpTypeInt 32 2', 'spvkit-types-declaration-width', 'OpTypeInt has invalid signedness'],
  ['%t = OpTypeFloat 24', 'spvkit-types-declaration-width', 'Invalid number of bits (24) used for OpTypeFloat.'],
  ['%t = OpTypeVector %float 5', 'spvkit-types-declaration-vector', 'Illegal number of components (5) for TypeVector'],
  ['%t = OpTypeVector %float 1', 'spvkit-types-declaration-vector', 'Illegal number of components (1) for TypeVector'],
  ['%t = OpTypeVector %void 2', 'spvkit-types-declaration-vector', "OpTypeVector Component Type <id> '%void' is not a scalar type."],
  ['%t = OpTypeVector %ptr 2', 'spvkit-types-declaration-vector', 'is not a scalar type.'],
  ['%t = OpTypeMatrix %float 2', 'spvkit-types-declaration-matrix', 'Columns in a matrix must be of type vector.'],
  ['%t = OpTypeMatrix %v2int 2', 'spvkit-types-declaration-matrix', 'Matrix types can only be parameterized with floating-point types.'],
  ['%t = OpTypeMatrix %v2float 1', 'spvkit-types-declaration-matrix', 'Matrix types can only be parameterized as having only 2, 3, or 4 columns.'],
  ['%t = OpTypeArray %void %uint_2', 'spvkit-types-declaration-array', "OpTypeArray Element Type <id> '%void' is a void type."],
  ['%t = OpTypeRuntimeArray %void', 'spvkit-types-declaration-array', "OpTypeRuntimeArray Element Type <id> '%void' is a void type."],
  ['%t = OpTypeArray %float %int_0', 'spvkit-types-declaration-array', 'default value must be at least 1: found 0'],
  ['%t = OpTypeArray %float %int_m1', 'spvkit-types-declaration-array', 'default value must be at least 1: found -1'],
  ['%t = OpTypeArray %float %null', 'spvkit-types-declaration-array', 'default value must be at least 1: found 0'],
  ['%t = OpTypeArray %float %float_2', 'spvkit-types-declaration-array', 'is not a constant integer type.'],
  ['%t = OpTypeArray %float %undef', 'spvkit-types-declaration-array', 'is not a scalar constant type.'],
  ['%t = OpTypeArray %float %float', 'spvkit-types-declaration-array', 'is not a scalar constant type.'],
  ['%t = OpTypeStruct %float %void', 'spvkit-types-declaration-struct', 'Structures cannot contain a void type.'],
];

const accepted = [
  '%t = OpTypeArray %float %uint_2',
  // The current spirv-val leaves a spec constant's default value to specialization (2023.1 rejected a 0).
  '%t = OpTypeArray %float %spec_0',
  '%t = OpTypeVector %bool 4',
  '%t = OpTypeMatrix %v2float 2',
  '%t = OpTypeStruct %float %v2int',
];

describe('types: declarations', () => {
  it.each(rejected)('%s -> %s (spirv-val: %s)', (types, code) => {
    expect(codes(types)).toEqual([code]);
  });

  it.each(accepted)('accepts %s', (types) => {
    expect(validate(assemble(shader(types), { targetEnv: 'vulkan1.1' }), { targetEnv: 'vulkan1.1' }).map(formatDiagnostic)).toEqual([]);
  });

  it('leaves 8 components without Vector16 to the capabilities family, and any number to LongVectorEXT', () => {
    expect(codes('%t = OpTypeVector %float 8')).toEqual(['spvkit-capabilities-vector16']);
    const long = shader('%t = OpTypeVector %float 5', 'OpCapability LongVectorEXT\nOpExtension "SPV_EXT_long_vector"');
    expect(validate(assemble(long, { targetEnv: 'vulkan1.3' })).filter((d) => d.code.startsWith('spvkit-types-declaration'))).toEqual([]);
  });
});
