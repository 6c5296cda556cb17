import { describe, expect, it } from 'vitest';
import { SpirvError, type SourceDiagnostic } from '../../errors/SpirvError.js';
import { Op } from '../../grammar/index.js';
import { assemble, type AssembleOptions } from './assemble.js';
import { formatAssemblyDiagnostic } from './formatDiagnostic.js';

const HEAD = 'OpCapability Shader\nOpMemoryModel Logical GLSL450\n%int = OpTypeInt 32 1\n%uchar = OpTypeInt 8 0\n%ptr = OpTypePointer Function %int\n';
const HEAD_LINES = 5;

/** The assembly error's diagnostics; fails when the text assembles. */
function diagnosticsOf(text: string, options: AssembleOptions = {}): SourceDiagnostic[] {
  try {
    assemble(text, { file: 'test.spvasm', ...options });
  } catch (e) {
    expect(e).toBeInstanceOf(SpirvError);
    expect((e as SpirvError).code).toBe('ASSEMBLY');
    return [...(e as SpirvError).diagnostics!];
  }
  throw new Error('expected the text to fail to assemble');
}

/** The only error of `body` (after HEAD); `body` is on line HEAD_LINES + 1. */
function onlyError(body: string): SourceDiagnostic {
  const ds = diagnosticsOf(HEAD + body + '\n').filter((d) => d.severity === 'error');
  expect(ds.map((d) => d.message)).toHaveLength(1);
  return ds[0];
}

/** The caret line of the code frame. */
function carets(d: SourceDiagnostic): string {
  return formatAssemblyDiagnostic(d).split('\n')[2];
}

describe('each kind of error says what, where, and what to do', () => {
  it('unknown opcode: the nearest opcode names', () => {
    const d = onlyError('%x = OpLaod %int %ptr');
    expect(d.message).toBe("unknown opcode 'OpLaod'");
    expect(d.location).toEqual({ file: 'test.spvasm', line: HEAD_LINES + 1, column: 6 });
    expect(d.endColumn).toBe(12);
    expect(d.hint).toBe('did you mean OpLoad?');
    expect(carets(d)).toBe('  |      ^^^^^^');
  });

  it('missing operand: the operand the grammar expects, with its kind', () => {
    const d = onlyError('%x = OpLoad %int');
    expect(d.message).toBe('OpLoad is missing an operand: expected IdRef, found the end of the text');
    expect(d.location.column).toBe(17); // just after the last operand
    expect(d.hint).toContain('IdRef is an <id>');
  });

  it('missing operand before the next instruction', () => {
    const d = diagnosticsOf(HEAD + 'OpDecorate %int\nOpCapability Shader\n')[0];
    expect(d.message).toBe('OpDecorate is missing an operand: expected Decoration, found the next instruction');
    expect(d.location.line).toBe(HEAD_LINES + 1);
    expect(d.hint).toContain('Decoration is one of the names: Relaxed');
  });

  it('undefined id: reported at its first use, with nearby names', () => {
    const d = onlyError('%x = OpLoad %int %ptrr');
    expect(d.message).toBe('%ptrr is used but never defined');
    expect(d.location.column).toBe(18);
    expect(d.endColumn).toBe(23);
    expect(d.hint).toBe('did you mean %ptr?');
  });

  it('an id defined twice: points to the first definition', () => {
    const d = onlyError('%int = OpTypeFloat 32');
    expect(d.message).toBe('%int is defined twice');
    expect(d.location.line).toBe(HEAD_LINES + 1);
    expect(d.hint).toBe('it was first defined at test.spvasm:3:1');
  });

  it('literal out of range for its type', () => {
    const d = onlyError('%c = OpConstant %uchar 256');
    expect(d.message).toBe('integer 256 does not fit in an 8-bit unsigned integer (the result type %uchar)');
    expect(d.hint).toBe('the range is 0 to 255');
    expect(d.location.column).toBe(24);
    expect(carets(d)).toBe('  |                        ^^^');
    expect(onlyError('%c = OpConstant %int -2147483649').message).toBe('integer -2147483649 does not fit in a 32-bit signed integer (the result type %int)');
  });

  it('unknown enumerant: the nearest names of its kind', () => {
    const d = onlyError('%p2 = OpTypePointer Inptu %int');
    expect(d.message).toBe("unknown StorageClass 'Inptu'");
    expect(d.hint).toBe('did you mean Input?');
    expect(d.location.column).toBe(21);
  });

  it("unknown enumerant without a close name lists the kind's names", () => {
    const d = onlyError('OpDecorate %int Zzzzzzzzzzz');
    expect(d.hint).toMatch(/^Decoration is one of RelaxedPrecision, SpecId, Block, /);
  });

  it('unterminated string: at its opening quote, and the lines it swallowed are read again', () => {
    const ds = diagnosticsOf(HEAD + 'OpName %int "oops\n%x = OpLaod %int %ptr\nOpName %ptr "fine"\n');
    expect(ds.map((d) => [d.message, d.location.line, d.location.column])).toEqual([
      ['unterminated string: the closing " is missing', HEAD_LINES + 1, 13],
      ["unknown opcode 'OpLaod'", HEAD_LINES + 2, 6],
    ]);
  });

  it("a backslash before a C escape letter is a warning: spirv-as reads '\\n' as n", () => {
    const warnings: SourceDiagnostic[] = [];
    const m = assemble(HEAD + 'OpName %int "a\\nb"\n', { onWarning: (w) => warnings.push(w) });
    expect(m.globals.at(-1)!.opcode).toBe(Op.Name);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].severity).toBe('warning');
    expect(warnings[0].message).toContain("'\\n' is the letter 'n' here");
    expect(warnings[0].location).toEqual({ line: HEAD_LINES + 1, column: 15 });
  });

  it('trailing words after a complete instruction', () => {
    const d = onlyError('OpCapability Shader Matrix');
    expect(d.message).toBe("unexpected 'Matrix' after the operands of OpCapability");
    expect(d.location.column).toBe(21);
    const flags = onlyError('%v = OpLoad %int %ptr Volatile Aligned 4');
    expect(flags.message).toBe("unexpected 'Aligned' after the operands of OpLoad");
    expect(flags.hint).toBe("to combine MemoryAccess flags, join them with '|' and no spaces: Volatile|Aligned");
  });

  it("a result id on an instruction without one, and a missing '='", () => {
    expect(onlyError('%x = OpNop').message).toBe('OpNop does not produce a result id, so %x cannot be set');
    expect(onlyError('OpTypeVoid').message).toBe('OpTypeVoid produces a result id, but none is given');
    const d = onlyError('%x OpTypeVoid');
    expect(d.message).toBe("expected '=' after %x, found 'OpTypeVoid'");
    expect(d.location.column).toBe(4);
  });

  it('invalid ids and wrong operand forms', () => {
    expect(onlyError('%a.b = OpTypeVoid').message).toBe("invalid id '%a.b'");
    expect(onlyError('OpName int "x"').message).toBe("expected an id (%name) for IdRef, found 'int'");
    expect(onlyError('OpName %int x').message).toBe("expected a quoted string, found 'x'");
    expect(onlyError('OpName %int 12').message).toBe('expected a string for LiteralString, found the number 12');
  });

  it('unknown extended instruction set and instruction', () => {
    expect(onlyError('%e = OpExtInstImport "GLSL.std.45"').hint).toBe('did you mean GLSL.std.450?');
    const d = onlyError('%e = OpExtInstImport "GLSL.std.450"\n%f = OpTypeFloat 32\n%x = OpExtInst %f %e Sqrtt %f');
    expect(d.message).toBe("unknown instruction 'Sqrtt' in GLSL.std.450");
    expect(d.hint).toBe('did you mean Sqrt?');
  });

  it("OpSpecConstantOp operations outside spirv-as's list, or written with Op", () => {
    expect(onlyError('%x = OpSpecConstantOp %int Load %ptr').message).toBe("'Load' is not an operation OpSpecConstantOp accepts");
    const d = onlyError('%x = OpSpecConstantOp %int 128 %int');
    expect(d.hint).toMatch(/^accepted: AccessChain, /);
  });

  it('OpConstant needs a scalar type defined before it; OpSwitch an integer selector', () => {
    expect(onlyError('%x = OpConstant %ptr 1').hint).toBe('%ptr is not an OpTypeInt or OpTypeFloat');
    expect(onlyError('%x = OpConstant %later 1\n%later = OpTypeInt 32 0').hint).toBe('%later is not a type defined earlier in the text');
  });

  it('function layouts a Module cannot hold', () => {
    const fn = '%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%f = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\n';
    expect(onlyError(fn).message).toBe('this function has no OpFunctionEnd before the end of the text');
    expect(onlyError(fn + 'OpFunctionEnd\nOpFunctionEnd').message).toBe('OpFunctionEnd outside a function');
  });
});

describe('all errors of a text are reported at once', () => {
  const text = [
    'OpCapability Shader', // 1
    'OpCapability Shaderr', // 2
    '%int = OpTypeInt 32 1', // 3
    '%c = OpConstant %int 99999999999', // 4
    '%x = OpFoo %int', // 5
    'OpName %nope "x"', // 6
    '%int = OpTypeInt 16 1', // 7
    '',
  ].join('\n');

  it('recovers at the next instruction after each error', () => {
    const ds = diagnosticsOf(text, { file: 'many.spvasm' });
    expect(ds.map((d) => `${d.location.line}:${d.location.column} ${d.message}`)).toEqual([
      "2:14 unknown Capability 'Shaderr'",
      '4:22 integer 99999999999 does not fit in a 32-bit signed integer (the result type %int)',
      "5:6 unknown opcode 'OpFoo'",
      '6:8 %nope is used but never defined',
      '7:1 %int is defined twice',
    ]);
  });

  it('lists every error in the message and gives the first location', () => {
    try {
      assemble(text, { file: 'many.spvasm' });
      expect.unreachable();
    } catch (e) {
      const err = e as SpirvError;
      expect(err.message.split('\n')[0]).toBe('5 errors in many.spvasm:');
      expect(err.message).toContain("many.spvasm:5:6: unknown opcode 'OpFoo'");
      expect(err.location).toEqual({ file: 'many.spvasm', line: 2, column: 14 });
    }
  });

  it('a single error is the message itself, with its hint', () => {
    try {
      assemble('OpCapability Shaderr\n');
      expect.unreachable();
    } catch (e) {
      expect((e as SpirvError).message).toBe("unknown Capability 'Shaderr'");
      expect((e as SpirvError).hint).toBe('did you mean Shader?');
    }
  });

  it('accepts undefined ids with allowUndefinedIds, as spirv-as does', () => {
    expect(() => assemble('OpName %nope "x"\n')).toThrow(SpirvError);
    expect(assemble('OpName %nope "x"\n', { allowUndefinedIds: true }).debugNames.length).toBe(1);
  });
});

describe('code frames', () => {
  it('count columns in UTF-16 units and keep tabs so carets line up', () => {
    const d = diagnosticsOf('OpName %x "é"\t%y\n%x = OpTypeVoid\n')[0];
    expect(d.message).toBe("unexpected '%y' after the operands of OpName");
    expect(d.location.column).toBe(15); // é is one UTF-16 unit (two bytes)
    expect(formatAssemblyDiagnostic(d).split('\n').slice(1, 3)).toEqual(['1 | OpName %x "é"\t%y', `  | ${' '.repeat(13)}\t^^`]);
  });
});
