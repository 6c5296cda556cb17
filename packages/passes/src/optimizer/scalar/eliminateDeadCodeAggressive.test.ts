import { assemble, encodeModule, Op, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

const SHADER = `
               OpCapability Shader
          %std = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %x "x"
               OpName %p "p"
               OpName %t "t"
               OpName %u "u"
               OpName %sq "sq"
               OpName %kept "kept"
               OpName %gone "gone"
               OpName %unread "unread"
               OpName %used "used"
               OpName %lv "lv"
               OpName %ph "ph"
               OpName %cond "cond"
               OpName %dead_phi "dead_phi"
               OpName %vol "vol"
               OpName %call "call"
               OpName %helper "helper"
               OpName %chain "chain"
               OpName %priv "priv"
               OpDecorate %t RelaxedPrecision
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
      %fn_ui = OpTypeFunction %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
      %int_0 = OpConstant %int 0
    %float_2 = OpConstant %float 2
     %arr_t2 = OpTypeArray %uint %uint_1
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
     %fn_u = OpTypePointer Function %uint
     %fn_a = OpTypePointer Function %arr_t2
     %pr_u = OpTypePointer Private %uint
        %gid = OpVariable %in_v3u Input
        %buf = OpVariable %sb_Buf StorageBuffer
       %priv = OpVariable %pr_u Private
     %helper = OpFunction %uint None %fn_ui
         %hl = OpLabel
               OpReturnValue %uint_1
               OpFunctionEnd
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %kept = OpVariable %fn_u Function
       %gone = OpVariable %fn_u Function
      %unread = OpVariable %fn_u Function
       %used = OpVariable %fn_a Function
       %gid3 = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %gid3 0
          %p = OpAccessChain %sb_uint %buf %int_0 %x
          %t = OpIAdd %uint %x %uint_1
          %u = OpIMul %uint %t %t
         %sq = OpExtInst %float %std Sqrt %float_2
               OpStore %gone %u
               OpStore %gone %x Volatile
               OpStore %unread %u
               OpStore %kept %x
      %chain = OpAccessChain %fn_u %used %int_0
               OpStore %chain %x
       %cond = OpIEqual %bool %x %uint_0
               OpSelectionMerge %merge None
               OpBranchConditional %cond %then %merge
       %then = OpLabel
        %vol = OpLoad %uint %p Volatile
       %call = OpFunctionCall %uint %helper
               OpStore %priv %u
               OpBranch %merge
      %merge = OpLabel
         %ph = OpPhi %uint %x %entry %uint_1 %then
   %dead_phi = OpPhi %uint %t %entry %uint_0 %then
         %lv = OpLoad %uint %kept
      %chain2 = OpAccessChain %fn_u %used %int_0
        %lv2 = OpLoad %uint %chain2
         %s1 = OpIAdd %uint %lv %ph
         %s2 = OpIAdd %uint %s1 %lv2
               OpStore %p %s2
               OpReturn
               OpFunctionEnd`;

describe('eliminate-dead-code-aggressive', () => {
  it('removes what nothing live reads, variables only stored to and their stores; keeps effects and control flow', () => {
    checkPasses(SHADER, ['eliminate-dead-code-aggressive'], {
      checks: `
        ; The dead results' names go (a variable only stored to among them); the live ones stay.
        ; CHECK-NOT: OpName %unread
        ; CHECK-NOT: OpName %sq
        ; CHECK-NOT: OpName %dead_phi
        ; %t feeds the store to Private memory, so it and its decoration stay.
        ; CHECK: OpDecorate %t RelaxedPrecision
        ; CHECK: %main = OpFunction
        ; CHECK: %kept = OpVariable %_ptr_Function_uint Function
        ; The variable stays for its volatile store.
        ; CHECK: %gone = OpVariable
        ; CHECK-NOT: %unread = OpVariable
        ; CHECK: %used = OpVariable
        ; CHECK: %t = OpIAdd %uint %x %uint_1
        ; CHECK-NEXT: %u = OpIMul %uint %t %t
        ; CHECK-NOT: OpExtInst
        ; Stores into a live variable all stay (no store is judged on its own).
        ; CHECK: OpStore %gone %u
        ; CHECK-NEXT: OpStore %gone %x Volatile
        ; CHECK-NOT: OpStore %unread
        ; CHECK: OpStore %kept %x
        ; CHECK: %chain = OpAccessChain
        ; CHECK-NEXT: OpStore %chain %x
        ; CHECK: OpSelectionMerge
        ; CHECK-NEXT: OpBranchConditional %cond
        ; A volatile load and a call stay, used or not.
        ; CHECK: %vol = OpLoad %uint %p Volatile
        ; CHECK-NEXT: %call = OpFunctionCall %uint %helper
        ; CHECK-NEXT: OpStore %priv %u
        ; CHECK: %ph = OpPhi
        ; CHECK-NOT: %dead_phi
        ; CHECK: OpStore %p
      `,
    });
  });

  it('finds nothing more on a second run, and leaves the bytes', () => {
    const module = assemble(SHADER);
    expect(runPasses(module, ['eliminate-dead-code-aggressive']).changed).toBe(true);
    const once = encodeModule(module);
    expect(runPasses(module, ['eliminate-dead-code-aggressive'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(once);
  });

  it('removes a whole chain of dead arithmetic after simplify-instructions left it', () => {
    checkPasses(SHADER.replace('%t = OpIAdd %uint %x %uint_1', '%t = OpIAdd %uint %x %uint_0'), ['simplify-instructions', 'eliminate-dead-code-aggressive'], {
      checks: `
        ; CHECK-NOT: OpName %t
        ; CHECK: %u = OpIMul %uint %x %x
      `,
    });
  });
  it('removes an OpCopyLogical nothing reads', () => {
    const shader = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %buf
               OpExecutionMode %main LocalSize 1 1 1
               OpName %whole "whole"
               OpName %copy "copy"
               OpName %kept "kept"
               OpMemberDecorate %S 0 Offset 0
               OpMemberDecorate %S 1 Offset 4
               OpDecorate %S Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %int_1 = OpConstant %int 1
          %S = OpTypeStruct %uint %uint
          %L = OpTypeStruct %uint %uint
       %sb_S = OpTypePointer StorageBuffer %S
    %sb_uint = OpTypePointer StorageBuffer %uint
        %buf = OpVariable %sb_S StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %whole = OpLoad %S %buf
       %copy = OpCopyLogical %L %whole
       %kept = OpCompositeExtract %uint %whole 0
         %p1 = OpAccessChain %sb_uint %buf %int_1
               OpStore %p1 %kept
               OpReturn
               OpFunctionEnd`;
    checkPasses(shader, ['eliminate-dead-code-aggressive'], {
      targetEnv: 'spv1.4',
      checks: `
        ; CHECK-NOT: OpName %copy
        ; CHECK: %whole = OpLoad
        ; CHECK-NOT: OpCopyLogical
        ; CHECK: %kept = OpCompositeExtract
      `,
    });
  });
  it('then removes the types and constants nothing uses any more, with their names and decorations; keeps spec constants', () => {
    const shader = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %unused_struct "unused_struct"
               OpName %float_2 "float_2"
               OpName %spec "spec"
               OpName %image "image"
               OpName %main "main"
               OpName %fn "fn"
               OpDecorate %spec SpecId 3
               OpMemberDecorate %unused_struct 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
      %uint = OpTypeInt 32 0
    %float_2 = OpConstant %float 2
       %spec = OpSpecConstant %uint 7
      %image = OpTypeImage %float 2D 0 0 0 1 Unknown
%unused_struct = OpTypeStruct %float
       %fn_f = OpTypePointer Function %float
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %v = OpVariable %fn_f Function
               OpStore %v %float_2
               OpReturn
               OpFunctionEnd`;
    checkPasses(shader, ['eliminate-dead-code-aggressive'], {
      checks: `
        ; CHECK-NOT: OpName %unused_struct
        ; CHECK-NOT: OpName %float_2
        ; CHECK-NOT: OpMemberDecorate
        ; CHECK: OpDecorate %spec SpecId 3
        ; CHECK-NOT: OpMemberDecorate
        ; CHECK: %void = OpTypeVoid
        ; CHECK-NEXT: %fn = OpTypeFunction %void
        ; An image type nothing uses declares nothing a pipeline binds: it goes, and the float it sampled with it.
        ; CHECK-NEXT: %uint = OpTypeInt 32 0
        ; CHECK-NEXT: %spec = OpSpecConstant %uint 7
        ; CHECK-NEXT: %main = OpFunction
        ; CHECK-NOT: OpVariable
        ; CHECK-NOT: OpStore
      `,
    });
    // A module that links with others keeps its globals.
    const linked = assemble(shader.replace('OpCapability Shader', 'OpCapability Shader\n               OpCapability Linkage'));
    runPasses(linked, ['eliminate-dead-code-aggressive']);
    expect(linked.globals.some((inst) => inst.opcode === Op.TypeStruct)).toBe(true);
  });
});
