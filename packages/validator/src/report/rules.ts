/**
 * The rules the validator checks, each under a stable code. A code never changes meaning once
 * published: tools and users filter on it. Where Vulkan gives a rule a VUID, the code is that VUID;
 * the SPIR-V core rules checked here have none, so they carry `spvkit-<family>-<rule>` codes.
 */

import { BUILTIN_RULES } from '../rules/builtins/rules.js';
import { CAPABILITY_RULES } from '../rules/capabilities/rules.js';
import { CONTROL_FLOW_RULES } from '../rules/controlFlow/rules.js';
import { DECORATION_RULES } from '../rules/decorations/rules.js';
import { ENVIRONMENT_RULES } from '../rules/environment/rules.js';
import { OPERAND_RULES } from '../rules/operands/rules.js';
import type { RuleInfo } from './RuleInfo.js';

export type { RuleFamily, RuleInfo } from './RuleInfo.js';

/** The rules of the first families: binary, layout, ids, SSA and the first slices of types. */
const CORE_RULES = {
  'spvkit-binary-header': { family: 'binary', summary: 'the module starts with a 5-word header whose magic number is 0x07230203' },
  'spvkit-binary-version': { family: 'binary', summary: 'the header names a SPIR-V version from 1.0 to 1.6' },
  'spvkit-binary-word-count': { family: 'binary', summary: 'every instruction has a word count of at least 1 that ends inside the module' },
  'spvkit-binary-too-short': { family: 'binary', summary: 'an instruction holds at least the words its opcode requires' },
  'spvkit-binary-string': { family: 'binary', summary: 'every literal string ends with a nul byte inside its instruction' },
  'spvkit-ids-bound': { family: 'ids', summary: 'every result id is below the id bound of the header' },
  'spvkit-ids-zero': { family: 'ids', summary: 'id 0 is never a result id or a result type' },
  'spvkit-ids-duplicate': { family: 'ids', summary: 'an id is the result of one instruction only' },
  'spvkit-ids-undefined': { family: 'ids', summary: 'every id used is defined somewhere in the module' },
  'spvkit-ids-forward': {
    family: 'ids',
    summary:
      'an id is defined before it is used, except where the spec allows a forward reference (names, decorations, entry points, branch targets, OpPhi, OpFunctionCall)',
  },
  'spvkit-layout-order': { family: 'layout', summary: "instructions come in the sections of the logical layout, in the layout's order" },
  'spvkit-layout-memory-model': { family: 'layout', summary: 'the module has exactly one OpMemoryModel' },
  'spvkit-layout-outside-function': { family: 'layout', summary: 'an instruction of a function body appears only inside a function' },
  'spvkit-layout-in-function': {
    family: 'layout',
    summary: 'types, constants, global declarations and module-level instructions appear only outside functions',
  },
  'spvkit-layout-function': {
    family: 'layout',
    summary: 'a function is OpFunction, its OpFunctionParameters, its blocks and OpFunctionEnd; functions do not nest',
  },
  'spvkit-layout-block': { family: 'layout', summary: 'a block starts with OpLabel and ends with exactly one terminator' },
  'spvkit-layout-variable': {
    family: 'layout',
    summary: "a function's OpVariables are the first instructions of its first block",
  },
  'spvkit-layout-phi': { family: 'layout', summary: "a block's OpPhis come before its other instructions" },
  'spvkit-ssa-dominance': { family: 'ssa', summary: "a definition's block dominates every block that uses it" },
  'spvkit-ssa-function': { family: 'ssa', summary: 'an id defined in a function is used only in that function' },
  'spvkit-ssa-phi-predecessor': { family: 'ssa', summary: "each parent block of an OpPhi is a predecessor of the OpPhi's block" },
  'spvkit-ssa-phi-count': { family: 'ssa', summary: 'an OpPhi has one (value, parent) pair per predecessor of its block' },
  'spvkit-ssa-phi-value': { family: 'ssa', summary: "each value of an OpPhi has the OpPhi's result type" },
  'spvkit-ssa-phi-dominance': { family: 'ssa', summary: 'each value of an OpPhi is defined in a block that dominates its parent block' },
  'spvkit-types-result': { family: 'types', summary: 'the result type is of the kind the instruction computes' },
  'spvkit-types-operand': { family: 'types', summary: 'each operand has the type the instruction requires of it' },
  'spvkit-types-components': { family: 'types', summary: 'vector operands have as many components as the result' },
  'spvkit-types-width': { family: 'types', summary: 'operand component widths are the ones the instruction requires' },
  'spvkit-types-load': { family: 'types', summary: "OpLoad's result type is the type its pointer points to" },
  'spvkit-types-store': { family: 'types', summary: 'OpStore stores an object of the type its pointer points to' },
  'spvkit-types-return': { family: 'types', summary: "OpReturnValue returns a value of the function's return type" },
  'spvkit-types-composite': {
    family: 'types',
    summary: 'OpCompositeExtract gives the type its indexes reach; OpCompositeConstruct has constituents of the types and number its result type holds',
  },
  'spvkit-types-declaration-width': {
    family: 'types',
    summary: 'OpTypeInt is 8, 16, 32 or 64 bits wide with signedness 0 or 1; OpTypeFloat without an encoding is 16, 32 or 64 bits wide',
  },
  'spvkit-types-declaration-vector': {
    family: 'types',
    summary: 'OpTypeVector has a scalar component type and 2, 3 or 4 components (8 or 16 with Vector16)',
  },
  'spvkit-types-declaration-matrix': { family: 'types', summary: 'OpTypeMatrix has 2, 3 or 4 columns, each a float vector' },
  'spvkit-types-declaration-array': {
    family: 'types',
    summary: "an array's element type is not void, and OpTypeArray's length is an integer constant of at least 1",
  },
  'spvkit-types-declaration-struct': { family: 'types', summary: 'no member of OpTypeStruct is void' },
  'spvkit-types-constant-composite': {
    family: 'types',
    summary:
      'OpConstantComposite and OpSpecConstantComposite make a vector, matrix, array or struct from one constituent per component, column, element or member, of the type it holds there',
  },
  'spvkit-types-constant-spec-constituent': {
    family: 'types',
    summary: 'an OpConstantComposite holds no specialization constant (OpSpecConstantComposite does)',
  },
  'spvkit-types-access-chain': {
    family: 'types',
    summary:
      'an access chain takes a pointer base and integer indexes (constants into structs, within bounds), and its result points to the type they reach, in the same storage class',
  },
  'spvkit-types-not-value': { family: 'types', summary: 'an operand that must be a value is not a type, a label, a function or another non-value' },
} as const satisfies Record<string, RuleInfo>;

/** The rules whose codes are listed one by one: each later family's table lives beside its checks. */
const LISTED_RULES = {
  ...CORE_RULES,
  ...OPERAND_RULES,
  ...CONTROL_FLOW_RULES,
  ...DECORATION_RULES,
  ...CAPABILITY_RULES,
  ...ENVIRONMENT_RULES,
} as const satisfies Record<string, RuleInfo>;

/**
 * Every rule, by code. The builtins family's codes are its VUIDs, made from its rule table: their
 * type is a pattern (`VUID-${string}`), which a spread would drop, so it is joined by type here.
 */
export const RULES: typeof LISTED_RULES & typeof BUILTIN_RULES = { ...LISTED_RULES, ...BUILTIN_RULES };

/** A rule code. */
export type RuleCode = keyof typeof RULES;
