/** Where the words of one renaming are, and what they become. */
interface Renaming {
  /** Word indexes, ascending; an entry `p < 0` stands for `~p` (a list that marks result ids so can be given as it is). */
  readonly positions: Int32Array;
  readonly map: Uint32Array | ReadonlyMap<number, number>;
}

interface Insertion {
  readonly at: number;
  readonly words: Uint32Array;
}

/**
 * Edits recorded against a run of instruction words and applied once, when the words are written:
 * removals of word ranges, insertions of words before a word, and renamings of ids at given word
 * indexes (magic-string's idea, for SPIR-V words). Every index is one of the original words, which
 * are never written: a pass can record its edits in terms of what it read, a later pass reads the
 * same words and asks what is still there ({@link keptRuns}, `forEachKept`), and however many passes edit, the
 * result is written once ({@link writeTo}).
 *
 * A module's undecoded function bodies carry one (see `Module.functionWordEdits` and
 * `Module.editFunctionWords`), which `encodeModule` writes straight into its output.
 *
 * @example
 * ```ts
 * const edits = new WordEdits(words);
 * edits.remove(4, 8); // the instruction at words[4..8)
 * edits.insert(0, [(1 << 16) | Op.NoLine]);
 * edits.rename(Int32Array.of(9), new Map([[7, 2]])); // the id at words[9]: 7 becomes 2
 * const out = edits.apply();
 * ```
 */
export class WordEdits {
  /** Removed ranges, normalized: ascending, disjoint and not touching, as `[from, to)` pairs. */
  private ranges: number[] = [];
  /** Ranges recorded since the last normalization, in the order recorded. */
  private pending: number[] = [];
  private readonly insertions: Insertion[] = [];
  private readonly renamings: Renaming[] = [];
  private runs: Int32Array | null = null;
  private removedWords = 0;
  private insertedWords = 0;
  private edits = 0;

  /** `words`: the original words, read and never written. */
  constructor(readonly words: Uint32Array) {}

  /** Grows with every edit recorded: what a fact found about the edited words is keyed by. */
  get version(): number {
    return this.edits;
  }

  /** Whether any edit is recorded. */
  get any(): boolean {
    return this.edits > 0;
  }

  /** Whether words are inserted (a renaming does not reach them: see {@link rename}). */
  get hasInsertions(): boolean {
    return this.insertions.length > 0;
  }

  /** Whether ids are renamed (the original words still show the old ids). */
  get hasRenamings(): boolean {
    return this.renamings.length > 0;
  }

  /** How many words {@link writeTo} writes. */
  get length(): number {
    this.normalize();
    return this.words.length - this.removedWords + this.insertedWords;
  }

  /** Removes the words `[from, to)` (whole instructions); removing a word twice is removing it once. */
  remove(from: number, to: number): void {
    if (!(from >= 0 && to <= this.words.length && from <= to)) throw new RangeError(`words [${from}, ${to}) of ${this.words.length}`);
    if (from === to) return;
    this.pending.push(from, to);
    this.runs = null;
    this.edits++;
  }

  /**
   * Inserts `words` before original word `at` (0 to the length; between whole instructions), after
   * whatever was inserted there before. Inserted words are written as given, whatever is renamed.
   */
  insert(at: number, words: ArrayLike<number>): void {
    if (!(at >= 0 && at <= this.words.length)) throw new RangeError(`word ${at} of ${this.words.length}`);
    if (words.length === 0) return;
    this.insertions.push({ at, words: Uint32Array.from(words) });
    this.insertedWords += words.length;
    this.edits++;
  }

  /**
   * Renames the ids at the original word indexes `positions` (ascending; an entry `p < 0` stands for
   * `~p`): each becomes `map`'s value for it, or stays where `map` has none (0 or absent). Applied
   * after the renamings recorded before it. The words of removed ranges need not be left out of
   * `positions`; inserted words are not renamed.
   */
  rename(positions: Int32Array, map: Uint32Array | ReadonlyMap<number, number>): void {
    this.renamings.push({ positions, map });
    this.edits++;
  }

  /**
   * The original words still there, as `[from, to)` pairs in order: what a walk over the edited
   * words visits (`for (let r = 0; r < runs.length; r += 2) for (let pos = runs[r]; pos < runs[r + 1]; ...)`).
   * Words inserted and ids renamed are not in them: a reader that must see those reads the
   * edits applied ({@link apply}, or `Module.lazyFunctionWords` for a module's bodies).
   */
  keptRuns(): Int32Array {
    if (this.runs !== null) return this.runs;
    this.normalize();
    const r = this.ranges;
    const runs: number[] = [];
    let at = 0;
    for (let k = 0; k < r.length; k += 2) {
      if (at < r[k]) runs.push(at, r[k]);
      at = r[k + 1];
    }
    if (at < this.words.length) runs.push(at, this.words.length);
    this.runs = Int32Array.from(runs);
    return this.runs;
  }

  /** Writes the edited words into `out` from `at`; returns the index after them. */
  writeTo(out: Uint32Array, at: number): number {
    const words = this.words;
    const runs = this.keptRuns();
    const inserts = this.insertions.length > 1 ? [...this.insertions].sort((a, b) => a.at - b.at) : this.insertions;
    let k = 0;
    const emit = (limit: number): void => {
      for (; k < inserts.length && inserts[k].at <= limit; k++) {
        out.set(inserts[k].words, at);
        at += inserts[k].words.length;
      }
    };
    // Per renaming, how far its positions have been read.
    const cursors = new Int32Array(this.renamings.length);
    const copy = (from: number, to: number): void => {
      if (from === to) return;
      out.set(words.subarray(from, to), at);
      for (let n = 0; n < this.renamings.length; n++) cursors[n] = renameRange(this.renamings[n], cursors[n], from, to, out, at - from);
      at += to - from;
    };
    for (let r = 0; r < runs.length; r += 2) {
      let from = runs[r];
      const to = runs[r + 1];
      emit(from);
      for (; k < inserts.length && inserts[k].at < to; k++) {
        copy(from, inserts[k].at);
        from = inserts[k].at;
        out.set(inserts[k].words, at);
        at += inserts[k].words.length;
      }
      copy(from, to);
    }
    emit(words.length);
    return at;
  }

  /** The edited words, in a new array. */
  apply(): Uint32Array {
    const out = new Uint32Array(this.length);
    this.writeTo(out, 0);
    return out;
  }

  /** Sorts and merges the ranges recorded since the last call into {@link ranges}. */
  private normalize(): void {
    const p = this.pending;
    if (p.length === 0) return;
    let ascending = true;
    for (let k = 2; k < p.length && ascending; k += 2) ascending = p[k] >= p[k - 2];
    let batch = p;
    if (!ascending) {
      const order = Array.from({ length: p.length / 2 }, (_, k) => k).sort((a, b) => p[2 * a] - p[2 * b]);
      batch = [];
      for (const k of order) batch.push(p[2 * k], p[2 * k + 1]);
    }
    // Merge two ascending lists of ranges into one, joining those that overlap or touch.
    const a = this.ranges;
    const merged: number[] = [];
    let i = 0;
    let j = 0;
    let removed = 0;
    while (i < a.length || j < batch.length) {
      let from: number;
      let to: number;
      if (j >= batch.length || (i < a.length && a[i] <= batch[j])) {
        from = a[i];
        to = a[i + 1];
        i += 2;
      } else {
        from = batch[j];
        to = batch[j + 1];
        j += 2;
      }
      const n = merged.length;
      if (n > 0 && from <= merged[n - 1]) {
        if (to > merged[n - 1]) {
          removed += to - merged[n - 1];
          merged[n - 1] = to;
        }
      } else {
        merged.push(from, to);
        removed += to - from;
      }
    }
    this.ranges = merged;
    this.pending = [];
    this.removedWords = removed;
  }
}

/**
 * Renames, in `out`, the ids of `renaming` at original words `[from, to)`, which were copied to
 * `out[from + shift, to + shift)`, reading its positions from `k`; returns where the next range
 * starts reading. It reads `out`, so that it sees what the renamings before it wrote.
 */
function renameRange(renaming: Renaming, k: number, from: number, to: number, out: Uint32Array, shift: number): number {
  const positions = renaming.positions;
  const n = positions.length;
  const map = renaming.map;
  const dense = map instanceof Uint32Array ? map : null;
  for (; k < n; k++) {
    const raw = positions[k];
    const p = raw < 0 ? ~raw : raw;
    if (p < from) continue;
    if (p >= to) break;
    const old = out[p + shift];
    const id = dense !== null ? (old < dense.length ? dense[old] : 0) : ((map as ReadonlyMap<number, number>).get(old) ?? 0);
    if (id !== 0) out[p + shift] = id;
  }
  return k;
}
