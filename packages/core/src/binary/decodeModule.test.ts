import { describe, expect, it } from 'vitest';
import { SpirvError, type SpirvErrorCode } from '../errors/SpirvError.js';
import { Op } from '../grammar/index.js';
import { decodeModule } from './decodeModule.js';
import { encodeModule } from './encodeModule.js';
import { swapWords } from '../words/wordInput.js';

// A minimal valid compute module, written as words so each test can corrupt exactly one thing.
//   OpCapability Shader; OpMemoryModel Logical GLSL450; OpEntryPoint GLCompute %4 "main";
//   OpExecutionMode %4 LocalSize 1 1 1; OpName %4 "main"; %2 = OpTypeVoid; %3 = OpTypeFunction %2;
//   %4 = OpFunction %2 None %3; %5 = OpLabel; OpReturn; OpFunctionEnd
const op = (opcode: number, ...operands: number[]): number[] => [((operands.length + 1) << 16) | opcode, ...operands];
const MAIN = [0x6e69616d, 0];
function moduleWords(bound = 6): number[] {
  return [
    0x07230203,
    0x00010000,
    0,
    bound,
    0,
    ...op(Op.Capability, 1),
    ...op(Op.MemoryModel, 0, 1),
    ...op(Op.EntryPoint, 5, 4, ...MAIN),
    ...op(Op.ExecutionMode, 4, 17, 1, 1, 1),
    ...op(Op.Name, 4, ...MAIN),
    ...op(Op.TypeVoid, 2),
    ...op(Op.TypeFunction, 3, 2),
    ...op(Op.Function, 2, 4, 0, 3),
    ...op(Op.Label, 5),
    ...op(Op.Return),
    ...op(Op.FunctionEnd),
  ];
}
const FUNCTION_AT = 5 + 2 + 3 + 5 + 6 + 4 + 2 + 3; // word index of OpFunction

function expectError(input: Uint32Array | Uint8Array, code: SpirvErrorCode, offset?: number, lazy = false): SpirvError {
  let caught: unknown;
  try {
    const m = decodeModule(input, { lazyFunctions: lazy });
    void m.functions;
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(SpirvError);
  const err = caught as SpirvError;
  expect(err.code).toBe(code);
  if (offset !== undefined) expect(err.offset).toBe(offset);
  expect(err.message.length).toBeGreaterThan(20);
  return err;
}

describe('decodeModule', () => {
  it('round-trips a module byte for byte, lazily and eagerly', () => {
    const words = new Uint32Array(moduleWords());
    expect(Array.from(encodeModule(decodeModule(words)))).toEqual(Array.from(words));
    expect(Array.from(encodeModule(decodeModule(words, { lazyFunctions: false })))).toEqual(Array.from(words));
  });

  it('accepts Uint8Array at an odd byte offset, ArrayBuffer and Buffer', () => {
    const words = new Uint32Array(moduleWords());
    const bytes = new Uint8Array(words.buffer);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const views = [shifted.subarray(3), words.buffer, Buffer.from(bytes), bytes];
    for (const input of views) {
      expect(Array.from(encodeModule(decodeModule(input)))).toEqual(Array.from(words));
    }
  });

  it('decodes a byte-swapped module and encodes it back in its own byte order', () => {
    const words = new Uint32Array(moduleWords());
    const swapped = swapWords(words.slice());
    const m = decodeModule(swapped);
    expect(m.endianness).toBe('big');
    expect(m.entryPoints).toHaveLength(1);
    // the entry point name is packed by word value, so it reads the same in either byte order
    expect(m.debugNames[0].word(1)).toBe(0x6e69616d);
    expect(Array.from(encodeModule(m))).toEqual(Array.from(swapped));
    expect(Array.from(encodeModule(m, { endianness: 'little' }))).toEqual(Array.from(words));
  });

  it('keeps unknown opcodes and enumerants word for word', () => {
    const words = moduleWords();
    // an unknown opcode 0x7fff with three words, placed among the types
    words.splice(FUNCTION_AT, 0, ...op(0x7fff, 1, 2, 3));
    // an unknown execution mode value 0x7777 with two parameter words
    words.splice(5 + 2 + 3 + 5, 0, ...op(Op.ExecutionMode, 4, 0x7777, 9, 9));
    const input = new Uint32Array(words);
    const m = decodeModule(input);
    expect(Array.from(encodeModule(m))).toEqual(words);
    void m.functions;
    expect(Array.from(encodeModule(m))).toEqual(words);
  });

  it('rejects a truncated header', () => {
    expectError(new Uint32Array([0x07230203, 0x10000]), 'TRUNCATED_HEADER');
    expectError(new Uint8Array(0), 'TRUNCATED_HEADER');
  });

  it('rejects input that is not a whole number of words', () => {
    const bytes = new Uint8Array(new Uint32Array(moduleWords()).buffer).subarray(0, 30);
    expectError(bytes, 'NOT_WORD_ALIGNED');
  });

  it('rejects a wrong magic number', () => {
    const words = new Uint32Array(moduleWords());
    words[0] = 0x12345678;
    const err = expectError(words, 'BAD_MAGIC', 0);
    expect(err.message).toContain('0x12345678');
    expect(err.hint).not.toMatch(/assemble/);
  });

  it('says so when the input is text, whatever the error: the assembler is what reads it', () => {
    const text = (s: string): Uint8Array => new TextEncoder().encode(s);
    expect(expectError(text('; SPIR-V\n; Version: 1.6\n               OpCapability Shader\n'), 'NOT_WORD_ALIGNED').hint).toMatch(/assembl/);
    expect(expectError(text('OpCapability Shader\n'), 'BAD_MAGIC').hint).toMatch(/assembl/);
    expect(expectError(text('OpNop\n\n\n'), 'TRUNCATED_HEADER').hint).toMatch(/assembl/);
    const bytes = new Uint8Array(new Uint32Array(moduleWords()).buffer).subarray(0, 30);
    expect(expectError(bytes, 'NOT_WORD_ALIGNED').hint).not.toMatch(/assembl/);
  });

  it('rejects a bound of 0 and an absurd bound without allocating for it', () => {
    expectError(new Uint32Array(moduleWords(0)), 'BOUND_ZERO', 12);
    const before = process.memoryUsage().arrayBuffers;
    const err = expectError(new Uint32Array(moduleWords(0xffffffff)), 'BOUND_TOO_LARGE', 12);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
    expect(err.hint).toContain('maxIdBound');
  });

  it('rejects a word count of 0', () => {
    const words = new Uint32Array(moduleWords());
    words[5] = Op.Capability; // word count 0
    expectError(words, 'WORD_COUNT_ZERO', 20);
  });

  it('rejects a word count of 0 inside a function body at decode time', () => {
    const words = new Uint32Array(moduleWords());
    words[FUNCTION_AT + 5] = Op.Label;
    expectError(words, 'WORD_COUNT_ZERO', (FUNCTION_AT + 5) * 4);
  });

  it('rejects a word count past the end (truncated file)', () => {
    const words = new Uint32Array(moduleWords().slice(0, -1)); // OpFunctionEnd gone
    const last = words.length - 1;
    words[last] = (3 << 16) | Op.Return;
    expectError(words, 'WORD_COUNT_PAST_END', last * 4);
  });

  it('rejects a function without OpFunctionEnd', () => {
    const words = new Uint32Array(moduleWords().slice(0, -1));
    expectError(words, 'BAD_FUNCTION_LAYOUT');
  });

  it('rejects an unterminated string', () => {
    const words = moduleWords();
    const nameAt = 5 + 2 + 3 + 5 + 6;
    words[nameAt + 3] = 0x41414141; // the nul word of "main" becomes "AAAA"
    expectError(new Uint32Array(words), 'UNTERMINATED_STRING', nameAt * 4);
  });

  it('finds the end of a long last string (OpSource text) wherever it lies, and rejects one with none', () => {
    const nameAt = 5 + 2 + 3 + 5 + 6;
    const withSource = (text: number[]): Uint32Array => {
      const words = moduleWords();
      words.splice(nameAt, 0, ...op(Op.Source, 2 /* GLSL */, 450, 0 /* no file */, ...text));
      return new Uint32Array(words);
    };
    const letters = (n: number): number[] => new Array<number>(n).fill(0x41414141);
    // Terminated in its last word, and in a word before the last (the words after are left over,
    // not operands): both decode, and encode back to the same words.
    for (const text of [
      [...letters(40), 0x00414141],
      [...letters(20), 0, ...letters(20)],
      [...letters(3), 0x41004141, ...letters(2)],
    ]) {
      const input = withSource(text);
      expect(Array.from(encodeModule(decodeModule(input)))).toEqual(Array.from(input));
    }
    // No zero byte anywhere: long and short.
    expectError(withSource(letters(40)), 'UNTERMINATED_STRING', nameAt * 4);
    expectError(withSource(letters(3)), 'UNTERMINATED_STRING', nameAt * 4);
  });

  it('rejects a result id at or above the bound', () => {
    expectError(new Uint32Array(moduleWords(5)), 'ID_OUT_OF_BOUND', (FUNCTION_AT + 5) * 4);
  });

  it('rejects an operand id at or above the bound, in globals and in function bodies', () => {
    const words = moduleWords();
    words[5 + 2 + 3 + 5 + 6 + 4 + 2 + 2] = 99; // OpTypeFunction return type
    expectError(new Uint32Array(words), 'ID_OUT_OF_BOUND');
    const body = moduleWords();
    body[FUNCTION_AT + 4] = 77; // OpFunction's function type
    const err = expectError(new Uint32Array(body), 'ID_OUT_OF_BOUND', (FUNCTION_AT + 4) * 4);
    expect(err.message).toContain('%77');
  });

  it('rejects a result id defined twice', () => {
    const words = moduleWords();
    words[FUNCTION_AT + 6] = 2; // OpLabel defines %2 again
    const err = expectError(new Uint32Array(words), 'DUPLICATE_RESULT_ID', (FUNCTION_AT + 5) * 4);
    expect(err.message).toContain('%2');
  });

  it('rejects result id 0', () => {
    const words = moduleWords();
    words[FUNCTION_AT + 6] = 0;
    expectError(new Uint32Array(words), 'ID_ZERO');
  });

  it('rejects composite types nested deeper than the limit', () => {
    const words = moduleWords();
    // %6 = OpTypeInt 32 0, then arrays of arrays %8.. each one deeper, before the function.
    const types = [...op(Op.TypeInt, 6, 32, 0), ...op(Op.Constant, 6, 7, 2)];
    let inner = 6;
    for (let d = 0; d < 10; d++) {
      types.push(...op(Op.TypeArray, 8 + d, inner, 7));
      inner = 8 + d;
    }
    words.splice(FUNCTION_AT, 0, ...types);
    words[3] = 20;
    expect(() => decodeModule(new Uint32Array(words), { maxTypeNesting: 10 })).not.toThrow();
    let caught: unknown;
    try {
      decodeModule(new Uint32Array(words), { maxTypeNesting: 9 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SpirvError);
    expect((caught as SpirvError).code).toBe('TYPE_NESTING_TOO_DEEP');
    expect((caught as SpirvError).message).toContain('%17');
  });

  it('holds the debug sections as words until one is read, having checked them (an OpName target past the bound, an OpString id defined again)', () => {
    const words = new Uint32Array(moduleWords());
    const module = decodeModule(words);
    const held = module.lazyDebugWords();
    expect(held).not.toBeNull();
    expect(Array.from(held!)).toEqual(op(Op.Name, 4, ...MAIN));
    // Reading the other sections leaves them words.
    expect(module.extInstImports.length + module.entryPoints.length + module.annotations.length + module.globals.length).toBeGreaterThan(0);
    expect(module.lazyDebugWords()).not.toBeNull();
    expect(module.debugNames.map((inst) => [inst.opcode, inst.word(0)])).toEqual([[Op.Name, 4]]);
    expect(module.lazyDebugWords()).toBeNull();
    expect(Array.from(encodeModule(module))).toEqual(Array.from(words));
    const nameAt = 5 + 2 + 3 + 5 + 6;
    const past = moduleWords();
    past[nameAt + 1] = 50; // OpName's target
    expectError(new Uint32Array(past), 'ID_OUT_OF_BOUND', (nameAt + 1) * 4);
    const twice = moduleWords();
    // %5 = OpString "main" before the name: %5 is the function's label too.
    twice.splice(nameAt, 0, ...op(Op.String, 5, ...MAIN));
    expectError(new Uint32Array(twice), 'DUPLICATE_RESULT_ID');
  });

  it('rejects input of the wrong type with a SpirvError', () => {
    expect(() => decodeModule('not binary' as unknown as Uint8Array)).toThrow(SpirvError);
  });
});
