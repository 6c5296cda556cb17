import type { Instruction } from '../../ir/Instruction.js';
import type { Module } from '../../ir/Module.js';
import { OperandTables } from '../../ir/OperandTables.js';
import { forEachInstruction } from '../../ir/forEachInstruction.js';
import { FriendlyNameMapper } from './FriendlyNameMapper.js';
import { InstructionPrinter } from './InstructionPrinter.js';

/**
 * The friendly names spirv-dis would give the ids of `module` (`main`, `uint`, `v3uint`,
 * `_ptr_Input_v3uint`, `gl_LocalInvocationID`, `uint_8`, ...): a function from id to that name,
 * or undefined for an id that would be printed as its number.
 *
 * @example
 * ```ts
 * const friendly = friendlyIdNames(module);
 * friendly(ptrId); // '_ptr_Input_v3uint'
 * ```
 */
export function friendlyIdNames(module: Module): (id: number) => string | undefined {
  const names = new FriendlyNameMapper(Math.min(module.header.bound, (wordsOf(module) >>> 1) + 1));
  forEachInstruction(module, names);
  return (id) => names.explicitName(id);
}

/**
 * Prints single instructions of `module` in spirv-dis syntax, one line each without indentation or
 * line break (`%x = OpIAdd %uint %a %b`), with every id written as `nameOf` names it (without the
 * `%`; undefined prints the number). The printer reads the whole module in order, as the
 * disassembler does, to know what literals and ext-inst operands mean; only the instructions
 * `wanted` accepts are kept. Text the assembler reads back to the same words, as `disassemble`'s.
 *
 * @example
 * ```ts
 * const lines = instructionTexts(module, (id) => names.get(id), (inst) => inst.span === undefined);
 * lines.get(newLoad); // '%gl_LocalInvocationID_value = OpLoad %v3uint %gl_LocalInvocationID'
 * ```
 */
export function instructionTexts(module: Module, nameOf: (id: number) => string | undefined, wanted: (inst: Instruction) => boolean): Map<Instruction, string> {
  const table = { index: new Uint32Array(0), names: [] as readonly string[] };
  const printer = new InstructionPrinter(
    new OperandTables(module.header.bound, wordsOf(module)),
    { table: () => table, explicitName: nameOf },
    { indent: false, offsets: false, sizeHint: 4096 },
  );
  const out = new Map<Instruction, string>();
  for (const inst of module.instructions()) {
    const mark = printer.printedLength;
    printer.instruction(inst);
    if (wanted(inst)) {
      const line = printer.textSince(mark);
      out.set(inst, line.endsWith('\n') ? line.slice(0, -1) : line);
    }
    printer.rewind(mark);
  }
  return out;
}

/** The words of the module's instructions (what per-id tables are sized by, rather than a bound that may be corrupt). */
function wordsOf(module: Module): number {
  let words = 0;
  const lazy = module.lazyFunctionWords();
  if (lazy !== null) words += lazy.length;
  for (const inst of lazy === null ? module.instructions() : module.globalInstructions()) words += inst.wordCount;
  return words;
}
