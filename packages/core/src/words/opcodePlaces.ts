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

/**
 * The section of each opcode with a fixed home before the annotations, by its index in the
 * logical layout's order (SECTIONS: capabilities 0 ... annotations 9, globals 10). The grammar's
 * classes do not say this: `Mode-Setting` spans four sections, and `Debug` three plus OpLine,
 * which has no section of its own.
 */
const FIXED_SECTIONS: readonly (readonly [number, number])[] = [
  [Op.Capability, 0],
  [Op.Extension, 1],
  [Op.ExtInstImport, 2],
  [Op.MemoryModel, 3],
  [Op.EntryPoint, 4],
  [Op.ExecutionMode, 5],
  [Op.ExecutionModeId, 5],
  [Op.String, 6],
  [Op.SourceExtension, 6],
  [Op.Source, 6],
  [Op.SourceContinued, 6],
  [Op.Name, 7],
  [Op.MemberName, 7],
  [Op.ModuleProcessed, 8],
];
/** The annotations' section index. */
const ANNOTATIONS = 9;

/** {@link headerSection}'s value for an opcode of no module-level section. */
export const NO_HEADER_SECTION = 255;

/**
 * Per opcode (low 16 bits): the index of its module-level section in the logical layout's order
 * (capabilities 0 ... annotations 9), or {@link NO_HEADER_SECTION} for the rest (types,
 * constants, variables, body instructions, OpLine, opcodes the grammar does not know).
 *
 * @example
 * ```ts
 * headerSection[Op.Name]; // 7, the debug names
 * ```
 */
export const headerSection = new Uint8Array(65536).fill(NO_HEADER_SECTION);
for (const [op, section] of FIXED_SECTIONS) headerSection[op] = section;

/**
 * Per opcode (low 16 bits): its {@link OpcodePlace}. Opcodes the grammar does not know are Body.
 *
 * @example
 * ```ts
 * if (opcodePlace[Op.TypeInt] === OpcodePlace.Global) console.log('a global');
 * ```
 */
export const opcodePlace = new Uint8Array(65536).fill(OpcodePlace.Body);
for (const [op] of FIXED_SECTIONS) opcodePlace[op] = OpcodePlace.Header;
// The grammar's opcodes only: the annotations are its class of that name, so new ones come with it.
for (const op of knownOpcodes()) {
  if (isAnnotation(op)) {
    opcodePlace[op] = OpcodePlace.Header;
    headerSection[op] = ANNOTATIONS;
  } else if (opcodePlace[op] === OpcodePlace.Body && (isTypeDeclaration(op) || isConstantCreation(op))) opcodePlace[op] = OpcodePlace.Global;
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
