import { Op } from '../grammar/index.js';
import { NO_HEADER_SECTION, headerSection } from '../words/opcodePlaces.js';

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

// Indexes into SECTIONS.
const GLOBALS = 10;

/**
 * The section an opcode belongs to by the logical layout: types, constants, variables, OpUndef and
 * non-semantic OpExtInst belong to `globals`. OpLine, OpNoLine and opcodes the grammar does not
 * know give -1: they stay in whatever section the module is in at that point. Decoding only ever
 * moves forward through the sections, so it never reorders anything.
 */
export function naturalSection(opcode: number, known: boolean): number {
  const s = headerSection[opcode];
  if (s !== NO_HEADER_SECTION) return s;
  if (!known || opcode === Op.Line || opcode === Op.NoLine) return -1;
  return GLOBALS;
}

/** Section index where instructions such as types, constants and global variables go. */
export const GLOBALS_SECTION = GLOBALS;
