import { HOST_ENDIANNESS } from '../words/wordInput.js';
import { encodeModule } from '../binary/encodeModule.js';
import type { Analysis } from '../ir/Module.js';
import { indexModule, type BrokenWords, type ModuleIndex } from '../words/ModuleIndex.js';

/** A module's words (its encoding, in the host's byte order) and their {@link ModuleIndex}. */
export interface IndexedWords {
  readonly words: Uint32Array;
  readonly index: ModuleIndex;
  /** Where reading stopped, for a module whose words are broken. */
  readonly broken?: BrokenWords;
}

/**
 * The module's {@link ModuleIndex}: its words and where each instruction, operand and definition
 * is, built on first use by one encoding and one walk, and dropped by any edit. What reads a
 * whole module by numbers (the control-flow graphs) is built on it.
 *
 * @example
 * ```ts
 * const { words, index } = module.analysis(ModuleIndexAnalysis);
 * const def = definitionOf(index, id); // instruction number, or -1
 * ```
 */
export const ModuleIndexAnalysis: Analysis<IndexedWords> = {
  name: 'module-index',
  build(module) {
    const words = encodeModule(module, { endianness: HOST_ENDIANNESS });
    return { words, ...indexModule(words) };
  },
  snapshot({ index }) {
    const lines: string[] = [];
    for (let i = 0; i < index.count; i++) lines.push(`${index.opcode[i]} %${index.resultId[i]} @${index.pos[i]}..${index.end[i]}`);
    return lines;
  },
};
