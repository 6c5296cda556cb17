// Shader sources the plugin suites build.

/** Included by BLUR_COMP; `twice` is on line 3. */
export const COMMON_GLSL = `// shared helpers
uint twice(uint x) {
  return x * 2u;
}
`;

/**
 * A compute shader with an include, a storage buffer, a push-constant block and a spec constant;
 * it reads gl_LocalInvocationIndex so lower-local-invocation-index has work to do.
 */
export const BLUR_COMP = `#version 450
#include "lib/common.glsl"
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Data { uint values[]; } data;
layout(set = 1, binding = 3) uniform sampler2D tex[2];
layout(push_constant) uniform Push { uint offset; uint scale; } pc;
layout(constant_id = 3) const uint K = 7u;
void main() {
  uint i = gl_WorkGroupID.x * 16u + gl_LocalInvocationIndex;
  data.values[i] = twice(gl_LocalInvocationIndex) * pc.scale + K + pc.offset;
}
`;

/** The reflection BLUR_COMP must give. */
export const BLUR_REFLECTION = {
  entryPoints: [{ name: 'main', executionModel: 'GLCompute', workgroupSize: [4, 2, 2], workgroupSizeSpecIds: [null, null, null] }],
  bindings: [
    { set: 0, binding: 0, kind: 'storage-buffer', name: 'data', count: 1 },
    { set: 1, binding: 3, kind: 'combined-image-sampler', name: 'tex', count: 2 },
  ],
  pushConstants: {
    size: 8,
    members: [
      { name: 'offset', offset: 0, size: 4 },
      { name: 'scale', offset: 4, size: 4 },
    ],
  },
  specConstants: [{ id: 3, name: 'K', type: 'uint', default: 7 }],
};

/** A small compute shader as SPIR-V assembly (spirv-as syntax). */
export const FILL_SPVASM = `; SPIR-V
; Version: 1.3
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gl_WorkGroupID %gl_LocalInvocationIndex
               OpExecutionMode %main LocalSize 4 2 2
               OpName %main "main"
               OpName %Data "Data"
               OpName %data "data"
               OpDecorate %gl_WorkGroupID BuiltIn WorkgroupId
               OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data Block
               OpDecorate %data DescriptorSet 0
               OpDecorate %data Binding 0
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%gl_WorkGroupID = OpVariable %_ptr_Input_v3uint Input
     %uint_0 = OpConstant %uint 0
%_ptr_Input_uint = OpTypePointer Input %uint
    %uint_16 = OpConstant %uint 16
%gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
%_runtimearr_uint = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %_runtimearr_uint
%_ptr_StorageBuffer_Data = OpTypePointer StorageBuffer %Data
       %data = OpVariable %_ptr_StorageBuffer_Data StorageBuffer
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
     %uint_3 = OpConstant %uint 3
     %uint_1 = OpConstant %uint 1
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
       %main = OpFunction %void None %3
          %5 = OpLabel
         %14 = OpAccessChain %_ptr_Input_uint %gl_WorkGroupID %uint_0
         %15 = OpLoad %uint %14
         %17 = OpIMul %uint %15 %uint_16
         %19 = OpLoad %uint %gl_LocalInvocationIndex
         %20 = OpIAdd %uint %17 %19
         %30 = OpIMul %uint %19 %uint_3
         %32 = OpIAdd %uint %30 %uint_1
         %34 = OpAccessChain %_ptr_StorageBuffer_uint %data %int_0 %20
               OpStore %34 %32
               OpReturn
               OpFunctionEnd
`;

/** FILL_SPVASM with an error on line 8 (an opcode that does not exist), column 16. */
export const BAD_SPVASM = FILL_SPVASM.split('\n')
  .map((l, i) => (i === 7 ? '               OpFrobnicate %main' : l))
  .join('\n');

/**
 * FILL_SPVASM with LocalInvocationIndex declared as a float: a Vulkan rule
 * (VUID-LocalInvocationIndex-LocalInvocationIndex-04284: must be a 32-bit integer) is broken.
 */
export const BAD_BUILTIN_SPVASM = FILL_SPVASM.replace(
  '%gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input',
  '%gl_LocalInvocationIndex = OpVariable %_ptr_Input_float Input',
)
  .replace('%uint_16 = OpConstant %uint 16', '%uint_16 = OpConstant %uint 16\n      %float = OpTypeFloat 32\n%_ptr_Input_float = OpTypePointer Input %float')
  .replace('%19 = OpLoad %uint %gl_LocalInvocationIndex', '%18 = OpLoad %float %gl_LocalInvocationIndex\n         %19 = OpConvertFToU %uint %18');

/** A vertex and a fragment shader, for stages other than compute. */
export const TRI_VERT = `#version 450
layout(location = 0) out vec3 color;
void main() {
  vec2 p = vec2(float(gl_VertexIndex & 1), float(gl_VertexIndex >> 1));
  color = vec3(p, 1.0);
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
`;

export const TRI_FRAG = `#version 450
layout(location = 0) in vec3 color;
layout(location = 0) out vec4 outColor;
layout(set = 0, binding = 0) uniform Params { vec4 tint; } params;
void main() {
  outColor = vec4(color, 1.0) * params.tint;
}
`;
