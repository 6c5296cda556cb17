import { LiteralError, asciiText } from './LiteralError.js';

const U64 = (1n << 64n) - 1n;

/**
 * Reads an integer the way a C++ `istringstream` with `std::setbase(0)` does (what SPIRV-Tools'
 * `ParseNumber` uses): an optional sign, then `0x`/`0X` and hex digits, or `0` and octal digits,
 * or decimal digits, and nothing after. Returns the magnitude and sign, or undefined.
 *
 * @example readCppInteger('010') // { negative: false, magnitude: 8n }
 */
export function readCppInteger(text: string): { negative: boolean; magnitude: bigint } | undefined {
  let i = 0;
  let negative = false;
  if (text[0] === '+' || text[0] === '-') {
    negative = text[0] === '-';
    i = 1;
  }
  let base = 10;
  if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X')) {
    base = 16;
    i += 2;
  } else if (text[i] === '0') base = 8;
  if (i >= text.length) return undefined;
  let magnitude = 0n;
  const b = BigInt(base);
  for (; i < text.length; i++) {
    const d = digitValue(text.charCodeAt(i));
    if (d < 0 || d >= base) return undefined;
    magnitude = magnitude * b + BigInt(d);
  }
  return { negative, magnitude };
}

function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/**
 * SPIRV-Tools `ParseNumber<uint32_t>`: ids under `--preserve-numeric-ids` and `!<integer>` words.
 * Octal and hex are accepted; a minus sign only in front of zero.
 *
 * @example parseUint32('0x10') // 16
 */
export function parseUint32(text: string): number | undefined {
  const r = readCppInteger(text);
  if (r === undefined || r.magnitude > 0xffffffffn) return undefined;
  if (r.negative && r.magnitude !== 0n) return undefined;
  return Number(r.magnitude);
}

/**
 * Encodes an integer literal token for an integer type of `width` bits, as spirv-as does
 * (`ParseAndEncodeIntegerNumber`): decimal, hex (`0x`) or octal (leading `0`) digits; a minus sign
 * only for signed types; the value must fit the type. A hex literal may give the bits of a
 * negative number (`0xffffffff` for an `int`), and is then sign-extended; so is a negative number
 * narrower than 32 bits, into its 32-bit word. Types wider than 32 bits take two words, low first.
 *
 * Writes the words to `out[at]` and returns how many (1 or 2), or the error.
 *
 * @example encodeInteger(bytes, s, e, 16, true, out, 0) // "0x8000" → out[0] = 0xffff8000
 */
export function encodeInteger(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  signed: boolean,
  out: Uint32Array,
  at: number,
): number | LiteralError {
  // Fast path: a short decimal number without leading zeros (almost every literal in practice).
  const length = end - start;
  if (length > 0 && length <= 9 && width <= 64) {
    const first = bytes[start];
    if ((first >= 0x31 && first <= 0x39) || (length === 1 && first === 0x30)) {
      let v = 0;
      let i = start;
      for (; i < end; i++) {
        const c = bytes[i];
        if (c < 0x30 || c > 0x39) break;
        v = v * 10 + (c - 0x30);
      }
      const magnitudeBits = signed ? width - 1 : width;
      if (i === end && (magnitudeBits >= 30 || v < 2 ** magnitudeBits)) {
        out[at] = v;
        if (width <= 32) return 1;
        out[at + 1] = 0;
        return 2;
      }
    }
  }
  return encodeIntegerSlow(asciiText(bytes, start, end), width, signed, out, at);
}

function encodeIntegerSlow(text: string, width: number, signed: boolean, out: Uint32Array, at: number): number | LiteralError {
  if (width > 64) return new LiteralError(`Unsupported ${width}-bit integer literals`, 'spirv-as encodes integer literals of at most 64 bits');
  const negative = text[0] === '-';
  if (negative && !signed) {
    return new LiteralError(
      `cannot put a negative number in ${bitsArticle(width)} unsigned integer: ${text}`,
      `the range is 0 to ${(1n << BigInt(width)) - 1n}`,
    );
  }
  const isHex = text[0] === '0' && (text[1] === 'x' || text[1] === 'X');
  const parsed = readCppInteger(text);
  let value: bigint | undefined;
  if (parsed !== undefined) {
    if (negative) value = parsed.magnitude <= 1n << 63n ? -parsed.magnitude : undefined;
    else if (!parsed.negative) value = parsed.magnitude <= U64 ? parsed.magnitude : undefined;
    else value = parsed.magnitude === 0n ? 0n : undefined; // '+' then '-': not reachable, kept total
  }
  if (value === undefined) {
    const what = negative ? 'signed' : 'unsigned';
    return new LiteralError(
      `invalid ${what} integer literal: ${text}`,
      parsed === undefined ? 'e.g. 42, 0x1F or 017; a minus sign only for signed types' : 'the value does not fit in 64 bits',
    );
  }
  // CheckRangeAndIfHexThenSignExtend: magnitude, sign and overflow bits of a 64-bit value.
  const w = BigInt(width);
  let magnitudeMask = width === 64 ? U64 : (1n << w) - 1n;
  let signMask = 0n;
  const overflowMask = U64 & ~magnitudeMask;
  if (value < 0n || signed) {
    magnitudeMask >>= 1n;
    signMask = magnitudeMask + 1n;
  }
  const bits = BigInt.asUintN(64, value);
  let failed: boolean;
  if (value < 0n) failed = (bits & overflowMask) !== overflowMask || (bits & signMask) !== signMask;
  else if (isHex) failed = (bits & overflowMask) !== 0n;
  else failed = (bits & magnitudeMask) !== bits;
  if (failed) {
    const shown = isHex ? `0x${value.toString(16)}` : value.toString();
    const min = signed ? -(1n << (w - 1n)) : 0n;
    const max = signed ? (1n << (w - 1n)) - 1n : (1n << w) - 1n;
    return new LiteralError(
      `integer ${shown} does not fit in ${bitsArticle(width)} ${signed ? 'signed' : 'unsigned'} integer`,
      `the range is ${min} to ${max}${signed ? ` (or hex 0x0 to 0x${((1n << w) - 1n).toString(16)} for the bits)` : ''}`,
    );
  }
  let encoded = bits;
  if (isHex && (bits & signMask) !== 0n) encoded = bits | overflowMask;
  out[at] = Number(encoded & 0xffffffffn);
  if (width <= 32) return 1;
  out[at + 1] = Number(encoded >> 32n);
  return 2;
}

/** "a 32-bit", "an 8-bit", "an 11-bit". */
export function bitsArticle(width: number): string {
  const an = String(width)[0] === '8' || width === 11 || width === 18;
  return `${an ? 'an' : 'a'} ${width}-bit`;
}
