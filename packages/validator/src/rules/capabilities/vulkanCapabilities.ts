import { Capability } from '@spvkit/core';

// The capabilities each Vulkan version supports without an extension: those its SPIR-V environment
// appendix guarantees and those a device may support, as spirv-val lists them (validate_capability.cpp).
// Each version adds to the one before. Not in the SPIR-V grammar, which knows no client API.

const VULKAN_1_0 = [
  Capability.Matrix,
  Capability.Shader,
  Capability.InputAttachment,
  Capability.Sampled1D,
  Capability.Image1D,
  Capability.SampledBuffer,
  Capability.ImageBuffer,
  Capability.ImageQuery,
  Capability.DerivativeControl,
  Capability.Geometry,
  Capability.Tessellation,
  Capability.Float64,
  Capability.Int64,
  Capability.Int16,
  Capability.TessellationPointSize,
  Capability.GeometryPointSize,
  Capability.ImageGatherExtended,
  Capability.StorageImageMultisample,
  Capability.UniformBufferArrayDynamicIndexing,
  Capability.SampledImageArrayDynamicIndexing,
  Capability.StorageBufferArrayDynamicIndexing,
  Capability.StorageImageArrayDynamicIndexing,
  Capability.ClipDistance,
  Capability.CullDistance,
  Capability.ImageCubeArray,
  Capability.SampleRateShading,
  Capability.SparseResidency,
  Capability.MinLod,
  Capability.SampledCubeArray,
  Capability.ImageMSArray,
  Capability.StorageImageExtendedFormats,
  Capability.InterpolationFunction,
  Capability.StorageImageReadWithoutFormat,
  Capability.StorageImageWriteWithoutFormat,
  Capability.MultiViewport,
  Capability.Int64Atomics,
  Capability.TransformFeedback,
  Capability.GeometryStreams,
  Capability.Float16,
  Capability.Int8,
];

const VULKAN_1_1 = [
  Capability.DeviceGroup,
  Capability.MultiView,
  Capability.GroupNonUniform,
  Capability.GroupNonUniformVote,
  Capability.GroupNonUniformArithmetic,
  Capability.GroupNonUniformBallot,
  Capability.GroupNonUniformShuffle,
  Capability.GroupNonUniformShuffleRelative,
  Capability.GroupNonUniformClustered,
  Capability.GroupNonUniformQuad,
  Capability.DrawParameters,
  Capability.StorageBuffer16BitAccess,
  Capability.UniformAndStorageBuffer16BitAccess,
  Capability.StoragePushConstant16,
  Capability.StorageInputOutput16,
  Capability.VariablePointersStorageBuffer,
  Capability.VariablePointers,
];

const VULKAN_1_2 = [
  Capability.ShaderNonUniform,
  Capability.DenormPreserve,
  Capability.DenormFlushToZero,
  Capability.SignedZeroInfNanPreserve,
  Capability.RoundingModeRTE,
  Capability.RoundingModeRTZ,
  Capability.VulkanMemoryModel,
  Capability.VulkanMemoryModelDeviceScope,
  Capability.StorageBuffer8BitAccess,
  Capability.UniformAndStorageBuffer8BitAccess,
  Capability.StoragePushConstant8,
  Capability.ShaderViewportIndex,
  Capability.ShaderLayer,
  Capability.PhysicalStorageBufferAddresses,
  Capability.RuntimeDescriptorArray,
  Capability.UniformTexelBufferArrayDynamicIndexing,
  Capability.StorageTexelBufferArrayDynamicIndexing,
  Capability.UniformBufferArrayNonUniformIndexing,
  Capability.SampledImageArrayNonUniformIndexing,
  Capability.StorageBufferArrayNonUniformIndexing,
  Capability.StorageImageArrayNonUniformIndexing,
  Capability.InputAttachmentArrayNonUniformIndexing,
  Capability.UniformTexelBufferArrayNonUniformIndexing,
  Capability.StorageTexelBufferArrayNonUniformIndexing,
];

const VULKAN_1_3 = [
  Capability.DotProduct,
  Capability.DotProductInputAll,
  Capability.DotProductInput4x8Bit,
  Capability.DotProductInput4x8BitPacked,
  Capability.DemoteToHelperInvocation,
];

const VULKAN_1_4 = [Capability.FloatControls2];

const byMinor: readonly (readonly number[])[] = [VULKAN_1_0, VULKAN_1_1, VULKAN_1_2, VULKAN_1_3, VULKAN_1_4];
const sets = new Map<number, ReadonlySet<number>>();

/**
 * The capabilities Vulkan 1.`minor` supports without an extension, or undefined for a version
 * spvkit does not know (no check then).
 * @example vulkanCapabilities(0)?.has(Capability.Geometry) // true
 */
export function vulkanCapabilities(minor: number): ReadonlySet<number> | undefined {
  if (minor < 0 || minor >= byMinor.length) return undefined;
  let set = sets.get(minor);
  if (set === undefined) {
    set = new Set(byMinor.slice(0, minor + 1).flat());
    sets.set(minor, set);
  }
  return set;
}
