import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A SPIR-V 1.4 compute shader (whose interface lists Private variables) with Private variables. */
const SHADER = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %mine %shared %out %decorated
               OpExecutionMode %main LocalSize 1 1 1
               OpName %mine "mine"
               OpName %shared "shared"
               OpName %inCalled "inCalled"
               OpName %decorated "decorated"
               OpName %chain "chain"
               OpName %callee "callee"
               OpName %entry "entry"
               OpName %main "main"
               OpName %out "out"
               OpName %init "init"
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %Out Block
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %decorated RelaxedPrecision
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %v2uint = OpTypeVector %uint 2
       %init = OpConstantComposite %v2uint %uint_0 %uint_1
        %Out = OpTypeStruct %uint
     %ptr_sb = OpTypePointer StorageBuffer %Out
 %ptr_sb_uint = OpTypePointer StorageBuffer %uint
        %out = OpVariable %ptr_sb StorageBuffer
  %ptr_priv_v2 = OpTypePointer Private %v2uint
 %ptr_priv_uint = OpTypePointer Private %uint
       %mine = OpVariable %ptr_priv_v2 Private %init
     %shared = OpVariable %ptr_priv_uint Private
   %inCalled = OpVariable %ptr_priv_uint Private
  %decorated = OpVariable %ptr_priv_uint Private
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %chain = OpAccessChain %ptr_priv_uint %mine %uint_1
               OpStore %chain %uint_0
          %l = OpLoad %v2uint %mine
               OpStore %shared %uint_1
               OpStore %decorated %uint_1
          %c = OpFunctionCall %void %callee
        %res = OpAccessChain %ptr_sb_uint %out %uint_0
         %ls = OpLoad %uint %shared
               OpStore %res %ls
               OpReturn
               OpFunctionEnd
     %callee = OpFunction %void None %fn
     %centry = OpLabel
         %s2 = OpLoad %uint %shared
               OpStore %inCalled %s2
               OpReturn
               OpFunctionEnd
`;

describe('private-to-local', () => {
  it('moves a Private variable only an uncalled function uses into it, retyping its chains', () => {
    checkPasses(SHADER, ['private-to-local'], {
      targetEnv: 'spv1.4',
      checks: `
        ; The interface loses the moved variable and keeps the others.
        ; CHECK: OpEntryPoint GLCompute %main "main" %shared %out %decorated
        ; CHECK: OpName %mine "mine"
        ; CHECK-NOT: %mine = OpVariable
        ; CHECK: %shared = OpVariable %_ptr_Private_uint Private
        ; The variable of a called function keeps its value from call to call, so it stays.
        ; CHECK: %inCalled = OpVariable %_ptr_Private_uint Private
        ; CHECK: %decorated = OpVariable %_ptr_Private_uint Private
        ; CHECK: [[FPTR:%\\w+]] = OpTypePointer Function %v2uint
        ; CHECK: [[FUINT:%\\w+]] = OpTypePointer Function %uint
        ; CHECK-LABEL: %entry = OpLabel
        ; CHECK-NEXT: %mine = OpVariable [[FPTR]] Function %init
        ; CHECK-NEXT: %chain = OpAccessChain [[FUINT]] %mine %uint_1
      `,
    });
  });

  it('reports no change when no variable can move', () => {
    const { result } = checkPasses(
      SHADER.replace(
        '%chain = OpAccessChain %ptr_priv_uint %mine %uint_1',
        '%chain = OpAccessChain %ptr_priv_uint %mine %uint_1\n          %x = OpCopyObject %ptr_priv_v2 %mine',
      ),
      ['private-to-local'],
      {
        targetEnv: 'spv1.4',
        checks: '; CHECK: %mine = OpVariable %_ptr_Private_v2uint Private %init',
      },
    );
    expect(result.changed).toBe(false);
  });
});
