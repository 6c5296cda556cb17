import { decodeModule, type DecodeOptions } from '../../binary/decodeModule.js';
import type { BinaryInput } from '../../words/wordInput.js';
import type { Instruction } from '../../ir/Instruction.js';
import type { Module } from '../../ir/Module.js';
import { OperandTables } from '../../ir/OperandTables.js';
import { forEachGlobalInstruction, forEachInstruction } from '../../ir/forEachInstruction.js';
import { FriendlyNameMapper } from './FriendlyNameMapper.js';
import { headerComments } from './headerComments.js';
import { InstructionPrinter } from './InstructionPrinter.js';
import { linesToPrintRaw } from './rawLinePlacement.js';

/** Options of {@link disassemble}; each mirrors a spirv-dis flag. */
export interface DisassembleOptions {
  /** Print ids as their numbers (`%12`) instead of friendly names (`%main`, `%uint`). spirv-dis `--raw-id`. Default false. */
  rawId?: boolean;
  /** Start with the `; SPIR-V` / `; Version:` / ... comments. spirv-dis `--no-header` is `false`. Default true. */
  header?: boolean;
  /** Right-align result ids so `=` lines up, and indent other lines to match. spirv-dis `--no-indent` is `false`. Default true. */
  indent?: boolean;
  /** End each line with ` ; 0x<byte offset>` of the instruction. spirv-dis `--offsets`. Default false. */
  offsets?: boolean;
  /**
   * Add spirv-dis's reading aids: a blank line and a title before each function
   * (`; Function main`) and before the first debug instruction, decoration and type, and the
   * number of the id each OpName names (`  ; id %5`). spirv-dis `--comment`. Default false.
   */
  comment?: boolean;
  /**
   * Color the text for a terminal, with spirv-dis's ANSI escapes: result ids blue, ids yellow,
   * numbers and extended instruction names red, strings green, offsets grey. spirv-dis `--color`
   * (its default on a terminal). Default false.
   */
  color?: boolean;
}

/**
 * The module as SPIR-V assembly, character for character what `spirv-dis` (SPIRV-Tools) prints
 * with the same options: header comments, friendly id names, literals, enumerants and masks.
 * Where spirv-dis gives up (an opcode, enumerant or ext-inst number the grammar does not know,
 * malformed operands) the affected words are printed as `!<integer>` raw words, which spirv-as
 * reads back, so the text still accounts for every word. The module is not changed (function
 * bodies still held as words are read without being decoded into objects).
 *
 * @example
 * ```ts
 * import { decodeModule, disassemble } from '@spvkit/core';
 * const text = disassemble(decodeModule(bytes));
 * //                OpCapability Shader
 * //        %void = OpTypeVoid
 * const plain = disassemble(decodeModule(bytes), { rawId: true, header: false, indent: false });
 * // OpCapability Shader
 * // %1 = OpTypeVoid
 * ```
 */
export function disassemble(module: Module, options: DisassembleOptions = {}): string {
  return printAll(module, options).text();
}

/**
 * The text {@link disassemble} returns, as its UTF-8 bytes, for writing to a file or a stream:
 * the printer writes bytes, and this skips decoding them into a string that would be encoded
 * back to the same bytes on the way out (about 8 ms for 8 MB of text).
 *
 * @example
 * ```ts
 * writeFileSync('shader.spvasm', disassembleToUtf8(decodeModule(bytes)));
 * ```
 */
export function disassembleToUtf8(module: Module, options: DisassembleOptions = {}): Uint8Array {
  return printAll(module, options).utf8();
}

function printAll(module: Module, options: DisassembleOptions): InstructionPrinter {
  const words = wordCount(module);
  // Per-id tables are sized by the ids the module can define, not by a header bound that may be
  // corrupt (each definition takes at least two words).
  const capacity = Math.min(module.header.bound, (words >>> 1) + 1);
  const size = { capacity, words, textLength: words * 10 };
  let names: FriendlyNameMapper | undefined;
  if (options.rawId !== true) {
    names = new FriendlyNameMapper(capacity);
    forEachInstruction(module, names);
  }
  let printer = print(module, names, options, size);
  if (printer.wholeRawLines.length > 0) {
    // Rare: an instruction had to be printed as raw words; see rawLinePlacement.
    const list: Instruction[] = [];
    forEachInstruction(module, { instruction: (inst) => list.push(inst) });
    const forceRaw = linesToPrintRaw(list, printer.wholeRawLines, printer.rawTailLines);
    if (forceRaw.size > 0) printer = print(module, names, options, size, forceRaw);
  }
  return printer;
}

function print(
  module: Module,
  names: FriendlyNameMapper | undefined,
  options: DisassembleOptions,
  size: { capacity: number; words: number; textLength: number },
  forceRaw?: ReadonlySet<number>,
): InstructionPrinter {
  const printer = new InstructionPrinter(new OperandTables(module.header.bound, size.words), names, {
    indent: options.indent !== false,
    offsets: options.offsets === true,
    comments: options.comment === true,
    color: options.color === true,
    sizeHint: size.textLength, // a little over two bytes per byte of binary is typical
    ...(forceRaw === undefined ? {} : { forceRaw }),
  });
  if (options.header !== false) for (const line of headerComments(module.header)) printer.comment(line);
  forEachInstruction(module, printer);
  return printer;
}

/**
 * Decodes a binary and disassembles it: `disassemble(decodeModule(input, decodeOptions), options)`.
 *
 * @example
 * ```ts
 * const text = disassembleBinary(readFileSync('shader.spv'), { rawId: true });
 * ```
 */
export function disassembleBinary(input: BinaryInput, options: DisassembleOptions = {}, decodeOptions?: DecodeOptions): string {
  return disassemble(decodeModule(input, decodeOptions), options);
}

/** Words the module takes as a binary (instructions only), without decoding function bodies. */
function wordCount(module: Module): number {
  let words = 0;
  const lazy = module.lazyFunctionWords();
  if (lazy === null) {
    for (const inst of module.instructions()) words += inst.wordCount;
    return words;
  }
  forEachGlobalInstruction(module, (inst) => {
    words += inst.wordCount;
  });
  return words + lazy.length;
}
