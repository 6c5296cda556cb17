import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WordEdits } from './WordEdits.js';
import { forEachKept } from './forEachKept.js';

type Edit =
  | { kind: 'remove'; from: number; to: number }
  | { kind: 'insert'; at: number; words: number[] }
  | { kind: 'rename'; positions: number[]; map: [number, number][]; marked: boolean };

/** The edits done the slow way: each original word carries what is inserted before it and whether it stays. */
function naive(words: Uint32Array, edits: readonly Edit[]): number[] {
  const kept = Array.from(words, () => true);
  const before: number[][] = Array.from({ length: words.length + 1 }, () => []);
  const value = Array.from(words);
  for (const e of edits) {
    if (e.kind === 'remove') for (let i = e.from; i < e.to; i++) kept[i] = false;
    else if (e.kind === 'insert') before[e.at].push(...e.words);
    else {
      const map = new Map(e.map);
      for (const p of new Set(e.positions)) value[p] = map.get(value[p]) || value[p];
    }
  }
  const out: number[] = [];
  for (let i = 0; i <= words.length; i++) {
    out.push(...before[i]);
    if (i < words.length && kept[i]) out.push(value[i]);
  }
  return out;
}

function record(target: WordEdits, edits: readonly Edit[]): void {
  for (const e of edits) {
    if (e.kind === 'remove') target.remove(e.from, e.to);
    else if (e.kind === 'insert') target.insert(e.at, e.words);
    else {
      const sorted = [...new Set(e.positions)].sort((a, b) => a - b);
      target.rename(
        Int32Array.from(sorted, (p) => (e.marked && p % 2 === 0 ? ~p : p)),
        new Map(e.map),
      );
    }
  }
}

const module = fc.uint8Array({ minLength: 0, maxLength: 40 }).map((bytes) => Uint32Array.from(bytes, (b) => b % 8));

const editsOf = (length: number): fc.Arbitrary<Edit[]> => {
  const index = fc.integer({ min: 0, max: length });
  const remove = fc.tuple(index, index).map(([a, b]): Edit => ({ kind: 'remove', from: Math.min(a, b), to: Math.max(a, b) }));
  const insert = fc.tuple(index, fc.array(fc.integer({ min: 100, max: 120 }), { maxLength: 3 })).map(([at, words]): Edit => ({ kind: 'insert', at, words }));
  const rename =
    length === 0
      ? fc.constant<Edit>({ kind: 'remove', from: 0, to: 0 })
      : fc
          .tuple(
            fc.array(fc.integer({ min: 0, max: length - 1 })),
            fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }))),
            fc.boolean(),
          )
          .map(([positions, map, marked]): Edit => ({ kind: 'rename', positions, map, marked }));
  return fc.array(fc.oneof(remove, insert, rename), { maxLength: 12 });
};

describe('WordEdits', () => {
  it('writes what removing, inserting and renaming one by one would leave, in any order and overlap', () => {
    fc.assert(
      fc.property(
        module.chain((words) => fc.tuple(fc.constant(words), editsOf(words.length))),
        ([words, edits]) => {
          const original = words.slice();
          const recorded = new WordEdits(words);
          record(recorded, edits);
          const expected = naive(words, edits);
          expect(Array.from(recorded.apply())).toEqual(expected);
          expect(recorded.length).toBe(expected.length);
          // Written at an offset, into a larger buffer, nothing around it is touched.
          const out = new Uint32Array(expected.length + 4).fill(0xdead);
          expect(recorded.writeTo(out, 2)).toBe(2 + expected.length);
          expect([out[0], out[1], out[out.length - 2], out[out.length - 1]]).toEqual([0xdead, 0xdead, 0xdead, 0xdead]);
          // The original words are read, never written.
          expect(Array.from(words)).toEqual(Array.from(original));
        },
      ),
      { seed: 20261207, numRuns: 2000 },
    );
  });

  it('tells which original words are still there, as runs', () => {
    fc.assert(
      fc.property(
        module.chain((words) => fc.tuple(fc.constant(words), editsOf(words.length))),
        ([words, edits]) => {
          const recorded = new WordEdits(words);
          record(recorded, edits);
          const gone = new Set<number>();
          for (const e of edits) if (e.kind === 'remove') for (let i = e.from; i < e.to; i++) gone.add(i);
          const fromRuns: number[] = [];
          const runs = recorded.keptRuns();
          for (let r = 0; r < runs.length; r += 2) {
            expect(runs[r]).toBeLessThan(runs[r + 1]);
            if (r > 0) expect(runs[r]).toBeGreaterThan(runs[r - 1]);
            for (let i = runs[r]; i < runs[r + 1]; i++) fromRuns.push(i);
          }
          const kept = Array.from(words.keys()).filter((i) => !gone.has(i));
          expect(fromRuns).toEqual(kept);
        },
      ),
      { seed: 20261208, numRuns: 1000 },
    );
  });

  it('walks the instructions still there, in any range', () => {
    // Instructions of 1 to 3 words (OpNop with a word count), some removed.
    const sizes = [1, 2, 3, 1, 1, 2, 3, 3, 1, 2];
    const starts: number[] = [];
    const words: number[] = [];
    for (const n of sizes) {
      starts.push(words.length);
      words.push((n << 16) | 0, ...Array<number>(n - 1).fill(7));
    }
    const edits = new WordEdits(Uint32Array.from(words));
    for (const k of [1, 2, 6, 9]) edits.remove(starts[k], starts[k] + sizes[k]);
    const kept = starts.filter((_, k) => ![1, 2, 6, 9].includes(k));
    for (const [from, to] of [
      [0, words.length],
      [starts[2], starts[8]],
      [starts[3], starts[4]],
      [starts[9], words.length],
    ]) {
      const seen: [number, number][] = [];
      forEachKept(edits, from, to, (pos, end) => seen.push([pos, end]));
      const expected = kept.filter((p) => p >= from && p < to);
      expect(seen).toEqual(expected.map((p) => [p, p + sizes[starts.indexOf(p)]]));
    }
  });

  it('counts its edits, and refuses ranges outside the words', () => {
    const edits = new WordEdits(Uint32Array.of(1, 2, 3));
    expect([edits.any, edits.version]).toEqual([false, 0]);
    edits.remove(1, 1);
    edits.insert(0, []);
    expect(edits.any).toBe(false);
    edits.remove(0, 1);
    edits.insert(3, [9]);
    expect([edits.any, edits.version, edits.hasInsertions]).toEqual([true, 2, true]);
    expect(() => edits.remove(2, 4)).toThrow(RangeError);
    expect(() => edits.remove(2, 1)).toThrow(RangeError);
    expect(() => edits.insert(4, [1])).toThrow(RangeError);
    expect(Array.from(edits.apply())).toEqual([2, 3, 9]);
  });
});
