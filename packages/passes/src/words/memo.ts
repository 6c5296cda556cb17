// Facts about body words worth keeping between passes: a run of strip-debug, the dead-code passes
// and compact-ids reads the same undecoded bodies several times. They are kept per word buffer,
// which does not change while a module holds it (lazy words are read-only; a pass that edits
// bodies gives the module a new buffer), so a fact never describes other words than its own. The
// one exception, bodies a pass of this package made and rewrites in place (ownBodies.ts), drops
// the facts the rewrite changes (forget).

interface Fact {
  readonly offset: number;
  readonly length: number;
  readonly value: unknown;
}

const memos = new WeakMap<ArrayBufferLike, Map<string, Fact>>();

/** The value `make` computes for `words`, computed once per (buffer, range, key). */
export function memoized<T>(words: Uint32Array, key: string, make: () => T): T {
  let byKey = memos.get(words.buffer);
  if (byKey === undefined) memos.set(words.buffer, (byKey = new Map<string, Fact>()));
  const hit = byKey.get(key);
  if (hit !== undefined && hit.offset === words.byteOffset && hit.length === words.length) return hit.value as T;
  const value = make();
  byKey.set(key, { offset: words.byteOffset, length: words.length, value });
  return value;
}

/** Stores a value computed elsewhere (a pass that made the words knows their facts). */
export function remember(words: Uint32Array, key: string, value: unknown): void {
  let byKey = memos.get(words.buffer);
  if (byKey === undefined) memos.set(words.buffer, (byKey = new Map<string, Fact>()));
  byKey.set(key, { offset: words.byteOffset, length: words.length, value });
}

/**
 * Drops the facts `keys` of `words` (words rewritten in place, see ownBodies.ts): the one case
 * where a buffer changes while a module holds it.
 */
export function forget(words: Uint32Array, keys: readonly string[]): void {
  const byKey = memos.get(words.buffer);
  if (byKey !== undefined) for (const key of keys) byKey.delete(key);
}
