/**
 * The plugin's cache: results by content hash. Keyed by what a result depends on (the file's
 * bytes or text, every include's, the stage, the compiler, the plan), never by path or time, so an
 * edit that is undone is served again without work, and one cache serves every query of a shader
 * that asks for the same transform.
 */
import { createHash } from 'node:crypto';

/** A SHA-256 over `parts`, each ended by a NUL so that no two lists of parts hash alike. */
export function contentKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(p);
    h.update('\0');
  }
  return h.digest('hex');
}

/** Results kept per plugin instance; the least recently used go first. */
export const MAX_CACHED = 2000;

/** Promises of results by key, least recently used first; a failure is never kept. */
export class ShaderCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  /** How many results were made rather than served from the cache. */
  misses = 0;

  constructor(private readonly capacity: number = MAX_CACHED) {}

  /** The result for `key`, made by `make` when there is none. What `make` throws (or rejects with) is the rejection. */
  get(key: string, make: () => T | Promise<T>): Promise<T> {
    let p = this.entries.get(key);
    if (p !== undefined) {
      // Most recently used last, so a long dev session drops the versions it edited away from.
      this.entries.delete(key);
      this.entries.set(key, p);
      return p;
    }
    this.misses++;
    p = new Promise<T>((resolve) => resolve(make()));
    this.entries.set(key, p);
    p.catch(() => this.entries.delete(key));
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return p;
  }
}
