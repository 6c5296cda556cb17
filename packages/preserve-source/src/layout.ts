import { Op, type Instruction, type SourceSpan } from '@spvkit/core';

/**
 * Where an instruction sits in a text: its line(s) and whether it has them to itself. Offsets are
 * UTF-16 offsets into the text, as spans have them.
 */
export interface Placement {
  /** Start of the line the instruction starts on. */
  readonly lineStart: number;
  /** End of the line the instruction ends on, before its line break (`\r\n` or `\n`). */
  readonly contentEnd: number;
  /** Index of the `\n` ending that line, or the text's length when it is the last line. */
  readonly newline: number;
  /** Nothing but blanks before it on its first line, nothing but blanks or a comment after it on its last. */
  readonly alone: boolean;
  /** The blanks before it on its line (meaningful when it is first on its line). */
  readonly indent: string;
  /** Whether it is the first thing on its line. */
  readonly first: boolean;
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0b || c === 0x0c;

export function placementOf(text: string, span: SourceSpan): Placement {
  let lineStart = span.start;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 0x0a) lineStart--;
  let newline = text.indexOf('\n', span.end);
  if (newline < 0) newline = text.length;
  const contentEnd = newline > 0 && text.charCodeAt(newline - 1) === 0x0d && newline - 1 >= span.end ? newline - 1 : newline;
  let first = true;
  for (let i = lineStart; i < span.start; i++) {
    if (!isBlank(text.charCodeAt(i))) {
      first = false;
      break;
    }
  }
  let restBlank = true;
  for (let i = span.end; i < contentEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3b) break; // ';' starts a comment that runs to the end of the line
    if (!isBlank(c)) {
      restBlank = false;
      break;
    }
  }
  return { lineStart, contentEnd, newline, alone: first && restBlank, indent: first ? text.slice(lineStart, span.start) : '', first };
}

/** The line break the text mostly uses. */
export function lineBreakOf(text: string): string {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0 && lf < 10_000; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 0x0d) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** What kind of line an instruction is, for its indentation: hand-written files indent these differently. */
export type Category = 'global' | 'function' | 'label' | 'body';

export function categoryOf(inst: Instruction, inFunctions: boolean): Category {
  if (!inFunctions) return 'global';
  switch (inst.opcode) {
    case Op.Function:
    case Op.FunctionParameter:
    case Op.FunctionEnd:
      return 'function';
    case Op.Label:
      return 'label';
    default:
      return 'body';
  }
}

/**
 * How a file lays out the lines of one category:
 * - `right`: result ids right-aligned so every `=` is in column `eqColumn` (spirv-dis), other
 *   lines indented to the opcode column;
 * - `left`: a fixed indent, then the result id padded so `=` is in column `eqColumn`;
 * - `fixed`: a fixed indent, `%id = OpX` with the file's spacing around `=`.
 */
export interface LineStyle {
  readonly kind: 'right' | 'left' | 'fixed';
  /** 0-based column of `=` (right, left). */
  readonly eqColumn: number;
  /** Indent of lines with a result id (left, fixed). */
  readonly resultIndent: string;
  /** Indent of lines without a result id. */
  readonly plainIndent: string;
  /** Between the result id and the opcode (fixed): usually ` = `. */
  readonly equals: string;
}

/** One line as written: an instruction alone at the start of its line. */
interface Sample {
  readonly category: Category;
  readonly indent: string;
  readonly hasResult: boolean;
  /** Length of `%name`. */
  readonly nameLength: number;
  readonly eqColumn: number;
  readonly equals: string;
}

const HEAD = /^(%[A-Za-z0-9_]+)(\s*)=(\s*)/;

/** The length of the `%id = ` head of an instruction's text (0 when it has no result id). */
export function headLength(spanText: string): number {
  return HEAD.exec(spanText)?.[0].length ?? 0;
}

const SPIRV_DIS: LineStyle = { kind: 'right', eqColumn: 13, resultIndent: '', plainIndent: ' '.repeat(15), equals: ' = ' };

/** The line styles of a text, by category, learned from its instructions. */
export class TextStyle {
  private readonly samples: Sample[] = [];
  private readonly styles = new Map<Category | 'all', LineStyle>();

  constructor(private readonly text: string) {}

  /** Learns from an instruction of the text. */
  add(inst: Instruction, category: Category, placement: Placement): void {
    const span = inst.span;
    if (span === undefined || !placement.first) return;
    const head = HEAD.exec(this.text.slice(span.start, Math.min(span.end, span.start + 4096)));
    if (head === null) {
      if (inst.resultId === 0) this.samples.push({ category, indent: placement.indent, hasResult: false, nameLength: 0, eqColumn: 0, equals: '' });
      return;
    }
    const [whole, name, before, after] = head as unknown as [string, string, string, string];
    if (/[\r\n]/.test(whole)) return;
    this.samples.push({
      category,
      indent: placement.indent,
      hasResult: true,
      nameLength: name.length,
      eqColumn: placement.indent.length + name.length + before.length,
      equals: `${before}=${after}`,
    });
  }

  /** The style of lines of `category`. */
  style(category: Category): LineStyle {
    let s = this.styles.get(category);
    if (s === undefined) {
      const mine = this.samples.filter((x) => x.category === category);
      // Too few lines of its own to tell an alignment from: the whole file's.
      s = derive(mine.filter((x) => x.hasResult).length >= 2 ? mine : this.samples, mine.some((x) => !x.hasResult) ? mine : this.samples, this.samples);
      this.styles.set(category, s);
    }
    return s;
  }

  /**
   * The line for an instruction printed as `body` (`OpX %a %b`, after its `%name = `), in
   * `style`; `indentLike` is the indent of a neighbouring line of the same kind, preferred by
   * fixed-indent styles.
   */
  static line(style: LineStyle, resultName: string | undefined, body: string, indentLike?: string): string {
    if (resultName === undefined) return (indentLike ?? style.plainIndent) + body;
    const id = `%${resultName}`;
    switch (style.kind) {
      case 'right':
        return ' '.repeat(Math.max(0, style.eqColumn - 1 - id.length)) + `${id} = ${body}`;
      case 'left': {
        const indent = indentLike ?? style.resultIndent;
        return `${indent}${id}${' '.repeat(Math.max(1, style.eqColumn - indent.length - id.length))}= ${body}`;
      }
      case 'fixed':
        return `${indentLike ?? style.resultIndent}${id}${style.equals}${body}`;
    }
  }
}

function derive(results: readonly Sample[], plains: readonly Sample[], all: readonly Sample[]): LineStyle {
  const withResult = results.filter((x) => x.hasResult);
  const withoutResult = plains.filter((x) => !x.hasResult);
  const plainIndent = mode(withoutResult.map((x) => x.indent));
  if (withResult.length === 0) {
    if (all.length === 0) return SPIRV_DIS;
    const indent = plainIndent ?? mode(all.map((x) => x.indent)) ?? '';
    return { kind: 'fixed', eqColumn: 0, resultIndent: indent, plainIndent: indent, equals: ' = ' };
  }
  const eqColumn = mode(withResult.map((x) => x.eqColumn))!;
  const atMode = withResult.filter((x) => x.eqColumn === eqColumn);
  // A name too long to align is written as far left as it can be: that fits an aligned style too.
  const share = (fits: (x: Sample) => boolean): boolean =>
    atMode.length >= 2 && withResult.filter((x) => x.eqColumn === eqColumn || fits(x)).length >= 0.6 * withResult.length;
  const indents = new Set(atMode.map((x) => x.indent));
  const equals = new Set(atMode.map((x) => x.equals));
  if (indents.size > 1 && [...indents].every((i) => /^ *$/.test(i)) && share((x) => x.indent === '' && x.nameLength + 1 >= eqColumn)) {
    return { kind: 'right', eqColumn, resultIndent: '', plainIndent: plainIndent ?? ' '.repeat(eqColumn + 2), equals: ' = ' };
  }
  const resultIndent = mode(withResult.map((x) => x.indent))!;
  if (equals.size > 1 && share((x) => x.indent.length + x.nameLength + 1 >= eqColumn)) {
    return { kind: 'left', eqColumn, resultIndent, plainIndent: plainIndent ?? resultIndent, equals: ' = ' };
  }
  return { kind: 'fixed', eqColumn, resultIndent, plainIndent: plainIndent ?? resultIndent, equals: mode(withResult.map((x) => x.equals)) ?? ' = ' };
}

/** The most common value (the first seen on a tie), or undefined for none. */
function mode<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const v of values) {
    const c = (counts.get(v) ?? 0) + 1;
    counts.set(v, c);
    if (c > bestCount) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}
