// Makes the V8 code cache of the bundle: `node scripts/codeCache.cjs dist/spvkit.cjs OUT.cache`
// (scripts/bundle.mjs runs it). Loads the bundle as bin/spvkit.js does, runs every command once on
// a small shader so that V8 compiles the functions a run needs, then writes the cache: bytecode of
// the top-level code and of each function that ran. The commands run in this process, through the
// bundle's main(), on files in a temporary folder; their output is dropped.
'use strict';
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Readable, Writable } = require('node:stream');
const { loadBundle } = require('../bin/spvkit.js');

// glslangValidator -V -g --target-env vulkan1.1 of a small compute shader, disassembled by
// spirv-dis: debug info, names, decorations, types, constants, two functions with a loop,
// branches, GLSL.std.450 calls and the builtins validate-builtins checks.
const SHADER = String.raw`; SPIR-V
; Version: 1.3
; Generator: Khronos Glslang Reference Front End; 11
; Bound: 116
; Schema: 0
               OpCapability Shader
          %2 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID %gl_LocalInvocationIndex
               OpExecutionMode %main LocalSize 64 1 1
          %1 = OpString "t.comp"
               OpSource GLSL 450 %1 "#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };
layout(std140, set = 0, binding = 1) uniform Params { vec4 scale; uint count; };
shared float tile[64];
float weight(uint i, int k) {
  float w = 0.5;
  for (int j = 0; j < k; ++j) {
    if ((i & 1u) != 0u) { w += sqrt(float(i)) * scale.x; }
    else { w -= float(j) * 0.25; }
  }
  return clamp(w, -1.0, 1.0);
}
void main() {
  uint i = gl_GlobalInvocationID.x;
  tile[gl_LocalInvocationIndex] = weight(i, 3);
  barrier();
  if (i < count) data[i] = uint(tile[gl_LocalInvocationIndex & 63u] * 100.0) ^ (i << 2);
}
"
               OpName %main "main"
               OpName %weight_u1_i1_ "weight(u1;i1;"
               OpName %i "i"
               OpName %k "k"
               OpName %w "w"
               OpName %j "j"
               OpName %Params "Params"
               OpMemberName %Params 0 "scale"
               OpMemberName %Params 1 "count"
               OpName %_ ""
               OpName %i_0 "i"
               OpName %gl_GlobalInvocationID "gl_GlobalInvocationID"
               OpName %tile "tile"
               OpName %gl_LocalInvocationIndex "gl_LocalInvocationIndex"
               OpName %param "param"
               OpName %param_0 "param"
               OpName %Data "Data"
               OpMemberName %Data 0 "data"
               OpName %__0 ""
               OpModuleProcessed "client vulkan100"
               OpModuleProcessed "target-env spirv1.3"
               OpModuleProcessed "target-env vulkan1.1"
               OpModuleProcessed "entry-point main"
               OpMemberDecorate %Params 0 Offset 0
               OpMemberDecorate %Params 1 Offset 16
               OpDecorate %Params Block
               OpDecorate %_ DescriptorSet 0
               OpDecorate %_ Binding 1
               OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
               OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data Block
               OpDecorate %__0 DescriptorSet 0
               OpDecorate %__0 Binding 0
               OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
       %void = OpTypeVoid
          %4 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Function_uint = OpTypePointer Function %uint
        %int = OpTypeInt 32 1
%_ptr_Function_int = OpTypePointer Function %int
      %float = OpTypeFloat 32
         %12 = OpTypeFunction %float %_ptr_Function_uint %_ptr_Function_int
%_ptr_Function_float = OpTypePointer Function %float
  %float_0_5 = OpConstant %float 0.5
      %int_0 = OpConstant %int 0
       %bool = OpTypeBool
     %uint_1 = OpConstant %uint 1
     %uint_0 = OpConstant %uint 0
    %v4float = OpTypeVector %float 4
     %Params = OpTypeStruct %v4float %uint
%_ptr_Uniform_Params = OpTypePointer Uniform %Params
          %_ = OpVariable %_ptr_Uniform_Params Uniform
%_ptr_Uniform_float = OpTypePointer Uniform %float
 %float_0_25 = OpConstant %float 0.25
      %int_1 = OpConstant %int 1
   %float_n1 = OpConstant %float -1
    %float_1 = OpConstant %float 1
     %v3uint = OpTypeVector %uint 3
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
%_ptr_Input_uint = OpTypePointer Input %uint
    %uint_64 = OpConstant %uint 64
%_arr_float_uint_64 = OpTypeArray %float %uint_64
%_ptr_Workgroup__arr_float_uint_64 = OpTypePointer Workgroup %_arr_float_uint_64
       %tile = OpVariable %_ptr_Workgroup__arr_float_uint_64 Workgroup
%gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
      %int_3 = OpConstant %int 3
%_ptr_Workgroup_float = OpTypePointer Workgroup %float
     %uint_2 = OpConstant %uint 2
   %uint_264 = OpConstant %uint 264
%_ptr_Uniform_uint = OpTypePointer Uniform %uint
%_runtimearr_uint = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %_runtimearr_uint
%_ptr_StorageBuffer_Data = OpTypePointer StorageBuffer %Data
        %__0 = OpVariable %_ptr_StorageBuffer_Data StorageBuffer
    %uint_63 = OpConstant %uint 63
  %float_100 = OpConstant %float 100
      %int_2 = OpConstant %int 2
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
%gl_WorkGroupSize = OpConstantComposite %v3uint %uint_64 %uint_1 %uint_1
               OpLine %1 14 11
       %main = OpFunction %void None %4
          %6 = OpLabel
        %i_0 = OpVariable %_ptr_Function_uint Function
      %param = OpVariable %_ptr_Function_uint Function
    %param_0 = OpVariable %_ptr_Function_int Function
               OpLine %1 15 0
         %72 = OpAccessChain %_ptr_Input_uint %gl_GlobalInvocationID %uint_0
         %73 = OpLoad %uint %72
               OpStore %i_0 %73
               OpLine %1 16 0
         %79 = OpLoad %uint %gl_LocalInvocationIndex
         %82 = OpLoad %uint %i_0
               OpStore %param %82
               OpStore %param_0 %int_3
         %84 = OpFunctionCall %float %weight_u1_i1_ %param %param_0
         %86 = OpAccessChain %_ptr_Workgroup_float %tile %79
               OpStore %86 %84
               OpLine %1 17 0
               OpControlBarrier %uint_2 %uint_2 %uint_264
               OpLine %1 18 0
         %89 = OpLoad %uint %i_0
         %91 = OpAccessChain %_ptr_Uniform_uint %_ %int_1
         %92 = OpLoad %uint %91
         %93 = OpULessThan %bool %89 %92
               OpSelectionMerge %95 None
               OpBranchConditional %93 %94 %95
         %94 = OpLabel
               OpLine %1 18 0
        %100 = OpLoad %uint %i_0
        %101 = OpLoad %uint %gl_LocalInvocationIndex
        %103 = OpBitwiseAnd %uint %101 %uint_63
        %104 = OpAccessChain %_ptr_Workgroup_float %tile %103
        %105 = OpLoad %float %104
        %107 = OpFMul %float %105 %float_100
        %108 = OpConvertFToU %uint %107
        %109 = OpLoad %uint %i_0
        %111 = OpShiftLeftLogical %uint %109 %int_2
        %112 = OpBitwiseXor %uint %108 %111
        %114 = OpAccessChain %_ptr_StorageBuffer_uint %__0 %int_0 %100
               OpStore %114 %112
               OpBranch %95
         %95 = OpLabel
               OpReturn
               OpFunctionEnd
               OpLine %1 6 27
%weight_u1_i1_ = OpFunction %float None %12
          %i = OpFunctionParameter %_ptr_Function_uint
          %k = OpFunctionParameter %_ptr_Function_int
         %16 = OpLabel
          %w = OpVariable %_ptr_Function_float Function
          %j = OpVariable %_ptr_Function_int Function
               OpLine %1 7 0
               OpStore %w %float_0_5
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
         %31 = OpLoad %uint %i
         %33 = OpBitwiseAnd %uint %31 %uint_1
         %35 = OpINotEqual %bool %33 %uint_0
               OpSelectionMerge %37 None
               OpBranchConditional %35 %36 %51
         %36 = OpLabel
               OpLine %1 9 0
         %38 = OpLoad %uint %i
         %39 = OpConvertUToF %float %38
         %40 = OpExtInst %float %2 Sqrt %39
         %46 = OpAccessChain %_ptr_Uniform_float %_ %int_0 %uint_0
         %47 = OpLoad %float %46
         %48 = OpFMul %float %40 %47
         %49 = OpLoad %float %w
         %50 = OpFAdd %float %49 %48
               OpStore %w %50
               OpBranch %37
         %51 = OpLabel
               OpLine %1 10 0
         %52 = OpLoad %int %j
         %53 = OpConvertSToF %float %52
         %55 = OpFMul %float %53 %float_0_25
         %56 = OpLoad %float %w
         %57 = OpFSub %float %56 %55
               OpStore %w %57
               OpBranch %37
         %37 = OpLabel
               OpBranch %25
         %25 = OpLabel
               OpLine %1 8 0
         %58 = OpLoad %int %j
         %60 = OpIAdd %int %58 %int_1
               OpStore %j %60
               OpBranch %22
         %24 = OpLabel
               OpLine %1 12 0
         %61 = OpLoad %float %w
         %64 = OpExtInst %float %2 FClamp %61 %float_n1 %float_1
               OpReturnValue %64
               OpFunctionEnd
`;

async function main() {
  const [scriptPath, cachePath] = process.argv.slice(2);
  const { exports: cli, script } = loadBundle(scriptPath, false);
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-code-cache-'));
  try {
    const asm = join(dir, 'shader.spvasm');
    const spv = join(dir, 'shader.spv');
    writeFileSync(asm, SHADER);
    const runs = [
      ['--help'],
      ['as', asm, '-o', spv],
      ['dis', spv, '-o', join(dir, 'dis.spvasm')],
      ['dis', '--raw-id', spv, '-o', join(dir, 'raw.spvasm')],
      ['info', spv],
      ['val', spv],
      ['val', '--target-env', 'vulkan1.1', asm],
      ['opt', spv, '-o', join(dir, 'opt.spv'), '--lower-local-invocation-index'],
    ];
    for (const argv of runs) {
      const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
      // A command that fails here leaves some of its functions out of the cache (they are then
      // compiled when first called, as without a cache): say so, and go on.
      try {
        const code = await cli.main(argv, { stdout: sink, stderr: sink, stdin: Readable.from([]) });
        if (code !== 0) process.stderr.write(`codeCache: spvkit ${argv.join(' ')} exited ${code} while making the code cache\n`);
      } catch (e) {
        process.stderr.write(`codeCache: spvkit ${argv.join(' ')} failed while making the code cache: ${e instanceof Error ? e.message : String(e)}\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(cachePath, script.createCachedData());
}

main().catch((e) => {
  process.stderr.write(`codeCache: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
