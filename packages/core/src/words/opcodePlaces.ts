import { Op } from '../grammar/index.js';
import { isAnnotation, isConstantCreation, isTypeDeclaration, knownOpcodes } from '../grammar/shapes.js';

/** Where an opcode may appear in the logical layout (SPIR-V 2.4): the values of {@link opcodePlace}. */
export const OpcodePlace = Object.freeze({
  /** One of the module-level sections before the globals (capabilities to annotations). */
  Header: 1,
  /** Only among types, constants and global variables. */
  Global: 2,
  /** Both among the globals and in a function body (OpUndef, OpVariable, OpLine, OpNoLine, OpExtInst). */
  Either: 3,
  /** Only in a function body. */
  Body: 4,
} as const);
export type OpcodePlace = (typeof OpcodePlace)[keyof typeof OpcodePlace];

const HEADER_OPCODES = [
  Op.Capability,
  Op.Extension,
  Op.ExtInstImport,
  Op.MemoryModel,
  Op.EntryPoint,
  Op.ExecutionMode,
  Op.ExecutionModeId,
  Op.String,
  Op.SourceExtension,
  Op.Source,
  Op.SourceContinued,
  Op.Name,
  Op.MemberName,
  Op.ModuleProcessed,
];

/**
 * Per opcode (low 16 bits): its {@link OpcodePlace}. Opcodes the grammar does not know are Body.
 *
 * @example
 * ```ts
 * if (opcodePlace[Op.TypeInt] === OpcodePlace.Global) console.log('a global');
 * ```
 */
export const opcodePlace = new Uint8Array(65536).fill(OpcodePlace.Body);
for (const op of HEADER_OPCODES) opcodePlace[op] = OpcodePlace.Header;
// The grammar's opcodes only: the annotations are its class of that name, so new ones come with it.
for (const op of knownOpcodes()) {
  if (isAnnotation(op)) opcodePlace[op] = OpcodePlace.Header;
  else if (opcodePlace[op] === OpcodePlace.Body && (isTypeDeclaration(op) || isConstantCreation(op))) opcodePlace[op] = OpcodePlace.Global;
}
for (const op of [Op.Undef, Op.Variable, Op.Line, Op.NoLine, Op.ExtInst]) opcodePlace[op] = OpcodePlace.Either;

/** 1 for the opcodes that end a block, per opcode. */
export const isBlockTerminator = new Uint8Array(65536);
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
  isBlockTerminator[op] = 1;
}
