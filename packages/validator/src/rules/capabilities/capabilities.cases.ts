// The capability cases: what opcodes and operands require, for the validator and for spirv-val.
// capabilities.test.ts judges them with the validator alone (the unit tier);
// test/validator/capabilities.test.ts has spirv-val judge them too (the oracle tier). Not shipped:
// the build leaves *.cases.ts out.
import { assemble, encodeModule } from '@spvkit/core';
import { validate } from '../../validate.js';

/** What a case changes in the test module; the rest is a few types and an empty `main`. */
export interface Parts {
  /** Capabilities, space-separated (Shader unless given). */
  caps?: string;
  exts?: string[];
  imports?: string;
  memoryModel?: string;
  entry?: string;
  annotations?: string;
  globals?: string;
  body?: string;
  kernel?: boolean;
}

function text(p: Parts): string {
  const caps = (p.caps ?? 'Shader').split(' ').filter((c) => c !== '');
  const head = [
    ...caps.map((c) => `OpCapability ${c}`),
    ...(p.exts ?? []).map((e) => `OpExtension "${e}"`),
    p.imports ?? '',
    p.memoryModel ?? (p.kernel === true ? 'OpMemoryModel Physical32 OpenCL' : 'OpMemoryModel Logical GLSL450'),
    p.entry ?? (p.kernel === true ? 'OpEntryPoint Kernel %main "main"' : 'OpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1'),
    p.annotations ?? '',
  ];
  return `${head.join('\n')}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 ${p.kernel === true ? 0 : 1}
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%float = OpTypeFloat 32
%int_1 = OpConstant %int 1
%uint_3 = OpConstant %uint 3
%float_1 = OpConstant %float 1
${p.globals ?? ''}
%main = OpFunction %void None %fn
%entry = OpLabel
${p.body ?? ''}
OpReturn
OpFunctionEnd
`;
}

/** The module assembled for SPIR-V 1.6 (so that every name assembles), then given `version`'s header. */
export function words(p: Parts, version: string): Uint32Array {
  const w = encodeModule(assemble(text(p), { targetEnv: 'spv1.6' })).slice();
  const [major, minor] = version.split('.').map(Number);
  w[1] = (major << 16) | (minor << 8);
  return w;
}

export const ours = (w: Uint32Array, env: string): string[] => validate(w, { targetEnv: env }).map((d) => d.code);

const IMAGE = `%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%si = OpTypeSampledImage %img
%psi = OpTypePointer UniformConstant %si
%vsi = OpVariable %psi UniformConstant
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%c2 = OpConstantComposite %v2 %float_1 %float_1`;
const INPUT = '%pin = OpTypePointer Input %float\n%vin = OpVariable %pin Input';
const ATOMICS = `%ulong = OpTypeInt 64 0
%pl = OpTypePointer Workgroup %ulong
%wl = OpVariable %pl Workgroup
%l1 = OpConstant %ulong 1
%uint_1 = OpConstant %uint 1
%uint_0 = OpConstant %uint 0`;
const FRAGMENT = 'OpEntryPoint Fragment %main "main" %vin\nOpExecutionMode %main OriginUpperLeft';

// [what, parts, header version, target env, the codes we report]; Debian spirv-val 2023.1's message in the title.
export const rejected: [string, Parts, string, string, string[]][] = [
  [
    'an opcode without its capability (spirv-val: Opcode GroupNonUniformElect requires one of these capabilities: GroupNonUniform)',
    { body: '%x = OpGroupNonUniformElect %bool %uint_3' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-opcode'],
  ],
  [
    'an enumerant without its capability (spirv-val: Operand 3 of Decorate requires one of these capabilities: Kernel GroupNonUniform SubgroupBallotKHR)',
    { annotations: 'OpDecorate %vin BuiltIn SubgroupSize', globals: INPUT },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-operand'],
  ],
  [
    'a memory model without its capability (spirv-val: Operand 2 of MemoryModel requires one of these capabilities: VulkanMemoryModel)',
    { memoryModel: 'OpMemoryModel Logical Vulkan' },
    '1.5',
    'spv1.5',
    ['spvkit-capabilities-operand'],
  ],
  [
    'a mask bit without its capability (spirv-val: Operand 5 of ImageSampleExplicitLod requires one of these capabilities: MinLod)',
    { globals: IMAGE, body: '%s = OpLoad %si %vsi\n%x = OpImageSampleExplicitLod %v4 %s %c2 Lod|MinLod %float_1 %float_1' },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-operand'],
  ],
  [
    'an extended instruction without its capability (spirv-val: GLSL.std.450 InterpolateAtCentroid requires capability InterpolationFunction)',
    {
      imports: '%glsl = OpExtInstImport "GLSL.std.450"',
      entry: FRAGMENT,
      globals: INPUT,
      body: '%x = OpExtInst %float %glsl InterpolateAtCentroid %vin',
    },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-ext-inst'],
  ],
  [
    'a decoration before the version that has it, without its extension (spirv-val: 2nd operand of Decorate: operand NoSignedWrap(4469) requires one of these extensions: SPV_KHR_no_integer_wrap_decoration)',
    { annotations: 'OpDecorate %x NoSignedWrap', body: '%x = OpIAdd %int %int_1 %int_1' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-extension'],
  ],
  [
    'a capability before the version that has it, without its extension (spirv-val: 1st operand of Capability: operand DrawParameters(4427) requires one of these extensions: SPV_KHR_shader_draw_parameters)',
    { caps: 'Shader DrawParameters' },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-extension'],
  ],
  [
    'a capability of a later version only (spirv-val: 1st operand of Capability: operand GroupNonUniform(61) requires SPIR-V version 1.3 or later)',
    { caps: 'Shader GroupNonUniform' },
    '1.0',
    'spv1.3',
    ['spvkit-capabilities-version'],
  ],
  [
    'an opcode of a later version (spirv-val: CopyLogical requires SPIR-V version 1.4 at minimum.)',
    { body: '%x = OpCopyLogical %int %int_1' },
    '1.3',
    'spv1.6',
    ['spvkit-capabilities-version'],
  ],
  [
    'a decoration removed in SPIR-V 1.4 (spirv-val: 2nd operand of Decorate: operand BufferBlock(3) requires SPIR-V version 1.3 or earlier)',
    { annotations: 'OpDecorate %st BufferBlock', globals: '%st = OpTypeStruct %int' },
    '1.4',
    'spv1.4',
    ['spvkit-capabilities-version'],
  ],
  [
    'an opcode removed in SPIR-V 1.4 (spirv-val: AtomicCompareExchangeWeak requires SPIR-V version 1.3 or earlier)',
    {
      kernel: true,
      caps: 'Addresses Kernel',
      entry: 'OpEntryPoint Kernel %main "main" %w',
      globals: '%pw = OpTypePointer Workgroup %int\n%w = OpVariable %pw Workgroup\n%uint_0 = OpConstant %uint 0',
      body: '%x = OpAtomicCompareExchangeWeak %int %w %uint_3 %uint_0 %uint_0 %int_1 %int_1',
    },
    '1.4',
    'spv1.4',
    ['spvkit-capabilities-version'],
  ],
  [
    'OpTerminateInvocation before SPIR-V 1.6 without its extension (spirv-val: TerminateInvocation requires SPIR-V version 1.6 at minimum or one of the following extensions: SPV_KHR_terminate_invocation)',
    { entry: FRAGMENT, globals: INPUT, body: 'OpTerminateInvocation\n%dead = OpLabel' },
    '1.5',
    'spv1.5',
    ['spvkit-capabilities-extension'],
  ],
  [
    'a rounding mode in Vulkan without a 16-bit storage capability (spirv-val: Operand 2 of Decorate requires one of these capabilities: StorageBuffer16BitAccess UniformAndStorageBuffer16BitAccess StoragePushConstant16 StorageInputOutput16)',
    { caps: 'Shader Float64', annotations: 'OpDecorate %x FPRoundingMode RTE', globals: '%double = OpTypeFloat 64', body: '%x = OpFConvert %double %float_1' },
    '1.0',
    'vulkan1.0',
    ['spvkit-capabilities-operand'],
  ],
  [
    'a capability Vulkan 1.0 does not allow (spirv-val: Capability Linkage is not allowed by Vulkan 1.0 specification (or requires extension))',
    { caps: 'Shader Linkage' },
    '1.0',
    'vulkan1.0',
    ['VUID-VkShaderModuleCreateInfo-pCode-08739'],
  ],
  [
    'a capability Vulkan 1.2 allows only with its extension (spirv-val: Capability InputAttachmentArrayDynamicIndexing is not allowed by Vulkan 1.2 specification (or requires extension))',
    { caps: 'Shader InputAttachmentArrayDynamicIndexing' },
    '1.5',
    'vulkan1.2',
    ['VUID-VkShaderModuleCreateInfo-pCode-08739'],
  ],
  [
    'an 8-bit integer type without Int8 (spirv-val: Using an 8-bit integer type requires the Int8 capability, or an extension that explicitly enables 8-bit integers.)',
    { globals: '%t = OpTypeInt 8 0' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-width'],
  ],
  [
    'a 16-bit integer type without Int16 (spirv-val: Using a 16-bit integer type requires the Int16 capability, or an extension that explicitly enables 16-bit integers.)',
    { globals: '%t = OpTypeInt 16 0' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-width'],
  ],
  [
    'a 64-bit integer type without Int64 (spirv-val: Using a 64-bit integer type requires the Int64 capability.)',
    { globals: '%t = OpTypeInt 64 0' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-width'],
  ],
  [
    'a 16-bit float type without Float16 (spirv-val: Using a 16-bit floating point type requires the Float16 or Float16Buffer capability, or an extension that explicitly enables 16-bit floating point.)',
    { globals: '%t = OpTypeFloat 16' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-width'],
  ],
  [
    'a 64-bit float type without Float64 (spirv-val: Using a 64-bit floating point type requires the Float64 capability.)',
    { globals: '%t = OpTypeFloat 64' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-width'],
  ],
  [
    'a vector of 8 components without Vector16 (spirv-val: Having 8 components for TypeVector requires the Vector16 capability)',
    { kernel: true, caps: 'Addresses Kernel', globals: '%v8 = OpTypeVector %int 8' },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-vector16'],
  ],
  [
    'a Device memory scope with the Vulkan memory model without VulkanMemoryModelDeviceScope (spirv-val: Use of device scope with VulkanKHR memory model requires the VulkanMemoryModelDeviceScopeKHR capability)',
    {
      caps: 'Shader VulkanMemoryModel',
      memoryModel: 'OpMemoryModel Logical Vulkan',
      globals: '%uint_1 = OpConstant %uint 1\n%uint_0 = OpConstant %uint 0',
      body: 'OpMemoryBarrier %uint_1 %uint_0',
    },
    '1.5',
    'spv1.5',
    ['spvkit-capabilities-device-scope'],
  ],
  [
    'a 64-bit atomic add without Int64Atomics (spirv-val: AtomicIAdd: 64-bit atomics require the Int64Atomics capability)',
    { caps: 'Shader Int64', globals: ATOMICS, body: '%x = OpAtomicIAdd %ulong %wl %uint_1 %uint_0 %l1' },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-int64-atomics'],
  ],
  [
    'a 64-bit atomic store without Int64Atomics (spirv-val: AtomicStore: 64-bit atomics require the Int64Atomics capability)',
    { caps: 'Shader Int64', globals: ATOMICS, body: 'OpAtomicStore %wl %uint_1 %uint_0 %l1' },
    '1.0',
    'spv1.0',
    ['spvkit-capabilities-int64-atomics'],
  ],
  [
    'a constant of a 16-bit float only StorageInputOutput16 declares (spirv-val: Cannot form constants of 8- or 16-bit types)',
    { caps: 'Shader StorageInputOutput16', globals: '%h = OpTypeFloat 16\n%h1 = OpConstant %h 1' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-small-type-constant'],
  ],
  [
    'a null struct holding a 16-bit integer only StorageBuffer16BitAccess declares (spirv-val: Cannot form constants of 8- or 16-bit types)',
    { caps: 'Shader StorageBuffer16BitAccess', globals: '%s = OpTypeInt 16 1\n%st = OpTypeStruct %s %int\n%n = OpConstantNull %st' },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-small-type-constant'],
  ],
  [
    'a NonSemantic set before SPIR-V 1.6 without SPV_KHR_non_semantic_info (spirv-val: NonSemantic extended instruction sets cannot be declared without SPV_KHR_non_semantic_info.)',
    { imports: '%ns = OpExtInstImport "NonSemantic.DebugPrintf"' },
    '1.5',
    'spv1.5',
    ['spvkit-capabilities-non-semantic'],
  ],
  [
    'SPV_KHR_workgroup_memory_explicit_layout before SPIR-V 1.4 (spirv-val: SPV_KHR_workgroup_memory_explicit_layout extension requires SPIR-V version 1.4 or later.)',
    { exts: ['SPV_KHR_workgroup_memory_explicit_layout'] },
    '1.3',
    'spv1.3',
    ['spvkit-capabilities-extension-version'],
  ],
];

// [what, parts, header version, target env]: both accept.
export const accepted: [string, Parts, string, string][] = [
  [
    'Geometry implies Shader, which OpDPdx needs',
    { caps: 'Geometry', entry: 'OpEntryPoint Fragment %main "main"\nOpExecutionMode %main OriginUpperLeft', body: '%x = OpDPdx %float %float_1' },
    '1.0',
    'spv1.0',
  ],
  [
    'VulkanMemoryModel in SPIR-V 1.4 with its extension',
    { caps: 'Shader VulkanMemoryModel', exts: ['SPV_KHR_vulkan_memory_model'], memoryModel: 'OpMemoryModel Logical Vulkan' },
    '1.4',
    'spv1.4',
  ],
  ['VulkanMemoryModel in SPIR-V 1.5, in core', { caps: 'Shader VulkanMemoryModel', memoryModel: 'OpMemoryModel Logical Vulkan' }, '1.5', 'spv1.5'],
  ['NoSignedWrap in SPIR-V 1.4, in core', { annotations: 'OpDecorate %x NoSignedWrap', body: '%x = OpIAdd %int %int_1 %int_1' }, '1.4', 'spv1.4'],
  ['an opcode with a capability needs no version (OpSizeOf in SPIR-V 1.0)', { caps: 'Shader Addresses', body: '%x = OpSizeOf %int %int_1' }, '1.0', 'spv1.0'],
  ['a BuiltIn ClipDistance decoration without ClipDistance', { annotations: 'OpDecorate %vin BuiltIn ClipDistance', globals: INPUT }, '1.0', 'spv1.0'],
  [
    "SPV_AMD_shader_ballot's group instructions and Reduce without Groups",
    { exts: ['SPV_AMD_shader_ballot'], body: '%x = OpGroupIAddNonUniformAMD %int %uint_3 Reduce %int_1' },
    '1.0',
    'spv1.0',
  ],
  [
    "a capability the environment's version does not know enables nothing, so none is needed (OpGroupNonUniformElect for spv1.0)",
    { body: '%x = OpGroupNonUniformElect %bool %uint_3' },
    '1.0',
    'spv1.0',
  ],
  [
    'a capability Vulkan 1.2 allows with the extension declared',
    { caps: 'Shader DemoteToHelperInvocation', exts: ['SPV_EXT_demote_to_helper_invocation'] },
    '1.5',
    'vulkan1.2',
  ],
  [
    'OpTerminateInvocation with its extension',
    { exts: ['SPV_KHR_terminate_invocation'], entry: FRAGMENT, globals: INPUT, body: 'OpTerminateInvocation\n%dead = OpLabel' },
    '1.5',
    'spv1.5',
  ],
  [
    'an execution model no version has, but enabled by a capability alone (RayGenerationKHR)',
    { caps: 'Shader RayTracingKHR', exts: ['SPV_KHR_ray_tracing'], entry: 'OpEntryPoint RayGenerationKHR %main "main"' },
    '1.4',
    'spv1.4',
  ],
  [
    'an 8-bit integer type with an 8-bit storage capability',
    { caps: 'Shader StorageBuffer8BitAccess', exts: ['SPV_KHR_8bit_storage'], globals: '%t = OpTypeInt 8 0' },
    '1.3',
    'spv1.3',
  ],
  [
    'a 16-bit integer and float type with a 16-bit storage capability',
    { caps: 'Shader StorageBuffer16BitAccess', globals: '%t = OpTypeInt 16 0\n%h = OpTypeFloat 16' },
    '1.3',
    'spv1.3',
  ],
  ['a 16-bit float type with SPV_AMD_gpu_shader_half_float', { exts: ['SPV_AMD_gpu_shader_half_float'], globals: '%h = OpTypeFloat 16' }, '1.3', 'spv1.3'],
  ['64-bit types with Int64 and Float64', { caps: 'Shader Int64 Float64', globals: '%t = OpTypeInt 64 0\n%d = OpTypeFloat 64' }, '1.3', 'spv1.3'],
  [
    'a Device execution scope with the Vulkan memory model, and a Workgroup memory scope',
    {
      caps: 'Shader VulkanMemoryModel',
      memoryModel: 'OpMemoryModel Logical Vulkan',
      globals: '%uint_1 = OpConstant %uint 1\n%uint_2 = OpConstant %uint 2\n%uint_0 = OpConstant %uint 0',
      body: 'OpControlBarrier %uint_1 %uint_2 %uint_0',
    },
    '1.5',
    'spv1.5',
  ],
  [
    'a Device memory scope with VulkanMemoryModelDeviceScope',
    {
      caps: 'Shader VulkanMemoryModel VulkanMemoryModelDeviceScope',
      memoryModel: 'OpMemoryModel Logical Vulkan',
      globals: '%uint_1 = OpConstant %uint 1\n%uint_0 = OpConstant %uint 0',
      body: 'OpMemoryBarrier %uint_1 %uint_0',
    },
    '1.5',
    'spv1.5',
  ],
  [
    '64-bit atomics with Int64Atomics',
    { caps: 'Shader Int64 Int64Atomics', globals: ATOMICS, body: '%x = OpAtomicIAdd %ulong %wl %uint_1 %uint_0 %l1\nOpAtomicStore %wl %uint_1 %uint_0 %l1' },
    '1.0',
    'spv1.0',
  ],
  [
    'a constant of a 16-bit float with Float16',
    { caps: 'Shader StorageInputOutput16 Float16', globals: '%h = OpTypeFloat 16\n%h1 = OpConstant %h 1' },
    '1.3',
    'spv1.3',
  ],
  [
    'a null pointer to a 16-bit integer only a storage capability declares',
    { caps: 'Shader StorageBuffer16BitAccess VariablePointers', globals: '%s = OpTypeInt 16 1\n%p = OpTypePointer StorageBuffer %s\n%n = OpConstantNull %p' },
    '1.3',
    'spv1.3',
  ],
  ['a NonSemantic set in SPIR-V 1.6', { imports: '%ns = OpExtInstImport "NonSemantic.DebugPrintf"' }, '1.6', 'spv1.6'],
  [
    'InterpolateAtCentroid with InterpolationFunction',
    {
      caps: 'Shader InterpolationFunction',
      imports: '%glsl = OpExtInstImport "GLSL.std.450"',
      entry: FRAGMENT,
      annotations: 'OpDecorate %vin Location 0',
      globals: INPUT,
      body: '%x = OpExtInst %float %glsl InterpolateAtCentroid %vin',
    },
    '1.0',
    'vulkan1.0',
  ],
];
