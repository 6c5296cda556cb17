import { describe, expect, it } from 'vitest';
import { codeFrame, formatAssemblyDiagnostic } from './formatDiagnostic.js';
import { didYouMean, nearestNames } from './nearestNames.js';

describe('codeFrame', () => {
  it('underlines [column, endColumn) under the line, with the line number in the gutter', () => {
    expect(codeFrame('%x = OpLaod %int %p', 12, 6, 12)).toBe('12 | %x = OpLaod %int %p\n   |      ^^^^^^');
  });

  it('puts one caret without an end column, and keeps tabs', () => {
    expect(codeFrame('\tOpNop x', 3, 8)).toBe('3 | \tOpNop x\n  | \t      ^');
  });

  it('clamps a column past the end of the line to just after it', () => {
    expect(codeFrame('OpNop', 1, 40)).toBe('1 | OpNop\n  |      ^');
  });
});

describe('formatAssemblyDiagnostic', () => {
  it('prints location, severity, message, code frame and hint', () => {
    const text = formatAssemblyDiagnostic({
      severity: 'error',
      message: "unknown opcode 'OpLaod'",
      location: { file: 'a.spvasm', line: 2, column: 6 },
      endColumn: 12,
      hint: 'did you mean OpLoad?',
      sourceLine: '%x = OpLaod %int %p',
    });
    expect(text).toBe("a.spvasm:2:6: error: unknown opcode 'OpLaod'\n2 | %x = OpLaod %int %p\n  |      ^^^^^^\nhint: did you mean OpLoad?");
  });

  it('names a text without a file <input> and omits what it lacks', () => {
    expect(formatAssemblyDiagnostic({ severity: 'warning', message: 'm', location: { line: 1, column: 1 } })).toBe('<input>:1:1: warning: m');
  });
});

describe('nearestNames', () => {
  it('finds typos: swaps, a missing or extra letter, case', () => {
    expect(nearestNames('OpLaod', ['OpStore', 'OpLoad', 'OpLabel'])).toEqual(['OpLoad']);
    expect(nearestNames('Inptu', ['Input', 'Output', 'Uniform'])).toEqual(['Input']);
    expect(nearestNames('shader', ['Shader', 'Kernel'])).toEqual(['Shader']);
    expect(nearestNames('Locaton', ['Location', 'Component'])).toEqual(['Location']);
  });

  it('suggests nothing for unrelated names', () => {
    expect(nearestNames('Zzzzzzz', ['Location', 'Component', 'Block'])).toEqual([]);
  });

  it('orders by distance, then by the order given, and stops at max', () => {
    expect(nearestNames('ab', ['abcd', 'ax', 'ab', 'xb', 'abc'], 2)).toEqual(['ax', 'xb']);
  });

  it('didYouMean phrases one or several suggestions', () => {
    expect(didYouMean(['A'])).toBe('did you mean A?');
    expect(didYouMean(['a', 'b', 'c'], '%')).toBe('did you mean %a, %b or %c?');
    expect(didYouMean([])).toBeUndefined();
  });
});
