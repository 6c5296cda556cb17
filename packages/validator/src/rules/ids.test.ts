import { assemble, encodeModule, formatDiagnostic } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const TEXT = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpIAdd %int %int_1 %int_1
%b = OpIAdd %int %a %int_1
OpReturn
OpFunctionEnd
`;

const words = (text = TEXT): Uint32Array => encodeModule(assemble(text, { targetEnv: 'vulkan1.1' }));

/** Word index of the first instruction whose first word is `first`, or -1. */
function find(w: Uint32Array, opcode: number): number {
  for (let at = 5; at < w.length; at += w[at] >>> 16) if ((w[at] & 0xffff) === opcode) return at;
  return -1;
}

describe('ids: bound, unique definitions, defined before use', () => {
  it('a use of an id defined nowhere (spirv-val: ID ... has not been defined)', () => {
    const w = words();
    const at = find(w, 128); // the first OpIAdd
    w[3] = w[3] + 10; // a larger bound, so that an id below it is defined by nothing
    w[at + 3] = w[3] - 1;
    const found = validate(w);
    expect(found.map((d) => d.code)).toEqual(['spvkit-ids-undefined']);
    expect(found[0].family).toBe('ids');
  });

  it('a result id at or above the bound (spirv-val: Result <id> ... exceeds the bound)', () => {
    const w = words();
    w[3] = 5; // lower the bound below most ids
    const found = validate(w);
    expect(found.length).toBeGreaterThan(3);
    expect(new Set(found.map((d) => d.code))).toContain('spvkit-ids-bound');
  });

  it('an id defined twice (spirv-val: ID ... has already been defined)', () => {
    const w = words();
    const first = find(w, 128);
    const second = first + (w[first] >>> 16);
    w[second + 2] = w[first + 2]!; // %b takes %a's id
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-ids-duplicate']);
  });

  it("a use before the definition in a block (spirv-val: ID '%b' has not been defined), named and located", () => {
    const text = TEXT.replace('%a = OpIAdd %int %int_1 %int_1\n%b = OpIAdd %int %a %int_1', '%b = OpIAdd %int %a %int_1\n%a = OpIAdd %int %int_1 %int_1');
    const found = validate(assemble(text, { targetEnv: 'vulkan1.1', file: 'ids.spvasm' }));
    expect(found.map(formatDiagnostic)).toEqual(['ids.spvasm:12:1: error: [spvkit-ids-forward] %a is used before its definition']);
    expect(found[0].ids).toEqual([{ id: found[0].ids[0].id, name: 'a' }]);
  });

  it('forward references the spec allows: names, entry points, branch targets, calls', () => {
    const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %g "g"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%r = OpFunctionCall %void %g
OpBranch %next
%next = OpLabel
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%ge = OpLabel
OpReturn
OpFunctionEnd
`;
    expect(validate(words(text))).toEqual([]);
  });

  it('a global used before its definition (spirv-val: ID ... has not been defined)', () => {
    const w = words();
    // Swap OpTypeInt and the OpConstant of that type.
    const t = find(w, 21);
    const c = find(w, 43);
    const type = [...w.subarray(t, c)];
    const constant = [...w.subarray(c, c + (w[c] >>> 16))];
    w.set([...constant, ...type], t);
    expect(validate(w).map((d) => d.code)).toEqual(['spvkit-ids-forward']);
  });

  // glslc (llama.cpp's Vulkan shaders) places the functions these instructions name after the
  // entry point; spirv-val allows the forward reference for those operands only.
  const vulkan13 = (text: string): Uint32Array => encodeModule(assemble(text, { targetEnv: 'vulkan1.3' }));
  const COOPMAT2 = `OpCapability Shader
OpCapability Float16
OpCapability VulkanMemoryModel
OpCapability PhysicalStorageBufferAddresses
OpCapability CooperativeMatrixKHR
OpCapability CooperativeMatrixPerElementOperationsNV
OpCapability CooperativeMatrixReductionsNV
OpCapability CooperativeMatrixTensorAddressingNV
OpCapability CooperativeMatrixBlockLoadsNV
OpCapability TensorAddressingNV
OpExtension "SPV_KHR_cooperative_matrix"
OpExtension "SPV_NV_cooperative_matrix2"
OpExtension "SPV_NV_tensor_addressing"
OpMemoryModel PhysicalStorageBuffer64 Vulkan
OpEntryPoint GLCompute %main "main" %buf
OpExecutionMode %main LocalSize 32 1 1
OpName %scale "scale"
OpName %sum "sum"
OpName %decode "decode"
OpDecorate %arr_half ArrayStride 2
OpDecorate %Buf Block
OpMemberDecorate %Buf 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
OpDecorate %Blk Block
OpMemberDecorate %Blk 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%half = OpTypeFloat 16
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_16 = OpConstant %uint 16
%arr_half = OpTypeRuntimeArray %half
%Buf = OpTypeStruct %arr_half
%ptr_buf = OpTypePointer StorageBuffer %Buf
%buf = OpVariable %ptr_buf StorageBuffer
%ptr_half = OpTypePointer StorageBuffer %half
%mat = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_2
%half_1 = OpConstant %half 1
%mat_1 = OpConstantComposite %mat %half_1
%layout = OpTypeTensorLayoutNV %uint_2 %uint_0
%arr_u2 = OpTypeArray %uint %uint_2
%Blk = OpTypeStruct %half
%ptr_blk = OpTypePointer PhysicalStorageBuffer %Blk
%scale_t = OpTypeFunction %half %uint %uint %half
%sum_t = OpTypeFunction %half %half %half
%decode_t = OpTypeFunction %half %ptr_blk %arr_u2 %arr_u2
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpAccessChain %ptr_half %buf %uint_0 %uint_0
%tl = OpCreateTensorLayoutNV %layout
%ld = OpCooperativeMatrixLoadTensorNV %mat %p %mat_1 %tl None DecodeFunc %decode
%a = OpCooperativeMatrixPerElementOpNV %mat %ld %scale
%r = OpCooperativeMatrixReduceNV %mat %a 3 %sum
OpReturn
OpFunctionEnd
%scale = OpFunction %half None %scale_t
%row = OpFunctionParameter %uint
%col = OpFunctionParameter %uint
%x = OpFunctionParameter %half
%se = OpLabel
OpReturnValue %x
OpFunctionEnd
%sum = OpFunction %half None %sum_t
%u = OpFunctionParameter %half
%v = OpFunctionParameter %half
%sue = OpLabel
%w = OpFAdd %half %u %v
OpReturnValue %w
OpFunctionEnd
%decode = OpFunction %half None %decode_t
%bp = OpFunctionParameter %ptr_blk
%c0 = OpFunctionParameter %arr_u2
%c1 = OpFunctionParameter %arr_u2
%de = OpLabel

OpReturnValue %half_1
OpFunctionEnd
`;

  it('cooperative matrix instructions naming a function defined later (the per-element, combine and decode functions)', () => {
    expect(validate(vulkan13(COOPMAT2))).toEqual([]);
  });

  it('their matrix operand defined later is still a use before the definition', () => {
    const text = COOPMAT2.replace(
      '%a = OpCooperativeMatrixPerElementOpNV %mat %ld %scale\n%r = OpCooperativeMatrixReduceNV %mat %a 3 %sum',
      '%r = OpCooperativeMatrixReduceNV %mat %a 3 %sum\n%a = OpCooperativeMatrixPerElementOpNV %mat %ld %scale',
    );
    expect(text).not.toBe(COOPMAT2);
    expect(validate(vulkan13(text)).map((d) => d.code)).toEqual(['spvkit-ids-forward']);
  });
});
