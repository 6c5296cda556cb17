import { SpirvError } from '../errors/SpirvError.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import { SECTIONS } from '../ir/sections.js';
import { HEADER_WORDS, MAX_INSTRUCTION_WORDS, SPIRV_MAGIC } from './header.js';
import { HOST_ENDIANNESS, swapWords, type Endianness } from './wordInput.js';

/** Options for {@link encodeModule}. */
export interface EncodeOptions {
  /** Byte order of the output's bytes; defaults to the order the module was decoded from. */
  endianness?: Endianness;
}

/**
 * Encodes a module to words. For a decoded module nothing changed gives back exactly the input,
 * byte for byte (in the input's byte order unless `endianness` says otherwise); function bodies
 * never decoded, and the instructions of an assembled module never built, are copied as they were.
 *
 * @example
 * ```ts
 * const words = encodeModule(decodeModule(bytes));
 * writeFileSync('out.spv', new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
 * ```
 */
export function encodeModule(module: Module, options: EncodeOptions = {}): Uint32Array {
  const lazyGlobals = module.lazyGlobalWords();
  const lazy = module.lazyFunctionWords();
  let total = HEADER_WORDS;
  if (lazyGlobals !== null) total += lazyGlobals.length;
  else for (const name of SECTIONS) total += sizeOf(module[name]);
  if (lazy !== null) total += lazy.length;
  else {
    for (const fn of module.functions) {
      total += sizeOf(fn.leading) + checkedWordCount(fn.definition) + sizeOf(fn.preamble) + checkedWordCount(fn.end);
      for (const b of fn.blocks) total += checkedWordCount(b.label) + sizeOf(b.instructions);
    }
    total += sizeOf(module.trailing);
  }

  const out = new Uint32Array(total);
  const h = module.header;
  out[0] = SPIRV_MAGIC;
  out[1] = h.version;
  out[2] = h.generator;
  out[3] = h.bound;
  out[4] = h.schema;
  let at = HEADER_WORDS;
  if (lazyGlobals !== null) {
    out.set(lazyGlobals, at);
    at += lazyGlobals.length;
  } else for (const name of SECTIONS) at = writeAll(module[name], out, at);
  if (lazy !== null) {
    out.set(lazy, at);
  } else {
    for (const fn of module.functions) {
      at = writeAll(fn.leading, out, at);
      at = fn.definition.writeTo(out, at);
      at = writeAll(fn.preamble, out, at);
      for (const b of fn.blocks) {
        at = b.label.writeTo(out, at);
        at = writeAll(b.instructions, out, at);
      }
      at = fn.end.writeTo(out, at);
    }
    writeAll(module.trailing, out, at);
  }
  const endianness = options.endianness ?? module.endianness;
  if (endianness !== HOST_ENDIANNESS) swapWords(out);
  return out;
}

function sizeOf(list: readonly Instruction[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) n += checkedWordCount(list[i]);
  return n;
}

function checkedWordCount(inst: Instruction): number {
  const wc = inst.wordCount;
  if (wc > MAX_INSTRUCTION_WORDS) {
    // Named by number: encoding bundles no grammar names.
    throw new SpirvError('INSTRUCTION_TOO_LONG', `opcode ${inst.opcode} would need ${wc} words, more than the 65535 one instruction can hold`, {
      hint: 'split the data across several instructions (e.g. OpSourceContinued for long sources)',
    });
  }
  return wc;
}

function writeAll(list: readonly Instruction[], out: Uint32Array, at: number): number {
  for (let i = 0; i < list.length; i++) at = list[i].writeTo(out, at);
  return at;
}
