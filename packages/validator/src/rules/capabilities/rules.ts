import type { RuleInfo } from '../../report/RuleInfo.js';

/** The rules of the capabilities, extensions and SPIR-V versions every opcode, operand and enumerant requires. */
export const CAPABILITY_RULES = {
  'spvkit-capabilities-opcode': {
    family: 'capabilities',
    summary: 'an opcode the grammar enables by capabilities is used only with one of them declared, directly or implied by a declared capability',
  },
  'spvkit-capabilities-operand': {
    family: 'capabilities',
    summary: 'an enumerant operand (each bit of a mask) the grammar enables by capabilities is used only with one of them declared',
  },
  'spvkit-capabilities-ext-inst': {
    family: 'capabilities',
    summary: 'an extended instruction the grammar enables by capabilities (GLSL.std.450 InterpolateAt*) is used only with one of them declared',
  },
  'spvkit-capabilities-extension': {
    family: 'capabilities',
    summary:
      'an opcode or enumerant the grammar enables by extensions is used only with one of them declared, unless the module is of a SPIR-V version that has it in core',
  },
  'spvkit-capabilities-version': {
    family: 'capabilities',
    summary: "an opcode or enumerant is used only in a module whose SPIR-V version is within the grammar's first and last version of it",
  },
  'spvkit-capabilities-width': {
    family: 'capabilities',
    summary:
      'an 8, 16 or 64-bit integer or floating-point type is declared only with the capability of its width (Int8, Int16, Int64, Float16, Float64, or a storage capability or extension that enables it)',
  },
  'spvkit-capabilities-vector16': {
    family: 'capabilities',
    summary: 'a vector of 8 or 16 components is declared only with the capability Vector16',
  },
  'spvkit-capabilities-int64-atomics': {
    family: 'capabilities',
    summary: 'an integer atomic instruction on 64-bit integers is used only with the capability Int64Atomics',
  },
  'spvkit-capabilities-small-type-constant': {
    family: 'capabilities',
    summary:
      'a shader makes no constant of an 8 or 16-bit type (or of a composite holding one) that only a storage capability declares, without Int8, Int16 or Float16',
  },
  'spvkit-capabilities-device-scope': {
    family: 'capabilities',
    summary: 'the Device memory scope (a constant) is used with the Vulkan memory model only with the capability VulkanMemoryModelDeviceScope',
  },
  'spvkit-capabilities-extension-version': {
    family: 'capabilities',
    summary: 'an extension is declared only in a module of a SPIR-V version it can be used with (SPV_KHR_workgroup_memory_explicit_layout: 1.4)',
  },
  'spvkit-capabilities-non-semantic': {
    family: 'capabilities',
    summary: 'a NonSemantic.* extended instruction set is imported only with SPV_KHR_non_semantic_info declared, before SPIR-V 1.6',
  },
  'VUID-VkShaderModuleCreateInfo-pCode-08739': {
    family: 'capabilities',
    summary:
      "a module for a Vulkan environment declares only capabilities that Vulkan version supports, or that an extension the module declares enables (the SPIR-V environment appendix's list)",
  },
} as const satisfies Record<string, RuleInfo>;
