import { LiteralError, asciiText } from './LiteralError.js';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Shape of an IEEE binary format. */
interface FloatFormat {
  readonly bits: number;
  readonly exponentBits: number;
  readonly fractionBits: number;
}
const HALF: FloatFormat = { bits: 16, exponentBits: 5, fractionBits: 10 };
const SINGLE: FloatFormat = { bits: 32, exponentBits: 8, fractionBits: 23 };
const DOUBLE: FloatFormat = { bits: 64, exponentBits: 11, fractionBits: 52 };

/**
 * Encodes a floating-point literal token for a float type of `width` bits (16, 32 or 64), as
 * spirv-as does (SPIRV-Tools `HexFloat` parsing):
 * - decimal (`1.5`, `-.5e3`, `+2`): rounded to nearest; 32-bit floats are rounded directly from
 *   the decimal; a half is first read as a 32-bit float, then rounded toward zero. A value that
 *   overflows to infinity is an error.
 * - hex float (`0x1.8p+3`, `-0x1p-24`; the `p` exponent is required): the bits are taken as
 *   written, extra fraction bits are dropped, too small a value becomes zero, too large an exponent
 *   gives infinity, and `0x1.8p+128` spells a NaN.
 *
 * Writes the words to `out[at]` (a half in the low 16 bits; a double low word first) and returns
 * how many, or the error.
 *
 * @example encodeFloat(bytes, s, e, 32, out, 0) // "0x1.8p+3" → out[0] = 0x41400000 (12)
 */
export function encodeFloat(bytes: Uint8Array, start: number, end: number, width: number, out: Uint32Array, at: number): number | LiteralError {
  const text = asciiText(bytes, start, end);
  const format = width === 16 ? HALF : width === 32 ? SINGLE : width === 64 ? DOUBLE : undefined;
  if (format === undefined) return new LiteralError(`Unsupported ${width}-bit float literals`, 'spirv-as encodes float literals of 16, 32 and 64 bits');
  const invalid = (): LiteralError => new LiteralError(`invalid ${width}-bit float literal: ${text}`, 'e.g. 1.5, -2.5e-3 or the hex float 0x1.8p+3');

  const negative = text[0] === '-';
  const body = negative ? 1 : 0;
  if (text[body] === '0' && (text[body + 1] === 'x' || text[body + 1] === 'X')) {
    const bits = parseHexFloat(text, body + 2, negative, format);
    if (bits === undefined) return invalid();
    return writeBits(bits, width, out, at);
  }
  if (!isDecimalFloat(text)) return invalid();
  const value = Number(text);
  if (width === 64) {
    if (!Number.isFinite(value)) return overflow(text, width);
    f64[0] = value;
    out[at] = LITTLE ? u64[0] : u64[1];
    out[at + 1] = LITTLE ? u64[1] : u64[0];
    return 2;
  }
  const single = roundToFloat32(text, value);
  if (!Number.isFinite(single)) return overflow(text, width);
  f32[0] = single;
  if (width === 32) {
    out[at] = u32[0]!;
    return 1;
  }
  const half = float32BitsToHalfTowardZero(u32[0]);
  if (half === undefined) return overflow(text, width);
  out[at] = half;
  return 1;
}

function overflow(text: string, width: number): LiteralError {
  const max = width === 16 ? '65504' : width === 32 ? '3.40282347e+38' : '1.7976931348623157e+308';
  return new LiteralError(
    `${width}-bit float literal out of range: ${text}`,
    `the largest finite ${width}-bit float is ${max}; write infinity as a hex float (${width === 16 ? '0x1p+16' : width === 32 ? '0x1p+128' : '0x1p+1024'})`,
  );
}

function writeBits(bits: bigint, width: number, out: Uint32Array, at: number): number {
  out[at] = Number(bits & 0xffffffffn);
  if (width <= 32) return 1;
  out[at + 1] = Number(bits >> 32n);
  return 2;
}

/**
 * The decimal forms a C++ stream reads as a float: an optional sign (only one), digits with an
 * optional point (or a point and digits), an optional exponent with digits. No `inf`, no `nan`.
 */
function isDecimalFloat(text: string): boolean {
  let i = 0;
  if (text[0] === '+' || text[0] === '-') i = 1;
  let digits = 0;
  while (i < text.length && isDigit(text.charCodeAt(i))) {
    i++;
    digits++;
  }
  if (text[i] === '.') {
    i++;
    while (i < text.length && isDigit(text.charCodeAt(i))) {
      i++;
      digits++;
    }
  }
  if (digits === 0) return false;
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    let exponentDigits = 0;
    while (i < text.length && isDigit(text.charCodeAt(i))) {
      i++;
      exponentDigits++;
    }
    if (exponentDigits === 0) return false;
  }
  return i === text.length;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * `value` (the correctly rounded double of the decimal `text`) rounded to the nearest 32-bit float,
 * as if rounded directly from the decimal. Rounding through a double can go wrong only when the
 * double lands exactly halfway between two floats; then the decimal is compared exactly.
 */
export function roundToFloat32(text: string, value: number): number {
  const f = Math.fround(value);
  if (f === value || Number.isNaN(value)) return f;
  f32[0] = f;
  const bits = u32[0];
  const awayFromZero = Math.abs(value) > Math.abs(f);
  u32[0] = awayFromZero ? bits + 1 : bits - 1;
  const g = f32[0];
  const midpoint = Number.isFinite(f) ? (f + g) / 2 : g + Math.sign(g) * 2 ** 103;
  if (value !== midpoint) return f;
  const cmp = compareDecimalMagnitude(text, midpoint);
  if (cmp === 0) return f;
  const larger = Math.abs(f) > Math.abs(g) ? f : g;
  const smaller = larger === f ? g : f;
  return cmp > 0 ? larger : smaller;
}

/** Compares |decimal text| with |m| exactly: -1, 0 or 1. */
function compareDecimalMagnitude(text: string, m: number): number {
  const match = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const intPart = match[1] ?? '';
  const fracPart = match[2] ?? '';
  const digits = BigInt((intPart + fracPart).replace(/^0+/, '') || '0');
  const e10 = Number(match[3] ?? '0') - fracPart.length;
  // |m| = mant * 2^e2
  f64[0] = Math.abs(m);
  const hi = LITTLE ? u64[1] : u64[0];
  const lo = LITTLE ? u64[0] : u64[1];
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (biased === 0) e2 = -1074;
  else {
    mant |= 1n << 52n;
    e2 = biased - 1075;
  }
  let left = digits;
  let right = mant;
  if (e10 >= 0) left *= 10n ** BigInt(e10);
  else right *= 10n ** BigInt(-e10);
  if (e2 >= 0) right <<= BigInt(e2);
  else left <<= BigInt(-e2);
  return left === right ? 0 : left > right ? 1 : -1;
}

/**
 * A 32-bit float (bits) as a half, rounded toward zero (SPIRV-Tools `HexFloat::castTo` with
 * `kToZero`); undefined when it is too large for a half (the exponent passes 15), which spirv-as
 * reports as an invalid literal.
 */
export function float32BitsToHalfTowardZero(bits: number): number | undefined {
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0) return sign; // zero, or a float32 subnormal: far below the smallest half
  const e = exponent - 127;
  if (e > 15) return undefined;
  if (e >= -14) return sign | ((e + 15) << 10) | (mantissa >>> 13);
  const shift = -1 - e;
  return sign | (shift >= 32 ? 0 : (0x800000 | mantissa) >>> shift);
}

/**
 * SPIRV-Tools' hex-float reader (operator>> for HexFloat, as in v2023.1), step by step, so every
 * input gives spirv-as's bits: fraction digits beyond the type's precision are dropped (truncated,
 * not rounded), the `p` exponent needs at least one digit and takes its sign only in front,
 * too small a value becomes zero, too large an exponent gives infinity, and an all-ones exponent
 * with a non-zero fraction (`0x1.8p+128`) spells a NaN. `i` is just past the `0x`; integer
 * arithmetic saturates or wraps where the C++ code does.
 */
function parseHexFloat(text: string, i: number, negate: boolean, format: FloatFormat): bigint | undefined {
  const uintBits = format.bits;
  const wrapInt = (v: bigint): bigint => BigInt.asIntN(uintBits, v);
  const wrapUint = (v: bigint): bigint => BigInt.asUintN(uintBits, v);
  const intMax = (1n << BigInt(uintBits - 1)) - 1n;
  const intMin = -intMax - 1n;
  const maxPosition = BigInt(uintBits - 1);
  const topBitLeftShift = maxPosition;
  const fractionRightShift = BigInt(uintBits - format.fractionBits);
  const fractionEncodeMask = (1n << BigInt(format.fractionBits)) - 1n;
  const exponentBias = BigInt((1 << (format.exponentBits - 1)) - 1);
  const maxExponent = BigInt((1 << format.exponentBits) - 1);
  /** set_nth_most_significant_bit: bits past the type's width are dropped. */
  const setBit = (value: bigint, bit: bigint, n: bigint): bigint => (bit !== 0n && n <= maxPosition ? value | (bit << (maxPosition - n)) : value);

  let p = i;
  const peek = (): string => (p < text.length ? text[p] : '');
  let seenP = false;
  let seenDot = false;
  let fraction = 0n;
  let fractionIndex = 0n;
  let exponent = exponentBias;

  while (peek() === '0') p++;
  let hasIntegerPart = false;
  let bitsWritten = false;
  while (!seenP && !seenDot) {
    const c = peek();
    if (c === '.') seenDot = true;
    else if (c === 'p') seenP = true;
    else if (isHexDigit(c)) {
      hasIntegerPart = true;
      let number = parseInt(c, 16);
      for (let k = 0; k < 4; k++, number <<= 1) {
        const bit = number & 0x8 ? 1n : 0n;
        if (bitsWritten) {
          fraction = setBit(fraction, bit, fractionIndex);
          fractionIndex++;
          if (exponent === intMax) return undefined;
          exponent++;
        }
        bitsWritten ||= bit !== 0n;
      }
    } else return undefined;
    p++;
  }
  bitsWritten = false;
  while (seenDot && !seenP) {
    const c = peek();
    if (c === 'p') seenP = true;
    else if (isHexDigit(c)) {
      let number = parseInt(c, 16);
      for (let k = 0; k < 4; k++, number <<= 1) {
        const bit = number & 0x8 ? 1n : 0n;
        bitsWritten ||= bit !== 0n;
        if (!hasIntegerPart && !bitsWritten) {
          if (exponent === intMin) return undefined;
          exponent--;
        } else {
          fraction = setBit(fraction, bit, fractionIndex);
          fractionIndex++;
        }
      }
    } else return undefined;
    p++;
  }

  // The binary exponent: an optional sign, then at least one decimal digit.
  let seenSign = false;
  let exponentSign = 1n;
  let seenDigits = false;
  let written = 0n;
  const overflow = intMax - 1n;
  for (;;) {
    const c = peek();
    if (!seenDigits && (c === '-' || c === '+')) {
      if (seenSign) return undefined;
      seenSign = true;
      exponentSign = c === '-' ? -1n : 1n;
    } else if (c >= '0' && c <= '9' && c !== '') {
      seenDigits = true;
      const digit = BigInt(c.charCodeAt(0) - 0x30);
      written = written >= (overflow - digit) / 10n ? overflow : written * 10n + digit;
    } else break;
    p++;
  }
  if (!seenDigits || p !== text.length) return undefined; // and the stream must be used up

  written *= exponentSign;
  if (written >= 0n && exponent >= 0n) exponent = overflow - exponent > written ? written + exponent : overflow;
  else if (written < 0n && exponent < 0n) exponent = overflow + exponent > -written ? written + exponent : -overflow;
  else exponent = written + exponent;

  let isZero = !hasIntegerPart && fraction === 0n;
  if (!hasIntegerPart && !isZero) {
    fraction = wrapUint(fraction << 1n);
    exponent = wrapInt(exponent - 1n);
  } else if (isZero) exponent = 0n;

  if (exponent <= 0n && !isZero) {
    fraction = wrapUint(fraction >> 1n);
    fraction |= 1n << topBitLeftShift;
  }
  fraction = (fraction >> fractionRightShift) & fractionEncodeMask;

  while (exponent < 0n && !isZero) {
    fraction >>= 1n;
    exponent++;
    fraction &= fractionEncodeMask;
    if (fraction === 0n) {
      isZero = true;
      exponent = 0n;
    }
  }
  if (exponent > maxExponent) {
    exponent = maxExponent;
    fraction = 0n;
  }
  let output = (negate ? 1n : 0n) << topBitLeftShift;
  output |= fraction;
  const exponentMask = ((1n << BigInt(format.exponentBits)) - 1n) << BigInt(format.fractionBits);
  output |= wrapUint(exponent << BigInt(format.fractionBits)) & exponentMask;
  return output;
}

function isHexDigit(c: string): boolean {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
