/**
 * Literal strings and names as spirv-dis prints them. Both read the string's bytes straight from
 * the instruction words (lowest-order byte of each word first), so a name is sanitized byte by
 * byte exactly as SPIRV-Tools does it, and a string that is not valid UTF-8 is noticed instead of
 * being silently replaced.
 */
import type { Instruction } from '../../ir/Instruction.js';
import { HOST_ENDIANNESS } from '../../words/wordInput.js';
import type { OutputBuffer } from './OutputBuffer.js';

/**
 * Writes the literal string in words [start, start + count) of `words`, quoted, with `"`
 * and `\` escaped by a backslash and every other byte (newlines, UTF-8) as it is.
 *
 * Returns false, having written an unspecified part, when the text could not carry the words
 * back unchanged: there is no terminating nul, padding bytes after it are not zero, or the bytes
 * are not valid UTF-8. The caller then takes back what was written and prints raw words.
 *
 * @example writeQuotedString(out, opString.operands, 0, opString.operandCount) // writes "say \"hi\""
 */
export function writeQuotedString(out: OutputBuffer, words: Uint32Array, start: number, count: number): boolean {
  if (count >= BULK_WORDS && HOST_ENDIANNESS === 'little') {
    const written = writeQuotedBulk(out, words, start, count);
    if (written !== undefined) return written;
  }
  return writeQuotedBytes(out, words, start, count);
}

/** {@link writeQuotedString} a byte at a time. */
function writeQuotedBytes(out: OutputBuffer, words: Uint32Array, start: number, count: number): boolean {
  const textStart = out.length;
  // Every byte may need a backslash before it, plus the quotes.
  const bytes = out.reserve(count * 8 + 2);
  let at = textStart;
  bytes[at++] = 0x22;
  let ascii = true;
  let ended = false;
  for (let i = start; i < start + count; i++) {
    const w = words[i];
    for (let shift = 0; shift < 32; shift += 8) {
      const b = (w >>> shift) & 0xff;
      if (ended) {
        if (b !== 0) return false;
      } else if (b === 0) {
        ended = true;
      } else {
        if (b === 0x22 || b === 0x5c) bytes[at++] = 0x5c;
        else if (b >= 0x80) ascii = false;
        bytes[at++] = b;
      }
    }
  }
  bytes[at++] = 0x22;
  out.length = at;
  return ended && (ascii || out.isUtf8From(textStart));
}

/** Strings of at least this many words (source text) are copied in bulk. */
const BULK_WORDS = 16;

/**
 * {@link writeQuotedString} for a long string on a little-endian host, where the words' bytes
 * in memory are the string's bytes in order: found, checked and copied with native calls.
 * Undefined when the string needs escapes (the byte loop handles those).
 */
function writeQuotedBulk(out: OutputBuffer, words: Uint32Array, start: number, count: number): boolean | undefined {
  const bytes = new Uint8Array(words.buffer, words.byteOffset + start * 4, count * 4);
  const end = bytes.indexOf(0);
  if (end < 0) return false;
  for (let i = end + 1; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  const text = bytes.subarray(0, end);
  if (text.indexOf(0x22) >= 0 || text.indexOf(0x5c) >= 0) return undefined;
  const textStart = out.length;
  const to = out.reserve(end + 2);
  to[textStart] = 0x22;
  to.set(text, textStart + 1);
  to[textStart + end + 1] = 0x22;
  out.length = textStart + end + 2;
  return out.isUtf8From(textStart);
}

const VALID_NAME_BYTE = new Uint8Array(256);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789') VALID_NAME_BYTE[c.charCodeAt(0)] = 1;

/**
 * The literal string in operand words [start, start + count) as an id name: every byte that is
 * not `[A-Za-z0-9_]` becomes `_` (so `é`, two bytes of UTF-8, becomes `__`), and the empty
 * string becomes `_`.
 *
 * @example sanitizedName(opName, 1, opName.operandCount - 1) // 'a_b' for "a.b"
 */
export function sanitizedName(inst: Instruction, start: number, count: number): string {
  let name = '';
  for (let i = start; i < start + count; i++) {
    const w = inst.word(i);
    for (let shift = 0; shift < 32; shift += 8) {
      const b = (w >>> shift) & 0xff;
      if (b === 0) return name.length === 0 ? '_' : name;
      name += VALID_NAME_BYTE[b] === 1 ? String.fromCharCode(b) : '_';
    }
  }
  return name.length === 0 ? '_' : name;
}

/**
 * `name` with every character that is not `[A-Za-z0-9_]` replaced by `_`, and `_` for an empty
 * name (constant names, built from a type name and a printed literal such as `-1.5e+10`).
 *
 * @example sanitize('float_n1.5e+10') // 'float_n1_5e_10'
 */
export function sanitize(name: string): string {
  if (name.length === 0) return '_';
  let out = '';
  let from = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 256 && VALID_NAME_BYTE[c] === 1) continue;
    out += name.slice(from, i) + '_';
    from = i + 1;
  }
  return from === 0 ? name : out + name.slice(from);
}
