import { describe, expect, it } from 'vitest';
import { encodeLiteralString } from '../../words/literalString.js';
import { Instruction } from '../../ir/Instruction.js';
import { Op } from '../../grammar/index.js';
import { sanitize, sanitizedName, writeQuotedString } from './formatString.js';
import { OutputBuffer } from './OutputBuffer.js';

function quoted(words: ArrayLike<number>): string | false {
  const out = new OutputBuffer(4);
  const w = Uint32Array.from(words);
  return writeQuotedString(out, w, 0, w.length) ? out.text() : false;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Words of raw bytes, nul-terminated and zero-padded (like encodeLiteralString, for any bytes). */
function packed(bytes: ArrayLike<number>): number[] {
  const words = new Array<number>((bytes.length >>> 2) + 1).fill(0);
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] = (words[i >>> 2] | (bytes[i] << ((i & 3) * 8))) >>> 0;
  return words;
}

describe('writeQuotedString', () => {
  it('escapes only the quote and the backslash', () => {
    expect(quoted(encodeLiteralString('say "hi" to C:\\temp\\x.glsl'))).toBe('"say \\"hi\\" to C:\\\\temp\\\\x.glsl"');
    expect(quoted(encodeLiteralString('trailing backslash\\'))).toBe('"trailing backslash\\\\"');
    expect(quoted(encodeLiteralString('line 1\nline 2\ttab'))).toBe('"line 1\nline 2\ttab"');
    expect(quoted(encodeLiteralString(''))).toBe('""');
    expect(quoted(encodeLiteralString('abcd'))).toBe('"abcd"');
  });

  it('keeps UTF-8 as it is', () => {
    const text = 'naïve café — 日本語 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚀 "q"';
    expect(quoted(encodeLiteralString(text))).toBe(`"${text.replaceAll('"', '\\"')}"`);
  });

  it('handles long strings (copied in bulk) the same way', () => {
    const long = 'void main() { /* ünïcödé */ }\n'.repeat(20);
    expect(quoted(encodeLiteralString(long))).toBe(`"${long}"`);
    const escaped = 'x = "\\\\";\n'.repeat(20);
    expect(quoted(encodeLiteralString(escaped))).toBe(`"${escaped.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  });

  it('refuses bytes the text could not carry back', () => {
    expect(quoted(packed([0x61, 0xff, 0x62]))).toBe(false); // not UTF-8
    expect(quoted(packed([...utf8('x'.repeat(100)), 0xc3]))).toBe(false); // long, truncated UTF-8
    expect(quoted([0x00636261 | 0, 0x00000000].map((w) => w >>> 0))).toBe('"abc"');
    expect(quoted([0x61006261])).toBe(false); // a non-zero byte after the terminator
    expect(quoted([0x64636261])).toBe(false); // no terminator
    expect(quoted([0x64636261, 0x00000065, 0x00000001])).toBe(false); // non-zero padding word
  });
});

describe('sanitizedName', () => {
  function name(text: string | number[]): string {
    const words = typeof text === 'string' ? encodeLiteralString(text) : packed(text);
    const inst = new Instruction(Op.Name, 0, 0, [1, ...words]);
    return sanitizedName(inst, 1, inst.operandCount - 1);
  }

  it('replaces every byte outside [A-Za-z0-9_] by _', () => {
    expect(name('main')).toBe('main');
    expect(name('a.b-c d')).toBe('a_b_c_d');
    expect(name('Block_0')).toBe('Block_0');
    expect(name('héllo')).toBe('h__llo'); // é is two bytes of UTF-8
    expect(name('🚀')).toBe('____');
    expect(name([0x61, 0xff, 0x62])).toBe('a_b');
    expect(name('gl_PerVertex[0].x')).toBe('gl_PerVertex_0__x');
  });

  it('names the empty string _', () => {
    expect(name('')).toBe('_');
  });
});

describe('sanitize', () => {
  it('makes a constant name out of a printed literal', () => {
    expect(sanitize('float_n1.5e+10')).toBe('float_n1_5e_10');
    expect(sanitize('uint_42')).toBe('uint_42');
    expect(sanitize('')).toBe('_');
  });
});
