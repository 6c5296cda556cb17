/**
 * Reading FileCheck-style directives (`; CHECK: ...`, `; CHECK-NEXT: ...`) out of a text, and
 * compiling each pattern into a regular expression. Matching is {@link fileCheck}'s job.
 */

/** The directive kinds, as FileCheck and effcee (SPIRV-Tools' optimizer tests) spell them. */
export type CheckKind = 'CHECK' | 'CHECK-NEXT' | 'CHECK-SAME' | 'CHECK-NOT' | 'CHECK-DAG' | 'CHECK-LABEL';

/** One directive of a check text. */
export interface CheckDirective {
  readonly kind: CheckKind;
  /** The pattern after the colon, without the whitespace around it. */
  readonly pattern: string;
  /** 1-based line of the directive in the check text. */
  readonly line: number;
  /** 1-based column where the pattern starts, for pointing at it. */
  readonly column: number;
  /** The whole line as written. */
  readonly source: string;
}

/** A piece of a compiled pattern. */
export type PatternPart =
  | { readonly type: 'text'; readonly regex: string }
  | { readonly type: 'define'; readonly name: string; readonly regex: string }
  | { readonly type: 'use'; readonly name: string };

/** A directive's pattern, split into literal text, inline regexes, captures and uses. */
export interface CompiledPattern {
  readonly parts: readonly PatternPart[];
  /** The variables this pattern defines, in order. */
  readonly defines: readonly string[];
}

/** A check text that cannot be read: a bad directive, an unclosed `{{` or `[[`, a bad regex. */
export class CheckSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CheckSyntaxError';
  }
}

const SUFFIXES: Record<string, CheckKind> = {
  '': 'CHECK',
  '-NEXT': 'CHECK-NEXT',
  '-SAME': 'CHECK-SAME',
  '-NOT': 'CHECK-NOT',
  '-DAG': 'CHECK-DAG',
  '-LABEL': 'CHECK-LABEL',
};

/**
 * The directives of `text`, in order. A directive is `PREFIX:` or `PREFIX-NEXT:` (and the other
 * suffixes) anywhere on a line, usually after a comment marker (`; CHECK: OpLoad`). A line whose
 * prefix is followed by an unknown suffix (`CHECK-NXT:`) is an error rather than silently ignored,
 * as a misspelt directive would otherwise check nothing.
 */
export function parseCheckDirectives(text: string, prefix = 'CHECK'): CheckDirective[] {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(prefix)) throw new CheckSyntaxError(`bad check prefix '${prefix}'`, 0);
  const finder = new RegExp(`(?:^|[^A-Za-z0-9_-])${prefix}(-[A-Za-z]+)?:`);
  const directives: CheckDirective[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const source = lines[i].replace(/\r$/, '');
    const found = finder.exec(source);
    if (found === null) continue;
    const kind = SUFFIXES[(found[1] ?? '').toUpperCase()];
    if (kind === undefined) throw new CheckSyntaxError(`line ${i + 1}: unknown directive '${prefix}${found[1]}:'`, i + 1);
    const afterColon = found.index + found[0].length;
    const rest = source.slice(afterColon);
    const pattern = rest.trim();
    const column = afterColon + (rest.length - rest.trimStart().length) + 1;
    if (pattern === '' && kind !== 'CHECK-NEXT' && kind !== 'CHECK-SAME') {
      throw new CheckSyntaxError(`line ${i + 1}: ${kind} has an empty pattern`, i + 1);
    }
    directives.push({ kind, pattern, line: i + 1, column, source });
  }
  return directives;
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Escapes literal pattern text, letting any run of spaces and tabs match any such run. */
function literalRegex(text: string): string {
  return text
    .split(/[ \t]+/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('[ \\t]+');
}

/** Where `]]` closes a capture's regex, skipping `]]` inside a character class (`[[X:[a-z]]]`). */
function captureEnd(pattern: string, from: number): number {
  let inClass = false;
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === ']') i++; // `[]...]`: a literal ] first in a class
    } else if (c === ']' && pattern[i + 1] === ']') {
      return i;
    }
  }
  return -1;
}

/**
 * Splits a pattern into literal text, `{{regex}}` and `[[NAME:regex]]` / `[[NAME]]`, and checks
 * every regex compiles, so a typo in a check fails where it is written, not as a non-match.
 */
export function compilePattern(directive: CheckDirective): CompiledPattern {
  const { pattern, line } = directive;
  const parts: PatternPart[] = [];
  const defines: string[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') parts.push({ type: 'text', regex: literalRegex(literal) });
    literal = '';
  };
  let i = 0;
  while (i < pattern.length) {
    if (pattern.startsWith('{{', i)) {
      const end = pattern.indexOf('}}', i + 2);
      if (end < 0) throw new CheckSyntaxError(`line ${line}: '{{' without '}}'`, line);
      flush();
      const regex = pattern.slice(i + 2, end);
      checkRegex(regex, line);
      parts.push({ type: 'text', regex: `(?:${regex})` });
      i = end + 2;
    } else if (pattern.startsWith('[[', i)) {
      const colon = pattern.indexOf(':', i + 2);
      const close = pattern.indexOf(']]', i + 2);
      if (close < 0) throw new CheckSyntaxError(`line ${line}: '[[' without ']]'`, line);
      flush();
      if (colon >= 0 && colon < close) {
        const name = pattern.slice(i + 2, colon);
        const end = captureEnd(pattern, colon + 1);
        if (end < 0) throw new CheckSyntaxError(`line ${line}: '[[${name}:' without ']]'`, line);
        if (!VARIABLE_NAME.test(name)) throw new CheckSyntaxError(`line ${line}: bad variable name '${name}'`, line);
        const regex = pattern.slice(colon + 1, end);
        checkRegex(regex, line);
        parts.push({ type: 'define', name, regex });
        defines.push(name);
        i = end + 2;
      } else {
        const name = pattern.slice(i + 2, close);
        if (!VARIABLE_NAME.test(name)) throw new CheckSyntaxError(`line ${line}: bad variable name '${name}'`, line);
        parts.push({ type: 'use', name });
        i = close + 2;
      }
    } else {
      literal += pattern[i];
      i++;
    }
  }
  flush();
  return { parts, defines };
}

function checkRegex(regex: string, line: number): void {
  try {
    new RegExp(regex);
  } catch (e) {
    throw new CheckSyntaxError(`line ${line}: bad regular expression '${regex}': ${(e as Error).message}`, line);
  }
}

/**
 * The regular expression for a compiled pattern, given the variables bound so far. A variable
 * defined in the same pattern is a backreference; one bound before is its value as literal text.
 * Returns the group name of each definition, or a message naming an undefined variable.
 */
export function patternRegex(
  compiled: CompiledPattern,
  bindings: ReadonlyMap<string, string>,
): { regex: RegExp; groups: Map<string, string> } | { undefinedVariable: string } {
  let source = '';
  const groups = new Map<string, string>();
  for (const part of compiled.parts) {
    if (part.type === 'text') {
      source += part.regex;
    } else if (part.type === 'define') {
      const group = `v${groups.size}`;
      groups.set(part.name, group);
      source += `(?<${group}>${part.regex})`;
    } else {
      const own = groups.get(part.name);
      if (own !== undefined) source += `\\k<${own}>`;
      else {
        const value = bindings.get(part.name);
        if (value === undefined) return { undefinedVariable: part.name };
        source += literalRegex(value);
      }
    }
  }
  // 'g' for lastIndex-driven searches; no 's', so '.' never crosses a line.
  return { regex: new RegExp(source, 'g'), groups };
}
