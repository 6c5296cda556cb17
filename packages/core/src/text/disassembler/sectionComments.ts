import { Op, SHAPE_RESULT, instructionShape, isTypeDeclaration, knownOpcodes } from '../../grammar/index.js';

/**
 * What `spirv-dis --comment` titles an instruction with (see {@link sectionOf}): nothing;
 * `; Function <name>` before every OpFunction; `; Annotations` before the first decoration;
 * `; Debug Information` before the first debug instruction; `; Types, variables and constants`
 * before the first type.
 */
export const Section = { None: 0, Function: 1, Annotations: 2, Debug: 3, Types: 4 } as const;
export type Section = (typeof Section)[keyof typeof Section];

const SECTION = new Uint8Array(65536);
// SPIRV-Tools' spvOpcodeGeneratesType: the type declarations with a result, except
// OpTypeBufferSurfaceINTEL, which spirv-dis 2023.1 leaves out (found by disassembling a module
// that starts with each type declaration).
for (const op of knownOpcodes()) {
  if (isTypeDeclaration(op) && (instructionShape[op] & SHAPE_RESULT) !== 0 && op !== Op.TypeBufferSurfaceINTEL) SECTION[op] = Section.Types;
}
// spvOpcodeIsDecoration: the decorations, not OpDecorationGroup.
for (const op of [Op.Decorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorate, Op.MemberDecorateString, Op.GroupDecorate, Op.GroupMemberDecorate]) {
  SECTION[op] = Section.Annotations;
}
// spvOpcodeIsDebug: also the line instructions, wherever the first of them is.
for (const op of [Op.SourceContinued, Op.Source, Op.SourceExtension, Op.Name, Op.MemberName, Op.String, Op.Line, Op.NoLine, Op.ModuleProcessed]) {
  SECTION[op] = Section.Debug;
}
SECTION[Op.Function] = Section.Function;

/** The section title `spirv-dis --comment` may print before an instruction with this opcode. */
export function sectionOf(opcode: number): Section {
  return SECTION[opcode] as Section;
}
