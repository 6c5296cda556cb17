// Mutations of SPIR-V binaries that reach the decoder's error paths: each returns a new array.
import type { Random } from './random.js';

export type BinaryMutator = (words: Uint32Array, rng: Random, donor: Uint32Array) => Uint32Array;

const HEADER = 5;

/** Start index of each instruction (stops at the first malformed word count). */
export function instructionStarts(words: Uint32Array): number[] {
  const starts: number[] = [];
  for (let i = HEADER; i < words.length;) {
    const wc = words[i] >>> 16;
    if (wc === 0) break;
    starts.push(i);
    i += wc;
  }
  return starts;
}

export const binaryMutators: Record<string, BinaryMutator> = {
  bitFlip(words, rng) {
    const out = words.slice();
    const n = 1 + rng.below(8);
    for (let k = 0; k < n; k++) {
      const i = rng.below(out.length);
      out[i] = (out[i] ^ (1 << rng.below(32))) >>> 0;
    }
    return out;
  },
  truncate(words, rng) {
    return words.slice(0, rng.below(words.length));
  },
  wordCount(words, rng) {
    const out = words.slice();
    const starts = instructionStarts(out);
    if (starts.length === 0) return out;
    const at = rng.pick(starts);
    const choices = [0, 1, 2, 0xffff, (out[at] >>> 16) + 1, (out[at] >>> 16) - 1];
    out[at] = (((rng.pick(choices) & 0xffff) << 16) | (out[at] & 0xffff)) >>> 0;
    return out;
  },
  idCorruption(words, rng) {
    const out = words.slice();
    const starts = instructionStarts(out);
    if (starts.length === 0) return out;
    const at = rng.pick(starts);
    const wc = out[at] >>> 16;
    if (wc < 2) return out;
    const bound = out[3] ?? 1;
    const i = at + 1 + rng.below(wc - 1);
    out[i] = rng.pick([0, bound, bound + 1, 0xffffffff, rng.below(bound), 1]) >>> 0;
    return out;
  },
  absurdBound(words, rng) {
    const out = words.slice();
    if (out.length > 3) out[3] = rng.pick([0, 1, 0xffffffff, 0x7fffffff, 0x400000, 0x3fffff]);
    return out;
  },
  splice(words, rng, donor) {
    const a = instructionStarts(words);
    const b = instructionStarts(donor);
    if (a.length === 0 || b.length === 0) return words.slice();
    const cut = rng.pick(a);
    const from = rng.pick(b);
    return Uint32Array.from([...words.subarray(0, cut), ...donor.subarray(from)]);
  },
  hugeString(words, rng) {
    // An OpName whose string runs for tens of thousands of words, terminated or not.
    const length = 1000 + rng.below(60000);
    const terminated = rng.chance(0.5);
    const body = new Array<number>(length).fill(0x41414141);
    if (terminated) body.push(0);
    const wc = Math.min(0xffff, 2 + body.length);
    const inst = [((wc << 16) | 5) >>> 0, 1, ...body.slice(0, wc - 2)];
    const starts = instructionStarts(words);
    const at = starts.length > 3 ? starts[3] : words.length;
    return Uint32Array.from([...words.subarray(0, at), ...inst, ...words.subarray(at)]);
  },
  nestedTypes(words, rng) {
    // A chain of thousands of array-of-array types, or a struct cycle through ids, placed before the functions.
    const out = Array.from(words);
    let bound = out[3] ?? 1;
    const depth = 500 + rng.below(5000);
    const types: number[] = [];
    const uint = bound++;
    types.push(((4 << 16) | 21) >>> 0, uint, 32, 0); // OpTypeInt 32 0
    const len = bound++;
    types.push(((4 << 16) | 43) >>> 0, uint, len, 4); // OpConstant %uint 4
    let inner = uint;
    for (let d = 0; d < depth; d++) {
      const id = bound++;
      types.push(((4 << 16) | 28) >>> 0, id, inner, len); // OpTypeArray
      inner = id;
    }
    if (rng.chance(0.5)) {
      const a = bound++;
      const b = bound++;
      types.push(((3 << 16) | 30) >>> 0, a, b, ((3 << 16) | 30) >>> 0, b, a); // cyclic structs
    }
    out[3] = bound;
    const starts = instructionStarts(words);
    const fn = starts.find((s) => (words[s] & 0xffff) === 54) ?? words.length;
    out.splice(fn, 0, ...types);
    return Uint32Array.from(out);
  },
};
