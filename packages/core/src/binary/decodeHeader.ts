import { SpirvError } from '../errors/SpirvError.js';
import { HEADER_WORDS, SPIRV_MAGIC, type ModuleHeader } from '../words/header.js';
import { TEXT_HINT, looksLikeText } from '../words/wordInput.js';

/**
 * The header of the module in `words`, checked before anything else is read: a truncated header,
 * a wrong magic number, and a bound of zero or above `maxBound` fail here, so nothing is ever
 * allocated for a bound the module cannot have.
 */
export function decodeHeader(words: Uint32Array, maxBound: number): ModuleHeader {
  if (words.length < HEADER_WORDS) {
    throw new SpirvError('TRUNCATED_HEADER', `the input is ${words.length * 4} bytes, shorter than the 20-byte SPIR-V header`, {
      offset: words.length * 4,
      hint: looksLikeText(bytesOf(words)) ? TEXT_HINT : 'the file is empty or truncated',
    });
  }
  if (words[0] !== SPIRV_MAGIC) {
    throw new SpirvError(
      'BAD_MAGIC',
      `not a SPIR-V module: the first word is 0x${words[0].toString(16).padStart(8, '0')}, expected the magic number 0x07230203`,
      { offset: 0, hint: looksLikeText(bytesOf(words)) ? TEXT_HINT : 'a file of another format, or a damaged one?' },
    );
  }
  const bound = words[3];
  if (bound === 0) {
    throw new SpirvError('BOUND_ZERO', 'the header declares an id bound of 0, so no id can be valid', { offset: 12 });
  }
  if (bound > maxBound) {
    throw new SpirvError(
      'BOUND_TOO_LARGE',
      `the header declares an id bound of ${bound} (0x${bound.toString(16)}), above the limit of ${maxBound} (0x${maxBound.toString(16)})`,
      { offset: 12, hint: 'the header is corrupt, or raise the maxIdBound option if this module really needs that many ids' },
    );
  }
  return { version: words[1], generator: words[2], bound, schema: words[4] };
}

/** The bytes of `words`, as they lie in memory. */
function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
