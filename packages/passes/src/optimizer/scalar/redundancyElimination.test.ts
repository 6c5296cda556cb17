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

/** Loads of each kind of memory, twice: read-only ones are values, the others read what may have changed. */
const LOADS = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %index %helper %out
               OpExecutionMode %main OriginUpperLeft
               OpName %index "index"
               OpName %helper "helper"
               OpName %ubo "ubo"
               OpName %ssbo "ssbo"
               OpName %ro "ro"
               OpName %pc "pc"
               OpName %in1 "in1"
               OpName %in2 "in2"
               OpName %u1 "u1"
               OpName %u2 "u2"
               OpName %s1 "s1"
               OpName %s2 "s2"
               OpName %r1 "r1"
               OpName %r2 "r2"
               OpName %p1 "p1"
               OpName %p2 "p2"
               OpName %h1 "h1"
               OpName %h2 "h2"
               OpName %v1 "v1"
               OpName %v2 "v2"
               OpName %then "then"
               OpName %t1 "t1"
               OpName %pu1 "pu1"
               OpName %ps1 "ps1"
               OpName %pr1 "pr1"
               OpName %pp1 "pp1"
               OpName %out "out"
               OpDecorate %index Location 0
               OpDecorate %index Flat
               OpDecorate %helper BuiltIn HelperInvocation
               OpDecorate %helper Volatile
               OpDecorate %out Location 0
               OpDecorate %Block Block
               OpMemberDecorate %Block 0 Offset 0
               OpDecorate %ubo DescriptorSet 0
               OpDecorate %ubo Binding 0
               OpDecorate %ssbo DescriptorSet 0
               OpDecorate %ssbo Binding 1
               OpDecorate %ro DescriptorSet 0
               OpDecorate %ro Binding 2
               OpDecorate %ro NonWritable
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
      %Block = OpTypeStruct %int
     %in_int = OpTypePointer Input %int
    %in_bool = OpTypePointer Input %bool
   %out_int = OpTypePointer Output %int
     %u_blk = OpTypePointer Uniform %Block
     %u_int = OpTypePointer Uniform %int
    %sb_blk = OpTypePointer StorageBuffer %Block
    %sb_int = OpTypePointer StorageBuffer %int
    %pc_blk = OpTypePointer PushConstant %Block
    %pc_int = OpTypePointer PushConstant %int
      %index = OpVariable %in_int Input
     %helper = OpVariable %in_bool Input
        %out = OpVariable %out_int Output
        %ubo = OpVariable %u_blk Uniform
       %ssbo = OpVariable %sb_blk StorageBuffer
         %ro = OpVariable %sb_blk StorageBuffer
         %pc = OpVariable %pc_blk PushConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %in1 = OpLoad %int %index
        %in2 = OpLoad %int %index
        %pu1 = OpAccessChain %u_int %ubo %int_0
         %u1 = OpLoad %int %pu1
        %pu2 = OpAccessChain %u_int %ubo %int_0
         %u2 = OpLoad %int %pu2
        %ps1 = OpAccessChain %sb_int %ssbo %int_0
         %s1 = OpLoad %int %ps1
         %s2 = OpLoad %int %ps1
        %pr1 = OpAccessChain %sb_int %ro %int_0
         %r1 = OpLoad %int %pr1
         %r2 = OpLoad %int %pr1
        %pp1 = OpAccessChain %pc_int %pc %int_0
         %p1 = OpLoad %int %pp1
         %p2 = OpLoad %int %pp1
         %h1 = OpLoad %bool %helper
         %h2 = OpLoad %bool %helper
         %v1 = OpLoad %int %index Volatile
         %v2 = OpLoad %int %index Volatile
          %c = OpLogicalAnd %bool %h1 %h2
               OpStore %out %in1
               OpStore %out %in2
               OpStore %out %u1
               OpStore %out %u2
               OpStore %out %s1
               OpStore %out %s2
               OpStore %out %r1
               OpStore %out %r2
               OpStore %out %p1
               OpStore %out %p2
               OpStore %out %v1
               OpStore %out %v2
               OpSelectionMerge %merge None
               OpBranchConditional %c %then %merge
       %then = OpLabel
         %t1 = OpLoad %int %index
               OpStore %out %t1
               OpBranch %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd`;

describe('read-only loads', () => {
  it('are values: Input, uniform blocks, push constants and NonWritable buffers are loaded once; storage buffers, Volatile inputs and volatile loads each time', () => {
    checkPasses(LOADS, ['redundancy-elimination'], {
      checks: `
        ; CHECK: %in1 = OpLoad %int %index
        ; CHECK-NOT: %in2 = OpLoad
        ; CHECK: %u1 = OpLoad %int %pu1
        ; CHECK-NOT: %u2 = OpLoad
        ; CHECK: %s1 = OpLoad %int %ps1
        ; CHECK-NEXT: %s2 = OpLoad %int %ps1
        ; CHECK-NEXT: %pr1 = OpAccessChain
        ; CHECK-NEXT: %r1 = OpLoad %int %pr1
        ; CHECK-NOT: %r2 = OpLoad
        ; CHECK: %p1 = OpLoad %int %pp1
        ; CHECK-NOT: %p2 = OpLoad
        ; CHECK: %h1 = OpLoad %bool %helper
        ; CHECK-NEXT: %h2 = OpLoad %bool %helper
        ; CHECK-NEXT: %v1 = OpLoad %int %index Volatile
        ; CHECK-NEXT: %v2 = OpLoad %int %index Volatile
        ; CHECK: OpStore %out %in1
        ; CHECK-NEXT: OpStore %out %in1
        ; CHECK-NEXT: OpStore %out %u1
        ; CHECK-NEXT: OpStore %out %u1
        ; CHECK-NEXT: OpStore %out %s1
        ; CHECK-NEXT: OpStore %out %s2
        ; CHECK-NEXT: OpStore %out %r1
        ; CHECK-NEXT: OpStore %out %r1
        ; CHECK-NEXT: OpStore %out %p1
        ; CHECK-NEXT: OpStore %out %p1
        ; A dominated block reuses the entry's load.
        ; CHECK: %then = OpLabel
        ; CHECK-NEXT: OpStore %out %in1
      `,
    });
  });
});
