// Turns glslang's info log into structured diagnostics. glslang writes one message per line as
// "ERROR: <file>:<line>:<column>: <text>" (the entry asks for columns), messages without a place
// as "ERROR: <text>", and the SPIR-V back end's as "warning: <text>".

import { versionHint } from './versionHint.js';

/** How serious a glslang message is. */
export type GlslangSeverity = 'error' | 'warning' | 'note';

/** One message of glslang, placed where glslang placed it. */
export interface GlslangDiagnostic {
  /** 'error' for ERROR, INTERNAL ERROR and UNIMPLEMENTED; 'warning'; 'note'. */
  readonly severity: GlslangSeverity;
  /** The message without its prefix and place, e.g. `'foo' : undeclared identifier`. */
  readonly message: string;
  /**
   * The file it is in: the `file` given to compile(), or the `file` an include function returned
   * for an included one, or a name a `#line` directive gave. Undefined for messages about the
   * whole shader (linking, code generation) and for those about a define (`message` then starts
   * with `in define NAME:`).
   */
  readonly file?: string;
  /** 1-based line in `file`. */
  readonly line?: number;
  /** 1-based column, where glslang knows it. */
  readonly column?: number;
  /** The line of glslang's log this came from, unchanged. */
  readonly text: string;
  /**
   * What to do about it, where glslang's message does not say: a WebGL shader (`#version 300 es`)
   * that cannot become SPIR-V, for one.
   */
  readonly hint?: string;
}

const PREFIXES: ReadonlyArray<[string, GlslangSeverity]> = [
  ['INTERNAL ERROR: ', 'error'],
  ['UNKNOWN ERROR: ', 'error'],
  ['UNIMPLEMENTED: ', 'error'],
  ['ERROR: ', 'error'],
  ['WARNING: ', 'warning'],
  ['NOTE: ', 'note'],
  // SpvBuildLogger (SPIR-V generation)
  ['error: ', 'error'],
  ['warning: ', 'warning'],
  ['Missing functionality: ', 'error'],
  ['TBD functionality: ', 'warning'],
];

/** glslang's closing summary ("1 compilation errors.  No code generated."), which repeats what is said. */
const SUMMARY = /^\d+ compilation errors?\.\s+No code generated\.?$/;
const PLACE = /^:(\d+)(?::(\d+))?: ?/;

/**
 * Parses glslang's log. `files` are the names glslang may put in a place (the main file and
 * every included file's name), tried longest first, so a name with colons in it still splits at
 * the right one.
 */
export function parseInfoLog(log: string, files: readonly string[], mainFile: string, preambleLines: readonly string[] = []): GlslangDiagnostic[] {
  const names = [...new Set(files)].sort((a, b) => b.length - a.length);
  const out: GlslangDiagnostic[] = [];
  for (const raw of log.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const prefix = PREFIXES.find(([p]) => raw.startsWith(p));
    if (!prefix) {
      // A continuation of the message before (glslang sometimes breaks long ones).
      const last = out.pop();
      if (last) out.push({ ...last, message: `${last.message}\n${raw}`, text: `${last.text}\n${raw}` });
      else out.push({ severity: 'note', message: raw, text: raw });
      continue;
    }
    const [p, severity] = prefix;
    const rest = raw.slice(p.length);
    if (SUMMARY.test(rest.trim())) continue;
    const placed = place(rest, names, mainFile, preambleLines);
    const hint = versionHint(placed.message);
    out.push({ severity, ...placed, text: raw, ...(hint !== undefined ? { hint } : {}) });
  }
  return out;
}

function place(
  rest: string,
  names: readonly string[],
  mainFile: string,
  preambleLines: readonly string[],
): { message: string; file?: string; line?: number; column?: number } {
  for (const name of names) {
    if (!rest.startsWith(name)) continue;
    const m = PLACE.exec(rest.slice(name.length));
    if (m) return located(name, m[1], m[2], rest.slice(name.length + m[0].length));
  }
  // A place with a name we did not hand out: a source string number or a name from a
  // `#line N "name"` in the source. The entry asks for columns, so such a place is always
  // name:line:column, which keeps "Linking fragment stage: …" from passing for one.
  const m = /^(.+?):(-?\d+):(\d+): ?/.exec(rest);
  if (!m) return { message: rest };
  const message = rest.slice(m[0].length);
  // String -1 is the preamble, where the defines are: name the define instead of a place.
  if (m[1] === '-1') {
    const define = preambleLines[Number(m[2]) - 1];
    return { message: define === undefined ? `in the defines: ${message}` : `in define ${define}: ${message}` };
  }
  return located(/^\d+$/.test(m[1]) ? mainFile : m[1], m[2], m[3], message);
}

function located(file: string, lineText: string, columnText: string | undefined, message: string) {
  const line = Number(lineText);
  const column = columnText === undefined ? undefined : Number(columnText);
  return {
    message,
    file,
    ...(line > 0 ? { line } : {}),
    ...(column !== undefined && column > 0 ? { column } : {}),
  };
}
