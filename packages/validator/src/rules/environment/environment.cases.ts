// The environment cases (entry point interfaces, execution modes, storage classes, descriptors) for
// the validator and for spirv-val: environment.test.ts judges them with the validator alone (the
// unit tier), test/validator/environment.test.ts has spirv-val judge them too (the oracle tier).
// Not shipped: the build leaves *.cases.ts out.
import { assemble, encodeModule } from '@spvkit/core';
import { validate } from '../../validate.js';

/** The parts of a test module that a case changes; the rest is a fixed set of types and a `main`. */
export interface Parts {
  caps?: string;
  addressing?: string;
  model?: string;
  interfaces?: string;
  modes?: string;
  decorations?: string;
  globals?: string;
  body?: string;
  functions?: string;
  /** The OpFunction (and OpFunctionParameter) lines of main. */
  main?: string;
  /** main's terminator. */
  ret?: string;
}

const DEFAULT_MODES: Record<string, string> = {
  GLCompute: 'OpExecutionMode %main LocalSize 1 1 1',
  Fragment: 'OpExecutionMode %main OriginUpperLeft',
  Vertex: '',
  Geometry:
    'OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main Invocations 1',
  TessellationEvaluation: 'OpExecutionMode %main Triangles\nOpExecutionMode %main SpacingEqual',
};

export function module(p: Parts): string {
  const model = p.model ?? 'GLCompute';
  return `OpCapability Shader
${p.caps ?? ''}
OpMemoryModel ${p.addressing ?? 'Logical'} GLSL450
OpEntryPoint ${model} %main "main" ${p.interfaces ?? ''}
${p.modes ?? DEFAULT_MODES[model] ?? ''}
${p.decorations ?? ''}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float_1 = OpConstant %float 1
%uint_1 = OpConstant %uint 1
%st = OpTypeStruct %float
%ptr_private = OpTypePointer Private %float
%ptr_input = OpTypePointer Input %float
%ptr_output = OpTypePointer Output %float
%ptr_function = OpTypePointer Function %float
%ptr_workgroup = OpTypePointer Workgroup %float
%ptr_push = OpTypePointer PushConstant %st
%ptr_ssbo = OpTypePointer StorageBuffer %st
%ptr_ubo = OpTypePointer Uniform %st
%sampler = OpTypeSampler
%ptr_sampler = OpTypePointer UniformConstant %sampler
%image = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampled_image = OpTypeSampledImage %image
%ptr_sampled_image = OpTypePointer UniformConstant %sampled_image
%fn_float = OpTypeFunction %float
${p.globals ?? ''}
${p.main ?? '%main = OpFunction %void None %fn'}
%entry = OpLabel
${p.body ?? ''}
${p.ret ?? 'OpReturn'}
OpFunctionEnd
${p.functions ?? ''}
`;
}

export function words(text: string, env: string): Uint32Array {
  return encodeModule(assemble(text, { targetEnv: env }));
}

export function ours(text: string, env: string): string[] {
  return validate(words(text, env), { targetEnv: env }).map((d) => d.code);
}

/** Our findings of this family alone: the cases are about it, whatever the other families (written alongside) say. */
export function oursHere(text: string, env: string): string[] {
  return validate(words(text, env), { targetEnv: env })
    .filter((d) => d.family === 'environment')
    .map((d) => d.code);
}

/** A rejected case: what it shows, the environment, the module, our codes, and spirv-val's message. */
export type Rejected = [what: string, env: string, parts: Parts, codes: string[], theirs: RegExp];

export const rejected: Rejected[] = [
  // Interfaces.
  [
    'SPIR-V 1.4+: a Private variable used but not listed',
    'vulkan1.2',
    { globals: '%p = OpVariable %ptr_private Private', body: '%x = OpLoad %float %p' },
    ['spvkit-environment-interface-missing'],
    /Interface variable id <\d+> is used by entry point 'main' id <\d+>, but is not listed as an interface/,
  ],
  [
    'SPIR-V 1.4+: a variable used only in a called function, not listed',
    'spv1.5',
    {
      globals: '%p = OpVariable %ptr_private Private',
      body: '%r = OpFunctionCall %float %get',
      functions: '%get = OpFunction %float None %fn_float\n%ge = OpLabel\n%x = OpLoad %float %p\nOpReturnValue %x\nOpFunctionEnd',
    },
    ['spvkit-environment-interface-missing'],
    /is used by entry point 'main'.*but is not listed as an interface/,
  ],
  [
    'before SPIR-V 1.4: an Input variable used but not listed',
    'vulkan1.1',
    { model: 'Fragment', globals: '%in = OpVariable %ptr_input Input', decorations: 'OpDecorate %in Location 0', body: '%x = OpLoad %float %in' },
    ['spvkit-environment-interface-missing'],
    /Interface variable id <\d+> is used by entry point 'main' id <\d+>, but is not listed as an interface/,
  ],
  [
    'before SPIR-V 1.4: a Private variable listed',
    'vulkan1.1',
    { interfaces: '%p', globals: '%p = OpVariable %ptr_private Private' },
    ['spvkit-environment-interface-storage-class'],
    /OpEntryPoint interfaces must be OpVariables with Storage Class of Input\(1\) or Output\(3\)/,
  ],
  [
    'SPIR-V 1.4+: a variable listed twice',
    'vulkan1.2',
    { interfaces: '%p %p', globals: '%p = OpVariable %ptr_private Private', body: '%x = OpLoad %float %p' },
    ['spvkit-environment-interface-duplicate'],
    /Non-unique OpEntryPoint interface .* is disallowed/,
  ],
  [
    'an interface id that is a constant',
    'vulkan1.2',
    { interfaces: '%float_1' },
    ['spvkit-environment-interface-variable'],
    /Interfaces passed to OpEntryPoint must be (of type OpTypeVariable|variables)/,
  ],
  // Entry points and execution modes.
  [
    'a Fragment entry point without an origin',
    'spv1.5',
    { model: 'Fragment', modes: '' },
    ['spvkit-environment-mode-required'],
    /Fragment execution model entry points require either an OriginUpperLeft or OriginLowerLeft execution mode/,
  ],
  [
    'a Fragment entry point with both origins',
    'spv1.5',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main OriginLowerLeft' },
    ['spvkit-environment-mode-conflict'],
    /can only specify one of OriginUpperLeft or OriginLowerLeft/,
  ],
  [
    'two depth modes',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main DepthGreater\nOpExecutionMode %main DepthLess' },
    ['spvkit-environment-mode-conflict'],
    /at most one of DepthGreater, DepthLess or DepthUnchanged/,
  ],
  [
    'Vulkan: OriginLowerLeft',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginLowerLeft' },
    ['VUID-StandaloneSpirv-OriginLowerLeft-04653'],
    /\[VUID-StandaloneSpirv-OriginLowerLeft-04653\]/,
  ],
  [
    'LocalSize on a Fragment entry point',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main LocalSize 1 1 1' },
    ['spvkit-environment-mode-model'],
    /Execution mode can only be used with a Kernel.*GLCompute/,
  ],
  [
    'OriginUpperLeft on a GLCompute entry point',
    'vulkan1.1',
    { modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OriginUpperLeft' },
    ['spvkit-environment-mode-model'],
    /Execution mode can only be used with the Fragment execution model/,
  ],
  [
    'a Geometry entry point without an input primitive',
    'vulkan1.1',
    {
      model: 'Geometry',
      caps: 'OpCapability Geometry',
      modes: 'OpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\nOpExecutionMode %main Invocations 1',
    },
    ['spvkit-environment-mode-required'],
    /Geometry execution model entry points must specify exactly one of InputPoints/,
  ],
  [
    'a tessellation entry point with two spacings',
    'vulkan1.1',
    {
      model: 'TessellationEvaluation',
      caps: 'OpCapability Tessellation',
      modes: 'OpExecutionMode %main Triangles\nOpExecutionMode %main SpacingEqual\nOpExecutionMode %main SpacingFractionalOdd',
    },
    ['spvkit-environment-mode-conflict'],
    /at most one of SpacingEqual, SpacingFractionalOdd or SpacingFractionalEven/,
  ],
  [
    'OpExecutionMode on a function that is no entry point',
    'vulkan1.1',
    {
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %other LocalSize 1 1 1',
      functions: '%other = OpFunction %void None %fn\n%oe = OpLabel\nOpReturn\nOpFunctionEnd',
    },
    ['spvkit-environment-mode-target'],
    /is not the Entry Point operand of an OpEntryPoint/,
  ],
  [
    'Vulkan: a GLCompute entry point without a workgroup size',
    'vulkan1.1',
    { modes: '' },
    ['VUID-StandaloneSpirv-LocalSize-06426'],
    /\[VUID-StandaloneSpirv-LocalSize-06426\]/,
  ],
  [
    'Vulkan: PixelCenterInteger',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main PixelCenterInteger' },
    ['VUID-StandaloneSpirv-PixelCenterInteger-04654'],
    /\[VUID-StandaloneSpirv-PixelCenterInteger-04654\]/,
  ],
  [
    'LocalSizeId through OpExecutionMode',
    'spv1.5',
    { modes: 'OpExecutionMode %main LocalSizeId %uint_1 %uint_1 %uint_1' },
    ['spvkit-environment-mode-id'],
    /OpExecutionMode is only valid when the Mode operand is an execution mode that takes no Extra Operands/,
  ],
  [
    'LocalSize through OpExecutionModeId',
    'spv1.5',
    { modes: 'OpExecutionModeId %main LocalSize 1 1 1' },
    ['spvkit-environment-mode-id'],
    /OpExecutionModeId is only valid when the Mode operand is an execution mode that takes Extra Operands that are id operands/,
  ],
  [
    'an entry point function with a parameter',
    'vulkan1.1',
    {
      globals: '%fn_param = OpTypeFunction %void %float',
      main: '%main = OpFunction %void None %fn_param\n%param = OpFunctionParameter %float',
    },
    ['spvkit-environment-entry-point-signature'],
    /function parameter count is not zero/,
  ],
  [
    'an entry point function returning a value',
    'vulkan1.1',
    { main: '%main = OpFunction %float None %fn_float', ret: 'OpReturnValue %float_1' },
    ['spvkit-environment-entry-point-signature'],
    /function return type is not void/,
  ],
  [
    'two GLCompute entry points named alike',
    'vulkan1.1',
    {
      interfaces: '\nOpEntryPoint GLCompute %other "main"',
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %other LocalSize 1 1 1',
      functions: '%other = OpFunction %void None %fn\n%oe = OpLabel\nOpReturn\nOpFunctionEnd',
    },
    ['spvkit-environment-entry-point-name'],
    /2 Entry points cannot share the same name and ExecutionMode/,
  ],
  [
    "an entry point's function called",
    'vulkan1.1',
    {
      interfaces: '\nOpEntryPoint GLCompute %other "other"',
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %other LocalSize 1 1 1',
      body: '%r = OpFunctionCall %void %other',
      functions: '%other = OpFunction %void None %fn\n%oe = OpLabel\nOpReturn\nOpFunctionEnd',
    },
    ['spvkit-environment-entry-point-called'],
    /may not be targeted by both an OpEntryPoint instruction and an OpFunctionCall instruction/,
  ],
  [
    'SPIR-V 1.4+: a Function variable listed',
    'vulkan1.2',
    { interfaces: '%fv', body: '%fv = OpVariable %ptr_function Function' },
    ['spvkit-environment-interface-global'],
    /OpEntryPoint interfaces should only list global variables/,
  ],
  [
    'a MeshEXT entry point without OutputPrimitivesEXT',
    'vulkan1.2',
    {
      model: 'MeshEXT',
      caps: 'OpCapability MeshShadingEXT\nOpExtension "SPV_EXT_mesh_shader"',
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputTrianglesEXT\nOpExecutionMode %main OutputVertices 3',
    },
    ['spvkit-environment-mode-required'],
    /MeshEXT execution model entry points must specify both OutputPrimitivesEXT and OutputVertices/,
  ],
  [
    'Vulkan: LocalSizeId',
    'vulkan1.2',
    { modes: 'OpExecutionModeId %main LocalSizeId %uint_1 %uint_1 %uint_1' },
    ['spvkit-environment-local-size-id'],
    /LocalSizeId mode is not allowed by the current environment/,
  ],
  // Locations.
  [
    'Vulkan: a fragment output without a Location',
    'vulkan1.1',
    { model: 'Fragment', interfaces: '%o', globals: '%o = OpVariable %ptr_output Output', body: 'OpStore %o %float_1' },
    ['VUID-StandaloneSpirv-Location-04916'],
    /\[VUID-StandaloneSpirv-Location-04916\] Variable must be decorated with a location/,
  ],
  [
    'Vulkan: two vertex inputs at one location',
    'vulkan1.1',
    {
      model: 'Vertex',
      interfaces: '%a %b',
      decorations: 'OpDecorate %a Location 1\nOpDecorate %b Location 1',
      globals: '%a = OpVariable %ptr_input Input\n%b = OpVariable %ptr_input Input',
    },
    ['spvkit-environment-location-conflict'],
    /Entry-point has conflicting input location assignment at location 1, component 0/,
  ],
  [
    'Vulkan: a vec4 output overlapping a float output placed by Component',
    'vulkan1.1',
    {
      model: 'Fragment',
      interfaces: '%a %b',
      decorations: 'OpDecorate %a Location 0\nOpDecorate %b Location 0\nOpDecorate %b Component 3',
      globals:
        '%v4float = OpTypeVector %float 4\n%ptr_out_v4 = OpTypePointer Output %v4float\n%a = OpVariable %ptr_out_v4 Output\n%b = OpVariable %ptr_output Output',
    },
    ['spvkit-environment-location-conflict'],
    /Entry-point has conflicting output location assignment at location 0, component 3/,
  ],
  [
    'Vulkan: an output Block with a member without a Location',
    'vulkan1.1',
    {
      model: 'Vertex',
      interfaces: '%blk',
      decorations: 'OpDecorate %io Block\nOpMemberDecorate %io 0 Location 0',
      globals: '%io = OpTypeStruct %float %float\n%ptr_out_io = OpTypePointer Output %io\n%blk = OpVariable %ptr_out_io Output',
    },
    ['VUID-StandaloneSpirv-Location-04919'],
    /\[VUID-StandaloneSpirv-Location-04919\] Member index 1 is missing a location assignment/,
  ],
  [
    'Vulkan: a Location on a variable of a struct with member Locations',
    'vulkan1.1',
    {
      model: 'Vertex',
      interfaces: '%blk',
      decorations: 'OpDecorate %io Block\nOpMemberDecorate %io 0 Location 0\nOpMemberDecorate %io 1 Location 1\nOpDecorate %blk Location 2',
      globals: '%io = OpTypeStruct %float %float\n%ptr_out_io = OpTypePointer Output %io\n%blk = OpVariable %ptr_out_io Output',
    },
    ['VUID-StandaloneSpirv-Location-04918'],
    /\[VUID-StandaloneSpirv-Location-04918\] Members cannot be assigned a location/,
  ],
  // Storage classes.
  [
    'Vulkan: an Input variable with an initializer',
    'vulkan1.1',
    { model: 'Fragment', interfaces: '%in', decorations: 'OpDecorate %in Location 0', globals: '%in = OpVariable %ptr_input Input %float_1' },
    ['VUID-StandaloneSpirv-OpVariable-04651'],
    /\[VUID-StandaloneSpirv-OpVariable-04651\]/,
  ],
  [
    'Vulkan: a Workgroup variable used by a Fragment entry point',
    'vulkan1.1',
    { model: 'Fragment', globals: '%w = OpVariable %ptr_workgroup Workgroup', body: '%x = OpLoad %float %w' },
    ['VUID-StandaloneSpirv-None-04645'],
    /\[VUID-StandaloneSpirv-None-04645\]/,
  ],
  [
    'Vulkan: an Output variable used by a GLCompute entry point',
    'vulkan1.1',
    { interfaces: '%o', globals: '%o = OpVariable %ptr_output Output', body: 'OpStore %o %float_1' },
    ['VUID-StandaloneSpirv-None-04644'],
    /\[VUID-StandaloneSpirv-None-04644\]/,
  ],
  [
    'a RayPayloadKHR variable used by a GLCompute entry point',
    'spv1.5',
    {
      caps: 'OpCapability RayTracingKHR\nOpExtension "SPV_KHR_ray_tracing"',
      interfaces: '%payload',
      globals: '%ptr_payload = OpTypePointer RayPayloadKHR %float\n%payload = OpVariable %ptr_payload RayPayloadKHR',
      body: 'OpStore %payload %float_1',
    },
    ['spvkit-environment-storage-class-model'],
    /RayPayloadKHR Storage Class is limited to RayGenerationKHR, ClosestHitKHR, and MissKHR execution model/,
  ],
  [
    'Vulkan: two PushConstant variables used by one entry point',
    'vulkan1.2',
    {
      interfaces: '%pc1 %pc2',
      decorations: 'OpDecorate %st Block\nOpMemberDecorate %st 0 Offset 0',
      globals: '%pc1 = OpVariable %ptr_push PushConstant\n%pc2 = OpVariable %ptr_push PushConstant',
      body: '%a1 = OpAccessChain %ptr_push_float %pc1 %int_0\n%a2 = OpAccessChain %ptr_push_float %pc2 %int_0',
    },
    ['VUID-StandaloneSpirv-OpEntryPoint-06674'],
    /\[VUID-StandaloneSpirv-OpEntryPoint-06674\]/,
  ],
  [
    'Vulkan: a PushConstant variable that is no struct',
    'vulkan1.1',
    { globals: '%ptr_push_f = OpTypePointer PushConstant %float\n%pc = OpVariable %ptr_push_f PushConstant' },
    ['VUID-StandaloneSpirv-PushConstant-06808'],
    /PushConstant OpVariable <id> .* has illegal type/,
  ],
  [
    'Vulkan: a CrossWorkgroup variable',
    'vulkan1.1',
    { globals: '%ptr_cross = OpTypePointer CrossWorkgroup %float\n%cw = OpVariable %ptr_cross CrossWorkgroup' },
    ['VUID-StandaloneSpirv-None-04643', 'VUID-StandaloneSpirv-None-04643'],
    /\[VUID-StandaloneSpirv-None-04643\]/,
  ],
  [
    'Vulkan: the Physical64 addressing model',
    'vulkan1.1',
    { caps: 'OpCapability Addresses', addressing: 'Physical64' },
    ['VUID-StandaloneSpirv-None-04635'],
    /Capability Addresses is not allowed by Vulkan/,
  ],
  [
    'Vulkan: a Private runtime array variable',
    'vulkan1.2',
    { interfaces: '%ra', globals: '%rta = OpTypeRuntimeArray %float\n%ptr_rta = OpTypePointer Private %rta\n%ra = OpVariable %ptr_rta Private' },
    ['VUID-StandaloneSpirv-OpTypeRuntimeArray-04680'],
    /\[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680\] OpVariable, <id> .* is attempting to create memory for an illegal type, OpTypeRuntimeArray/,
  ],
  [
    'Vulkan: a Private runtime array of descriptors',
    'vulkan1.2',
    {
      caps: 'OpCapability RuntimeDescriptorArray',
      interfaces: '%ra',
      globals: '%rta = OpTypeRuntimeArray %float\n%ptr_rta = OpTypePointer Private %rta\n%ra = OpVariable %ptr_rta Private',
    },
    ['VUID-StandaloneSpirv-OpTypeRuntimeArray-04680'],
    /\[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680\] For Vulkan with RuntimeDescriptorArrayEXT, a variable containing OpTypeRuntimeArray must have storage class/,
  ],
  [
    'Vulkan: a Private struct with a runtime array',
    'vulkan1.2',
    {
      interfaces: '%ra',
      globals: '%rta = OpTypeRuntimeArray %float\n%rst = OpTypeStruct %rta\n%ptr_rst = OpTypePointer Private %rst\n%ra = OpVariable %ptr_rst Private',
    },
    ['VUID-StandaloneSpirv-OpTypeRuntimeArray-04680'],
    /\[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680\] For Vulkan, OpTypeStruct variables containing OpTypeRuntimeArray must have storage class of StorageBuffer/,
  ],
  [
    'Vulkan: a Uniform Block struct with a runtime array',
    'vulkan1.1',
    {
      decorations:
        'OpDecorate %rst Block\nOpDecorate %rta ArrayStride 4\nOpMemberDecorate %rst 0 Offset 0\nOpDecorate %ra DescriptorSet 0\nOpDecorate %ra Binding 0',
      globals: '%rta = OpTypeRuntimeArray %float\n%rst = OpTypeStruct %rta\n%ptr_rst = OpTypePointer Uniform %rst\n%ra = OpVariable %ptr_rst Uniform',
    },
    ['VUID-StandaloneSpirv-OpTypeRuntimeArray-04680'],
    /\[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680\] For Vulkan, an OpTypeStruct variable containing an OpTypeRuntimeArray must be decorated with BufferBlock/,
  ],
  [
    'Vulkan: a StorageBuffer struct with a runtime array, not a Block',
    'vulkan1.2',
    {
      interfaces: '%ra',
      decorations: 'OpDecorate %rta ArrayStride 4\nOpMemberDecorate %rst 0 Offset 0\nOpDecorate %ra DescriptorSet 0\nOpDecorate %ra Binding 0',
      globals:
        '%rta = OpTypeRuntimeArray %float\n%rst = OpTypeStruct %rta\n%ptr_rst = OpTypePointer StorageBuffer %rst\n%ra = OpVariable %ptr_rst StorageBuffer',
    },
    ['VUID-StandaloneSpirv-OpTypeRuntimeArray-04680'],
    /\[VUID-StandaloneSpirv-OpTypeRuntimeArray-04680\] For Vulkan, an OpTypeStruct variable containing an OpTypeRuntimeArray must be decorated with Block/,
  ],
  [
    'Vulkan: a Uniform variable that is no struct',
    'vulkan1.1',
    {
      decorations: 'OpDecorate %u DescriptorSet 0\nOpDecorate %u Binding 0',
      globals: '%ptr_uniform_float = OpTypePointer Uniform %float\n%u = OpVariable %ptr_uniform_float Uniform',
    },
    ['VUID-StandaloneSpirv-Uniform-06807'],
    /\[VUID-StandaloneSpirv-Uniform-06807\]/,
  ],
  [
    'Vulkan: a bool Input variable that is no built-in',
    'vulkan1.1',
    {
      model: 'Fragment',
      interfaces: '%in',
      decorations: 'OpDecorate %in Location 0',
      globals: '%v2bool = OpTypeVector %bool 2\n%ptr_input_v2bool = OpTypePointer Input %v2bool\n%in = OpVariable %ptr_input_v2bool Input',
    },
    ['VUID-StandaloneSpirv-Input-07290'],
    /\[VUID-StandaloneSpirv-Input-07290\]/,
  ],
  // Descriptors and images.
  [
    'Vulkan: a UniformConstant float variable',
    'vulkan1.1',
    { globals: '%ptr_uc_float = OpTypePointer UniformConstant %float\n%uc = OpVariable %ptr_uc_float UniformConstant' },
    ['VUID-StandaloneSpirv-UniformConstant-04655'],
    /\[VUID-StandaloneSpirv-UniformConstant-04655\]/,
  ],
  [
    'Vulkan: a sampler used without a DescriptorSet',
    'vulkan1.1',
    { decorations: 'OpDecorate %s Binding 0', globals: '%s = OpVariable %ptr_sampler UniformConstant', body: '%x = OpLoad %sampler %s' },
    ['VUID-StandaloneSpirv-UniformConstant-06677'],
    /\[VUID-StandaloneSpirv-UniformConstant-06677\] UniformConstant id '\d+' is missing DescriptorSet decoration/,
  ],
  [
    'Vulkan: a storage buffer used without a Binding',
    'vulkan1.2',
    {
      interfaces: '%b',
      decorations: 'OpDecorate %st Block\nOpMemberDecorate %st 0 Offset 0\nOpDecorate %b DescriptorSet 0',
      globals: '%ptr_ssbo_float = OpTypePointer StorageBuffer %float\n%b = OpVariable %ptr_ssbo StorageBuffer',
      body: '%a = OpAccessChain %ptr_ssbo_float %b %int_0',
    },
    ['VUID-StandaloneSpirv-UniformConstant-06677'],
    /\[VUID-StandaloneSpirv-UniformConstant-06677\] StorageBuffer id '\d+' is missing Binding decoration/,
  ],
  [
    'Vulkan: an image of Sampled 0',
    'vulkan1.1',
    { globals: '%image0 = OpTypeImage %float 2D 0 0 0 0 Unknown' },
    ['VUID-StandaloneSpirv-OpTypeImage-04657'],
    /\[VUID-StandaloneSpirv-OpTypeImage-04657\] Sampled must be 1 or 2 in the Vulkan environment/,
  ],
  [
    'Vulkan: an image of bool',
    'vulkan1.1',
    { globals: '%image_bool = OpTypeImage %bool 2D 0 0 0 1 Unknown' },
    ['VUID-StandaloneSpirv-OpTypeImage-04656'],
    /\[VUID-StandaloneSpirv-OpTypeImage-04656\]/,
  ],
  [
    'an image of bool',
    'spv1.5',
    { globals: '%image_bool = OpTypeImage %bool 2D 0 0 0 1 Unknown' },
    ['spvkit-environment-image-type'],
    /Expected Sampled Type to be either void or numerical scalar type/,
  ],
  [
    'an image of Depth 3',
    'spv1.5',
    { globals: '%image3 = OpTypeImage %float 2D 3 0 0 1 Unknown' },
    ['spvkit-environment-image-type'],
    /Invalid Depth 3 \(must be 0, 1 or 2\)/,
  ],
  [
    'a SubpassData image of Sampled 1',
    'vulkan1.1',
    { caps: 'OpCapability InputAttachment', globals: '%subpass = OpTypeImage %float SubpassData 0 0 0 1 Unknown' },
    ['spvkit-environment-image-type'],
    /Dim SubpassData requires Sampled to be 2/,
  ],
  [
    'Vulkan: an arrayed SubpassData image',
    'vulkan1.1',
    { caps: 'OpCapability InputAttachment', globals: '%subpass = OpTypeImage %float SubpassData 0 1 0 2 Unknown' },
    ['VUID-StandaloneSpirv-OpTypeImage-06214'],
    /\[VUID-StandaloneSpirv-OpTypeImage-06214\] Dim SubpassData requires Arrayed to be 0/,
  ],
  [
    'a sampled image of a storage image',
    'vulkan1.1',
    { globals: '%storage_image = OpTypeImage %float 2D 0 0 0 2 Rgba32f\n%bad_sampled = OpTypeSampledImage %storage_image' },
    ['spvkit-environment-sampled-image'],
    /Sampled image type requires an image type with "Sampled" operand set to 0 or 1/,
  ],
];

/** Accepted modules: every rule's valid side, in the environments the rules change with. */
/**
 * Rejected cases of rules the current spirv-val has and Debian's 2023.1 lacks (it accepts them):
 * the message is the current one's.
 */
export const rejectedSince2023: Rejected[] = [
  [
    'LocalSize twice',
    'vulkan1.1',
    { modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main LocalSize 1 1 1' },
    ['spvkit-environment-mode-duplicate'],
    /LocalSize execution mode must not be specified multiple times per entry point/,
  ],
  [
    'LocalSize twice, with other sizes',
    'vulkan1.1',
    { modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main LocalSize 8 1 1' },
    ['spvkit-environment-mode-duplicate'],
    /LocalSize execution mode must not be specified multiple times per entry point/,
  ],
  [
    'OriginUpperLeft twice',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main OriginUpperLeft' },
    ['spvkit-environment-mode-duplicate'],
    /OriginUpperLeft execution mode must not be specified multiple times per entry point/,
  ],
  [
    // The mode is a duplicate, not a second primitive of its group: one finding, not two.
    'a tessellation entry point declaring Quads twice',
    'vulkan1.1',
    {
      model: 'TessellationEvaluation',
      caps: 'OpCapability Tessellation',
      modes: 'OpExecutionMode %main Quads\nOpExecutionMode %main SpacingEqual\nOpExecutionMode %main Quads',
    },
    ['spvkit-environment-mode-duplicate'],
    /Quads execution mode must not be specified multiple times per entry point/,
  ],
  [
    'DenormPreserve 32 twice',
    'vulkan1.1',
    {
      caps: 'OpCapability DenormPreserve\nOpCapability Float16\nOpExtension "SPV_KHR_float_controls"',
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main DenormPreserve 32\nOpExecutionMode %main DenormPreserve 32',
    },
    ['spvkit-environment-mode-duplicate'],
    /DenormPreserve execution mode must not be specified multiple times for the same entry point and operands/,
  ],
];

export const accepted: [what: string, env: string, parts: Parts][] = [
  ['a compute shader', 'vulkan1.1', {}],
  [
    'DenormPreserve for 16- and for 32-bit floats',
    'vulkan1.1',
    {
      caps: 'OpCapability DenormPreserve\nOpCapability Float16\nOpExtension "SPV_KHR_float_controls"',
      modes: 'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main DenormPreserve 16\nOpExecutionMode %main DenormPreserve 32',
    },
  ],
  ['a compute shader, SPIR-V 1.6', 'vulkan1.3', {}],
  ['LocalSizeId in Vulkan 1.3', 'vulkan1.3', { modes: 'OpExecutionModeId %main LocalSizeId %uint_1 %uint_1 %uint_1' }],
  ['LocalSizeId outside Vulkan', 'spv1.5', { modes: 'OpExecutionModeId %main LocalSizeId %uint_1 %uint_1 %uint_1' }],
  [
    'a MeshEXT entry point with its output modes',
    'vulkan1.2',
    {
      model: 'MeshEXT',
      caps: 'OpCapability MeshShadingEXT\nOpExtension "SPV_EXT_mesh_shader"',
      modes:
        'OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main OutputTrianglesEXT\nOpExecutionMode %main OutputVertices 3\nOpExecutionMode %main OutputPrimitivesEXT 1',
    },
  ],
  ['SPIR-V 1.4+: a Private variable listed', 'vulkan1.2', { interfaces: '%p', globals: '%p = OpVariable %ptr_private Private', body: '%x = OpLoad %float %p' }],
  ['before SPIR-V 1.4: a Private variable used, not listed', 'vulkan1.1', { globals: '%p = OpVariable %ptr_private Private', body: '%x = OpLoad %float %p' }],
  [
    'a variable used only by a function no entry point calls',
    'vulkan1.2',
    {
      globals: '%p = OpVariable %ptr_private Private',
      functions: '%get = OpFunction %float None %fn_float\n%ge = OpLabel\n%x = OpLoad %float %p\nOpReturnValue %x\nOpFunctionEnd',
    },
  ],
  [
    'a Fragment entry point with OriginUpperLeft and a depth mode',
    'vulkan1.1',
    { model: 'Fragment', modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %main DepthReplacing' },
  ],
  ['OriginLowerLeft outside Vulkan', 'spv1.5', { model: 'Fragment', modes: 'OpExecutionMode %main OriginLowerLeft' }],
  ['a Geometry entry point', 'vulkan1.1', { model: 'Geometry', caps: 'OpCapability Geometry' }],
  ['a tessellation evaluation entry point', 'vulkan1.1', { model: 'TessellationEvaluation', caps: 'OpCapability Tessellation' }],
  ['a GLCompute entry point without LocalSize outside Vulkan', 'spv1.5', { modes: '' }],
  [
    'a GLCompute entry point with a WorkgroupSize built-in',
    'vulkan1.1',
    {
      modes: '',
      decorations: 'OpDecorate %wgs BuiltIn WorkgroupSize',
      globals: '%v3uint = OpTypeVector %uint 3\n%wgs = OpConstantComposite %v3uint %uint_1 %uint_1 %uint_1',
    },
  ],
  ['a Workgroup variable in a compute shader', 'vulkan1.1', { globals: '%w = OpVariable %ptr_workgroup Workgroup', body: '%x = OpLoad %float %w' }],
  ['a Private variable with an initializer', 'vulkan1.1', { globals: '%p = OpVariable %ptr_private Private %float_1' }],
  [
    'one PushConstant variable',
    'vulkan1.2',
    {
      interfaces: '%pc1',
      decorations: 'OpDecorate %st Block\nOpMemberDecorate %st 0 Offset 0',
      globals: '%pc1 = OpVariable %ptr_push PushConstant\n%pc2 = OpVariable %ptr_push PushConstant',
      body: '%a1 = OpAccessChain %ptr_push_float %pc1 %int_0',
    },
  ],
  [
    'a bool Input block whose member is a built-in',
    'vulkan1.1',
    {
      model: 'Fragment',
      interfaces: '%in',
      decorations: 'OpMemberDecorate %bool_block 0 BuiltIn FrontFacing\nOpDecorate %bool_block Block',
      globals: '%bool_block = OpTypeStruct %bool\n%ptr_input_block = OpTypePointer Input %bool_block\n%in = OpVariable %ptr_input_block Input',
    },
  ],
  [
    'Vulkan: vertex outputs in one location, apart by Component, and a Block with member Locations',
    'vulkan1.1',
    {
      model: 'Vertex',
      interfaces: '%a %b %blk %in',
      decorations:
        'OpDecorate %a Location 0\nOpDecorate %b Location 0\nOpDecorate %b Component 1\nOpDecorate %io Block\nOpMemberDecorate %io 0 Location 1\nOpMemberDecorate %io 1 Location 2\nOpDecorate %in Location 0',
      globals:
        '%io = OpTypeStruct %float %float\n%ptr_out_io = OpTypePointer Output %io\n%blk = OpVariable %ptr_out_io Output\n%a = OpVariable %ptr_output Output\n%b = OpVariable %ptr_output Output\n%in = OpVariable %ptr_input Input',
    },
  ],
  [
    'Vulkan: two fragment outputs at location 0, Index 0 and 1',
    'vulkan1.1',
    {
      model: 'Fragment',
      interfaces: '%a %b',
      decorations: 'OpDecorate %a Location 0\nOpDecorate %b Location 0\nOpDecorate %b Index 1',
      globals: '%a = OpVariable %ptr_output Output\n%b = OpVariable %ptr_output Output',
    },
  ],
  [
    'Vulkan: geometry inputs, arrayed per vertex, at consecutive locations',
    'vulkan1.1',
    {
      model: 'Geometry',
      caps: 'OpCapability Geometry',
      interfaces: '%ga %gb',
      decorations: 'OpDecorate %ga Location 0\nOpDecorate %gb Location 1',
      globals:
        '%arr1 = OpTypeArray %float %uint_1\n%ptr_in_arr = OpTypePointer Input %arr1\n%ga = OpVariable %ptr_in_arr Input\n%gb = OpVariable %ptr_in_arr Input',
    },
  ],
  [
    'a Fragment and a GLCompute entry point of one name',
    'vulkan1.1',
    {
      interfaces: '\nOpEntryPoint GLCompute %other "main"',
      model: 'Fragment',
      modes: 'OpExecutionMode %main OriginUpperLeft\nOpExecutionMode %other LocalSize 1 1 1',
      functions: '%other = OpFunction %void None %fn\n%oe = OpLabel\nOpReturn\nOpFunctionEnd',
    },
  ],
  [
    'Vulkan: a Uniform BufferBlock struct with a runtime array',
    'vulkan1.1',
    {
      decorations:
        'OpDecorate %rst BufferBlock\nOpDecorate %rta ArrayStride 4\nOpMemberDecorate %rst 0 Offset 0\nOpDecorate %ra DescriptorSet 0\nOpDecorate %ra Binding 0',
      globals: '%rta = OpTypeRuntimeArray %float\n%rst = OpTypeStruct %rta\n%ptr_rst = OpTypePointer Uniform %rst\n%ra = OpVariable %ptr_rst Uniform',
    },
  ],
  [
    'a sampled image with its descriptor set and binding',
    'vulkan1.1',
    {
      decorations: 'OpDecorate %s DescriptorSet 0\nOpDecorate %s Binding 1',
      globals: '%s = OpVariable %ptr_sampled_image UniformConstant',
      body: '%x = OpLoad %sampled_image %s',
    },
  ],
  ['an image of Sampled 0 outside Vulkan', 'spv1.5', { globals: '%image0 = OpTypeImage %float 2D 0 0 0 0 Unknown' }],
  ['a SubpassData image', 'vulkan1.1', { caps: 'OpCapability InputAttachment', globals: '%subpass = OpTypeImage %float SubpassData 0 0 0 2 Unknown' }],
];

export const withPushTypes = (p: Parts): Parts =>
  p.body?.includes('%int_0') === true
    ? { ...p, globals: `%int_0 = OpConstant %int 0\n%ptr_push_float = OpTypePointer PushConstant %float\n${p.globals ?? ''}` }
    : p;

/** A module of one function and no OpEntryPoint: rejected as it is, accepted as a library (Linkage). */
export function withoutEntryPoint(linkage: boolean): string {
  return `OpCapability Shader
${linkage ? 'OpCapability Linkage' : ''}
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;
}
