// Mutations of assembly text: the assembler must answer each with a SpirvError or a module.
import type { Random } from './random.js';

export type TextMutator = (text: string, rng: Random) => string;

const JUNK = ['%', '"', '\\', '=', '!', '0x', '-', '1e999', '0x1p+9999', '%undefined_id', 'OpNotAnOpcode', '\u0000', '\u00ff', '\n', ';', '|', '%1 = %2 ='];

export const textMutators: Record<string, TextMutator> = {
  deleteChars(text, rng) {
    const at = rng.below(text.length);
    return text.slice(0, at) + text.slice(at + 1 + rng.below(20));
  },
  insertJunk(text, rng) {
    const at = rng.below(text.length);
    return text.slice(0, at) + rng.pick(JUNK) + text.slice(at);
  },
  swapLines(text, rng) {
    const lines = text.split('\n');
    const a = rng.below(lines.length);
    const b = rng.below(lines.length);
    [lines[a], lines[b]] = [lines[b], lines[a]];
    return lines.join('\n');
  },
  duplicateLine(text, rng) {
    const lines = text.split('\n');
    const a = rng.below(lines.length);
    lines.splice(a, 0, lines[a]);
    return lines.join('\n');
  },
  truncate(text, rng) {
    return text.slice(0, rng.below(text.length));
  },
  replaceNumber(text, rng) {
    return text.replace(/\b\d+\b/, () => rng.pick(['4294967296', '-1', '99999999999999999999', '0x', '1.5', '0']));
  },
  unterminatedString(text, rng) {
    const at = text.indexOf('"');
    return at < 0 ? text + ' "' : text.slice(0, at) + '"' + text.slice(at + 1 + rng.below(3)).replace('"', '');
  },
};
