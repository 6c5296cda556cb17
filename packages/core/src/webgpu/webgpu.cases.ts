// Modules for the WebGPU reflection tests, written as glslang emits the GLSL quoted above each.
import { NamesAnalysis } from '../analysis/Names.js';
import { Op } from '../grammar/index.js';
import type { Module } from '../ir/Module.js';
import { assemble } from '../text/assembler/assemble.js';

/** The id of the struct type called `name`. */
export function structNamed(module: Module, name: string): number {
  const names = module.analysis(NamesAnalysis);
  const found = module.globals.find((inst) => inst.opcode === Op.TypeStruct && names.name(inst.resultId) === name);
  if (found === undefined) throw new Error(`no struct ${name}`);
  return found.resultId;
}

/**
 * ```glsl
 * struct Light { vec3 position; float intensity; vec3 color; };
 * layout(std140, set = 0, binding = 0) uniform Camera { mat4 mvp; vec3 eye; float time; Light lights[2]; float weights[3]; mat3 normal; vec2 uv; } camera;
 * struct Particle { vec3 pos; float mass; vec2 vel; };
 * layout(std430, set = 0, binding = 1) buffer Particles { uint count; float weights[3]; vec3 gravity; mat2 rot; Particle items[]; } particles;
 * layout(scalar, set = 1, binding = 0) readonly buffer Packed { float x; vec3 y; vec3 z[2]; } packed;
 * layout(push_constant) uniform Push { vec4 tint; uint flags; } push;
 * void main() { particles.items[0].mass = camera.time + packed.x + push.tint.x; }
 * ```
 */
export function blocksModule(): Module {
  return assemble(
    `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
OpName %Light "Light"
OpMemberName %Light 0 "position"
OpMemberName %Light 1 "intensity"
OpMemberName %Light 2 "color"
OpName %Camera "Camera"
OpMemberName %Camera 0 "mvp"
OpMemberName %Camera 1 "eye"
OpMemberName %Camera 2 "time"
OpMemberName %Camera 3 "lights"
OpMemberName %Camera 4 "weights"
OpMemberName %Camera 5 "normal"
OpMemberName %Camera 6 "uv"
OpName %camera "camera"
OpName %Particle "Particle"
OpMemberName %Particle 0 "pos"
OpMemberName %Particle 1 "mass"
OpMemberName %Particle 2 "vel"
OpName %Particles "Particles"
OpMemberName %Particles 0 "count"
OpMemberName %Particles 1 "weights"
OpMemberName %Particles 2 "gravity"
OpMemberName %Particles 3 "rot"
OpMemberName %Particles 4 "items"
OpName %particles "particles"
OpName %Packed "Packed"
OpMemberName %Packed 0 "x"
OpMemberName %Packed 1 "y"
OpMemberName %Packed 2 "z"
OpName %packed "packed"
OpName %Push "Push"
OpMemberName %Push 0 "tint"
OpMemberName %Push 1 "flags"
OpName %push "push"
OpMemberDecorate %Light 0 Offset 0
OpMemberDecorate %Light 1 Offset 12
OpMemberDecorate %Light 2 Offset 16
OpDecorate %_arr_Light_2 ArrayStride 32
OpDecorate %_arr_float_3_std140 ArrayStride 16
OpMemberDecorate %Camera 0 ColMajor
OpMemberDecorate %Camera 0 Offset 0
OpMemberDecorate %Camera 0 MatrixStride 16
OpMemberDecorate %Camera 1 Offset 64
OpMemberDecorate %Camera 2 Offset 76
OpMemberDecorate %Camera 3 Offset 80
OpMemberDecorate %Camera 4 Offset 144
OpMemberDecorate %Camera 5 ColMajor
OpMemberDecorate %Camera 5 Offset 192
OpMemberDecorate %Camera 5 MatrixStride 16
OpMemberDecorate %Camera 6 Offset 240
OpDecorate %Camera Block
OpDecorate %camera DescriptorSet 0
OpDecorate %camera Binding 0
OpMemberDecorate %Particle 0 Offset 0
OpMemberDecorate %Particle 1 Offset 12
OpMemberDecorate %Particle 2 Offset 16
OpDecorate %_arr_float_3_std430 ArrayStride 4
OpDecorate %_rta_Particle ArrayStride 32
OpMemberDecorate %Particles 0 Offset 0
OpMemberDecorate %Particles 1 Offset 4
OpMemberDecorate %Particles 2 Offset 16
OpMemberDecorate %Particles 3 ColMajor
OpMemberDecorate %Particles 3 Offset 32
OpMemberDecorate %Particles 3 MatrixStride 8
OpMemberDecorate %Particles 4 Offset 48
OpDecorate %Particles BufferBlock
OpDecorate %particles DescriptorSet 0
OpDecorate %particles Binding 1
OpDecorate %_arr_v3float_2_scalar ArrayStride 12
OpMemberDecorate %Packed 0 NonWritable
OpMemberDecorate %Packed 0 Offset 0
OpMemberDecorate %Packed 1 NonWritable
OpMemberDecorate %Packed 1 Offset 4
OpMemberDecorate %Packed 2 NonWritable
OpMemberDecorate %Packed 2 Offset 16
OpDecorate %Packed BufferBlock
OpDecorate %packed DescriptorSet 1
OpDecorate %packed Binding 0
OpMemberDecorate %Push 0 Offset 0
OpMemberDecorate %Push 1 Offset 16
OpDecorate %Push Block
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%mat2v2float = OpTypeMatrix %v2float 2
%mat3v3float = OpTypeMatrix %v3float 3
%mat4v4float = OpTypeMatrix %v4float 4
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%int_4 = OpConstant %int 4
%Light = OpTypeStruct %v3float %float %v3float
%_arr_Light_2 = OpTypeArray %Light %uint_2
%_arr_float_3_std140 = OpTypeArray %float %uint_3
%Camera = OpTypeStruct %mat4v4float %v3float %float %_arr_Light_2 %_arr_float_3_std140 %mat3v3float %v2float
%_ptr_Uniform_Camera = OpTypePointer Uniform %Camera
%camera = OpVariable %_ptr_Uniform_Camera Uniform
%Particle = OpTypeStruct %v3float %float %v2float
%_arr_float_3_std430 = OpTypeArray %float %uint_3
%_rta_Particle = OpTypeRuntimeArray %Particle
%Particles = OpTypeStruct %uint %_arr_float_3_std430 %v3float %mat2v2float %_rta_Particle
%_ptr_Uniform_Particles = OpTypePointer Uniform %Particles
%particles = OpVariable %_ptr_Uniform_Particles Uniform
%_arr_v3float_2_scalar = OpTypeArray %v3float %uint_2
%Packed = OpTypeStruct %float %v3float %_arr_v3float_2_scalar
%_ptr_Uniform_Packed = OpTypePointer Uniform %Packed
%packed = OpVariable %_ptr_Uniform_Packed Uniform
%Push = OpTypeStruct %v4float %uint
%_ptr_PushConstant_Push = OpTypePointer PushConstant %Push
%push = OpVariable %_ptr_PushConstant_Push PushConstant
%_ptr_Uniform_float = OpTypePointer Uniform %float
%_ptr_PushConstant_float = OpTypePointer PushConstant %float
%main = OpFunction %void None %fn
%entry = OpLabel
%p_time = OpAccessChain %_ptr_Uniform_float %camera %int_2
%time = OpLoad %float %p_time
%p_x = OpAccessChain %_ptr_Uniform_float %packed %int_0
%x = OpLoad %float %p_x
%p_tint = OpAccessChain %_ptr_PushConstant_float %push %int_0 %int_0
%tint = OpLoad %float %p_tint
%sum = OpFAdd %float %time %x
%sum2 = OpFAdd %float %sum %tint
%p_mass = OpAccessChain %_ptr_Uniform_float %particles %int_4 %int_0 %int_1
OpStore %p_mass %sum2
OpReturn
OpFunctionEnd
`,
  );
}

/**
 * ```glsl
 * layout(location = 0) in vec3 position; layout(location = 1) in vec2 uv; layout(location = 2) in ivec4 joints;
 * layout(location = 3) in mat4 model; layout(location = 7) in uint id;
 * void main() { gl_Position = model * vec4(position, float(id)); }  // with gl_VertexIndex read too
 * ```
 */
export function vertexModule(): Module {
  return assemble(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %position %uv %joints %model %id %vertexIndex %out
OpName %position "position"
OpName %uv "uv"
OpName %joints "joints"
OpName %model "model"
OpName %id "id"
OpDecorate %position Location 0
OpDecorate %uv Location 1
OpDecorate %joints Location 2
OpDecorate %model Location 3
OpDecorate %id Location 7
OpDecorate %vertexIndex BuiltIn VertexIndex
OpDecorate %out BuiltIn Position
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v4int = OpTypeVector %int 4
%mat4 = OpTypeMatrix %v4float 4
%_ptr_Input_v3float = OpTypePointer Input %v3float
%_ptr_Input_v2float = OpTypePointer Input %v2float
%_ptr_Input_v4int = OpTypePointer Input %v4int
%_ptr_Input_mat4 = OpTypePointer Input %mat4
%_ptr_Input_uint = OpTypePointer Input %uint
%_ptr_Input_int = OpTypePointer Input %int
%_ptr_Output_v4float = OpTypePointer Output %v4float
%position = OpVariable %_ptr_Input_v3float Input
%uv = OpVariable %_ptr_Input_v2float Input
%joints = OpVariable %_ptr_Input_v4int Input
%model = OpVariable %_ptr_Input_mat4 Input
%id = OpVariable %_ptr_Input_uint Input
%vertexIndex = OpVariable %_ptr_Input_int Input
%out = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%m = OpLoad %mat4 %model
%p = OpLoad %v3float %position
%i = OpLoad %uint %id
%f = OpConvertUToF %float %i
%v = OpCompositeConstruct %v4float %p %f
%r = OpMatrixTimesVector %v4float %m %v
OpStore %out %r
OpReturn
OpFunctionEnd
`);
}

/**
 * ```glsl
 * layout(set = 0, binding = 0) uniform sampler2D albedo;            // texture()
 * layout(set = 0, binding = 1) uniform sampler2DShadow shadowMap;   // texture(shadowMap, vec3)
 * layout(set = 1, binding = 0) uniform texture2DArray layers;       // with a separate sampler
 * layout(set = 1, binding = 1) uniform sampler linearSampler;
 * layout(set = 1, binding = 2) uniform utexture3D volume;           // texelFetch only
 * layout(set = 1, binding = 3) uniform texture2D unsampled;         // texelFetch only
 * layout(set = 1, binding = 4) uniform textureCube sky;             // declared, never used
 * layout(set = 2, binding = 0, rgba8) uniform writeonly image2D target;
 * layout(set = 2, binding = 1, r32f) uniform readonly image2D source;
 * ```
 */
export function texturesModule(): Module {
  return assemble(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %color
OpExecutionMode %main OriginUpperLeft
OpName %albedo "albedo"
OpName %shadowMap "shadowMap"
OpName %layers "layers"
OpName %linearSampler "linearSampler"
OpName %volume "volume"
OpName %unsampled "unsampled"
OpName %sky "sky"
OpName %target "target"
OpName %source "source"
OpDecorate %color Location 0
OpDecorate %albedo DescriptorSet 0
OpDecorate %albedo Binding 0
OpDecorate %shadowMap DescriptorSet 0
OpDecorate %shadowMap Binding 1
OpDecorate %layers DescriptorSet 1
OpDecorate %layers Binding 0
OpDecorate %linearSampler DescriptorSet 1
OpDecorate %linearSampler Binding 1
OpDecorate %volume DescriptorSet 1
OpDecorate %volume Binding 2
OpDecorate %unsampled DescriptorSet 1
OpDecorate %unsampled Binding 3
OpDecorate %sky DescriptorSet 1
OpDecorate %sky Binding 4
OpDecorate %target DescriptorSet 2
OpDecorate %target Binding 0
OpDecorate %target NonReadable
OpDecorate %source DescriptorSet 2
OpDecorate %source Binding 1
OpDecorate %source NonWritable
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v4uint = OpTypeVector %uint 4
%v2int = OpTypeVector %int 2
%v3int = OpTypeVector %int 3
%int_0 = OpConstant %int 0
%float_0 = OpConstant %float 0
%c2 = OpConstantComposite %v2float %float_0 %float_0
%c3 = OpConstantComposite %v3float %float_0 %float_0 %float_0
%i2 = OpConstantComposite %v2int %int_0 %int_0
%i3 = OpConstantComposite %v3int %int_0 %int_0 %int_0
%img2d = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampled2d = OpTypeSampledImage %img2d
%shadowImg = OpTypeImage %float 2D 1 0 0 1 Unknown
%sampledShadow = OpTypeSampledImage %shadowImg
%img2darr = OpTypeImage %float 2D 0 1 0 1 Unknown
%sampled2darr = OpTypeSampledImage %img2darr
%sampler = OpTypeSampler
%uimg3d = OpTypeImage %uint 3D 0 0 0 1 Unknown
%imgCube = OpTypeImage %float Cube 0 0 0 1 Unknown
%storageRgba8 = OpTypeImage %float 2D 0 0 0 2 Rgba8
%storageR32f = OpTypeImage %float 2D 0 0 0 2 R32f
%_ptr_sampled2d = OpTypePointer UniformConstant %sampled2d
%_ptr_sampledShadow = OpTypePointer UniformConstant %sampledShadow
%_ptr_img2darr = OpTypePointer UniformConstant %img2darr
%_ptr_sampler = OpTypePointer UniformConstant %sampler
%_ptr_uimg3d = OpTypePointer UniformConstant %uimg3d
%_ptr_img2d = OpTypePointer UniformConstant %img2d
%_ptr_imgCube = OpTypePointer UniformConstant %imgCube
%_ptr_storageRgba8 = OpTypePointer UniformConstant %storageRgba8
%_ptr_storageR32f = OpTypePointer UniformConstant %storageR32f
%_ptr_Output_v4float = OpTypePointer Output %v4float
%albedo = OpVariable %_ptr_sampled2d UniformConstant
%shadowMap = OpVariable %_ptr_sampledShadow UniformConstant
%layers = OpVariable %_ptr_img2darr UniformConstant
%linearSampler = OpVariable %_ptr_sampler UniformConstant
%volume = OpVariable %_ptr_uimg3d UniformConstant
%unsampled = OpVariable %_ptr_img2d UniformConstant
%sky = OpVariable %_ptr_imgCube UniformConstant
%target = OpVariable %_ptr_storageRgba8 UniformConstant
%source = OpVariable %_ptr_storageR32f UniformConstant
%color = OpVariable %_ptr_Output_v4float Output
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpLoad %sampled2d %albedo
%s1 = OpImageSampleImplicitLod %v4float %a %c2
%sm = OpLoad %sampledShadow %shadowMap
%d = OpImageSampleDrefImplicitLod %float %sm %c2 %float_0
%l = OpLoad %img2darr %layers
%ls = OpLoad %sampler %linearSampler
%lsi = OpSampledImage %sampled2darr %l %ls
%s2 = OpImageSampleImplicitLod %v4float %lsi %c3
%vol = OpLoad %uimg3d %volume
%s3 = OpImageFetch %v4uint %vol %i3
%u = OpLoad %img2d %unsampled
%s4 = OpImageFetch %v4float %u %i2
%src = OpLoad %storageR32f %source
%s5 = OpImageRead %v4float %src %i2
%t = OpLoad %storageRgba8 %target
OpImageWrite %t %i2 %s1
OpStore %color %s2
OpReturn
OpFunctionEnd
`);
}
