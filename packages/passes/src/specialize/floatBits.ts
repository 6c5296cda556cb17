/**
 * IEEE binary floats of 16, 32 and 64 bits as bits (bigint) and back, rounding to nearest even as
 * a conversion (OpFConvert) or a compiler's literal parser does. JavaScript has float64 and
 * Math.fround only; half floats and exact overflow detection need the bit-level conversion here.
 */

interface FloatFormat {
  readonly exponentBits: number;
  readonly mantissaBits: number;
}

const FORMATS: Record<number, FloatFormat> = {
  16: { exponentBits: 5, mantissaBits: 10 },
  32: { exponentBits: 8, mantissaBits: 23 },
  64: { exponentBits: 11, mantissaBits: 52 },
};

function formatOf(width: number): FloatFormat {
  const f = FORMATS[width];
  if (f === undefined) throw new RangeError(`no ${width}-bit float format`);
  return f;
}

/** The float64 bits of a number. */
function float64Bits(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

/** `v >> shift`, rounded to nearest, ties to even. */
function shiftRoundEven(v: bigint, shift: bigint): bigint {
  if (shift <= 0n) return v << -shift;
  const q = v >> shift;
  const rest = v - (q << shift);
  const half = 1n << (shift - 1n);
  return rest > half || (rest === half && (q & 1n) === 1n) ? q + 1n : q;
}

/** What converting a number to a float format gave: its bits, and whether a finite value overflowed to infinity. */
export interface FloatEncoding {
  readonly bits: bigint;
  readonly overflow: boolean;
}

/**
 * The bits of `x` as a float of `width` bits (16, 32 or 64), rounded to nearest even. A finite
 * value too large for the format becomes infinity with `overflow` set; NaN becomes the quiet NaN.
 */
export function encodeFloat(x: number, width: number): FloatEncoding {
  const { exponentBits, mantissaBits } = formatOf(width);
  const e = BigInt(exponentBits);
  const m = BigInt(mantissaBits);
  const bias = (1n << (e - 1n)) - 1n;
  const maxBiased = (1n << e) - 1n;
  const sign = x < 0 || Object.is(x, -0) ? 1n << (e + m) : 0n;
  const infinity = sign | (maxBiased << m);
  if (Number.isNaN(x)) return { bits: (maxBiased << m) | (1n << (m - 1n)), overflow: false };
  if (!Number.isFinite(x)) return { bits: infinity, overflow: false };
  const d = float64Bits(Math.abs(x));
  const dExp = (d >> 52n) & 0x7ffn;
  const dFrac = d & ((1n << 52n) - 1n);
  if (dExp === 0n && dFrac === 0n) return { bits: sign, overflow: false };
  // The value is significand * 2^(exponent - 52), significand with its leading one where normal.
  const significand = dExp === 0n ? dFrac : dFrac | (1n << 52n);
  const exponent = (dExp === 0n ? 1n : dExp) - 1023n;
  const biased = exponent + bias;
  let bits: bigint;
  if (biased >= 1n) {
    // A normal result: a carry out of the rounded mantissa lands in the exponent field by itself.
    bits = (biased << m) + shiftRoundEven(significand, 52n - m) - (1n << m);
  } else {
    // Subnormal (or zero): the mantissa holds the value scaled by 2^(1 - bias - m).
    bits = shiftRoundEven(significand, 52n - m + (1n - biased));
  }
  if (bits >> m >= maxBiased) return { bits: infinity, overflow: true };
  return { bits: sign | bits, overflow: false };
}

/** The number a float of `width` bits holds (exact: every float16 and float32 is a float64). */
export function decodeFloat(bits: bigint, width: number): number {
  if (width === 64) {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, bits);
    return view.getFloat64(0);
  }
  if (width === 32) {
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, Number(bits & 0xffffffffn));
    return view.getFloat32(0);
  }
  const { exponentBits, mantissaBits } = formatOf(width);
  const m = BigInt(mantissaBits);
  const maxBiased = (1 << exponentBits) - 1;
  const bias = (1 << (exponentBits - 1)) - 1;
  const negative = ((bits >> BigInt(exponentBits + mantissaBits)) & 1n) === 1n;
  const biased = Number((bits >> m) & BigInt(maxBiased));
  const frac = Number(bits & ((1n << m) - 1n));
  let value: number;
  if (biased === maxBiased) value = frac === 0 ? Infinity : NaN;
  else if (biased === 0) value = frac * 2 ** (1 - bias - mantissaBits);
  else value = (frac + 2 ** mantissaBits) * 2 ** (biased - bias - mantissaBits);
  return negative ? -value : value;
}
