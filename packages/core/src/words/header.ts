/** The SPIR-V magic number as read in the module's own byte order. */
export const SPIRV_MAGIC = 0x07230203;
/** The magic number as seen when a module of the other byte order is read. */
export const SPIRV_MAGIC_SWAPPED = 0x03022307;
/** Words in the module header. */
export const HEADER_WORDS = 5;
/** Largest word count one instruction can have (the count is a 16-bit field). */
export const MAX_INSTRUCTION_WORDS = 0xffff;
/** The id bound every consumer must support (SPIR-V universal limits); the default limit. */
export const DEFAULT_MAX_ID_BOUND = 0x3fffff;

/** The five header words, decoded. */
export interface ModuleHeader {
  /** Version word: `0x00MMmm00`; see {@link versionOf} and {@link makeVersion}. */
  version: number;
  /** Generator word: tool id in the upper 16 bits, the tool's own version in the lower 16. */
  generator: number;
  /** Every result id is below this. */
  bound: number;
  /** Reserved instruction schema, normally 0. */
  schema: number;
}

/**
 * Splits a version word into major and minor.
 *
 * @example versionOf(0x00010300) // { major: 1, minor: 3 }
 */
export function versionOf(word: number): { major: number; minor: number } {
  return { major: (word >>> 16) & 0xff, minor: (word >>> 8) & 0xff };
}

/**
 * Builds a version word.
 *
 * @example makeVersion(1, 6) === 0x00010600
 */
export function makeVersion(major: number, minor: number): number {
  return ((major & 0xff) << 16) | ((minor & 0xff) << 8);
}
