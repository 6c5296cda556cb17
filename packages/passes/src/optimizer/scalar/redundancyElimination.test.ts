import { assemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

const SHADER = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %x "x"
               OpName %y "y"
               OpName %p "p"
               OpName %a1 "a1"
               OpName %a2 "a2"
               OpName %a3 "a3"
               OpName %m1 "m1"
               OpName %m2 "m2"
               OpName %f1 "f1"
               OpName %f2 "f2"
               OpName %f3 "f3"
               OpName %r1 "r1"
               OpName %r2 "r2"
               OpName %l1 "l1"
               OpName %l2 "l2"
               OpName %t1 "t1"
               OpName %e1 "e1"
               OpName %e2 "e2"
               OpName %s1 "s1"
               OpName %cond "cond"
               OpName %then "then"
               OpName %merge "merge"
               OpDecorate %r2 RelaxedPrecision
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
      %int_0 = OpConstant %int 0
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %y = OpCompositeExtract %uint %gid3 1
          %p = OpAccessChain %sb_uint %buf %int_0 %x
         %a1 = OpIAdd %uint %x %y
         %a2 = OpIAdd %uint %y %x
         %m1 = OpIMul %uint %a1 %uint_1
         %m2 = OpIMul %uint %a2 %uint_1
         %f1 = OpConvertUToF %float %x
         %f2 = OpFSub %float %f1 %f1
         %t1 = OpISub %uint %x %y
         %e1 = OpISub %uint %y %x
         %r1 = OpIMul %uint %x %x
         %r2 = OpIMul %uint %x %x
         %l1 = OpLoad %uint %p
         %l2 = OpLoad %uint %p
               OpStore %p %m1
               OpStore %p %m2
               OpStore %p %t1
               OpStore %p %e1
               OpStore %p %r1
               OpStore %p %r2
               OpStore %p %l1
               OpStore %p %l2
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
         %a3 = OpIAdd %uint %x %y
         %s1 = OpISub %uint %x %uint_1
               OpStore %p %a3
               OpStore %p %s1
               OpBranch %merge
      %merge = OpLabel
         %e2 = OpISub %uint %x %uint_1
         %f3 = OpFSub %float %f1 %f1
         %fu = OpConvertFToU %uint %f3
               OpStore %p %e2
               OpStore %p %fu
               OpReturn
               OpFunctionEnd`;

describe('local-redundancy-elimination', () => {
  it('reuses values computed earlier in the block, commuted integer operands included', () => {
    checkPasses(SHADER, ['local-redundancy-elimination'], {
      checks: `
        ; CHECK-NOT: OpName %a2
        ; CHECK-NOT: OpName %m2
        ; CHECK: %a1 = OpIAdd %uint %x %y
        ; CHECK-NOT: %a2 = OpIAdd
        ; CHECK: %m1 = OpIMul %uint %a1 %uint_1
        ; CHECK-NOT: %m2 = OpIMul
        ; Subtraction does not commute; a decorated result is not merged; loads read memory.
        ; CHECK: %t1 = OpISub %uint %x %y
        ; CHECK-NEXT: %e1 = OpISub %uint %y %x
        ; CHECK-NEXT: %r1 = OpIMul %uint %x %x
        ; CHECK-NEXT: %r2 = OpIMul %uint %x %x
        ; CHECK-NEXT: %l1 = OpLoad %uint %p
        ; CHECK-NEXT: %l2 = OpLoad %uint %p
        ; CHECK-NEXT: OpStore %p %m1
        ; CHECK-NEXT: OpStore %p %m1
        ; Another block: left alone by the local pass.
        ; CHECK: %a3 = OpIAdd %uint %x %y
        ; CHECK: %e2 = OpISub %uint %x %uint_1
        ; CHECK-NEXT: %f3 = OpFSub %float %f1 %f1
      `,
    });
  });
});

describe('redundancy-elimination', () => {
  it('also reuses values from dominating blocks, never from a block that does not dominate', () => {
    checkPasses(SHADER, ['redundancy-elimination'], {
      checks: `
        ; CHECK: %m1 = OpIMul %uint %a1 %uint_1
        ; CHECK-NOT: %m2 = OpIMul
        ; CHECK: %then = OpLabel
        ; CHECK-NOT: %a3 = OpIAdd
        ; CHECK: OpStore %p %a1
        ; The then-block does not dominate the merge block: its subtraction is not reused there.
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: %e2 = OpISub %uint %x %uint_1
        ; The entry dominates the merge block: its float subtraction is reused.
        ; CHECK-NEXT: {{%\\w+}} = OpConvertFToU %uint %f2
      `,
    });
  });

  it('finds nothing more on a second run, and leaves the bytes', () => {
    for (const pass of ['local-redundancy-elimination', 'redundancy-elimination']) {
      const module = assemble(SHADER);
      expect(runPasses(module, [pass]).changed).toBe(true);
      const once = encodeModule(module);
      expect(runPasses(module, [pass])).toMatchObject({ ok: true, changed: false });
      expect(encodeModule(module)).toEqual(once);
    }
  });
});
