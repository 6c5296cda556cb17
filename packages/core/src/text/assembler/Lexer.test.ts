import { describe, expect, it } from 'vitest';
import { Lexer } from './Lexer.js';
import { SourceText } from './SourceText.js';

/** The words of a text as spirv-as splits them, with the line each starts on. */
function words(text: string): [string, number][] {
  const src = new SourceText(text);
  const lx = new Lexer(src);
  const out: [string, number][] = [];
  while (lx.skipBlank()) {
    const start = lx.pos;
    const line = lx.line;
    const end = lx.wordEnd(start);
    out.push([src.slice(start, end), line]);
    lx.take(end);
  }
  return out;
}

describe('Lexer splits words as spirv-as does', () => {
  it('at spaces, tabs, line breaks and comments only', () => {
    expect(words('%x=OpFoo a,b(c)\t;comment %y\n  OpNop')).toEqual([
      ['%x=OpFoo', 1],
      ['a,b(c)', 1],
      ['OpNop', 2],
    ]);
  });

  it('keeps quoted text, with its spaces, line breaks and semicolons, in one word', () => {
    expect(words('OpName %a "x y;z\nw" OpNop')).toEqual([
      ['OpName', 1],
      ['%a', 1],
      ['"x y;z\nw"', 1],
      ['OpNop', 2],
    ]);
  });

  it('counts line breaks inside quoted words, escaped ones too, for the words after them', () => {
    expect(words('"a\\\nb\n\nc" x\\\ny z')).toEqual([
      ['"a\\\nb\n\nc"', 1],
      ['x\\\ny', 4],
      ['z', 5],
    ]);
  });

  it('lets a backslash keep the next character, inside quotes and out', () => {
    expect(words('"a\\" b" c\\ d e')).toEqual([
      ['"a\\" b"', 1],
      ['c\\ d', 1],
      ['e', 1],
    ]);
  });

  it('continues a word past a closing quote, and runs an unclosed quote to the end', () => {
    expect(words('"ab"cd ef "gh ij')).toEqual([
      ['"ab"cd', 1],
      ['ef', 1],
      ['"gh ij', 1],
    ]);
  });

  it('stops at a NUL byte, as spirv-as does, and skips a byte order mark', () => {
    expect(words('\uFEFFOpNop\u0000 OpNop')).toEqual([['OpNop', 1]]);
  });

  it('finds instruction starts: an opcode, or %id followed by the word =', () => {
    const src = new SourceText('%a = x %b ; c\n = %c =d OpFoo opFoo');
    const lx = new Lexer(src);
    const starts: boolean[] = [];
    while (lx.skipBlank()) {
      const s = lx.pos;
      const e = lx.wordEnd(s);
      starts.push(lx.startsInstruction(s, e));
      lx.take(e);
    }
    expect(starts).toEqual([true, false, false, true, false, false, false, true, false]);
  });

  it('reports the open quote of a word that runs to the end', () => {
    const src = new SourceText('x "ok" y"\\"z');
    const lx = new Lexer(src);
    expect(lx.unclosedQuote(0, src.end)).toBe(8);
    expect(lx.unclosedQuote(0, 6)).toBe(-1);
  });
});
