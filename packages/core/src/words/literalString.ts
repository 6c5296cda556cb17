import { SpirvError } from '../errors/SpirvError.js';

const utf8Decoder = new TextDecoder('utf-8', { fatal: false });
const utf8Encoder = new TextEncoder();

/**
 * Decodes a nul-terminated UTF-8 literal string packed into words starting at `start`, reading no
 * further than `end`. Bytes come from each word's value, lowest-order byte first, as the
 * specification defines it: this is independent of the file's byte order.
 * Returns the string and the number of words it occupies (terminator and padding included).
 */
export function decodeLiteralString(words: ArrayLike<number>, start: number, end: number): { value: string; wordCount: number } {
  let ascii = '';
  let bytes: number[] | null = null;
  for (let i = start; i < end; i++) {
    const w = words[i];
    for (let shift = 0; shift < 32; shift += 8) {
      const b = (w >>> shift) & 0xff;
      if (b === 0) {
        const value = bytes === null ? ascii : utf8Decoder.decode(new Uint8Array(bytes));
        return { value, wordCount: i - start + 1 };
      }
      if (bytes === null) {
        if (b < 0x80) ascii += String.fromCharCode(b);
        else {
          bytes = [];
          for (let k = 0; k < ascii.length; k++) bytes.push(ascii.charCodeAt(k));
          bytes.push(b);
        }
      } else bytes.push(b);
    }
  }
  throw new SpirvError('UNTERMINATED_STRING', 'a literal string runs to the end of its instruction without a terminating nul byte', {
    offset: end * 4,
    hint: 'the instruction word count is probably wrong, or the string was not terminated by its producer',
  });
}

/** @internal Whether a word holds a zero byte, which ends a literal string (in either byte order). */
export function hasZeroByte(w: number): boolean {
  return (w & 0xff) === 0 || (w & 0xff00) === 0 || (w & 0xff0000) === 0 || (w & 0xff000000) === 0;
}

/** Strings at least this many words long are searched by the engine's byte search rather than word by word. */
const LONG_STRING_WORDS = 16;

/**
 * @internal The index of the first word of `words[from, to)` holding a zero byte, the word that
 * ends a literal string there, or `to` when none does. A long string (OpSource with the whole
 * source text, which `glslang -g` writes: megabytes) is searched with `Uint8Array.indexOf`, a
 * native byte search, instead of a loop that runs uncompiled on a module's only decode. Which
 * bytes of a word are zero does not depend on the byte order, so searching the memory is the same.
 */
export function terminatorWord(words: Uint32Array, from: number, to: number): number {
  if (to - from >= LONG_STRING_WORDS) {
    const at = new Uint8Array(words.buffer, words.byteOffset + from * 4, (to - from) * 4).indexOf(0);
    return at < 0 ? to : from + (at >>> 2);
  }
  let q = from;
  while (q < to && !hasZeroByte(words[q])) q++;
  return q;
}

/** Number of words `value` occupies as a literal string (with terminator and padding). */
export function literalStringWordCount(value: string): number {
  return (utf8Encoder.encode(value).length >>> 2) + 1;
}

/** Packs a string into words: UTF-8, nul-terminated, zero-padded to a word boundary. */
export function encodeLiteralString(value: string): number[] {
  const bytes = utf8Encoder.encode(value);
  const out: number[] = new Array<number>((bytes.length >>> 2) + 1).fill(0);
  for (let i = 0; i < bytes.length; i++) out[i >>> 2] |= bytes[i] << ((i & 3) * 8);
  for (let i = 0; i < out.length; i++) out[i] = out[i] >>> 0;
  return out;
}
