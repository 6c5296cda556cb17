import { LiteralError, asciiText } from './LiteralError.js';

/**
 * Whether spirv-as reads a word as a number rather than a string (`spvTextToLiteral`): digits with
 * at most one `.` and an optional leading `-`.
 */
export function looksNumeric(bytes: Uint8Array, start: number, end: number): boolean {
  let periods = 0;
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c >= 0x30 && c <= 0x39) continue;
    if (c === 0x2e) periods++;
    else if (c !== 0x2d || i !== start) return false;
  }
  return periods <= 1 && !(end - start === 1 && bytes[start] === 0x2d);
}

/** Whether the words' lowest byte comes first in memory, so a string's bytes can be copied straight in. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Letters that, after a backslash, a C programmer expects to be an escape sequence. */
const C_ESCAPES = new Set([0x6e, 0x74, 0x72, 0x30, 0x61, 0x62, 0x66, 0x76, 0x78, 0x75]); // n t r 0 a b f v x u

/**
 * Encodes a quoted string word as a literal string, as spirv-as does: the bytes between the quotes
 * (UTF-8 kept as is), where a backslash keeps the next byte whatever it is (`\"` is a quote, `\\`
 * a backslash, and `\n` is the letter n: there are no other escapes), then a NUL, padded to whole
 * words, the first byte in the lowest bits of a word.
 *
 * Writes the words to `out[at]` (which must have room for `(end - start) / 4 + 1` words) and returns
 * how many, or the error. `onCEscape` is told about each backslash before a letter a C programmer
 * would read as an escape sequence. `backslashAt`, when given, is where the first backslash at or
 * after `start` is (or any offset from `end` on when there is none in the word), so a long string
 * need not be searched again.
 *
 * @example encodeString(bytes, s, e, out, 0) // "abc" → out[0] = 0x00636261, returns 1
 */
export function encodeString(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: Uint32Array,
  at: number,
  onCEscape?: (backslashAt: number) => void,
  backslashAt?: number,
): number | LiteralError {
  if (end - start < 2 || bytes[start] !== 0x22 || bytes[end - 1] !== 0x22) {
    return new LiteralError(`expected a quoted string, found '${asciiText(bytes, start, end)}'`, 'write strings in double quotes: "main"');
  }
  const length = end - start - 2;
  // A long string without backslashes is its bytes as they are: copy them into the words at once.
  if (length >= 64 && LITTLE_ENDIAN && (backslashAt !== undefined ? backslashAt >= end - 1 : bytes.subarray(start + 1, end - 1).indexOf(0x5c) < 0)) {
    const words = (length >>> 2) + 1;
    out[at + words - 1] = 0;
    new Uint8Array(out.buffer, out.byteOffset + at * 4, length).set(bytes.subarray(start + 1, end - 1));
    return words;
  }
  let word = 0;
  let n = 0; // bytes written
  let escaping = false;
  for (let i = start + 1; i < end - 1; i++) {
    const c = bytes[i];
    if (c === 0x5c && !escaping) {
      escaping = true;
      if (onCEscape !== undefined && i + 1 < end - 1 && C_ESCAPES.has(bytes[i + 1])) onCEscape(i);
      continue;
    }
    escaping = false;
    word |= c << ((n & 3) * 8);
    n++;
    if ((n & 3) === 0) {
      out[at + (n >>> 2) - 1] = word;
      word = 0;
    }
  }
  out[at + (n >>> 2)] = word; // the last partial word, or the all-zero terminator word
  return (n >>> 2) + 1;
}
