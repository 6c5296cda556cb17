import { SpirvError } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { defaultValueBits } from './defaultValue.js';
import { decodeFloat, encodeFloat } from './floatBits.js';
import { parseDefaultValues } from './parseDefaultValues.js';
import type { ScalarType } from './scalarType.js';

const int = (width: number, signed: boolean): ScalarType => ({ kind: 'int', width, signed });
const float = (width: number): ScalarType => ({ kind: 'float', width });
const bool: ScalarType = { kind: 'bool' };

function badOption(argument: string): string {
  try {
    parseDefaultValues(argument);
  } catch (e) {
    expect(e).toBeInstanceOf(SpirvError);
    expect((e as SpirvError).code).toBe('BAD_OPTION');
    return (e as SpirvError).message;
  }
  throw new Error(`'${argument}' was accepted`);
}

describe("set-spec-const-default-value's argument", () => {
  it('reads blank-separated <spec id>:<value> pairs, ids in decimal or hex', () => {
    expect(parseDefaultValues('0:64 1:0x10\t2:true\n 0x10:-1.5e3  ')).toEqual(
      new Map([
        [0, '64'],
        [1, '0x10'],
        [2, 'true'],
        [16, '-1.5e3'],
      ]),
    );
    expect(parseDefaultValues('4294967295:1').get(4294967295)).toBe('1');
  });

  it('is empty for a blank argument, as spirv-opt takes one', () => {
    expect(parseDefaultValues('').size).toBe(0);
    expect(parseDefaultValues('  ').size).toBe(0);
  });

  it('says what is wrong with a bad pair', () => {
    expect(badOption('x:1')).toBe("set-spec-const-default-value: 'x' in 'x:1' is not a spec id (an unsigned 32-bit integer, decimal or 0x hex)");
    expect(badOption('-1:1')).toContain("'-1' in '-1:1' is not a spec id");
    expect(badOption('4294967296:1')).toContain("'4294967296' in '4294967296:1' is not a spec id");
    expect(badOption(':5')).toContain("'' in ':5' is not a spec id");
    expect(badOption('3')).toBe("set-spec-const-default-value: spec id 3 has no value: write '3:<value>', with no blank around ':'");
    expect(badOption('3: 4')).toBe("set-spec-const-default-value: spec id 3 has an empty value: write '3:<value>', with no blank around ':'");
    expect(badOption('3 :4')).toContain('spec id 3 has no value');
    expect(badOption('1:2:3')).toBe("set-spec-const-default-value: '1:2:3' has more than one ':': pairs are separated by blanks, as '0:64 1:2'");
    expect(badOption('1:2 0x1:3')).toBe('set-spec-const-default-value: spec id 1 is given twice');
  });

  it('hints at the syntax', () => {
    try {
      parseDefaultValues('oops');
    } catch (e) {
      expect((e as SpirvError).hint).toBe("the argument is '<spec id>:<default value> ...', e.g. '0:64 1:2 2:true'");
    }
  });
});

const bits = (value: Parameters<typeof defaultValueBits>[0], type: ScalarType): bigint => {
  const r = defaultValueBits(value, type);
  if ('problem' in r) throw new Error(r.problem);
  return r.bits;
};
const problem = (value: Parameters<typeof defaultValueBits>[0], type: ScalarType): string => {
  const r = defaultValueBits(value, type);
  if (!('problem' in r)) throw new Error(`${String(value)} was accepted: ${r.bits}`);
  return r.problem;
};

describe('default values by type', () => {
  it('bools take true and false, as text or booleans', () => {
    expect(bits('true', bool)).toBe(1n);
    expect(bits(false, bool)).toBe(0n);
    expect(problem('1', bool)).toBe("'1' is not a value for a bool (true or false)");
    expect(problem(1, bool)).toBe('1 is not a value for a bool (true or false)');
    expect(problem(true, int(32, false))).toBe('true is not a value for a 32-bit unsigned integer');
  });

  it('integers: decimal within the range of their signedness, hex as a bit pattern of their width', () => {
    expect(bits('255', int(8, false))).toBe(255n);
    expect(bits('-128', int(8, true))).toBe(0x80n);
    expect(bits('0xFF', int(8, true))).toBe(0xffn); // -1, as spirv-opt reads hex
    expect(bits('+7', int(16, true))).toBe(7n);
    expect(bits('18446744073709551615', int(64, false))).toBe(0xffffffffffffffffn);
    expect(bits('-9223372036854775808', int(64, true))).toBe(0x8000000000000000n);
    expect(bits(-1, int(32, true))).toBe(0xffffffffn);
    expect(bits(2n ** 63n, int(64, false))).toBe(2n ** 63n);
    expect(problem('256', int(8, false))).toBe("'256' does not fit in a 8-bit unsigned integer (0 to 255)");
    expect(problem('128', int(8, true))).toBe("'128' does not fit in a 8-bit signed integer (-128 to 127)");
    expect(problem('0x100', int(8, true))).toBe("'0x100' does not fit in a 8-bit signed integer (0 to 255 as a hex bit pattern)");
    expect(problem('-1', int(32, false))).toBe("'-1' is negative, which a 32-bit unsigned integer cannot hold");
    expect(problem(-1n, int(64, false))).toBe('-1n is negative, which a 64-bit unsigned integer cannot hold');
    expect(problem('-0x1', int(32, true))).toBe("'-0x1' is not an integer (decimal, or hex as 0x...) for a 32-bit signed integer");
    expect(problem('1.5', int(32, true))).toContain("'1.5' is not an integer");
    expect(problem(1.5, int(32, true))).toBe('1.5 is not an integer for a 32-bit signed integer');
    expect(problem(2 ** 60, int(64, true))).toBe('1152921504606847000 is not an integer for a 64-bit signed integer (beyond 2^53: pass a bigint)');
    expect(problem('4294967296', int(32, false))).toBe("'4294967296' does not fit in a 32-bit unsigned integer (0 to 4294967295)");
  });

  it('floats: decimal and hex floats, rounded to nearest even, finite in their width', () => {
    expect(bits('1.5', float(32))).toBe(0x3fc00000n);
    expect(bits('0x1.8p3', float(32))).toBe(0x41400000n);
    expect(bits('-0x1p-2', float(64))).toBe(0xbfd0000000000000n);
    expect(bits('.5', float(16))).toBe(0x3800n);
    expect(bits('65504', float(16))).toBe(0x7bffn);
    expect(bits('1e-8', float(16))).toBe(0n); // below half the smallest subnormal
    expect(bits('6e-8', float(16))).toBe(1n); // the smallest subnormal, 2^-24
    expect(bits(Infinity, float(32))).toBe(0x7f800000n);
    expect(bits(NaN, float(16))).toBe(0x7e00n);
    expect(bits(-0, float(32))).toBe(0x80000000n);
    expect(bits(3n, float(64))).toBe(0x4008000000000000n);
    expect(problem('65520', float(16))).toBe("'65520' is out of range for a 16-bit float");
    expect(problem('1e39', float(32))).toBe("'1e39' is out of range for a 32-bit float");
    expect(problem('1e309', float(64))).toBe("'1e309' is out of range for a 64-bit float");
    expect(problem(1e39, float(32))).toBe('1e+39 is out of range for a 32-bit float');
    expect(problem('inf', float(32))).toBe("'inf' is not a number (decimal or hex float) for a 32-bit float");
    expect(problem('1.5f', float(32))).toContain("'1.5f' is not a number");
    expect(problem('0x', float(32))).toContain("'0x' is not a number");
    expect(problem(2n ** 1100n, float(64))).toBe(`${2n ** 1100n}n is not exactly representable for a 64-bit float`);
  });
});

describe('float conversions', () => {
  it('round half floats to nearest even, through subnormals, and back exactly', () => {
    expect(encodeFloat(1 + 2 ** -11, 16).bits).toBe(0x3c00n); // a tie: to the even mantissa
    expect(encodeFloat(1 + 3 * 2 ** -11, 16).bits).toBe(0x3c02n); // a tie: up to the even mantissa
    expect(encodeFloat(2 ** -15, 16).bits).toBe(0x0200n); // subnormal
    expect(encodeFloat(65519, 16)).toEqual({ bits: 0x7bffn, overflow: false });
    expect(encodeFloat(-65520, 16)).toEqual({ bits: 0xfc00n, overflow: true });
    expect(encodeFloat(2 ** -14 - 2 ** -25, 16).bits).toBe(0x0400n); // rounds up into the normals
    for (const b of [0x0001n, 0x03ffn, 0x0400n, 0x3555n, 0x7bffn, 0xc000n]) expect(encodeFloat(decodeFloat(b, 16), 16).bits).toBe(b);
    expect(decodeFloat(0x7c00n, 16)).toBe(Infinity);
    expect(decodeFloat(0x7e00n, 16)).toBeNaN();
    expect(decodeFloat(0x3fc00000n, 32)).toBe(1.5);
    expect(decodeFloat(0xc008000000000000n, 64)).toBe(-3);
    expect(encodeFloat(2 ** -149, 32).bits).toBe(1n);
    expect(encodeFloat(Math.fround(0.1), 32).bits).toBe(0x3dcccccdn);
  });
});
