/**
 * `#include` expansion for GLSL, done here rather than in the compiler so that the plugin knows
 * every file a shader reads (to watch them and to cache by content), can refuse includes outside
 * the project, and can map every line of the compiled text back to its file.
 *
 * The output carries `#line N "name"` directives (GL_GOOGLE_cpp_style_line_directive, which
 * glslang supports), so compiler messages and OpLine debug info name the included file and its
 * own line numbers.
 *
 * An include that cannot be found, or that closes a cycle, becomes an `#error` line with a marker:
 * in a branch the preprocessor skips (`#ifdef FEATURE`, include guards) it does nothing, as in C;
 * in live code the compiler stops there and the plugin reports the include problem itself. A file
 * may be on the include stack twice, so a cycle broken by `#ifndef` guards expands correctly;
 * `#pragma once` files are expanded once per shader.
 *
 * @spvkit/glslang could resolve includes itself through its include callback; the plugin does not
 * hand them over, for four reasons. The cache key must cover every included file's text before
 * anything is compiled (so a cached shader is not compiled again), and only an expansion done
 * first gives it. That callback is synchronous, while the plugin reads files asynchronously and
 * refuses some (outside the root, too large, a cycle) with its own codes and hints. glslang
 * resolves `#include` only where the shader enables GL_GOOGLE_include_directive, and these
 * shaders need not. And `'glslangValidator'` and a user's compiler get the same expanded text, so
 * every compiler sees the same includes, defines and `#line` names.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { realpath } from 'node:fs/promises';
import { decodeText, displayPath, readBytes } from '../files.js';
import { ShaderError, type Problem, type ProblemLocation } from '../problems/problem.js';

export interface PreprocessOptions {
  readonly root: string;
  /** Absolute include directories. */
  readonly includePaths: readonly string[];
  readonly defines: Readonly<Record<string, string>>;
  readonly allowIncludeOutsideRoot: boolean;
  readonly maxFileSize: number;
}

export interface PreprocessedGlsl {
  readonly source: string;
  /** The main file's name in the `#line` directives (its path relative to the root). */
  readonly mainName: string;
  /** Names used in `#line` directives -> absolute paths. */
  readonly names: ReadonlyMap<string, string>;
  /** Every file read (the main file first), for watching and cache keys. */
  readonly files: readonly string[];
  /** Paths where a missing include could appear; watched so creating one rebuilds. */
  readonly missing: readonly string[];
  /** For each line of `source` (index = line - 1): where it came from. */
  readonly lineMap: readonly ProblemLocation[];
  /** Include problems written as `#error` markers, by marker number. */
  readonly includeProblems: readonly Problem[];
  /** File texts by absolute path, for code frames. */
  readonly texts: ReadonlyMap<string, string>;
}

/** The marker text inside `#error` lines written for include problems. */
export const INCLUDE_MARKER = 'SPVKIT_INCLUDE_PROBLEM_';

const MAX_STACK_REPEAT = 2;
const MAX_DEPTH = 64;

const INCLUDE_RE = /^\s*#\s*include\s*(?:"([^"]*)"|<([^>]*)>)\s*$/;
const PRAGMA_ONCE_RE = /^\s*#\s*pragma\s+once\s*$/;
const VERSION_RE = /^\s*#\s*version\b/;

/** Removes comments from one line, carrying block-comment state across lines. */
function stripComments(line: string, state: { inBlock: boolean }): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < line.length) {
    if (state.inBlock) {
      const end = line.indexOf('*/', i);
      if (end < 0) return out;
      state.inBlock = false;
      out += ' ';
      i = end + 2;
      continue;
    }
    const c = line[i];
    if (inString) {
      out += c;
      if (c === '"') inString = false;
      i++;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '/' && line[i + 1] === '/') return out;
    else if (c === '/' && line[i + 1] === '*') {
      state.inBlock = true;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function isInside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/** Expands includes of `mainFile` (whose text is `mainText`). */
export async function preprocessGlsl(mainFile: string, mainText: string, options: PreprocessOptions): Promise<PreprocessedGlsl> {
  const root = options.root;
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    realRoot = root;
  }
  const names = new Map<string, string>();
  const nameOf = new Map<string, string>();
  const texts = new Map<string, string>([[mainFile, mainText]]);
  const files: string[] = [mainFile];
  const missing: string[] = [];
  const includeProblems: Problem[] = [];
  const onceFiles = new Set<string>();
  const out: string[] = [];
  const lineMap: ProblemLocation[] = [];
  const maxOutput = Math.max(64 << 20, options.maxFileSize * 4);
  let outputSize = 0;

  const lineName = (file: string): string => {
    let name = nameOf.get(file);
    if (name !== undefined) return name;
    name = relative(root, file).split(sep).join('/');
    // A quote, a backslash or a control character cannot stand in a #line name.
    const unquotable = [...name].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20);
    if (name === '' || unquotable || names.has(name)) name = `spvkit-file-${nameOf.size}`;
    names.set(name, file);
    nameOf.set(file, name);
    return name;
  };

  const emit = (text: string, from: ProblemLocation): void => {
    out.push(text);
    lineMap.push(from);
    outputSize += text.length + 1;
    if (outputSize > maxOutput) {
      throw ShaderError.of(
        'INCLUDE_EXPANSION_TOO_LARGE',
        `expanding the includes of ${displayPath(mainFile, root)} produced more than ${maxOutput} characters`,
        from,
        'guard included files with #pragma once or #ifndef so they are not expanded over and over',
      );
    }
  };

  const marker = (problem: Problem, at: ProblemLocation): void => {
    const n = includeProblems.push(problem) - 1;
    emit(`#error ${INCLUDE_MARKER}${n}: ${problem.message.replace(/[\r\n]/g, ' ')}`, at);
  };

  const resolveInclude = async (spec: string, angle: boolean, includer: string): Promise<{ found?: string; candidates: string[] }> => {
    const dirs = angle ? [...options.includePaths] : [dirname(includer), ...options.includePaths];
    const candidates = isAbsolute(spec) ? [resolve(spec)] : dirs.map((d) => resolve(d, spec));
    for (const c of candidates) {
      try {
        await readBytes(c, Number.MAX_SAFE_INTEGER, root); // existence and file-ness only
        return { found: c, candidates };
      } catch {
        /* try the next */
      }
    }
    return { candidates };
  };

  const expand = async (file: string, text: string, stack: readonly string[]): Promise<void> => {
    const name = lineName(file);
    const lines = text.split(/\r?\n/);
    const state = { inBlock: false };
    let versionHandled = stack.length > 1;
    // The main file's preamble goes after #version; without one, at the top.
    if (!versionHandled && !lines.some((l) => VERSION_RE.test(l))) {
      writePreamble(1, { file, line: 1, column: 1 });
      versionHandled = true;
    }
    function writePreamble(nextLine: number, at: ProblemLocation): void {
      emit('#extension GL_GOOGLE_cpp_style_line_directive : require', at);
      for (const [k, v] of Object.entries(options.defines)) emit(`#define ${k} ${v}`, at);
      emit(`#line ${nextLine} "${name}"`, at);
    }
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const lineNo = i + 1;
      const here: ProblemLocation = { file, line: lineNo, column: 1 };
      const code = stripComments(raw, state);
      if (!versionHandled && VERSION_RE.test(code)) {
        emit(raw, here);
        writePreamble(lineNo + 1, here);
        versionHandled = true;
        continue;
      }
      if (PRAGMA_ONCE_RE.test(code)) {
        onceFiles.add(file);
        emit('', here);
        continue;
      }
      const m = INCLUDE_RE.exec(code);
      if (m === null) {
        emit(raw, here);
        continue;
      }
      const angle = m[2] !== undefined;
      const spec = m[1] ?? m[2];
      const at: ProblemLocation = { file, line: lineNo, column: Math.max(1, raw.indexOf(angle ? '<' : '"') + 1) };
      if (spec.trim() === '') throw ShaderError.of('INCLUDE_EMPTY', 'empty #include', at);
      const { found, candidates } = await resolveInclude(spec, angle, file);
      if (found === undefined) {
        missing.push(...candidates);
        const searched = candidates.map((c) => displayPath(c, root)).join(', ');
        marker(
          {
            code: 'INCLUDE_NOT_FOUND',
            message: `cannot find include ${angle ? `<${spec}>` : `"${spec}"`} (searched ${searched || 'no directories: set includePaths'})`,
            location: at,
            hint: angle ? 'an <include> is searched in includePaths only' : 'a "include" is searched next to the including file, then in includePaths',
          },
          at,
        );
        continue;
      }
      let real = found;
      try {
        real = await realpath(found);
      } catch {
        /* keep found */
      }
      if (!options.allowIncludeOutsideRoot && !isInside(realRoot, real) && !isInside(root, found)) {
        throw ShaderError.of(
          'INCLUDE_OUTSIDE_ROOT',
          `#include "${spec}" resolves to ${found}, outside the project root ${root}`,
          at,
          'set allowIncludeOutsideRoot: true to allow it, or add a directory inside the root to includePaths',
        );
      }
      if (!files.includes(found)) files.push(found);
      if (onceFiles.has(found)) {
        emit('', at);
        continue;
      }
      const repeats = stack.filter((f) => f === found).length;
      if (repeats >= MAX_STACK_REPEAT || stack.length >= MAX_DEPTH) {
        const first = stack.indexOf(found);
        const cycle = [...stack.slice(first < 0 ? 0 : first), found].map((f) => displayPath(f, root));
        // Show the shortest form: from the first repeat to its next occurrence.
        const start = cycle.indexOf(displayPath(found, root));
        const next = cycle.indexOf(displayPath(found, root), start + 1);
        const shown = next > start ? cycle.slice(start, next + 1) : cycle;
        marker(
          {
            code: 'INCLUDE_CYCLE',
            message: `include cycle: ${shown.join(' -> ')}`,
            location: at,
            hint: 'break the cycle, or guard the files with #pragma once or #ifndef include guards',
          },
          at,
        );
        continue;
      }
      let incText = texts.get(found);
      if (incText === undefined) {
        const bytes = await readBytes(found, options.maxFileSize, root, at);
        incText = decodeText(bytes, found, root, 'GLSL source', at);
        texts.set(found, incText);
      }
      emit(`#line 1 "${lineName(found)}"`, at);
      await expand(found, incText, [...stack, found]);
      emit(`#line ${lineNo + 1} "${name}"`, at);
    }
  };

  await expand(mainFile, mainText, [mainFile]);
  return { source: out.join('\n') + '\n', mainName: lineName(mainFile), names, files, missing: [...new Set(missing)], lineMap, includeProblems, texts };
}
