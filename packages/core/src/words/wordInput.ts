import { SpirvError } from '../errors/SpirvError.js';
import { SPIRV_MAGIC, SPIRV_MAGIC_SWAPPED } from './header.js';

/** What {@link decodeModule} accepts: words, bytes (any byte offset, Node Buffers included), or a buffer. */
export type BinaryInput = Uint32Array | Uint8Array | ArrayBuffer | ArrayBufferView;

/** Byte order of a module in memory, relative to the SPIR-V magic number. */
export type Endianness = 'little' | 'big';

/** The platform's own byte order, which is how a Uint32Array reads its bytes. */
export const HOST_ENDIANNESS: Endianness = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 'little' : 'big';

/** Swaps the bytes of each word in place. */
export function swapWords(words: Uint32Array): Uint32Array {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    words[i] = ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24);
  }
  return words;
}

/**
 * Normalises any accepted input into words in host order, and reports the byte order the module
 * was stored in so that encoding can give back the same bytes.
 * Aligned Uint8Array and Uint32Array inputs in host order are used without a copy.
 */
export function readWords(input: BinaryInput): { words: Uint32Array; endianness: Endianness } {
  let words: Uint32Array;
  if (input instanceof Uint32Array) {
    words = input;
  } else {
    let bytes: Uint8Array;
    if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
    else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    else {
      throw new SpirvError('BAD_INPUT', `expected a Uint32Array, Uint8Array, ArrayBuffer or Buffer, got ${describe(input)}`);
    }
    if (bytes.byteLength % 4 !== 0) {
      throw new SpirvError(
        'NOT_WORD_ALIGNED',
        `a SPIR-V module is a sequence of 32-bit words, but this input has ${bytes.byteLength} bytes (not a multiple of 4)`,
        { offset: bytes.byteLength - (bytes.byteLength % 4), hint: looksLikeText(bytes) ? TEXT_HINT : 'the file is probably truncated or not SPIR-V' },
      );
    }
    if (bytes.byteOffset % 4 === 0) {
      words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
    } else {
      // A Node Buffer from the pool can start at any byte offset; a view needs 4-byte alignment.
      const copy = new Uint8Array(bytes.byteLength);
      copy.set(bytes);
      words = new Uint32Array(copy.buffer);
    }
  }
  if (words.length > 0 && words[0] === SPIRV_MAGIC_SWAPPED) {
    // Copy before swapping: the caller's buffer is theirs.
    const swapped = swapWords(words.slice());
    return { words: swapped, endianness: HOST_ENDIANNESS === 'little' ? 'big' : 'little' };
  }
  return { words, endianness: HOST_ENDIANNESS };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return typeof value;
}

export { SPIRV_MAGIC };

/** The hint for binary input that reads as text. */
export const TEXT_HINT = 'this looks like text, SPIR-V assembly perhaps: assemble it (spvkit as, or assemble())';

/**
 * Whether the first bytes of `bytes` read as text: printable ASCII, tabs and line breaks, or UTF-8
 * beyond ASCII (a SPIR-V header has zero bytes in its first words; text has none).
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}
