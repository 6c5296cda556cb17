import { statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

/** One input of a many-input run. */
export interface BatchInput {
  /** The path as messages name it: as given, or the folder or glob base joined with the match. */
  readonly path: string;
  /**
   * The path `--out-dir` mirrors: relative to the folder given or the glob's base
   * (`shaders/**\/*.spv` -> `a/x.spv` for `shaders/a/x.spv`), the file's name for a file given by name.
   */
  readonly relative: string;
}

/** An argument that names no file: a glob that matched nothing. Reported as that argument's failure. */
export interface UnmatchedPattern {
  readonly pattern: string;
}

/**
 * Expands the command line's inputs in their order: a file stays itself (even a missing one, so
 * that reading it reports it), a folder stands for its files with one of `extensions` at any
 * depth, and a glob pattern (quoted, so the shell left it to us) for the files it matches. Matches
 * are sorted (byte order), so the order does not depend on the file system; a file named twice
 * is taken once, at its first place.
 */
export function expandInputs(args: readonly string[], extensions: readonly string[], cwd = process.cwd()): Array<BatchInput | UnmatchedPattern> {
  const out: Array<BatchInput | UnmatchedPattern> = [];
  const seen = new Set<string>();
  const add = (path: string, rel: string): void => {
    const key = resolve(cwd, path);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ path, relative: rel });
  };
  for (const arg of args) {
    const kind = kindOf(resolve(cwd, arg));
    if (kind === 'file' || (kind === 'missing' && !isDynamicPattern(arg))) {
      add(arg, basename(arg));
    } else if (kind === 'dir') {
      // Folder arguments match files by extension only, in any case (`.SPV` too).
      const matches = globSync(['**/*'], { cwd: resolve(cwd, arg), onlyFiles: true, dot: false })
        .filter((m) => extensions.some((e) => m.toLowerCase().endsWith(e)))
        .sort(byteOrder);
      for (const m of matches) add(join(arg, m), m);
    } else {
      const base = globBase(arg);
      const matches = globSync([arg], { cwd, onlyFiles: true, dot: false, absolute: true }).sort(byteOrder);
      if (matches.length === 0) out.push({ pattern: arg });
      for (const m of matches) {
        const rel = relative(resolve(cwd, base), m);
        add(join(base, rel), rel);
      }
    }
  }
  return out;
}

function kindOf(path: string): 'file' | 'dir' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

/** The folders of a glob before its first dynamic segment (`shaders/**\/*.spv` -> `shaders`; `*.spv` -> `.`). */
export function globBase(pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const s of segments.slice(0, -1)) {
    if (isDynamicPattern(s)) break;
    fixed.push(s);
  }
  if (fixed.length === 0) return '.';
  if (fixed.length === 1 && fixed[0] === '') return '/';
  return fixed.join('/');
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
