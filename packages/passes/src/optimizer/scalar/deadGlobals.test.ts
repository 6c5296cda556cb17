import { assemble, disassemble, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** A 1.4 fragment shader: every global is listed, whether the code uses it or not. */
const SHADER = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %in %unused_in %out %unused_out %buf %unused_buf %priv %wg
               OpExecutionMode %main OriginUpperLeft
               OpName %main "main"
               OpName %in "in"
               OpName %unused_in "unused_in"
               OpName %out "out"
               OpName %unused_out "unused_out"
               OpName %buf "buf"
               OpName %unused_buf "unused_buf"
               OpName %priv "priv"
               OpName %wg "wg"
               OpName %Unused "Unused"
               OpDecorate %in Location 0
               OpDecorate %unused_in Location 1
               OpDecorate %out Location 0
               OpDecorate %unused_out Location 1
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpMemberDecorate %Unused 0 Offset 0
               OpMemberDecorate %Unused 1 Offset 4
               OpDecorate %Unused Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %unused_buf DescriptorSet 0
               OpDecorate %unused_buf Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
    %float_1 = OpConstant %float 1
        %Buf = OpTypeStruct %float
     %Unused = OpTypeStruct %float %uint
     %sb_Buf = OpTypePointer StorageBuffer %Buf
  %sb_Unused = OpTypePointer StorageBuffer %Unused
   %sb_float = OpTypePointer StorageBuffer %float
   %in_float = OpTypePointer Input %float
    %in_uint = OpTypePointer Input %uint
  %out_float = OpTypePointer Output %float
 %priv_float = OpTypePointer Private %float
   %wg_float = OpTypePointer Workgroup %float
         %in = OpVariable %in_float Input
  %unused_in = OpVariable %in_uint Input
        %out = OpVariable %out_float Output
 %unused_out = OpVariable %out_float Output
        %buf = OpVariable %sb_Buf StorageBuffer
 %unused_buf = OpVariable %sb_Unused StorageBuffer
       %priv = OpVariable %priv_float Private %float_1
         %wg = OpVariable %wg_float Workgroup
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpLoad %float %in
          %p = OpAccessChain %sb_float %buf %uint_0
          %y = OpLoad %float %p
          %s = OpFAdd %float %x %y
               OpStore %out %s
               OpReturn
               OpFunctionEnd`;

describe('eliminate-dead-code-aggressive: module-scope variables', () => {
  it('removes the variables nothing uses, from the entry point too, with their names, decorations and types; unused outputs stay', () => {
    checkPasses(SHADER, ['eliminate-dead-code-aggressive'], {
      targetEnv: 'spv1.4',
      checks: `
        ; An output no later stage reads is allowed, so it stays listed; an unused input is not needed.
        ; CHECK: OpEntryPoint Fragment %main "main" %in %out %unused_out %buf
        ; CHECK-NEXT: OpExecutionMode
        ; CHECK-NOT: OpName %unused_in
        ; CHECK-NOT: OpName %unused_buf
        ; CHECK-NOT: OpName %priv
        ; CHECK-NOT: OpName %wg
        ; CHECK-NOT: OpName %Unused
        ; CHECK: OpDecorate %in Location 0
        ; CHECK-NEXT: OpDecorate %out Location 0
        ; CHECK-NEXT: OpDecorate %unused_out Location 1
        ; CHECK-NEXT: OpMemberDecorate %_struct_{{\\d+}} 0 Offset 0
        ; CHECK-NEXT: OpDecorate %_struct_{{\\d+}} Block
        ; CHECK-NEXT: OpDecorate %buf DescriptorSet 0
        ; CHECK-NEXT: OpDecorate %buf Binding 0
        ; CHECK-NOT: OpDecorate
        ; The unused block's struct, the pointer types and the private initializer's constant go too.
        ; CHECK-NOT: OpTypeStruct %float %uint
        ; CHECK-NOT: OpTypePointer Private
        ; CHECK-NOT: OpTypePointer Workgroup
        ; CHECK-NOT: OpConstant %float 1
        ; CHECK: %in = OpVariable %_ptr_Input_float Input
        ; CHECK-NEXT: %out = OpVariable %_ptr_Output_float Output
        ; CHECK-NEXT: %unused_out = OpVariable %_ptr_Output_float Output
        ; CHECK-NEXT: %buf = OpVariable %_ptr_StorageBuffer__struct_{{\\d+}} StorageBuffer
        ; CHECK-NEXT: %main = OpFunction
      `,
    });
  });

  it('keeps variables something reads or writes, another entry point included, and a linked module whole', () => {
    // The private variable written (not read) and the workgroup one another entry point reads stay.
    const text = SHADER.replace(
      'OpExecutionMode %main OriginUpperLeft',
      'OpEntryPoint GLCompute %other "other" %wg\n               OpExecutionMode %main OriginUpperLeft\n               OpExecutionMode %other LocalSize 1 1 1',
    )
      .replace('OpStore %out %s', 'OpStore %out %s\n               OpStore %priv %s')
      .replace(
        '               OpFunctionEnd',
        `               OpFunctionEnd
      %other = OpFunction %void None %fn
         %oe = OpLabel
          %w = OpLoad %float %wg
               OpStore %wg %w
               OpReturn
               OpFunctionEnd`,
      );
    checkPasses(text, ['eliminate-dead-code-aggressive'], {
      targetEnv: 'spv1.4',
      checks: `
        ; CHECK: OpEntryPoint Fragment %main "main" %in %out %unused_out %buf %priv %wg
        ; CHECK-NEXT: OpEntryPoint GLCompute {{%\\w+}} "other" %wg
        ; CHECK-NEXT: OpExecutionMode
        ; CHECK: %priv = OpVariable %_ptr_Private_float Private %float_1
        ; CHECK-NEXT: %wg = OpVariable %_ptr_Workgroup_float Workgroup
      `,
    });
    const linked = assemble(SHADER.replace('OpCapability Shader', 'OpCapability Shader\n               OpCapability Linkage'), { targetEnv: 'spv1.4' });
    runPasses(linked, ['eliminate-dead-code-aggressive'], { targetEnv: 'spv1.4' });
    expect(disassemble(linked)).toContain('%unused_buf = OpVariable');
  });
});

describe('eliminate-dead-code-aggressive: image, sampler and ray types', () => {
  it('removes the ones nothing uses, and keeps the ones a variable declares', () => {
    checkPasses(
      `
               OpCapability Shader
               OpCapability RayQueryKHR
               OpExtension "SPV_KHR_ray_query"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %tex "tex"
               OpDecorate %tex DescriptorSet 0
               OpDecorate %tex Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %used = OpTypeImage %float 2D 0 0 0 1 Unknown
     %unused = OpTypeImage %float 3D 0 0 0 2 R32f
    %sampler = OpTypeSampler
    %sampled = OpTypeSampledImage %unused
      %accel = OpTypeAccelerationStructureKHR
      %query = OpTypeRayQueryKHR
    %v4float = OpTypeVector %float 4
        %int = OpTypeInt 32 1
      %v2int = OpTypeVector %int 2
    %int_0 = OpConstant %int 0
   %v2int_0 = OpConstantComposite %v2int %int_0 %int_0
     %uc_img = OpTypePointer UniformConstant %used
  %priv_v4f = OpTypePointer Private %v4float
        %tex = OpVariable %uc_img UniformConstant
       %priv = OpVariable %priv_v4f Private
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %i = OpLoad %used %tex
          %t = OpImageFetch %v4float %i %v2int_0 Lod %int_0
               OpStore %priv %t
               OpReturn
               OpFunctionEnd`,
      ['eliminate-dead-code-aggressive'],
      {
        checks: `
        ; CHECK: OpTypeImage %float 2D 0 0 0 1 Unknown
        ; CHECK-NOT: OpTypeImage
        ; CHECK-NOT: OpTypeSampler
        ; CHECK-NOT: OpTypeSampledImage
        ; CHECK-NOT: OpTypeAccelerationStructureKHR
        ; CHECK-NOT: OpTypeRayQueryKHR
        ; CHECK: %tex = OpVariable
      `,
      },
    );
  });
});
