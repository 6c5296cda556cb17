import { SpirvError } from '../errors/SpirvError.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import { SECTIONS } from '../ir/sections.js';
import { HEADER_WORDS, MAX_INSTRUCTION_WORDS, SPIRV_MAGIC } from '../words/header.js';
import { HOST_ENDIANNESS, swapWords, type Endianness } from '../words/wordInput.js';

/** Options for {@link encodeModule}. */
export interface EncodeOptions {
  /** Byte order of the output's bytes; defaults to the order the module was decoded from. */
  endianness?: Endianness;
}

/**
 * Encodes a module to words. For a decoded module nothing changed gives back exactly the input,
 * byte for byte (in the input's byte order unless `endianness` says otherwise); function bodies
 * never decoded, and the instructions of an assembled module never built, are copied as they were
 * (with the word edits recorded against the bodies, `Module.editFunctionWords`, applied on the way).
 *
 * @example
 * ```ts
 * const words = encodeModule(decodeModule(bytes));
 * writeFileSync('out.spv', new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
 * ```
 */
export function encodeModule(module: Module, options: EncodeOptions = {}): Uint32Array {
  // Edits recorded against undecoded bodies are written here, in the one write of the output.
  const edits = module.functionWordEdits();
  const lazy = edits === null ? module.lazyFunctionWords() : null;
  let total = globalsWordCount(module);
  if (edits !== null) total += edits.length;
  else if (lazy !== null) total += lazy.length;
  else {
    for (const fn of module.functions) {
      total += sizeOf(fn.leading) + checkedWordCount(fn.definition) + sizeOf(fn.preamble) + checkedWordCount(fn.end);
      for (const b of fn.blocks) total += checkedWordCount(b.label) + sizeOf(b.instructions);
    }
    total += sizeOf(module.trailing);
  }

  const out = new Uint32Array(total);
  let at = writeGlobals(module, out);
  if (edits !== null) edits.writeTo(out, at);
  else if (lazy !== null) out.set(lazy, at);
  else {
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

/**
 * The header and the instructions before the first function, as words in the host's byte order:
 * the start of what {@link encodeModule} writes. For a pass that rewrites the function bodies as
 * words itself and hands them back with `replaceFunctionWords`, so the bodies are not encoded (and
 * copied) once more only to be replaced.
 *
 * @example
 * ```ts
 * const head = encodeGlobals(module);
 * head[3] === module.header.bound; // true
 * ```
 */
export function encodeGlobals(module: Module): Uint32Array {
  const out = new Uint32Array(globalsWordCount(module));
  writeGlobals(module, out);
  return out;
}

/** Words of the header and the instructions before the functions (throws for an instruction too long to encode). */
function globalsWordCount(module: Module): number {
  const lazyGlobals = module.lazyGlobalWords();
  if (lazyGlobals !== null) return HEADER_WORDS + lazyGlobals.length;
  let total = HEADER_WORDS;
  for (const name of SECTIONS) total += sizeOf(module[name]);
  return total;
}

/** Writes the header and the instructions before the functions from word 0; returns the next word. */
function writeGlobals(module: Module, out: Uint32Array): number {
  const h = module.header;
  out[0] = SPIRV_MAGIC;
  out[1] = h.version;
  out[2] = h.generator;
  out[3] = h.bound;
  out[4] = h.schema;
  const lazyGlobals = module.lazyGlobalWords();
  if (lazyGlobals !== null) {
    out.set(lazyGlobals, HEADER_WORDS);
    return HEADER_WORDS + lazyGlobals.length;
  }
  let at = HEADER_WORDS;
  for (const name of SECTIONS) at = writeAll(module[name], out, at);
  return at;
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
