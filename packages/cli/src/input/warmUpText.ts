// The text warmUpAssembler() reads before a large text; see warmUpText's comment. Made from
// test/corpus-style GLSL (a compute shader with a loop, a branch, a call, an SSBO, push constants,
// shared memory and a GLSL.std.450 call) by `glslangValidator -V -g --target-env vulkan1.2`, then
// spirv-dis, with the OpSource text cut to three lines. warmUpText.test.ts checks it still
// assembles and round-trips; test/oracle/assembler.test.ts has spirv-val judge it. The CLI's own:
// core, and a page that assembles, do not carry it (test/weight checks).

/**
 * A small module in spirv-dis's style with both halves of a typical text: declarations (names,
 * decorations, types, constants, variables, a multi-line string) and function bodies (labels,
 * forward references, loads and stores, arithmetic, access chains, branches, OpLine, OpExtInst,
 * calls).
 *
 * Why it exists: V8 optimizes the assembler's hot functions while they read the first few
 * thousand instructions of a text. In a large text those are all declarations, so the optimized
 * code has never seen a function body; it is thrown away at the first OpFunction and compiled
 * again (about twenty deoptimizations). Assembling this text first gives the compiler feedback
 * from both halves: `spvkit as` on an 8 MB text, ~15 ms less.
 */
export const warmUpText = String.raw`; SPIR-V
; Version: 1.5
; Generator: Khronos Glslang Reference Front End; 11
; Bound: 126
; Schema: 0
               OpCapability Shader
          %2 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %_ %gl_GlobalInvocationID %tile %gl_LocalInvocationIndex %pc
               OpExecutionMode %main LocalSize 8 1 1
          %1 = OpString "p.comp"
               OpSource GLSL 450 %1 "#version 450
layout(local_size_x = 8, local_size_y = 1) in;
shared uint tile[8];
"
               OpName %main "main"
               OpName %step_u1_i1_ "step(u1;i1;"
               OpName %x "x"
               OpName %k "k"
               OpName %acc "acc"
               OpName %j "j"
               OpName %w "w"
               OpName %Data "Data"
               OpMemberName %Data 0 "weights"
               OpMemberName %Data 1 "data"
               OpName %_ ""
               OpName %i "i"
               OpName %gl_GlobalInvocationID "gl_GlobalInvocationID"
               OpName %tile "tile"
               OpName %gl_LocalInvocationIndex "gl_LocalInvocationIndex"
               OpName %Push "Push"
               OpMemberName %Push 0 "count"
               OpMemberName %Push 1 "shift"
               OpName %pc "pc"
               OpName %param "param"
               OpName %param_0 "param"
               OpModuleProcessed "client vulkan100"
               OpModuleProcessed "target-env spirv1.5"
               OpModuleProcessed "target-env vulkan1.2"
               OpModuleProcessed "entry-point main"
               OpDecorate %_arr_float_uint_64 ArrayStride 4
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpMemberDecorate %Data 1 Offset 256
               OpDecorate %Data Block
               OpDecorate %_ DescriptorSet 0
               OpDecorate %_ Binding 0
               OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
               OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
               OpMemberDecorate %Push 0 Offset 0
               OpMemberDecorate %Push 1 Offset 4
               OpDecorate %Push Block
               OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
       %void = OpTypeVoid
          %4 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Function_uint = OpTypePointer Function %uint
        %int = OpTypeInt 32 1
%_ptr_Function_int = OpTypePointer Function %int
         %11 = OpTypeFunction %uint %_ptr_Function_uint %_ptr_Function_int
     %uint_1 = OpConstant %uint 1
      %int_0 = OpConstant %int 0
       %bool = OpTypeBool
      %float = OpTypeFloat 32
%_ptr_Function_float = OpTypePointer Function %float
    %uint_64 = OpConstant %uint 64
%_arr_float_uint_64 = OpTypeArray %float %uint_64
%_runtimearr_uint = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %_arr_float_uint_64 %_runtimearr_uint
%_ptr_StorageBuffer_Data = OpTypePointer StorageBuffer %Data
          %_ = OpVariable %_ptr_StorageBuffer_Data StorageBuffer
    %uint_63 = OpConstant %uint 63
%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
 %float_n1_5 = OpConstant %float -1.5
      %int_3 = OpConstant %int 3
     %uint_4 = OpConstant %uint 4
     %uint_0 = OpConstant %uint 0
%uint_2654435761 = OpConstant %uint 2654435761
      %int_1 = OpConstant %int 1
     %v3uint = OpTypeVector %uint 3
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
%_ptr_Input_uint = OpTypePointer Input %uint
     %uint_8 = OpConstant %uint 8
%_arr_uint_uint_8 = OpTypeArray %uint %uint_8
%_ptr_Workgroup__arr_uint_uint_8 = OpTypePointer Workgroup %_arr_uint_uint_8
       %tile = OpVariable %_ptr_Workgroup__arr_uint_uint_8 Workgroup
%gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
       %Push = OpTypeStruct %uint %int
%_ptr_PushConstant_Push = OpTypePointer PushConstant %Push
         %pc = OpVariable %_ptr_PushConstant_Push PushConstant
%_ptr_PushConstant_int = OpTypePointer PushConstant %int
%_ptr_Workgroup_uint = OpTypePointer Workgroup %uint
     %uint_2 = OpConstant %uint 2
   %uint_264 = OpConstant %uint 264
%_ptr_PushConstant_uint = OpTypePointer PushConstant %uint
     %uint_7 = OpConstant %uint 7
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
%gl_WorkGroupSize = OpConstantComposite %v3uint %uint_8 %uint_1 %uint_1
               OpLine %1 15 11
       %main = OpFunction %void None %4
          %6 = OpLabel
          %i = OpVariable %_ptr_Function_uint Function
      %param = OpVariable %_ptr_Function_uint Function
    %param_0 = OpVariable %_ptr_Function_int Function
               OpLine %1 16 0
         %87 = OpAccessChain %_ptr_Input_uint %gl_GlobalInvocationID %uint_0
         %88 = OpLoad %uint %87
               OpStore %i %88
               OpLine %1 17 0
         %94 = OpLoad %uint %gl_LocalInvocationIndex
         %99 = OpLoad %uint %i
               OpStore %param %99
        %102 = OpAccessChain %_ptr_PushConstant_int %pc %int_1
        %103 = OpLoad %int %102
               OpStore %param_0 %103
        %104 = OpFunctionCall %uint %step_u1_i1_ %param %param_0
        %106 = OpAccessChain %_ptr_Workgroup_uint %tile %94
               OpStore %106 %104
               OpLine %1 18 0
               OpControlBarrier %uint_2 %uint_2 %uint_264
               OpLine %1 19 0
        %109 = OpLoad %uint %i
        %111 = OpAccessChain %_ptr_PushConstant_uint %pc %int_0
        %112 = OpLoad %uint %111
        %113 = OpULessThan %bool %109 %112
               OpSelectionMerge %115 None
               OpBranchConditional %113 %114 %115
        %114 = OpLabel
               OpLine %1 19 0
        %116 = OpLoad %uint %i
        %117 = OpLoad %uint %gl_LocalInvocationIndex
        %118 = OpIAdd %uint %117 %uint_1
        %120 = OpBitwiseAnd %uint %118 %uint_7
        %121 = OpAccessChain %_ptr_Workgroup_uint %tile %120
        %122 = OpLoad %uint %121
        %124 = OpAccessChain %_ptr_StorageBuffer_uint %_ %int_1 %116
               OpStore %124 %122
               OpBranch %115
        %115 = OpLabel
               OpReturn
               OpFunctionEnd
               OpLine %1 6 24
%step_u1_i1_ = OpFunction %uint None %11
          %x = OpFunctionParameter %_ptr_Function_uint
          %k = OpFunctionParameter %_ptr_Function_int
         %15 = OpLabel
        %acc = OpVariable %_ptr_Function_uint Function
          %j = OpVariable %_ptr_Function_int Function
          %w = OpVariable %_ptr_Function_float Function
               OpLine %1 7 0
         %17 = OpLoad %uint %x
         %19 = OpIAdd %uint %17 %uint_1
               OpStore %acc %19
               OpLine %1 8 0
               OpStore %j %int_0
               OpBranch %22
         %22 = OpLabel
               OpLine %1 8 0
               OpLoopMerge %24 %25 None
               OpBranch %26
         %26 = OpLabel
               OpLine %1 8 0
         %27 = OpLoad %int %j
         %28 = OpLoad %int %k
         %30 = OpSLessThan %bool %27 %28
               OpBranchConditional %30 %23 %24
         %23 = OpLabel
               OpLine %1 9 0
         %40 = OpLoad %uint %x
         %41 = OpLoad %int %j
         %42 = OpBitcast %uint %41
         %43 = OpIAdd %uint %40 %42
         %45 = OpBitwiseAnd %uint %43 %uint_63
         %47 = OpAccessChain %_ptr_StorageBuffer_float %_ %int_0 %45
         %48 = OpLoad %float %47
         %50 = OpFMul %float %48 %float_n1_5
               OpStore %w %50
               OpLine %1 10 0
         %51 = OpLoad %float %w
         %52 = OpExtInst %float %2 FAbs %51
         %53 = OpConvertFToU %uint %52
         %54 = OpLoad %uint %acc
         %56 = OpShiftLeftLogical %uint %54 %int_3
         %57 = OpBitwiseXor %uint %53 %56
         %58 = OpLoad %uint %acc
         %59 = OpIAdd %uint %58 %57
               OpStore %acc %59
               OpLine %1 11 0
         %60 = OpLoad %uint %acc
         %62 = OpBitwiseAnd %uint %60 %uint_4
         %64 = OpINotEqual %bool %62 %uint_0
               OpSelectionMerge %66 None
               OpBranchConditional %64 %65 %70
         %65 = OpLabel
               OpLine %1 11 0
         %67 = OpLoad %uint %acc
         %69 = OpIMul %uint %67 %uint_2654435761
               OpStore %acc %69
               OpBranch %66
         %70 = OpLabel
               OpLine %1 11 0
         %71 = OpLoad %int %j
         %72 = OpBitcast %uint %71
         %74 = OpShiftRightLogical %uint %72 %int_1
         %75 = OpLoad %uint %acc
         %76 = OpBitwiseXor %uint %75 %74
               OpStore %acc %76
               OpBranch %66
         %66 = OpLabel
               OpBranch %25
         %25 = OpLabel
               OpLine %1 8 0
         %77 = OpLoad %int %j
         %78 = OpIAdd %int %77 %int_1
               OpStore %j %78
               OpBranch %22
         %24 = OpLabel
               OpLine %1 13 0
         %79 = OpLoad %uint %acc
               OpReturnValue %79
               OpFunctionEnd
`;
