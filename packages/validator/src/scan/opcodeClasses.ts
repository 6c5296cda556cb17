import { Op, isAnnotation, isConstantCreation, isTypeDeclaration, knownOpcodes } from '@spvkit/core';

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

/** Placement classes of an opcode: where it may appear. */
export const enum Place {
  /** One of the module-level sections 0..9 (the section in `sectionOf`). */
  Header = 1,
  /** Only among types, constants and global variables. */
  Global = 2,
  /** Both among the globals and in a function body (OpUndef, OpVariable, OpLine, OpNoLine, OpExtInst). */
  Either = 3,
  /** Only in a function body. */
  Body = 4,
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

/** Per opcode (low 16 bits): its {@link Place}; per header opcode, its section. Built once. */
export const placeOf = new Uint8Array(65536);
/** The section of a header opcode (meaningful where placeOf is Header). */
export const sectionOf = new Uint8Array(65536);

placeOf.fill(Place.Body);
for (const [op, section] of headerSections) {
  placeOf[op] = Place.Header;
  sectionOf[op] = section;
}
// The grammar's opcodes only (the classes hold nothing else): a loop over all 65,536 values ran
// at every `spvkit val`'s start, uncompiled, for ~10 ms.
for (const op of knownOpcodes()) {
  // The annotations are the grammar's class of that name, so new ones (OpMemberDecorateIdEXT) come with it.
  if (isAnnotation(op)) {
    placeOf[op] = Place.Header;
    sectionOf[op] = Section.Annotation;
  } else if ((placeOf[op] as Place) === Place.Body && (isTypeDeclaration(op) || isConstantCreation(op))) placeOf[op] = Place.Global;
}
for (const op of [Op.Undef, Op.Variable, Op.Line, Op.NoLine, Op.ExtInst]) placeOf[op] = Place.Either;
placeOf[Op.Function] = Place.Body;

/** Opcodes that end a block. */
export const isTerminator = new Uint8Array(65536);
for (const op of [
  Op.Branch,
  Op.BranchConditional,
  Op.Switch,
  Op.Kill,
  Op.Return,
  Op.ReturnValue,
  Op.Unreachable,
  Op.TerminateInvocation,
  Op.IgnoreIntersectionKHR,
  Op.TerminateRayKHR,
  Op.EmitMeshTasksEXT,
]) {
  isTerminator[op] = 1;
}
