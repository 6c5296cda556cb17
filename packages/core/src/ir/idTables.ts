/**
 * Per-id tables sized by the module rather than by its declared bound: a 20-byte module may
 * declare a bound of four million, and must not make us allocate for four million ids. Tables are
 * dense typed arrays when the bound is small relative to the module (the common case, fastest),
 * and Maps/Sets otherwise.
 */

/** Dense when the bound is at most this many times the module's word count. */
const DENSE_RATIO = 8;

/** A set of ids. */
export interface IdFlags {
  has(id: number): boolean;
  add(id: number): void;
  /** The bit per id (`bits[id >>> 3] & (1 << (id & 7))`) of a dense set, for loops that test and set ids inline. */
  readonly bits?: Uint8Array;
}

/** A map from ids to 32-bit values (0 means absent). */
export interface IdValues {
  get(id: number): number;
  set(id: number, value: number): void;
}

export function createIdFlags(bound: number, moduleWords: number): IdFlags {
  if (bound <= moduleWords * DENSE_RATIO) {
    const bits = new Uint8Array((bound + 7) >>> 3);
    return {
      bits,
      has: (id) => (bits[id >>> 3] & (1 << (id & 7))) !== 0,
      add: (id) => {
        bits[id >>> 3] = bits[id >>> 3] | (1 << (id & 7));
      },
    };
  }
  const set = new Set<number>();
  return { has: (id) => set.has(id), add: (id) => void set.add(id) };
}

export function createIdValues(bound: number, moduleWords: number): IdValues {
  if (bound <= moduleWords * DENSE_RATIO) {
    const values = new Uint32Array(bound);
    return {
      get: (id) => (id < values.length ? values[id] : 0),
      set: (id, value) => {
        if (id < values.length) values[id] = value;
      },
    };
  }
  const map = new Map<number, number>();
  return { get: (id) => map.get(id) ?? 0, set: (id, value) => void map.set(id, value) };
}

/**
 * Roughly how many words `module` occupies, without encoding it: what {@link createIdFlags} and
 * {@link createIdValues} compare the bound with.
 */
export function moduleWordEstimate(module: {
  lazyFunctionWords(): Uint32Array | null;
  instructions(): Iterable<unknown>;
  globalInstructions(): Iterable<unknown>;
}): number {
  const lazy = module.lazyFunctionWords();
  let count = 0;
  if (lazy !== null) {
    for (const it = module.globalInstructions()[Symbol.iterator](); !it.next().done;) count++;
    return lazy.length + count * 4;
  }
  for (const it = module.instructions()[Symbol.iterator](); !it.next().done;) count++;
  return count * 4;
}
