import { describe, expect, it } from 'vitest';
import { viteCodeFrame } from './codeFrame.js';

/** What Vite 8's client (dist/client/client.mjs, ErrorOverlay) takes for a code frame line. */
const VITE_CLIENT_FRAME_LINE = /^(?:>?\s*\d+\s+\|.*|\s+\|\s*\^.*)\r?\n/gm;

const TEXT = ['// shared helpers', 'uint twice(uint x) {', '  return x * 2u +;', '}', ''].join('\n');

describe('viteCodeFrame', () => {
  it("draws Vite's layout: two lines each side, the caret under the column", () => {
    expect(viteCodeFrame(TEXT, 3, 18)).toBe(
      ['1  |  // shared helpers', '2  |  uint twice(uint x) {', '3  |    return x * 2u +;', '   |                   ^', '4  |  }', '5  |  '].join('\n'),
    );
  });

  it("is recognised by Vite's error overlay", () => {
    VITE_CLIENT_FRAME_LINE.lastIndex = 0;
    expect(VITE_CLIENT_FRAME_LINE.test(viteCodeFrame(TEXT, 3, 18))).toBe(true);
  });

  it('keeps the caret under its character after tabs and on wide line numbers', () => {
    const text = `${'\n'.repeat(99)}\tx = y;\n`;
    const lines = viteCodeFrame(text, 100, 2).split('\n');
    const at = lines.findIndex((l) => l.startsWith('100 |'));
    expect(lines[at]).toBe('100 |    x = y;');
    expect(lines[at + 1]?.indexOf('^')).toBe(lines[at]?.indexOf('x'));
  });

  it('draws nothing for a line outside the text', () => {
    expect(viteCodeFrame(TEXT, 9, 1)).toBe('');
  });
});
