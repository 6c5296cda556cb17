import { describe, expect, it } from 'vitest';
import { LiteralError } from './LiteralError.js';
import { encodeInteger, parseUint32, readCppInteger } from './parseInteger.js';

const enc = new TextEncoder();

/** Encodes `text` for an integer type; the words, or the error. Expected values come from spirv-as v2023.1. */
function int(text: string, width: number, signed: boolean): number[] | LiteralError {
  const bytes = enc.encode(text);
  const out = new Uint32Array(4);
  const r = encodeInteger(bytes, 0, bytes.length, width, signed, out, 1);
  return typeof r === 'number' ? Array.from(out.subarray(1, 1 + r)) : r;
}

function error(text: string, width: number, signed: boolean): LiteralError {
  const r = int(text, width, signed);
  if (!(r instanceof LiteralError)) throw new Error(`expected an error for ${text}, got ${JSON.stringify(r)}`);
  return r;
}

describe('encodeInteger: the forms spirv-as reads', () => {
  it.each([
    ['0', 32, false, [0]],
    ['42', 32, false, [42]],
    ['+5', 32, false, [5]],
    ['010', 32, false, [8]], // a leading 0 is octal, as C++ streams read it
    ['0x1F', 32, false, [31]],
    ['0X1f', 32, true, [31]],
    ['4294967295', 32, false, [0xffffffff]],
    ['-1', 32, true, [0xffffffff]],
    ['-0x10', 32, true, [0xfffffff0]],
    ['-2147483648', 32, true, [0x80000000]],
    ['2147483647', 32, true, [0x7fffffff]],
    ['0x80000000', 32, true, [0x80000000]], // hex may give the bits of a negative number
    ['123456789', 32, false, [123456789]],
    ['1234567890', 32, false, [1234567890]],
  ])('%s as %i-bit (signed %s)', (text, width, signed, words) => {
    expect(int(text, width, signed)).toEqual(words);
  });

  it('sign-extends narrow signed values into their word: negatives and hex with the sign bit', () => {
    expect(int('-1', 16, true)).toEqual([0xffffffff]);
    expect(int('0x8000', 16, true)).toEqual([0xffff8000]);
    expect(int('0xff', 8, true)).toEqual([0xffffffff]);
    expect(int('0x80', 8, true)).toEqual([0xffffff80]);
    expect(int('-128', 8, true)).toEqual([0xffffff80]);
    expect(int('0x800', 12, true)).toEqual([0xfffff800]);
  });

  it('does not sign-extend unsigned values', () => {
    expect(int('0xFFFF', 16, false)).toEqual([0xffff]);
    expect(int('255', 8, false)).toEqual([255]);
  });

  it('writes 64-bit values as two words, low word first', () => {
    expect(int('0x123456789abcdef0', 64, false)).toEqual([0x9abcdef0, 0x12345678]);
    expect(int('-1', 64, true)).toEqual([0xffffffff, 0xffffffff]);
    expect(int('1', 64, true)).toEqual([1, 0]);
    expect(int('18446744073709551615', 64, false)).toEqual([0xffffffff, 0xffffffff]);
    expect(int('9223372036854775807', 64, true)).toEqual([0xffffffff, 0x7fffffff]);
    expect(int('-9223372036854775808', 64, true)).toEqual([0, 0x80000000]);
    expect(int('0xffffffffffffffff', 64, true)).toEqual([0xffffffff, 0xffffffff]);
    expect(int('-0x8000000000000000', 64, true)).toEqual([0, 0x80000000]);
  });
});

describe('encodeInteger: values out of range for the type', () => {
  it.each([
    ['256', 8, false, 'integer 256 does not fit in an 8-bit unsigned integer', 'the range is 0 to 255'],
    ['128', 8, true, 'integer 128 does not fit in an 8-bit signed integer', 'the range is -128 to 127'],
    ['-129', 8, true, 'integer -129 does not fit in an 8-bit signed integer', 'the range is -128 to 127'],
    ['65536', 16, false, 'integer 65536 does not fit in a 16-bit unsigned integer', 'the range is 0 to 65535'],
    ['-2147483649', 32, true, 'integer -2147483649 does not fit in a 32-bit signed integer', 'the range is -2147483648 to 2147483647'],
    ['2147483648', 32, true, 'integer 2147483648 does not fit in a 32-bit signed integer', 'the range is -2147483648 to 2147483647'],
    ['4294967296', 32, false, 'integer 4294967296 does not fit in a 32-bit unsigned integer', 'the range is 0 to 4294967295'],
    ['0x100000000', 32, true, 'integer 0x100000000 does not fit in a 32-bit signed integer', 'the range is -2147483648 to 2147483647'],
    [
      '9223372036854775808',
      64,
      true,
      'integer 9223372036854775808 does not fit in a 64-bit signed integer',
      'the range is -9223372036854775808 to 9223372036854775807',
    ],
    ['2048', 12, true, 'integer 2048 does not fit in a 12-bit signed integer', 'the range is -2048 to 2047'],
  ])('%s for %i bits (signed %s)', (text, width, signed, message, hint) => {
    const e = error(text, width, signed);
    expect(e.message).toBe(message);
    expect(e.hint).toContain(hint);
  });

  it('rejects numbers beyond 64 bits as invalid literals, as spirv-as does', () => {
    expect(error('18446744073709551616', 64, false).message).toBe('invalid unsigned integer literal: 18446744073709551616');
    expect(error('-9223372036854775809', 64, true).message).toBe('invalid signed integer literal: -9223372036854775809');
  });

  it('rejects a minus sign for an unsigned type, even on zero', () => {
    expect(error('-1', 32, false).message).toBe('cannot put a negative number in a 32-bit unsigned integer: -1');
    expect(error('-0', 16, false).message).toBe('cannot put a negative number in a 16-bit unsigned integer: -0');
  });

  it.each(['0x', '09', '1e3', '1.0', '12abc', '', '0x1_0', '--1'])('rejects %j', (text) => {
    expect(error(text, 32, true).message).toMatch(/^invalid (signed|unsigned) integer literal/);
  });

  it('rejects integer types wider than 64 bits', () => {
    expect(error('1', 128, false).message).toBe('Unsupported 128-bit integer literals');
  });
});

describe('readCppInteger and parseUint32', () => {
  it('read bases as C++ streams with setbase(0) do', () => {
    expect(readCppInteger('0x10')).toEqual({ negative: false, magnitude: 16n });
    expect(readCppInteger('017')).toEqual({ negative: false, magnitude: 15n });
    expect(readCppInteger('-5')).toEqual({ negative: true, magnitude: 5n });
    expect(readCppInteger('08')).toBeUndefined();
    expect(readCppInteger('0x')).toBeUndefined();
  });

  it('parseUint32 takes 32-bit values only, and a minus sign only before zero', () => {
    expect(parseUint32('4294967295')).toBe(0xffffffff);
    expect(parseUint32('4294967296')).toBeUndefined();
    expect(parseUint32('-0')).toBe(0);
    expect(parseUint32('-1')).toBeUndefined();
    expect(parseUint32('010')).toBe(8);
  });
});
