// Expected texts are what spirv-dis (SPIRV-Tools 2023.1) prints for the same bits.
import { describe, expect, it } from 'vitest';
import { formatFloat16, formatFloat32, formatFloat64, formatG, formatInt32, formatInt64, formatUint32, formatUint64 } from './formatNumber.js';

const hex = (n: number): string => n.toString(16);

describe('formatFloat32', () => {
  it.each(
    [
      [0x00000000, '0'],
      [0x80000000, '-0'],
      [0x3fc00000, '1.5'],
      [0x3dcccccd, '0.100000001'], // 9 significant digits, not the shortest round trip
      [0x00800000, '1.17549435e-38'], // smallest normal
      [0x4a000000, '2097152'],
      [0x4e6e6b28, '1e+09'], // exponent >= precision: exponential, two exponent digits
      [0x38d1b717, '9.99999975e-05'], // exponent < -4: exponential
      [0x49fffff5, '2097150.62'], // 2097150.625 is an exact tie: C rounds to even
      [0x000116c2, '0x1.16c2p-133'], // about 1e-40, subnormal: hex float
      [0x00000001, '0x1p-149'],
      [0x807fffff, '-0x1.fffffcp-127'],
      [0x7f800000, '0x1p+128'], // inf
      [0xff800000, '-0x1p+128'], // -inf
      [0x7fc00000, '0x1.8p+128'], // quiet NaN
      [0x7f800001, '0x1.000002p+128'], // signalling NaN, payload 1
      [0xffc00001, '-0x1.800002p+128'], // negative NaN with payload
    ].map(([bits, text]) => [hex(bits as number), bits, text] as const),
  )('0x%s', (_hex, bits, text) => {
    expect(formatFloat32(bits as number)).toBe(text);
  });
});

describe('formatFloat16 (always a hex float)', () => {
  it.each(
    [
      [0x3c00, '0x1p+0'],
      [0x0000, '0x0p+0'],
      [0x8000, '-0x0p+0'],
      [0x3555, '0x1.554p-2'],
      [0x0001, '0x1p-24'], // subnormal
      [0x7c00, '0x1p+16'], // inf
      [0xfc00, '-0x1p+16'],
      [0x7e00, '0x1.8p+16'], // NaN
      [0x7c01, '0x1.004p+16'], // NaN with payload 1
    ].map(([bits, text]) => [hex(bits as number), bits, text] as const),
  )('0x%s', (_hex, bits, text) => {
    expect(formatFloat16(bits as number)).toBe(text);
  });
});

describe('formatFloat64', () => {
  it.each(
    [
      [0x9999999a, 0x3fb99999, '0.10000000000000001'],
      [0x00000000, 0x80000000, '-0'],
      [0x54442d18, 0x400921fb, '3.1415926535897931'],
      [0x00000000, 0x43300000, '4503599627370496'],
      [0x7e37e43c, 0x3ee4f8b5, '9.9999996967405403e-06'],
      [0x26340002, 0x430c6bf5, '1000000000000000.2'], // 1000000000000000.25: tie, to even
      [0x26340006, 0x430c6bf5, '1000000000000000.8'], // 1000000000000000.75: tie, to even
      [0x00000001, 0x00000000, '0x1p-1074'], // subnormal
      [0x00000000, 0x7ff00000, '0x1p+1024'], // inf
      [0x00000001, 0xfff80000, '-0x1.8000000000001p+1024'], // NaN with payload
    ].map(([lo, hi, text]) => [hex(hi as number) + hex(lo as number).padStart(8, '0'), lo, hi, text] as const),
  )('0x%s', (_hex, lo, hi, text) => {
    expect(formatFloat64(lo as number, hi as number)).toBe(text);
  });
});

describe('formatG (printf %g)', () => {
  it('rounds exact ties to even, other values to nearest', () => {
    expect(formatG(0.125, 2)).toBe('0.12');
    expect(formatG(0.375, 2)).toBe('0.38');
    expect(formatG(0.1251, 2)).toBe('0.13');
    expect(formatG(2.5, 1)).toBe('2');
    expect(formatG(-2.5, 1)).toBe('-2');
    expect(formatG(3.5, 1)).toBe('4');
  });

  it('switches to exponential notation outside [1e-4, 10^precision)', () => {
    expect(formatG(0.0001, 9)).toBe('0.0001');
    expect(formatG(0.00001, 9)).toBe('1e-05');
    expect(formatG(123456789, 9)).toBe('123456789');
    expect(formatG(1234567890, 9)).toBe('1.23456789e+09');
    expect(formatG(1e100, 17)).toBe('1e+100');
    expect(formatG(9.99999999999999e22, 3)).toBe('1e+23');
  });
});

describe('integers', () => {
  it('prints 32-bit words by signedness', () => {
    expect(formatUint32(0xffffffff)).toBe('4294967295');
    expect(formatInt32(0xffffffff)).toBe('-1');
    expect(formatInt32(0x80000000)).toBe('-2147483648');
    expect(formatInt32(0x7fffffff)).toBe('2147483647');
  });

  it('prints 64-bit literals from two words, low-order word first', () => {
    expect(formatUint64(0xffffffff, 0xffffffff)).toBe('18446744073709551615');
    expect(formatInt64(0xffffffff, 0xffffffff)).toBe('-1');
    expect(formatInt64(0, 0x80000000)).toBe('-9223372036854775808');
    expect(formatInt64(0xffffffff, 0x7fffffff)).toBe('9223372036854775807');
    expect(formatUint64(0, 1)).toBe('4294967296');
    expect(formatInt64(0, 0xffffffff)).toBe('-4294967296');
    // Just past 2^53, where a double would lose the last digit.
    expect(formatUint64(1, 0x200000)).toBe('9007199254740993');
    expect(formatInt64(0xffffffff, 0xffdfffff)).toBe('-9007199254740993');
  });
});
