/**
 * Problems from a GLSL compiler: its messages (structured from @spvkit/glslang, a log from
 * glslangValidator, whatever a user's compiler throws), placed in the user's files through the
 * `#line` names and the line map of the preprocessed text, and include markers turned back into
 * the include problem they stand for.
 */
import { displayPath } from '../files.js';
import { GlslCompileError, type CompilerMessage } from '../glsl/compilers.js';
import { INCLUDE_MARKER, type PreprocessedGlsl } from '../glsl/preprocess.js';
import type { Problem, ProblemLocation } from './problem.js';
import { reportedFile } from './spirv.js';

/** Maps a location in compiled GLSL (OpLine or compiler message) back to the user's file. */
export function mapGlslLocation(pre: PreprocessedGlsl, name: string | undefined, line: number, column: number): ProblemLocation | undefined {
  if (name !== undefined && name !== '' && !/^\d+$/.test(name)) {
    const file = pre.names.get(name);
    return file === undefined ? undefined : { file, line, column };
  }
  // No #line name in effect (source string number): the line is a line of the expanded text.
  const from = pre.lineMap[line - 1];
  return from === undefined ? undefined : { file: from.file, line: from.line, column };
}

/** Column of the token a glslang message quotes (`'name' : undeclared identifier`), else the first non-blank. */
function guessColumn(text: string | undefined, line: number, message: string): number {
  const src = text?.split(/\r?\n/)[line - 1];
  if (src === undefined) return 1;
  const quoted = /^\s*'([^']+)'\s*:/.exec(message)?.[1];
  if (quoted !== undefined) {
    const at = src.indexOf(quoted);
    if (at >= 0) return at + 1;
  }
  // Syntax errors name the unexpected token; its first occurrence is the best guess there is.
  const unexpected = /unexpected ([A-Z_]+)/.exec(message)?.[1];
  const char = unexpected === undefined ? undefined : TOKEN_CHARS[unexpected];
  if (char !== undefined) {
    const first = src.search(/\S/);
    const at = src.indexOf(char, Math.max(0, first));
    if (at >= 0) return at + 1;
  }
  const first = src.search(/\S/);
  return first < 0 ? 1 : first + 1;
}

const TOKEN_CHARS: Record<string, string> = {
  SEMICOLON: ';',
  COMMA: ',',
  COLON: ':',
  DOT: '.',
  EQUAL: '=',
  LEFT_PAREN: '(',
  RIGHT_PAREN: ')',
  LEFT_BRACE: '{',
  RIGHT_BRACE: '}',
  LEFT_BRACKET: '[',
  RIGHT_BRACKET: ']',
};

const LOG_LINE = /^(ERROR|WARNING):\s*(.*?):(\d+):\s*(.*)$/;

/** Problems from a glslang log; include markers become the include problem they stand for. */
function glslLogProblems(log: string, pre: PreprocessedGlsl): { errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const markerRe = new RegExp(`${INCLUDE_MARKER}(\\d+)`);
  const seenMarkers = new Set<number>();
  for (const raw of log.split(/\r?\n/)) {
    const m = LOG_LINE.exec(raw.trim());
    if (m === null) continue;
    const [, severity, name, lineText, message] = m as unknown as [string, string, string, string, string];
    const marker = markerRe.exec(message);
    if (marker !== null) {
      const n = Number(marker[1]);
      const problem = pre.includeProblems[n];
      if (problem !== undefined && !seenMarkers.has(n)) {
        seenMarkers.add(n);
        errors.unshift(problem);
      }
      continue;
    }
    const line = Number(lineText);
    const located = mapGlslLocation(pre, name, line, 1);
    const location = located ? { ...located, column: guessColumn(pre.texts.get(located.file), located.line, message) } : undefined;
    // glslang puts the offending token first (`'name' : ...`), or `'' :` when there is none.
    const text = message
      .replace(/^''\s*:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const problem: Problem = { code: 'GLSL_COMPILE', message: text, ...(location ? { location } : {}) };
    (severity === 'ERROR' ? errors : warnings).push(problem);
  }
  return { errors, warnings };
}

/**
 * The column of a glslang message: glslang's own where it points at the token the message quotes
 * (or quotes none), else that token's first place on the line (glslang puts a directive's
 * messages at the line's end, after `#extension NAME : require`). A syntax error is placed on
 * the last character of the unexpected token; the caret goes to its first.
 */
function messageColumn(text: string | undefined, line: number, message: string, column: number | undefined): number {
  const src = text?.split(/\r?\n/)[line - 1];
  if (src === undefined || column === undefined || column < 1) return guessColumn(text, line, message);
  const quoted = /^\s*'([^']+)'\s*:/.exec(message)?.[1];
  let at = Math.min(column, src.length + 1) - 1;
  if (quoted !== undefined && !src.startsWith(quoted, at)) {
    const found = src.indexOf(quoted);
    if (found >= 0) return found + 1;
  }
  while (at > 0 && at < src.length && /\w/.test(src[at]) && /\w/.test(src[at - 1])) at--;
  return at + 1;
}

/** Problems from messages a compiler gave structured (@spvkit/glslang); include markers become the include problem. */
export function compilerMessageProblems(messages: readonly CompilerMessage[], pre: PreprocessedGlsl): Problem[] {
  const problems: Problem[] = [];
  const markerRe = new RegExp(`${INCLUDE_MARKER}(\\d+)`);
  const seenMarkers = new Set<number>();
  for (const m of messages) {
    const marker = markerRe.exec(m.message);
    if (marker !== null) {
      const n = Number(marker[1]);
      const problem = pre.includeProblems[n];
      if (problem !== undefined && !seenMarkers.has(n)) {
        seenMarkers.add(n);
        problems.unshift(problem);
      }
      continue;
    }
    const located = m.file !== undefined && m.line !== undefined ? mapGlslLocation(pre, m.file, m.line, 1) : undefined;
    const location = located ? { ...located, column: messageColumn(pre.texts.get(located.file), located.line, m.message, m.column) } : undefined;
    // glslang puts the offending token first (`'name' : ...`), or `'' :` when there is none.
    const text = m.message
      .replace(/^''\s*:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    problems.push({ code: 'GLSL_COMPILE', message: text, ...(location ? { location } : {}), ...(m.hint !== undefined ? { hint: m.hint } : {}) });
  }
  return problems;
}

/** A user compiler's diagnostic message as text: a non-string one as JSON, a missing one as `compile error`. */
function compilerMessageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined || message === null) return 'compile error';
  return JSON.stringify(message) ?? 'compile error';
}

/** Problems from an error a user compiler threw. */
export function compilerErrorProblems(e: unknown, pre: PreprocessedGlsl, file: string, root: string): Problem[] {
  const diagnostics = (e as { diagnostics?: unknown }).diagnostics;
  if (Array.isArray(diagnostics) && diagnostics.length > 0) {
    return diagnostics.map((d: { message?: unknown; location?: { file?: string; line?: number; column?: number } }) => {
      const loc = d.location;
      const mapped =
        loc && typeof loc.line === 'number'
          ? mapGlslLocation(pre, loc.file !== undefined && pre.names.has(loc.file) ? loc.file : undefined, loc.line, loc.column ?? 1)
          : undefined;
      const location =
        mapped ??
        (loc?.file && typeof loc.line === 'number' ? { file: reportedFile(loc.file, file, root), line: loc.line, column: loc.column ?? 1 } : undefined);
      return { code: 'GLSL_COMPILE', message: compilerMessageText(d.message), ...(location ? { location } : {}) };
    });
  }
  if (e instanceof GlslCompileError && e.messages !== undefined && e.messages.length > 0) return compilerMessageProblems(e.messages, pre);
  const log = e instanceof GlslCompileError ? e.log : e instanceof Error ? e.message : String(e);
  const { errors } = glslLogProblems(log, pre);
  if (errors.length > 0) return errors;
  return [{ code: 'GLSL_COMPILE', message: `${displayPath(file, root)}: ${e instanceof Error ? e.message : String(e)}` }];
}
