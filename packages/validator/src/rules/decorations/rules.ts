import type { RuleInfo } from '../../report/RuleInfo.js';

/**
 * The rules of where each decoration is allowed, and Vulkan's buffer layout rules, as spirv-val
 * checks them (validate_annotation.cpp, validate_decorations.cpp). Codes are Vulkan's VUIDs where
 * spirv-val's message carries one.
 */
export const DECORATION_RULES = {
  'spvkit-decorations-member-only': {
    family: 'decorations',
    summary: 'RowMajor, ColMajor and MatrixStride decorate structure members only (OpMemberDecorate), never an id',
  },
  'spvkit-decorations-not-member': {
    family: 'decorations',
    summary: 'decorations of ids only (SpecId, Block, BufferBlock, ArrayStride, Binding, DescriptorSet, ...) are not applied to structure members',
  },
  'spvkit-decorations-member-target': {
    family: 'decorations',
    summary: 'OpMemberDecorate and OpGroupMemberDecorate name a structure type and one of its members',
  },
  'spvkit-decorations-id-parameters': {
    family: 'decorations',
    summary: 'decorations taking id parameters are applied with OpDecorateId, the others with OpDecorate',
  },
  'spvkit-decorations-group': {
    family: 'decorations',
    summary: 'a decoration group is named only by OpName and the decorate instructions; OpGroupDecorate applies a group to ids other than groups',
  },
  'spvkit-decorations-spec-id': { family: 'decorations', summary: 'SpecId decorates a scalar specialization constant' },
  'spvkit-decorations-struct-only': {
    family: 'decorations',
    summary: 'Block, BufferBlock, GLSLShared, GLSLPacked and CPacked decorate structure types',
  },
  'spvkit-decorations-array-stride-target': { family: 'decorations', summary: 'ArrayStride decorates an array, runtime array or pointer type' },
  'spvkit-decorations-builtin-target': {
    family: 'decorations',
    summary: 'BuiltIn decorates a variable or structure member (WorkgroupSize in shaders: a constant)',
  },
  'spvkit-decorations-memory-object': {
    family: 'decorations',
    summary:
      'interpolation, aliasing, memory-access, transform-feedback and Component decorations decorate a memory object declaration (a variable or function parameter of pointer type)',
  },
  'spvkit-decorations-variable-only': {
    family: 'decorations',
    summary: 'Invariant, Constant, Location, Index, Binding, DescriptorSet and InputAttachmentIndex decorate variables (Location also structure members)',
  },
  'spvkit-decorations-index-output': { family: 'decorations', summary: 'in Vulkan, Index decorates a variable in the Output storage class' },
  'VUID-StandaloneSpirv-GLSLShared-04669': { family: 'decorations', summary: 'Vulkan: GLSLShared and GLSLPacked are not used' },
  'VUID-StandaloneSpirv-Location-06672': {
    family: 'decorations',
    summary: 'Vulkan: Location and Component decorate only variables of the interface and ray-tracing storage classes',
  },
  'VUID-StandaloneSpirv-DescriptorSet-06491': {
    family: 'decorations',
    summary: 'Vulkan: Binding and DescriptorSet decorate only variables in the StorageBuffer, Uniform or UniformConstant storage class',
  },
  'VUID-StandaloneSpirv-InputAttachmentIndex-06678': {
    family: 'decorations',
    summary: 'Vulkan: InputAttachmentIndex decorates only variables in the UniformConstant storage class',
  },
  'VUID-StandaloneSpirv-Flat-04670': {
    family: 'decorations',
    summary: 'Vulkan: Flat, NoPerspective, Centroid and Sample decorate only Input or Output variables',
  },
  'spvkit-decorations-duplicate': {
    family: 'decorations',
    summary: 'a decoration (Location, Binding, Block, BuiltIn, RelaxedPrecision, ...) is applied directly to an id, or to one member of a structure, once',
  },
  'spvkit-decorations-conflict': {
    family: 'decorations',
    summary: 'an id is not both Block and BufferBlock, nor both Restrict and Aliased; a member not both RowMajor and ColMajor',
  },
  'spvkit-decorations-component-target': {
    family: 'decorations',
    summary: 'Component decorates an Input or Output variable, a function parameter, or a structure member',
  },
  'VUID-StandaloneSpirv-Component-04924': { family: 'decorations', summary: 'Vulkan: Component decorates a scalar or vector (or an array of them)' },
  'VUID-StandaloneSpirv-Component-04920': { family: 'decorations', summary: 'Vulkan: a Component value is at most 3' },
  'VUID-StandaloneSpirv-Component-04921': {
    family: 'decorations',
    summary: 'Vulkan: a 16- or 32-bit scalar or vector starting at its Component fits in components 0 to 3',
  },
  'VUID-StandaloneSpirv-Component-04922': {
    family: 'decorations',
    summary: 'Vulkan: a 64-bit scalar or vector starting at its Component fits in components 0 to 3, two per element',
  },
  'VUID-StandaloneSpirv-Component-04923': { family: 'decorations', summary: 'Vulkan: a 64-bit type has Component 0 or 2' },
  'VUID-StandaloneSpirv-Component-07703': { family: 'decorations', summary: 'Vulkan: Component decorates 64-bit scalars and 2-component vectors only' },
  'spvkit-decorations-non-writable': {
    family: 'decorations',
    summary:
      'NonWritable decorates a variable or parameter pointing to a uniform block, storage buffer or storage image (from SPIR-V 1.4 also Function and Private variables)',
  },
  'spvkit-decorations-uniform': { family: 'decorations', summary: 'Uniform and UniformId decorate an object (a value of a non-void type)' },
  'spvkit-decorations-relaxed-precision': { family: 'decorations', summary: 'RelaxedPrecision decorates values and structure members, not types' },
  'spvkit-decorations-integer-wrap': {
    family: 'decorations',
    summary: 'NoSignedWrap and NoUnsignedWrap decorate OpIAdd, OpISub, OpIMul, OpShiftLeftLogical, OpSNegate and extended instructions only',
  },
  'spvkit-decorations-vulkan-memory-model': {
    family: 'decorations',
    summary: 'with the Vulkan memory model, Coherent and Volatile are not used',
  },
  'spvkit-decorations-linkage': {
    family: 'decorations',
    summary:
      'a function declaration has Import LinkageAttributes, a definition has not; an imported variable has no initializer; an entry point has no LinkageAttributes',
  },
  'spvkit-decorations-fp-rounding': {
    family: 'decorations',
    summary:
      'in shaders, FPRoundingMode decorates an OpFConvert whose result is only stored (as OpStore Object) through pointers to 16-bit floats of buffer, push-constant or interface storage',
  },
  'VUID-StandaloneSpirv-FPRoundingMode-04675': { family: 'decorations', summary: 'Vulkan: the FPRoundingMode is RTE or RTZ' },
  'spvkit-decorations-block-offset': {
    family: 'decorations',
    summary: 'a Block or BufferBlock structure of a buffer has an Offset on every member, nested structures included',
  },
  'spvkit-decorations-block-array-stride': {
    family: 'decorations',
    summary: 'every array member of a Block or BufferBlock structure of a buffer (and of structures nested in it) has an ArrayStride',
  },
  'spvkit-decorations-block-matrix-stride': {
    family: 'decorations',
    summary: 'every matrix member of a Block or BufferBlock structure of a buffer (and of structures nested in it) has a MatrixStride',
  },
  'spvkit-decorations-block-matrix-layout': {
    family: 'decorations',
    summary: 'every matrix member of a Block or BufferBlock structure of a buffer (and of structures nested in it) is RowMajor or ColMajor',
  },
  'spvkit-decorations-layout-offset': {
    family: 'decorations',
    summary:
      "Vulkan: each member's Offset is a multiple of its alignment (std140 for uniform buffers, std430 for storage buffers and push constants; relaxed: a vector's component)",
  },
  'spvkit-decorations-layout-overlap': {
    family: 'decorations',
    summary: 'Vulkan: a member does not overlap the member before it, nor (but in scalar layout) the padding after a structure or array',
  },
  'spvkit-decorations-layout-straddle': {
    family: 'decorations',
    summary: 'Vulkan, relaxed block layout: a vector of up to 16 bytes does not cross a 16-byte boundary; a larger one starts on one',
  },
  'spvkit-decorations-layout-matrix-stride': { family: 'decorations', summary: "Vulkan: a matrix's MatrixStride is a multiple of its alignment" },
  'spvkit-decorations-layout-array-stride': {
    family: 'decorations',
    summary: "Vulkan: an array's ArrayStride is not 0, is a multiple of its element's alignment and no smaller than its element",
  },
  'VUID-StandaloneSpirv-PushConstant-06675': {
    family: 'decorations',
    summary: 'Vulkan: a PushConstant or StorageBuffer variable is of a Block structure (never BufferBlock in StorageBuffer)',
  },
  'VUID-StandaloneSpirv-Uniform-06676': { family: 'decorations', summary: 'Vulkan: a Uniform variable is of a Block or BufferBlock structure' },
  'VUID-StandaloneSpirv-Location-04915': { family: 'decorations', summary: 'Vulkan: a BuiltIn variable has no Location or Component decoration' },
  'spvkit-decorations-builtin-struct-block': {
    family: 'decorations',
    summary:
      "an interface structure with BuiltIn members is decorated Block (spirv-val tags it VUID-StandaloneSpirv-Location-04919, the environment family's code for Block members' Locations)",
  },
  'spvkit-decorations-builtin-members': {
    family: 'decorations',
    summary: 'a structure with a BuiltIn member has BuiltIn on every member',
  },
  'spvkit-decorations-builtin-blocks': {
    family: 'decorations',
    summary: 'an entry point has at most one Input and one Output variable of a structure with BuiltIn members',
  },
  'VUID-StandaloneSpirv-Flat-04744': {
    family: 'decorations',
    summary: 'Vulkan: a fragment Input of integer or 64-bit float scalar type (or integer vector) is Flat',
  },
  'VUID-StandaloneSpirv-Flat-06201': {
    family: 'decorations',
    summary: 'Vulkan: a fragment entry point has no Output decorated Flat, NoPerspective, Sample or Centroid',
  },
  'VUID-StandaloneSpirv-Flat-06202': {
    family: 'decorations',
    summary: 'Vulkan: a vertex entry point has no Input decorated Flat, NoPerspective, Sample or Centroid',
  },
} as const satisfies Record<string, RuleInfo>;
