import type { RuleInfo } from '../../report/RuleInfo.js';

/**
 * The rules of the target environment: entry point interfaces, execution models and modes,
 * storage classes, descriptors and image types. Rules Vulkan gives a VUID (spirv-val prints it)
 * carry that VUID and apply in Vulkan environments only; the others apply in every environment.
 */
export const ENVIRONMENT_RULES = {
  'spvkit-environment-interface-variable': { family: 'environment', summary: 'each interface id of an OpEntryPoint is an OpVariable' },
  'spvkit-environment-interface-global': { family: 'environment', summary: 'from SPIR-V 1.4, an entry point lists global variables only' },
  'spvkit-environment-interface-duplicate': { family: 'environment', summary: 'from SPIR-V 1.4, an entry point lists each interface variable once' },
  'spvkit-environment-interface-storage-class': { family: 'environment', summary: 'before SPIR-V 1.4, an entry point lists Input and Output variables only' },
  'spvkit-environment-interface-missing': {
    family: 'environment',
    summary: 'an entry point lists every variable its call tree uses: from SPIR-V 1.4 every global variable, before that every Input and Output variable',
  },
  'VUID-StandaloneSpirv-Location-04916': {
    family: 'environment',
    summary: 'Vulkan: an Input or Output variable of a vertex, tessellation, geometry or fragment entry point, but a built-in, has a Location',
  },
  'VUID-StandaloneSpirv-Location-04917': {
    family: 'environment',
    summary: 'Vulkan: an Input or Output struct variable that is no Block (and no built-in) has a Location',
  },
  'VUID-StandaloneSpirv-Location-04918': { family: 'environment', summary: 'Vulkan: the members of a struct in a variable given a Location have no Location' },
  'VUID-StandaloneSpirv-Location-04919': {
    family: 'environment',
    summary: 'Vulkan: every member of an Input or Output Block variable without a Location has one',
  },
  'spvkit-environment-location-conflict': {
    family: 'environment',
    summary: "Vulkan: no two of an entry point's inputs (or outputs of one Index) take the same location and component",
  },
  'spvkit-environment-entry-point-missing': {
    family: 'environment',
    summary: 'a module has an OpEntryPoint, unless it declares the Linkage (or GraphARM) capability',
  },
  'spvkit-environment-entry-point-function': { family: 'environment', summary: "an OpEntryPoint's function is an OpFunction" },
  'spvkit-environment-entry-point-signature': {
    family: 'environment',
    summary: "an entry point's function returns void and, but for Kernel entry points, takes no parameters",
  },
  'spvkit-environment-entry-point-name': { family: 'environment', summary: 'no two entry points of one execution model share a name' },
  'spvkit-environment-entry-point-called': { family: 'environment', summary: "an entry point's function is not called by OpFunctionCall" },
  'spvkit-environment-mode-target': { family: 'environment', summary: 'OpExecutionMode and OpExecutionModeId name the function of an OpEntryPoint' },
  'spvkit-environment-mode-id': {
    family: 'environment',
    summary: 'the modes taking id operands (LocalSizeId, ...) are declared with OpExecutionModeId, the others with OpExecutionMode',
  },
  'spvkit-environment-mode-model': {
    family: 'environment',
    summary: "an execution mode is one its entry point's execution model accepts (LocalSize for compute, task and mesh, OriginUpperLeft for Fragment, ...)",
  },
  'spvkit-environment-mode-required': {
    family: 'environment',
    summary:
      'a shader entry point declares the modes its model requires (Fragment: an origin; Geometry: input and output primitives; MeshEXT: output primitives and sizes)',
  },
  'spvkit-environment-mode-conflict': {
    family: 'environment',
    summary: 'a shader entry point declares at most one mode of each exclusive group (depth, spacing, vertex order, primitive, interlock)',
  },
  'spvkit-environment-mode-duplicate': {
    family: 'environment',
    summary: 'an entry point declares each execution mode once (the float-control modes once per operand, e.g. per width)',
  },
  'spvkit-environment-local-size-id': {
    family: 'environment',
    summary: 'Vulkan before 1.3: the LocalSizeId execution mode is not used (spirv-val 2023.1 allows it from Vulkan 1.3)',
  },
  'VUID-StandaloneSpirv-OriginLowerLeft-04653': { family: 'environment', summary: 'Vulkan: the OriginLowerLeft execution mode is not used' },
  'VUID-StandaloneSpirv-PixelCenterInteger-04654': { family: 'environment', summary: 'Vulkan: the PixelCenterInteger execution mode is not used' },
  'VUID-StandaloneSpirv-LocalSize-06426': {
    family: 'environment',
    summary: 'Vulkan: a GLCompute entry point has LocalSize, or the module LocalSizeId or a WorkgroupSize built-in',
  },
  'VUID-StandaloneSpirv-None-04635': { family: 'environment', summary: 'Vulkan: the addressing model is Logical or PhysicalStorageBuffer64' },
  'VUID-StandaloneSpirv-None-04643': { family: 'environment', summary: 'Vulkan: variables and pointers use only the storage classes Vulkan allows' },
  'VUID-StandaloneSpirv-Input-07290': { family: 'environment', summary: 'Vulkan: an Input or Output variable holding a bool is a built-in' },
  'VUID-StandaloneSpirv-OpVariable-04651': {
    family: 'environment',
    summary: 'Vulkan: only Output, Private, Function and Workgroup variables have initializers',
  },
  'VUID-StandaloneSpirv-OpTypeRuntimeArray-04680': {
    family: 'environment',
    summary:
      'Vulkan: a runtime array variable only with RuntimeDescriptorArray, as a StorageBuffer, Uniform or UniformConstant descriptor array; a struct with a runtime array only in StorageBuffer or PhysicalStorageBuffer (a Block) or Uniform (a BufferBlock)',
  },
  'VUID-StandaloneSpirv-PushConstant-06808': { family: 'environment', summary: 'Vulkan: a PushConstant variable is a struct' },
  'VUID-StandaloneSpirv-Uniform-06807': { family: 'environment', summary: 'Vulkan: a Uniform or StorageBuffer variable is a struct or an array of structs' },
  'VUID-StandaloneSpirv-OpEntryPoint-06674': { family: 'environment', summary: 'Vulkan: an entry point uses at most one PushConstant variable' },
  'spvkit-environment-storage-class-model': {
    family: 'environment',
    summary: 'the ray-tracing storage classes and TaskPayloadWorkgroupEXT are used only by entry points of the models that have them',
  },
  'VUID-StandaloneSpirv-None-04644': { family: 'environment', summary: 'Vulkan: compute and ray-tracing entry points use no Output variable' },
  'VUID-StandaloneSpirv-None-04645': { family: 'environment', summary: 'Vulkan: only compute, task and mesh entry points use Workgroup variables' },
  'VUID-StandaloneSpirv-UniformConstant-04655': {
    family: 'environment',
    summary: 'Vulkan: a UniformConstant variable is an image, sampler, sampled image or acceleration structure, or an array of one',
  },
  'VUID-StandaloneSpirv-UniformConstant-06677': {
    family: 'environment',
    summary: 'Vulkan: every UniformConstant, Uniform and StorageBuffer variable has DescriptorSet and Binding decorations',
  },
  'spvkit-environment-image-type': {
    family: 'environment',
    summary: 'OpTypeImage: a void or numeric sampled type, Depth 0-2, Arrayed and MS 0-1, Sampled 0-2; SubpassData images with Sampled 2 and format Unknown',
  },
  'VUID-StandaloneSpirv-OpTypeImage-04656': { family: 'environment', summary: "Vulkan: an image's sampled type is a 32-bit int or float or a 64-bit int" },
  'VUID-StandaloneSpirv-OpTypeImage-04657': { family: 'environment', summary: "Vulkan: an image's Sampled operand is 1 or 2" },
  'VUID-StandaloneSpirv-OpTypeImage-06214': { family: 'environment', summary: 'Vulkan: a SubpassData image is not arrayed' },
  'spvkit-environment-sampled-image': {
    family: 'environment',
    summary: 'OpTypeSampledImage takes an OpTypeImage of Sampled 0 or 1 (from SPIR-V 1.6, not of Dim Buffer)',
  },
} as const satisfies Record<string, RuleInfo>;
