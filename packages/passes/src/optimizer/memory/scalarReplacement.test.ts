import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A compute shader whose %main has `body` after its variables. */
const shader = (variables: string, body: string): string => `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %entry "entry"
               OpName %s "s"
               OpName %S "S"
               OpName %Inner "Inner"
               OpName %l "l"
               OpName %w "w"
               OpName %e "e"
               OpName %deep "deep"
               OpName %res "res"
               OpName %idx "idx"
               OpName %init "init"
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %Out Block
               OpMemberDecorate %Out 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_4 = OpConstant %uint 4
      %Inner = OpTypeStruct %uint %uint
          %S = OpTypeStruct %uint %Inner
      %arr_t = OpTypeArray %uint %uint_4
      %inner_init = OpConstantComposite %Inner %uint_1 %uint_2
       %init = OpConstantComposite %S %uint_4 %inner_init
      %ptr_S = OpTypePointer Function %S
      %ptr_a = OpTypePointer Function %arr_t
   %ptr_uint = OpTypePointer Function %uint
  %ptr_inner = OpTypePointer Function %Inner
        %Out = OpTypeStruct %uint
     %ptr_sb = OpTypePointer StorageBuffer %Out
 %ptr_sb_uint = OpTypePointer StorageBuffer %uint
        %out = OpVariable %ptr_sb StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
${variables}
        %res = OpAccessChain %ptr_sb_uint %out %uint_0
        %idx = OpLoad %uint %res
${body}
               OpReturn
               OpFunctionEnd
`;

describe('scalar-replacement', () => {
  it('splits a struct into a variable per member, nested structs in turn, with the initializer split too', () => {
    checkPasses(
      shader(
        `          %s = OpVariable %ptr_S Function %init`,
        `          %e = OpAccessChain %ptr_uint %s %uint_0
               OpStore %e %idx
       %deep = OpAccessChain %ptr_uint %s %uint_1 %uint_1
          %l = OpLoad %uint %deep
          %w = OpLoad %S %s
               OpStore %res %l`,
      ),
      ['scalar-replacement=0'],
      {
        checks: `
        ; CHECK-NOT: OpName %s "s"
        ; CHECK-LABEL: %entry = OpLabel
        ; The inner struct's members, made in the second round:
        ; CHECK-NEXT: [[I0:%\\w+]] = OpVariable %_ptr_Function_uint Function %uint_1
        ; CHECK-NEXT: [[I1:%\\w+]] = OpVariable %_ptr_Function_uint Function %uint_2
        ; CHECK-NEXT: [[M0:%\\w+]] = OpVariable %_ptr_Function_uint Function %uint_4
        ; CHECK-NOT: OpVariable
        ; CHECK: OpStore [[M0]] %idx
        ; CHECK-NEXT: %l = OpLoad %uint [[I1]]
        ; The whole load: each member loaded, the composite built again.
        ; CHECK-NEXT: [[L0:%\\w+]] = OpLoad %uint [[M0]]
        ; CHECK: [[A:%\\w+]] = OpLoad %uint [[I0]]
        ; CHECK-NEXT: [[B:%\\w+]] = OpLoad %uint [[I1]]
        ; CHECK-NEXT: [[INNER:%\\w+]] = OpCompositeConstruct %Inner [[A]] [[B]]
        ; CHECK: %w = OpCompositeConstruct %S [[L0]]
        ; CHECK-NOT: OpAccessChain %_ptr_Function
      `,
      },
    );
  });

  it('leaves an array indexed by a variable, and a struct over the limit', () => {
    const { result } = checkPasses(
      shader(
        `          %a = OpVariable %ptr_a Function
          %s = OpVariable %ptr_S Function`,
        `          %e = OpAccessChain %ptr_uint %a %idx
               OpStore %e %uint_1
       %deep = OpAccessChain %ptr_uint %s %uint_0
          %l = OpLoad %uint %deep
          %w = OpLoad %S %s
               OpStore %res %l`,
      ),
      ['scalar-replacement=1'],
      { checks: '; CHECK: %e = OpAccessChain %_ptr_Function_uint [[A:%\\w+]] %idx\n; CHECK: %deep = OpAccessChain %_ptr_Function_uint %s %uint_0' },
    );
    expect(result.changed).toBe(false);
  });
});
