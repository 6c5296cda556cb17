import type { Function } from '../ir/Function.js';
import type { Instruction } from '../ir/Instruction.js';
import { Module } from '../ir/Module.js';
import { DecodeState } from './DecodeState.js';
import { decodeFunctions, scanStructure } from './decodeFunctions.js';
import { decodeGlobals } from './decodeGlobals.js';
import { decodeHeader } from './decodeHeader.js';
import { bodiesRegion } from './bodiesRegion.js';
import { DEFAULT_MAX_ID_BOUND } from '../words/header.js';
import { readWords, type BinaryInput } from '../words/wordInput.js';

/** Options for {@link decodeModule}. */
export interface DecodeOptions {
  /**
   * Largest id bound accepted, and the limit for ids allocated later. Default 0x3FFFFF, the
   * minimum every SPIR-V consumer must support.
   */
  maxIdBound?: number;
  /**
   * Decode function bodies only when first read (default true). Structural checks (word counts,
   * result ids) always run at decode time; operand-level checks of function bodies run when they
   * are decoded, so set this to false to get every error from `decodeModule` itself.
   */
  lazyFunctions?: boolean;
  /**
   * Deepest nesting of composite types accepted (a struct of arrays of vectors is 3 deep).
   * Default 255, the universal limit for structure nesting; deeper modules fail with
   * `TYPE_NESTING_TOO_DEEP` instead of exhausting the stack of whatever walks their types.
   */
  maxTypeNesting?: number;
}

/** Default for {@link DecodeOptions.maxTypeNesting}. */
export const DEFAULT_MAX_TYPE_NESTING = 255;

/**
 * Decodes a SPIR-V binary into a {@link Module}. Accepts words or bytes at any byte offset, in
 * either byte order.
 *
 * Every malformed input fails with a {@link SpirvError} whose code says what is wrong and whose
 * offset says where: a truncated header, a wrong magic number, a word count of zero or past the
 * end, a bound of zero or above the limit, an unterminated string, an id at or above the bound, a
 * result id defined twice.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * const module = decodeModule(readFileSync('shader.spv'));
 * console.log(module.header.bound, module.entryPoints.length);
 * ```
 */
export function decodeModule(input: BinaryInput, options: DecodeOptions = {}): Module {
  const { words, endianness } = readWords(input);
  const maxBound = options.maxIdBound ?? DEFAULT_MAX_ID_BOUND;
  const header = decodeHeader(words, maxBound);
  const module = new Module(header, maxBound);
  module.endianness = endianness;
  const state = new DecodeState(words, header.bound, options.maxTypeNesting ?? DEFAULT_MAX_TYPE_NESTING);
  const start = decodeGlobals(module, state);
  const end = words.length;
  if (start < end) {
    // The structural scan of the function region now, so a bad word count or duplicate id fails here.
    scanStructure(state, start);
    const materialize = (): { functions: Function[]; trailing: Instruction[] } => decodeFunctions(state, start);
    if (options.lazyFunctions === false) {
      const { functions, trailing } = materialize();
      module.functions = functions;
      module.trailing = trailing;
    } else {
      module.setLazyFunctions({ words, start, end, materialize, edited: (bodies) => bodiesRegion(module, bodies) });
    }
  }
  return module;
}
