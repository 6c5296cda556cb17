/**
 * The SPIR-V grammar, split by use so that a bundle keeps only what its code calls:
 * - `./shapes.ts`: opcodes, result type and result id, operand kinds and quantifiers, enumerant
 *   values and parameters (what decoding and walking operands need; no names);
 * - `./names.ts`: opcode, enumerant and extended instruction names by number (disassembling);
 * - `./textSpecs.ts`: shapes and names with aliases, operand names and the versions where each name
 *   is available (assembling);
 * - `./specs.ts`: the full specs with capabilities, extensions, classes and docs (building, users);
 * - `./requirements.ts`: the capabilities, extensions and versions each opcode and enumerant
 *   requires, as numbers (validating);
 * - the enumerations (`Op`, `Decoration`, ...) as namespaces of constants, which bundlers inline.
 * Nothing here runs when imported, beyond what a used export needs.
 */
export * from './types.js';
export * from './generated/enums.js';
/** The instruction numbers of each extended instruction set (`NonSemanticShaderDebugInfo100.DebugLine`). */
export * from './generated/extEnums.js';
export {
  SHAPE_KNOWN,
  SHAPE_RESULT,
  SHAPE_TYPE,
  enumHasParameters,
  enumerantParameters,
  extInstOperands,
  extInstSetByName,
  extInstSetInfos,
  instructionOperands,
  instructionShape,
  isIdKind,
  isLiteralKind,
  isTypeDeclaration,
  isConstantCreation,
  isAnnotation,
  decoratesTarget,
  isExtInst,
  knownOpcodes,
  operandCategory,
} from './shapes.js';
export { enumerantName, enumerantNameIn, extInstName, opcodeName } from './names.js';
/** The enumerant names of each core ValueEnum and BitEnum kind, in grammar order, space-separated (for {@link enumerantNameIn}). */
export * as EnumerantNames from './generated/enumNames.js';
export {
  GRAMMAR_VERSION,
  MAGIC_NUMBER,
  enumerantByName,
  enumerantByValue,
  enumerantNames,
  extInstByName,
  extInstByOpcode,
  extInstSetSpec,
  extInstSets,
  instructionByName,
  instructionByOpcode,
  instructions,
  operandKind,
  operandKinds,
} from './specs.js';
export {
  extInstTextSpecs,
  instructionTextSpecs,
  operandKindTextSpec,
  type EnumerantTextSpec,
  type ExtInstTextSpec,
  type InstructionTextSpec,
  type OperandKindTextSpec,
  type VersionAvailability,
} from './textSpecs.js';
export { generatorById, generators } from './generatorById.js';
/** Capabilities, extensions and versions each opcode, enumerant and extended instruction requires (validating). */
export { NO_VERSION, enumerantRequirements, extInstRequirements, instructionRequirements, kindHasRequirements, type Requirements } from './requirements.js';
