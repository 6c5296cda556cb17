import { Op, isAnnotation, knownOpcodes } from '@spvkit/core';

/**
 * The sections of the logical layout (SPIR-V spec 2.4), numbered in the order they must come.
 * Section of an opcode is fixed for the module-level sections; the globals section (types,
 * constants, global variables) and the functions are told apart by where the opcode may appear.
 */
export const enum Section {
  Capability = 0,
  Extension = 1,
  ExtInstImport = 2,
  MemoryModel = 3,
  EntryPoint = 4,
  ExecutionMode = 5,
  DebugSource = 6,
  DebugName = 7,
  ModuleProcessed = 8,
  Annotation = 9,
  Globals = 10,
  Functions = 11,
}

const headerSections = new Map<number, Section>([
  [Op.Capability, Section.Capability],
  [Op.Extension, Section.Extension],
  [Op.ExtInstImport, Section.ExtInstImport],
  [Op.MemoryModel, Section.MemoryModel],
  [Op.EntryPoint, Section.EntryPoint],
  [Op.ExecutionMode, Section.ExecutionMode],
  [Op.ExecutionModeId, Section.ExecutionMode],
  [Op.String, Section.DebugSource],
  [Op.SourceExtension, Section.DebugSource],
  [Op.Source, Section.DebugSource],
  [Op.SourceContinued, Section.DebugSource],
  [Op.Name, Section.DebugName],
  [Op.MemberName, Section.DebugName],
  [Op.ModuleProcessed, Section.ModuleProcessed],
]);

/** The section of a header opcode (meaningful where core's `opcodePlace` is Header). */
export const sectionOf = new Uint8Array(65536);
for (const [op, section] of headerSections) sectionOf[op] = section;
// The grammar's opcodes only (the classes hold nothing else).
for (const op of knownOpcodes()) if (isAnnotation(op)) sectionOf[op] = Section.Annotation;
