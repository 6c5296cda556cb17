import { Op } from '../grammar/index.js';
import { isAnnotation, knownOpcodes } from '../grammar/shapes.js';

/**
 * The sections of the SPIR-V logical layout (specification 2.4), in order. The function bodies
 * follow them and are held separately as {@link Function}s.
 */
export const SECTIONS = [
  'capabilities',
  'extensions',
  'extInstImports',
  'memoryModel',
  'entryPoints',
  'executionModes',
  'debugStrings',
  'debugNames',
  'debugModuleProcessed',
  'annotations',
  'globals',
] as const;

export type SectionName = (typeof SECTIONS)[number];

/**
 * Section index of each opcode that has a fixed home, but the annotations: the grammar's
 * `Annotation` class gives those (see {@link sectionOfOpcode}). Anything else lives in `globals`.
 * The grammar's other classes do not say this: `Mode-Setting` spans four sections, and `Debug`
 * three plus OpLine, which has no section of its own.
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

// Indexes into SECTIONS, written as numbers like those above.
const ANNOTATIONS = 9;
const GLOBALS = 10;

let sections: Map<number, number> | undefined;

/** The section of each opcode with a fixed home, built on first use: one lookup per instruction decoded. */
function sectionOfOpcode(): Map<number, number> {
  if (sections === undefined) {
    sections = new Map(FIXED_SECTIONS);
    for (const opcode of knownOpcodes()) if (isAnnotation(opcode)) sections.set(opcode, ANNOTATIONS);
  }
  return sections;
}

/**
 * The section an opcode belongs to by the logical layout: types, constants, variables, OpUndef and
 * non-semantic OpExtInst belong to `globals`. OpLine, OpNoLine and opcodes the grammar does not
 * know give -1: they stay in whatever section the module is in at that point. Decoding only ever
 * moves forward through the sections, so it never reorders anything.
 */
export function naturalSection(opcode: number, known: boolean): number {
  const s = sectionOfOpcode().get(opcode);
  if (s !== undefined) return s;
  if (!known || opcode === Op.Line || opcode === Op.NoLine) return -1;
  return GLOBALS;
}

/** Section index where instructions such as types, constants and global variables go. */
export const GLOBALS_SECTION = GLOBALS;
