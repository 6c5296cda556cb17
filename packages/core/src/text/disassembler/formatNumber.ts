/**
 * Numbers exactly as spirv-dis (SPIRV-Tools) prints them: integers by width and signedness, and
 * floats the way its `FloatProxy` stream operator does. Zero and normal floats and doubles go
 * through C's `%.9g` / `%.17g` (enough digits to round-trip, but not the shortest form: 0.1f
 * prints as `0.100000001`); subnormals, infinities and NaNs print as hex floats (`0x1p-149`,
 * `0x1p+128`, `-0x1.8p+128`); half floats always print as hex floats (`0x1.8p+0`).
 */

const f32 = new Float32Array(1);
const u32OfF32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u32OfF64 = new Uint32Array(f64.buffer);
// Index of the high word of a double in u32OfF64 (the platform's byte order decides).
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

/** A 32-bit word as an unsigned decimal. */
export function formatUint32(word: number): string {
  return String(word >>> 0);
}

/** A 32-bit word as a signed (two's complement) decimal. */
export function formatInt32(word: number): string {
  return String(word | 0);
}

const TWO_32 = 4294967296;

/** Two words (low-order first, as SPIR-V stores them) as an unsigned 64-bit decimal. */
export function formatUint64(lo: number, hi: number): string {
  lo >>>= 0;
  hi >>>= 0;
  if (hi < 0x200000) return String(hi * TWO_32 + lo); // below 2^53: exact as a double
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

/** Two words (low-order first) as a signed 64-bit decimal. */
export function formatInt64(lo: number, hi: number): string {
  lo >>>= 0;
  const shi = hi | 0;
  if (shi >= -0x200000 && shi < 0x200000) return String(shi * TWO_32 + lo); // |value| < 2^53
  return BigInt.asIntN(64, (BigInt(hi >>> 0) << 32n) | BigInt(lo)).toString();
}

/** A 32-bit float given by its bits. */
export function formatFloat32(bits: number): string {
  const exponent = (bits >>> 23) & 0xff;
  if (exponent === 0xff || (exponent === 0 && (bits & 0x7fffff) !== 0)) return hexFloat32(bits);
  u32OfF32[0] = bits;
  return formatG(f32[0], 9);
}

/** A 64-bit float given by its two words, low-order first. */
export function formatFloat64(lo: number, hi: number): string {
  const exponent = (hi >>> 20) & 0x7ff;
  if (exponent === 0x7ff || (exponent === 0 && ((hi & 0xfffff) !== 0 || lo !== 0))) return hexFloat64(lo, hi);
  u32OfF64[LO] = lo;
  u32OfF64[HI] = hi;
  return formatG(f64[0], 17);
}

/** A 16-bit float given by its bits (the low 16 bits of `bits`): always a hex float. */
export function formatFloat16(bits: number): string {
  const sign = (bits & 0x8000) !== 0 ? '-' : '';
  const exponent = (bits >>> 10) & 0x1f;
  // The fraction is shifted up to fill whole nibbles: 10 bits + 2 = 3 nibbles.
  const fraction = (bits & 0x3ff) << 2;
  return hexFloat(sign, exponent, fraction, 15, 3);
}

function hexFloat32(bits: number): string {
  const sign = bits >>> 31 !== 0 ? '-' : '';
  // 23 fraction bits + 1 = 6 nibbles.
  return hexFloat(sign, (bits >>> 23) & 0xff, (bits & 0x7fffff) << 1, 127, 6);
}

/**
 * Hex float of a half or a float (fractions that fit in a 32-bit integer), the way SPIRV-Tools'
 * `HexFloat` writes it: `[-]0x1[.hhh]p±e`, a subnormal normalized to a leading 1, trailing zero
 * nibbles dropped, zero as `0x0p+0`.
 */
function hexFloat(sign: string, biasedExponent: number, fraction: number, bias: number, nibbles: number): string {
  const isZero = biasedExponent === 0 && fraction === 0;
  let exponent = isZero ? 0 : biasedExponent - bias;
  if (biasedExponent === 0 && !isZero) {
    const top = 1 << (nibbles * 4 - 1);
    while ((fraction & top) === 0) {
      fraction <<= 1;
      exponent--;
    }
    fraction = (fraction << 1) & ((1 << (nibbles * 4)) - 1); // the leading 1 becomes implicit
  }
  while (nibbles > 0 && (fraction & 0xf) === 0) {
    fraction >>>= 4;
    nibbles--;
  }
  const digits = nibbles > 0 ? '.' + fraction.toString(16).padStart(nibbles, '0') : '';
  return `${sign}0x${isZero ? '0' : '1'}${digits}p${exponent >= 0 ? '+' : ''}${exponent}`;
}

/** Hex float of a double (a rare path: only subnormals, infinities and NaNs get here). */
function hexFloat64(lo: number, hi: number): string {
  const sign = hi >>> 31 !== 0 ? '-' : '';
  const biasedExponent = (hi >>> 20) & 0x7ff;
  let fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo >>> 0); // 52 bits = 13 whole nibbles
  const isZero = biasedExponent === 0 && fraction === 0n;
  let exponent = isZero ? 0 : biasedExponent - 1023;
  let nibbles = 13;
  if (biasedExponent === 0 && !isZero) {
    const top = 1n << 51n;
    while ((fraction & top) === 0n) {
      fraction <<= 1n;
      exponent--;
    }
    fraction = (fraction << 1n) & ((1n << 52n) - 1n);
  }
  while (nibbles > 0 && (fraction & 0xfn) === 0n) {
    fraction >>= 4n;
    nibbles--;
  }
  const digits = nibbles > 0 ? '.' + fraction.toString(16).padStart(nibbles, '0') : '';
  return `${sign}0x${isZero ? '0' : '1'}${digits}p${exponent >= 0 ? '+' : ''}${exponent}`;
}

/**
 * C's `printf("%.<precision>g", x)` for a finite double, as glibc prints it: the value rounded to
 * `precision` significant digits (exact ties to even), fixed notation when the decimal exponent
 * is in [-4, precision), exponential (`e+XX`, at least two exponent digits) otherwise, trailing
 * zeros and a trailing decimal point removed.
 *
 * @example formatG(0.1, 17) // '0.10000000000000001'
 */
export function formatG(x: number, precision: number): string {
  if (x === 0) return 1 / x < 0 ? '-0' : '0';
  const negative = x < 0;
  const a = negative ? -x : x;
  const s = a.toExponential(precision - 1);
  const e = s.indexOf('e');
  let digits = precision > 1 ? s[0] + s.slice(2, e) : s.slice(0, e);
  const exponent = Number(s.slice(e + 1));
  // toExponential breaks an exact tie upwards, C to the even neighbour: they only disagree when
  // the digit JavaScript ended on is odd and the value lies exactly half way.
  const last = digits.charCodeAt(digits.length - 1) - 48;
  if ((last & 1) === 1 && isExactTieBelow(a, digits, exponent, precision)) {
    digits = digits.slice(0, -1) + String.fromCharCode(48 + last - 1);
  }
  return (negative ? '-' : '') + layoutG(digits, exponent, precision);
}

/**
 * Whether `a` is exactly half way between the `precision`-digit decimal `digits`×10^(exponent+1-precision)
 * and the one just below it. A cheap test with one more digit filters; exact integers confirm.
 */
function isExactTieBelow(a: number, digits: string, exponent: number, precision: number): boolean {
  const more = a.toExponential(precision); // precision + 1 significant digits
  const e = more.indexOf('e');
  if (more.charCodeAt(e - 1) !== 53 /* '5' */ || Number(more.slice(e + 1)) !== exponent) return false;
  const lowDigits = more[0] + more.slice(2, e - 1);
  const last = digits.charCodeAt(digits.length - 1);
  if (lowDigits !== digits.slice(0, -1) + String.fromCharCode(last - 1)) return false;
  // a = m * 2^k exactly; the tie is (10 * low + 5) * 10^(exponent - precision).
  f64[0] = a;
  const hi = u32OfF64[HI];
  const lo = u32OfF64[LO];
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let k: number;
  if (biased === 0) k = -1074;
  else {
    m |= 1n << 52n;
    k = biased - 1075;
  }
  const tie = BigInt(lowDigits) * 10n + 5n;
  const q = exponent - precision;
  let left = m;
  let right = tie;
  if (k >= 0) left <<= BigInt(k);
  else right <<= BigInt(-k);
  if (q >= 0) right *= 10n ** BigInt(q);
  else left *= 10n ** BigInt(-q);
  return left === right;
}

function layoutG(digits: string, exponent: number, precision: number): string {
  if (exponent < -4 || exponent >= precision) {
    const fraction = stripZeros(digits, 1);
    const mantissa = fraction.length > 0 ? digits[0] + '.' + fraction : digits[0];
    const abs = exponent < 0 ? -exponent : exponent;
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  if (exponent >= 0) {
    const fraction = stripZeros(digits, exponent + 1);
    const whole = digits.slice(0, exponent + 1);
    return fraction.length > 0 ? whole + '.' + fraction : whole;
  }
  return '0.' + '0'.repeat(-exponent - 1) + stripZeros(digits, 0);
}

/** `digits` from `from` on, without trailing zeros. */
function stripZeros(digits: string, from: number): string {
  let end = digits.length;
  while (end > from && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(from, end);
}
