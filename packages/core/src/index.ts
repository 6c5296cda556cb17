/**
 * @spvkit/core — lossless SPIR-V IR: grammar tables, binary decode/encode, text, analyses,
 * builder and the pass framework.
 *
 * @example
 * ```ts
 * import { decodeModule, encodeModule } from '@spvkit/core';
 * const module = decodeModule(bytes);
 * const words = encodeModule(module);
 * ```
 * @packageDocumentation
 */
export * from './grammar/index.js';
export { SpirvError, type SpirvErrorCode, type SpirvErrorDetails, type SourceLocation } from './errors/SpirvError.js';
export { formatLocation } from './errors/formatLocation.js';
export { SPIRV_MAGIC, HEADER_WORDS, MAX_INSTRUCTION_WORDS, DEFAULT_MAX_ID_BOUND, makeVersion, versionOf, type ModuleHeader } from './words/header.js';
export { HOST_ENDIANNESS, type BinaryInput, type Endianness } from './words/wordInput.js';
export { decodeLiteralString, encodeLiteralString, literalStringWordCount } from './words/literalString.js';
export { decodeModule, DEFAULT_MAX_TYPE_NESTING, type DecodeOptions } from './binary/decodeModule.js';
export { encodeGlobals, encodeModule, type EncodeOptions } from './binary/encodeModule.js';
export { replaceFunctionWords } from './binary/replaceFunctionWords.js';
export { InstructionWalker, instructionAt, instructionEnd, wordCountAt } from './ir/InstructionWalker.js';
export { forEachInstruction, forEachGlobalInstruction, type InstructionSink } from './ir/forEachInstruction.js';
export { Instruction, type SourceSpan, type ReadonlyUint32Array } from './ir/Instruction.js';
export { Block } from './ir/Block.js';
export { Function } from './ir/Function.js';
export { Module, type Analysis, type LazyFunctionRegion } from './ir/Module.js';
export { type ModuleChange, type ChangePlace } from './ir/ModuleChange.js';
export { checkConsistency, type Inconsistency } from './analysis/checkConsistency.js';
export { replaceAllUsesWith, removeDefinition, addDecoration, addMemberDecoration, addName, addGlobalVariable } from './analysis/definitionEdits.js';
export { IdAllocator } from './ir/IdAllocator.js';
export { SECTIONS, type SectionName } from './ir/sections.js';
export { walkOperands, parseOperands, type OperandContext, type OperandVisitor, type OperandProblem, type ParsedOperand } from './ir/operands.js';
export { moduleOperandContext, operandContextOf } from './ir/moduleOperandContext.js';
export { OperandTables } from './ir/OperandTables.js';
export { createIdFlags, createIdValues, moduleWordEstimate, type IdFlags, type IdValues } from './ir/idTables.js';
export { indexModule, definitionOf, type ModuleIndex, type BrokenWords } from './words/ModuleIndex.js';
export { WordEdits } from './words/WordEdits.js';
export { forEachKept } from './words/forEachKept.js';
export { findBlocks, type BlockStructure, type BlockFault, type BlockWalkListener } from './words/BlockStructure.js';
export { OpcodePlace, opcodePlace, isBlockTerminator, headerSection, NO_HEADER_SECTION } from './words/opcodePlaces.js';
export {
  OperandClass,
  OperandQuantity,
  opcodeLayout,
  layoutCodes,
  layoutKinds,
  layoutKindName,
  layoutParameterTables,
  extInstLayout,
  enumerantLayout,
  UNKNOWN_EXT_INST_LAYOUT,
} from './words/operandLayout.js';
export { IdOperandWalker } from './words/IdOperandWalker.js';
export * from './analysis/index.js';
export * from './webgpu/index.js';
export * from './pass/index.js';
export * from './builder/index.js';
export { disassemble, disassembleBinary, disassembleToUtf8, type DisassembleOptions } from './text/disassembler/disassemble.js';
export { friendlyIdNames, instructionTexts } from './text/disassembler/instructionText.js';
export * from './text/assembler/index.js';
