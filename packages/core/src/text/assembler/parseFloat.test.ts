import { describe, expect, it } from 'vitest';
import { LiteralError } from './LiteralError.js';
import { encodeFloat, float32BitsToHalfTowardZero, roundToFloat32 } from './parseFloat.js';

const enc = new TextEncoder();

function float(text: string, width: number): number[] | LiteralError {
  const bytes = enc.encode(text);
  const out = new Uint32Array(4);
  const r = encodeFloat(bytes, 0, bytes.length, width, out, 1);
  return typeof r === 'number' ? Array.from(out.subarray(1, 1 + r)) : r;
}

function error(text: string, width: number): LiteralError {
  const r = float(text, width);
  if (!(r instanceof LiteralError)) throw new Error(`expected an error for ${text}, got ${JSON.stringify(r)}`);
  return r;
}

describe('encodeFloat gives the words spirv-as v2023.1 writes', () => {
  // [width, text, words]: each row was produced by spirv-as for `OpConstant %float<width> <text>`.
  it.each<[number, string, number[]]>([
    [16, '65504', [0x00007bff]],
    [16, '65519', [0x00007bff]],
    [16, '65520', [0x00007bff]],
    [16, '65535.9', [0x00007bff]],
    [16, '0x1p+16', [0x00007c00]],
    [16, '-0x1p+16', [0x0000fc00]],
    [16, '0x1p-25', [0x00000000]],
    [16, '0x1p-24', [0x00000001]],
    [16, '1e-8', [0x00000000]],
    [16, '-0', [0x00008000]],
    [16, '0.1', [0x00002e66]],
    [16, '-0.1', [0x0000ae66]],
    [16, '6e-5', [0x000003ee]],
    [16, '3e-8', [0x00000000]],
    [16, '0x1.ffcp+15', [0x00007bff]],
    [16, '0x1.ffep+15', [0x00007bff]],
    [16, '0x1.8p+16', [0x00007e00]],
    [16, '1', [0x00003c00]],
    [16, '3.140625', [0x00004248]],
    [16, '-0.0001', [0x0000868d]],
    [32, '0x1.8p+3', [0x41400000]],
    [32, '.5', [0x3f000000]],
    [32, '5.', [0x40a00000]],
    [32, '+1.5', [0x3fc00000]],
    [32, '1E+5', [0x47c35000]],
    [32, '00012.5', [0x41480000]],
    [32, '0.1', [0x3dcccccd]],
    [32, '-0.0', [0x80000000]],
    [32, '1e-50', [0x00000000]],
    [32, '1.4e-45', [0x00000001]],
    [32, '7e-46', [0x00000000]],
    [32, '3.4028235e38', [0x7f7fffff]],
    [32, '0x1.8p+128', [0x7fc00000]],
    [32, '-0x1.8p+128', [0xffc00000]],
    [32, '0x1p+128', [0x7f800000]],
    [32, '0x1p+129', [0x7f800000]],
    [32, '0x1p-149', [0x00000001]],
    [32, '0x1p-150', [0x00000000]],
    [32, '0x1.000001p+0', [0x3f800000]],
    [32, '0x1.ffffffp0', [0x3fffffff]],
    [32, '0x.8p1', [0x3f800000]],
    [32, '0x1.p1', [0x40000000]],
    [32, '0xp1', [0x00000000]],
    [32, '0x1p99999999999', [0x7f800000]],
    [32, '0x1p-99999999999', [0x00000000]],
    [32, '0x123.456p+7', [0x4711a2b0]],
    [32, '1.00000005960464477539062499', [0x3f800000]],
    [32, '1.00000005960464477539062501', [0x3f800001]],
    [32, '1.000000059604644775390625', [0x3f800000]],
    [32, '1.000000178813934326171875', [0x3f800002]],
    [64, '0.1', [0x9999999a, 0x3fb99999]],
    [64, '0x1.fffffffffffffp+1023', [0xffffffff, 0x7fefffff]],
    [64, '1.7976931348623157e308', [0xffffffff, 0x7fefffff]],
    [64, '4.9e-324', [0x00000001, 0x00000000]],
    [64, '0x1p-1074', [0x00000001, 0x00000000]],
    [64, '0x1p+1024', [0x00000000, 0x7ff00000]],
    [64, '-0x1.8p+1024', [0x00000000, 0xfff80000]],
    [64, '-2.5', [0x00000000, 0xc0040000]],
  ])('%i-bit %s', (width, text, words) => {
    expect(float(text, width)).toEqual(words);
  });
});

describe('encodeFloat: what spirv-as rejects', () => {
  it.each([
    ['0x1.8P+3', 32], // the exponent letter must be a lowercase p
    ['0x10', 32], // a hex float needs its p exponent
    ['0x1.8', 32],
    ['0x1p', 32], // ... with at least one digit
    ['0x1p+', 32],
    ['0x1p3-', 32], // the sign goes before the digits
    ['0x1p++3', 32],
    ['0x1p3x', 32],
    ['+0x1p0', 32],
    ['-+1.5', 32],
    ['1e', 32],
    ['inf', 32],
    ['nan', 64],
    ['1.5f', 32],
    ['.', 32],
    ['', 16],
  ])('%j (%i-bit)', (text, width) => {
    expect(error(text, width).message).toBe(`invalid ${width}-bit float literal: ${text}`);
  });

  it('rejects a decimal too large for the type instead of making it infinite', () => {
    expect(error('1e39', 32).message).toBe('32-bit float literal out of range: 1e39');
    expect(error('3.4028236e38', 32).message).toBe('32-bit float literal out of range: 3.4028236e38');
    expect(error('-1e309', 64).message).toBe('64-bit float literal out of range: -1e309');
    expect(error('1e39', 32).hint).toContain('0x1p+128');
  });

  it('half floats: a decimal is read as a 32-bit float and rounded toward zero, so only >= 65536 overflows', () => {
    expect(float('65535.99', 16)).toEqual([0x7bff]);
    const e = error('65536', 16);
    expect(e.message).toBe('16-bit float literal out of range: 65536');
    expect(e.hint).toContain('65504');
    expect(error('-70000', 16).message).toBe('16-bit float literal out of range: -70000');
  });

  it('rejects float widths other than 16, 32 and 64', () => {
    expect(error('1.0', 8).message).toBe('Unsupported 8-bit float literals');
  });
});

describe('the rounding helpers', () => {
  it('roundToFloat32 rounds a decimal that lands on a double midpoint by its exact value', () => {
    const near = '1.00000005960464477539062501'; // just above 1 + 2^-24
    expect(Math.fround(Number(near))).toBe(1); // rounding through the double goes the wrong way
    expect(roundToFloat32(near, Number(near))).toBe(1 + 2 ** -23);
    expect(roundToFloat32('1.000000059604644775390625', 1 + 2 ** -24)).toBe(1); // an exact tie: to even
  });

  it('float32BitsToHalfTowardZero truncates normals and subnormals and rejects exponents above 15', () => {
    expect(float32BitsToHalfTowardZero(0x3f800000)).toBe(0x3c00); // 1
    expect(float32BitsToHalfTowardZero(0x477fffff)).toBe(0x7bff); // 65535.996 -> 65504
    expect(float32BitsToHalfTowardZero(0x47800000)).toBeUndefined(); // 65536
    expect(float32BitsToHalfTowardZero(0x33800000)).toBe(0x0001); // 2^-24, the smallest subnormal
    expect(float32BitsToHalfTowardZero(0x337fffff)).toBe(0); // just below it
    expect(float32BitsToHalfTowardZero(0x80000000)).toBe(0x8000); // -0
  });
});
