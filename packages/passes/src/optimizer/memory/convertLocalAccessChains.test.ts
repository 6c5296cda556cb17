import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader whose %main has `body` after its variables %s (a struct) and %a (an array). */
const shader = (body: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %entry "entry"
               OpName %s "s"
               OpName %a "a"
               OpName %S "S"
               OpName %e "e"
               OpName %l "l"
               OpName %f "f"
               OpName %out "out"
               OpName %idx "idx"
               OpName %res "res"
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %Out Block
               OpMemberDecorate %Out 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
      %int_1 = OpConstant %int 1
     %v2uint = OpTypeVector %uint 2
          %S = OpTypeStruct %uint %v2uint
      %arr_t = OpTypeArray %uint %uint_4
      %ptr_S = OpTypePointer Function %S
      %ptr_a = OpTypePointer Function %arr_t
   %ptr_uint = OpTypePointer Function %uint
        %Out = OpTypeStruct %uint
     %ptr_sb = OpTypePointer StorageBuffer %Out
 %ptr_sb_uint = OpTypePointer StorageBuffer %uint
        %out = OpVariable %ptr_sb StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %s = OpVariable %ptr_S Function
          %a = OpVariable %ptr_a Function
        %res = OpAccessChain %ptr_sb_uint %out %uint_0
        %idx = OpLoad %uint %res
${body}
               OpReturn
               OpFunctionEnd
`;

describe('convert-local-access-chains', () => {
  it('turns constant-index chain loads into extracts and stores into inserts of the whole variable', () => {
    checkPasses(
      shader(`
          %e = OpAccessChain %ptr_uint %s %int_1 %uint_1
               OpStore %e %uint_4
          %f = OpAccessChain %ptr_uint %s %uint_0
          %l = OpLoad %uint %f
               OpStore %res %l`),
      ['convert-local-access-chains'],
      {
        checks: `
        ; CHECK-NOT: OpName %e "e"
        ; CHECK-NOT: OpName %f "f"
        ; CHECK: %idx = OpLoad %uint %res
        ; CHECK-NEXT: [[W1:%\\w+]] = OpLoad %S %s
        ; CHECK-NEXT: [[NEW:%\\w+]] = OpCompositeInsert %S %uint_4 [[W1]] 1 1
        ; CHECK-NEXT: OpStore %s [[NEW]]
        ; CHECK-NEXT: [[W2:%\\w+]] = OpLoad %S %s
        ; CHECK-NEXT: %l = OpCompositeExtract %uint [[W2]] 0
        ; CHECK-NEXT: OpStore %res %l
        ; CHECK-NOT: OpAccessChain %_ptr_Function
      `,
      },
    );
  });

  it('leaves a variable with a chain of a variable index, and one whose index is out of range', () => {
    const { result } = checkPasses(
      shader(`
          %e = OpAccessChain %ptr_uint %a %idx
               OpStore %e %uint_1
          %f = OpAccessChain %ptr_uint %a %uint_0
          %l = OpLoad %uint %f
          %g = OpAccessChain %ptr_uint %s %uint_4
          %m = OpLoad %uint %g
               OpStore %res %l`),
      ['convert-local-access-chains'],
      { checks: '; CHECK: %f = OpAccessChain %_ptr_Function_uint %a %uint_0\n; CHECK-NEXT: %l = OpLoad %uint %f' },
    );
    expect(result.changed).toBe(false);
  });
});
