/**
 * Which shaders read which files: an edit to an include (or a missing include appearing) must
 * reach every shader that read it, also those whose last load failed, which a bundler's own
 * module graph does not link to their includes.
 */
export class IncludeGraph {
  /** include or missing-include file -> shader files that read it. */
  private readonly readers = new Map<string, Set<string>>();
  /** shader file -> files it read last time (to drop stale edges). */
  private readonly readBy = new Map<string, string[]>();

  /** Records that the last load of `shader` read `files` (itself among them) and looked for `missing`. */
  record(shader: string, files: readonly string[], missing: readonly string[]): void {
    for (const f of this.readBy.get(shader) ?? []) this.readers.get(f)?.delete(shader);
    const deps = [...files.filter((f) => f !== shader), ...missing];
    this.readBy.set(shader, deps);
    for (const f of deps) {
      let set = this.readers.get(f);
      if (set === undefined) this.readers.set(f, (set = new Set()));
      set.add(shader);
    }
  }

  /** Shader files whose last load read `file`, or would have had it existed. */
  dependents(file: string): string[] {
    return [...(this.readers.get(file) ?? [])];
  }
}
