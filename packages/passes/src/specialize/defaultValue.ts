import { encodeFloat } from './floatBits.js';
import { describeScalarType, widthMask, type ScalarType } from './scalarType.js';

/** A default value given for a spec constant: as text (`"0x10"`, `"1.5"`, `"true"`) or as a JavaScript value. */
export type DefaultValue = string | number | bigint | boolean;

/** The bits a default value stands for in a type, or why it cannot be one. */
export type ValueBits = { readonly bits: bigint } | { readonly problem: string };

const DECIMAL_INT = /^[+-]?[0-9]+$/;
const HEX_INT = /^0[xX][0-9a-fA-F]+$/;
const DECIMAL_FLOAT = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/;

/**
 * The bits of `value` for a spec constant of `type`, by the rules of spirv-opt's
 * set-spec-const-default-value for text: a bool takes `true` or `false`; an integer a decimal
 * (negative only when signed) or a `0x` hex bit pattern of at most its width (sign-extended when
 * signed, as `0xFF` is -1 in 8 bits); a float a decimal or hex float (`0x1.8p3`) that is finite in
 * its width. JavaScript values: a boolean for a bool, a safe integer or bigint for an integer, a
 * number for a float (±Infinity and NaN included, but not a finite value that overflows).
 */
export function defaultValueBits(value: DefaultValue, type: ScalarType): ValueBits {
  const what = describeScalarType(type);
  if (type.kind === 'bool') {
    if (value === true || value === 'true') return { bits: 1n };
    if (value === false || value === 'false') return { bits: 0n };
    return { problem: `${show(value)} is not a value for ${what} (true or false)` };
  }
  if (typeof value === 'boolean') return { problem: `${value} is not a value for ${what}` };
  return type.kind === 'int' ? intBits(value, type.width, type.signed, what) : floatBits(value, type.width, what);
}

function show(value: DefaultValue): string {
  return typeof value === 'string' ? `'${value}'` : typeof value === 'bigint' ? `${value}n` : String(value);
}

function intBits(value: string | number | bigint, width: number, signed: boolean, what: string): ValueBits {
  let v: bigint;
  let hex = false;
  if (typeof value === 'string') {
    hex = HEX_INT.test(value);
    if (!hex && !DECIMAL_INT.test(value)) return { problem: `'${value}' is not an integer (decimal, or hex as 0x...) for ${what}` };
    v = BigInt(value.startsWith('+') ? value.slice(1) : value);
  } else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      return { problem: `${value} is not an integer for ${what}${Number.isInteger(value) ? ' (beyond 2^53: pass a bigint)' : ''}` };
    v = BigInt(value);
  } else {
    v = value;
  }
  if (v < 0n && !signed) return { problem: `${show(value)} is negative, which ${what} cannot hold` };
  // A hex literal is a bit pattern (as spirv-opt reads it): any value of `width` bits.
  const min = signed && !hex ? -(1n << BigInt(width - 1)) : 0n;
  const max = signed && !hex ? (1n << BigInt(width - 1)) - 1n : widthMask(width);
  if (v < min || v > max) return { problem: `${show(value)} does not fit in ${what} (${min} to ${max}${hex ? ' as a hex bit pattern' : ''})` };
  return { bits: v & widthMask(width) };
}

function floatBits(value: string | number | bigint, width: number, what: string): ValueBits {
  let x: number;
  if (typeof value === 'string') {
    const parsed = parseFloatText(value);
    if (parsed === undefined) return { problem: `'${value}' is not a number (decimal or hex float) for ${what}` };
    x = parsed;
    // Text names a finite number; one that rounds to infinity is out of range, as spirv-opt has it.
    if (!Number.isFinite(x)) return { problem: `'${value}' is out of range for ${what}` };
  } else {
    x = Number(value);
    if (typeof value === 'bigint' && (!Number.isFinite(x) || BigInt(x) !== value))
      return { problem: `${show(value)} is not exactly representable for ${what}` };
  }
  const encoded = encodeFloat(x, width);
  if (encoded.overflow) return { problem: `${show(value)} is out of range for ${what}` };
  return { bits: encoded.bits };
}

/** A decimal or hex float literal's value (rounded to float64), or undefined when it is not one. */
function parseFloatText(text: string): number | undefined {
  if (DECIMAL_FLOAT.test(text)) return Number(text);
  const hex = HEX_FLOAT.exec(text);
  if (hex === null) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = hex;
  if (whole.length + fraction.length === 0) return undefined;
  const mantissa = BigInt(`0x${whole}${fraction}`);
  // Exponents past any float64 would only be 0 or infinity; clamp so the power stays computable.
  const power = Math.max(-2000, Math.min(2000, Number(exponent) - 4 * fraction.length));
  // Two factors, so 2^power does not underflow to 0 where the product would not.
  const half = Math.ceil(power / 2);
  const magnitude = power >= 0 ? Number(mantissa << BigInt(power)) : Number(mantissa) * 2 ** half * 2 ** (power - half);
  return sign === '-' ? -magnitude : magnitude;
}
