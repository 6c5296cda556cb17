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
