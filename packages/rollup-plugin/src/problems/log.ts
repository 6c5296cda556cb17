/** Problems as the bundler shows them: a {@link SpvkitLog} with the file, the place and a code frame. */
import { readFileSync } from 'node:fs';
import { SpirvError, formatLocation } from '@spvkit/core';
import type { SpvkitLog } from '../bundlerTypes.js';
import { displayPath, looksLikeSpirvBinary } from '../files.js';
import { ShaderError, codeFrame, type CodeFrameLayout, type Problem } from './problem.js';

/** Reads a file's text for a code frame, if it can. */
export function textForFrame(file: string, texts: ReadonlyMap<string, string>): string | undefined {
  const known = texts.get(file);
  if (known !== undefined) return known;
  try {
    const buf = readFileSync(file);
    if (buf.length > 4 << 20 || looksLikeSpirvBinary(buf)) return undefined;
    return buf.toString('utf8');
  } catch {
    return undefined;
  }
}

function problemText(p: Problem, root: string): string {
  const where = p.location ? `${formatLocation({ ...p.location, file: displayPath(p.location.file, root) })}: ` : '';
  return `${where}${p.message}${p.hint ? `\n  hint: ${p.hint}` : ''}`;
}

/**
 * A bundler log for problems of the shader `shader`: `id`, `loc` and frame of the first problem,
 * the others listed in the message. `id` is the file the first problem is in (an include's
 * problem names the include, as Vite does for its own errors: its terminal prints `File: id:line:column`);
 * a problem with no place in a text (a binary, an unreadable file) names `shader`, at 1:1.
 * The frame is drawn by `layout` (Rollup's unless the host brings its own).
 */
export function problemsToLog(
  problems: readonly Problem[],
  texts: ReadonlyMap<string, string>,
  root: string,
  shader: string,
  layout: CodeFrameLayout = codeFrame,
): SpvkitLog {
  const [first, ...rest] = problems;
  if (first === undefined) return { message: 'unknown shader error', id: shader, loc: { file: shader, line: 1, column: 1 } };
  let message = `${first.message}${first.hint ? `\n  hint: ${first.hint}` : ''}`;
  if (rest.length > 0) {
    const shown = rest.slice(0, 20).map((p) => problemText(p, root));
    message += `\n${shown.join('\n')}${rest.length > 20 ? `\n... and ${rest.length - 20} more` : ''}`;
  }
  if (first.location === undefined) return { message, code: first.code, id: shader, loc: { file: shader, line: 1, column: 1 } };
  const { file, line, column } = first.location;
  const text = textForFrame(file, texts);
  const frame = text === undefined ? '' : layout(text, line, column);
  return { message, code: first.code, id: file, loc: { file, line, column }, ...(frame ? { frame } : {}) };
}

/**
 * The log of a failed load of `shader`, or undefined when `e` is neither a ShaderError nor a
 * SpirvError: that is a bug (the plugin's or a pass's), which the bundler reports as it is.
 */
export function failureLog(
  e: unknown,
  texts: ReadonlyMap<string, string>,
  root: string,
  shader: string,
  layout: CodeFrameLayout = codeFrame,
): SpvkitLog | undefined {
  if (e instanceof ShaderError) return problemsToLog(e.problems, texts, root, shader, layout);
  if (e instanceof SpirvError) return { message: e.message, code: e.code, id: shader, loc: { file: shader, line: 1, column: 1 } };
  return undefined;
}

/** `file:line:column: ` of a log's place (relative to `root`), or '' when it has none. */
export function logPlace(log: SpvkitLog, root: string): string {
  return log.loc ? `${formatLocation({ ...log.loc, file: displayPath(log.loc.file, root) })}: ` : '';
}
