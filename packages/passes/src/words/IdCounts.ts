/**
 * A count per id: a dense array when the module's bound is in proportion to its size (always, for
 * real modules), a map otherwise, so that a tiny module claiming a bound of millions does not make
 * us allocate for millions.
 */
export class IdCounts {
  private readonly dense: Uint32Array | null;
  private readonly sparse = new Map<number, number>();

  /** `bound`: the module's id bound; `words`: about how many words the module has. */
  constructor(bound: number, words: number) {
    this.dense = bound <= 8 * words + 1024 ? new Uint32Array(bound + 1) : null;
  }

  /** A copy of `other` for a module whose bound is now `bound`. */
  static copyOf(other: IdCounts, bound: number, words: number): IdCounts {
    const copy = new IdCounts(bound, words);
    if (copy.dense !== null && other.dense !== null) copy.dense.set(other.dense.subarray(0, Math.min(other.dense.length, copy.dense.length)));
    else if (copy.dense !== null) for (const [id, n] of other.sparse) copy.set(id, n);
    else if (other.dense !== null) other.dense.forEach((n, id) => n !== 0 && copy.sparse.set(id, n));
    else for (const [id, n] of other.sparse) copy.sparse.set(id, n);
    return copy;
  }

  /** The counts as a table by id (an id absent or 0 counts 0): what WordEdits.rename takes as a map. */
  table(): Uint32Array | ReadonlyMap<number, number> {
    return this.dense ?? this.sparse;
  }

  get(id: number): number {
    const d = this.dense;
    if (d !== null) return id < d.length ? d[id] : 0;
    return this.sparse.get(id) ?? 0;
  }

  set(id: number, value: number): void {
    const d = this.dense;
    if (d !== null) {
      if (id < d.length) d[id] = value;
    } else this.sparse.set(id, value);
  }

  /** Adds one (ids past the bound, in an invalid module, are not counted). */
  add(id: number): void {
    const d = this.dense;
    if (d !== null) {
      if (id < d.length) d[id]++;
    } else this.sparse.set(id, (this.sparse.get(id) ?? 0) + 1);
  }
}
