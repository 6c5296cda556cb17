import { compilePattern, parseCheckDirectives, patternRegex, type CheckDirective, type CompiledPattern } from './checkDirectives.js';

/** Options of {@link fileCheck}. */
export interface FileCheckOptions {
  /** The directive prefix: `CHECK` (default) reads `CHECK:`, `CHECK-NEXT:`, ... */
  prefix?: string;
  /** Lines of the input shown before and after where matching stopped, in a failure. Default 3 and 6. */
  contextBefore?: number;
  contextAfter?: number;
}

/** What {@link fileCheck} found. */
export type FileCheckResult =
  | { readonly ok: true; readonly bindings: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly message: string; readonly directive: CheckDirective | undefined };

/** A check that did not hold; the message says which directive and shows the input around it. */
export class FileCheckFailure extends Error {
  constructor(
    message: string,
    readonly directive: CheckDirective | undefined,
  ) {
    super(message);
    this.name = 'FileCheckFailure';
  }
}

interface Directive extends CheckDirective {
  readonly compiled: CompiledPattern;
}

interface Match {
  readonly start: number;
  readonly end: number;
}

/** A match before its captures are bound: the regex's groups and which variable each holds. */
interface Found extends Match {
  readonly groups: Record<string, string> | undefined;
  readonly names: ReadonlyMap<string, string>;
}

/** Thrown inside the matcher and turned into a result by {@link fileCheck}. */
class Mismatch extends Error {
  constructor(
    readonly directive: Directive | undefined,
    readonly what: string,
    readonly at: number,
  ) {
    super(what);
    this.name = 'Mismatch';
  }
}

/**
 * Matches `input` against FileCheck-style directives, as LLVM's FileCheck and effcee (which
 * SPIRV-Tools' optimizer tests use) do:
 *
 * - `CHECK: p` — `p` occurs after the previous match.
 * - `CHECK-NEXT: p` — on the line after the previous match; `CHECK-SAME: p` — on its line, after it.
 * - `CHECK-NOT: p` — `p` does not occur between the previous match and the next one.
 * - `CHECK-DAG: p` — consecutive DAG directives match in any order, without overlapping.
 * - `CHECK-LABEL: p` — splits the input at unique labels first; the directives between two labels
 *   match only between them, so one failure does not cascade into the rest.
 *
 * In patterns, runs of spaces match any run of spaces and tabs; `{{re}}` is a regular expression;
 * `[[NAME:re]]` captures what `re` matched and `[[NAME]]` later must match the same text.
 *
 * @example
 * ```ts
 * const result = fileCheck(disassembly, `
 *   ; CHECK: [[IDX:%\w+]] = OpLoad %uint %gl_LocalInvocationIndex
 *   ; CHECK-NOT: OpLoad
 *   ; CHECK: OpIAdd %uint [[IDX]]
 * `);
 * if (!result.ok) console.error(result.message);
 * ```
 */
export function fileCheck(input: string, checks: string, options: FileCheckOptions = {}): FileCheckResult {
  const directives = parseCheckDirectives(checks, options.prefix).map((d) => ({ ...d, compiled: compilePattern(d) }));
  const bindings = new Map<string, string>();
  if (directives.length === 0) {
    return { ok: false, message: `no ${options.prefix ?? 'CHECK'} directive in the check text`, directive: undefined };
  }
  try {
    new Matcher(input, bindings).run(directives);
    return { ok: true, bindings };
  } catch (e) {
    if (!(e instanceof Mismatch)) throw e;
    return { ok: false, message: describe(e, input, bindings, options), directive: e.directive };
  }
}

/** {@link fileCheck}, throwing a {@link FileCheckFailure} when the checks do not hold. */
export function assertFileCheck(input: string, checks: string, options: FileCheckOptions = {}): ReadonlyMap<string, string> {
  const result = fileCheck(input, checks, options);
  if (!result.ok) throw new FileCheckFailure(result.message, result.directive);
  return result.bindings;
}

class Matcher {
  constructor(
    private readonly input: string,
    private readonly bindings: Map<string, string>,
  ) {}

  run(directives: readonly Directive[]): void {
    for (const d of directives) {
      if (d.kind === 'CHECK-LABEL' && d.compiled.parts.some((p) => p.type !== 'text')) {
        throw new Mismatch(d, 'CHECK-LABEL cannot define or use variables', 0);
      }
    }
    // Labels first, in order: they cut the input into blocks.
    const labels: { index: number; match: Match }[] = [];
    let from = 0;
    directives.forEach((d, index) => {
      if (d.kind !== 'CHECK-LABEL') return;
      const match = this.find(d, from, this.input.length);
      if (match === undefined) throw new Mismatch(d, 'label not found in input', from);
      labels.push({ index, match });
      from = match.end;
    });
    let start = 0;
    let previous: Match | undefined;
    let first = 0;
    for (let b = 0; b <= labels.length; b++) {
      const label = labels[b];
      const end = label === undefined ? this.input.length : label.match.start;
      this.block(directives.slice(first, label === undefined ? directives.length : label.index), start, end, previous);
      if (label !== undefined) {
        previous = label.match;
        start = label.match.end;
        first = label.index + 1;
      }
    }
  }

  /** The directives between two labels, matched within [start, end). */
  private block(directives: readonly Directive[], start: number, end: number, previous: Match | undefined): void {
    let pos = start;
    let last = previous;
    let nots: Directive[] = [];
    let i = 0;
    while (i < directives.length) {
      const d = directives[i];
      if (d.kind === 'CHECK-NOT') {
        nots.push(d);
        i++;
        continue;
      }
      if (d.kind === 'CHECK-DAG') {
        const group: Directive[] = [];
        while (i < directives.length && directives[i].kind === 'CHECK-DAG') group.push(directives[i++]);
        const matches = this.dagGroup(group, pos, end);
        this.checkNots(nots, pos, Math.min(...matches.map((m) => m.start)));
        nots = [];
        const furthest = matches.reduce((a, m) => (m.end > a.end ? m : a));
        pos = furthest.end;
        last = furthest;
        continue;
      }
      const match = this.positive(d, pos, end, last);
      this.checkNots(nots, pos, match.start);
      nots = [];
      pos = match.end;
      last = match;
      i++;
    }
    this.checkNots(nots, pos, end);
  }

  private positive(d: Directive, pos: number, end: number, last: Match | undefined): Match {
    if (d.kind === 'CHECK-NEXT' || d.kind === 'CHECK-SAME') {
      if (last === undefined) throw new Mismatch(d, `${d.kind} has no previous match to follow`, pos);
      const lineStart = d.kind === 'CHECK-SAME' ? this.lineStart(last.end) : this.nextLineStart(last.end);
      if (lineStart === undefined) throw new Mismatch(d, 'expected a next line, found the end of the input', pos);
      const lineEnd = this.lineEnd(lineStart);
      const from = d.kind === 'CHECK-SAME' ? last.end : lineStart;
      const match = this.find(d, from, Math.min(lineEnd, end));
      if (match !== undefined) return this.bind(d, match);
      const elsewhere = this.find(d, from, end);
      const where = elsewhere === undefined ? '' : `; it matches further on, at line ${this.lineOf(elsewhere.start)}`;
      const expected = d.kind === 'CHECK-SAME' ? `on the line of the previous match (line ${this.lineOf(last.end)})` : `on line ${this.lineOf(lineStart)}`;
      throw new Mismatch(d, `expected string not found ${expected}${where}`, from);
    }
    const match = this.find(d, pos, end);
    if (match === undefined) throw new Mismatch(d, 'expected string not found in input', pos);
    return this.bind(d, match);
  }

  /** Matches a group of DAG directives in any order, each after `pos` and not overlapping another. */
  private dagGroup(group: readonly Directive[], pos: number, end: number): Match[] {
    const taken: Match[] = [];
    for (const d of group) {
      let from = pos;
      let match: Found | undefined;
      for (;;) {
        match = this.find(d, from, end);
        if (match === undefined) break;
        const m = match;
        const overlap = taken.find((t) => m.start < t.end && t.start < m.end);
        if (overlap === undefined) break;
        from = Math.max(overlap.end, m.start + 1);
      }
      if (match === undefined)
        throw new Mismatch(d, 'expected string not found in input (CHECK-DAG, after the previous match and not overlapping the group)', pos);
      taken.push(this.bind(d, match));
    }
    return taken;
  }

  private checkNots(nots: readonly Directive[], start: number, end: number): void {
    for (const d of nots) {
      const found = this.find(d, start, end);
      if (found !== undefined) throw new Mismatch(d, `excluded string found at line ${this.lineOf(found.start)}`, found.start);
    }
  }

  /** The first match of `d` in [from, end); binds nothing (a match may still be rejected). */
  private find(d: Directive, from: number, end: number): Found | undefined {
    const built = patternRegex(d.compiled, this.bindings);
    if ('undefinedVariable' in built) throw new Mismatch(d, `uses variable [[${built.undefinedVariable}]] before it is defined`, from);
    const { regex, groups } = built;
    regex.lastIndex = from;
    for (;;) {
      const m = regex.exec(this.input);
      if (m === null || m.index >= end) return undefined;
      const matchEnd = m.index + m[0].length;
      if (matchEnd <= end) return { start: m.index, end: matchEnd, groups: m.groups, names: groups };
      // A longer match ran past the block; an empty one cannot loop forever.
      regex.lastIndex = m.index + 1;
    }
  }

  private bind(d: Directive, match: Found): Match {
    for (const name of d.compiled.defines) {
      const group = match.names.get(name);
      const value = group === undefined ? undefined : match.groups?.[group];
      if (value !== undefined) this.bindings.set(name, value);
    }
    return { start: match.start, end: match.end };
  }

  private lineStart(at: number): number {
    return this.input.lastIndexOf('\n', at - 1) + 1;
  }

  private nextLineStart(at: number): number | undefined {
    const nl = this.input.indexOf('\n', at);
    return nl < 0 ? undefined : nl + 1;
  }

  private lineEnd(at: number): number {
    const nl = this.input.indexOf('\n', at);
    return nl < 0 ? this.input.length : nl;
  }

  lineOf(at: number): number {
    let line = 1;
    for (let i = this.input.indexOf('\n'); i >= 0 && i < at; i = this.input.indexOf('\n', i + 1)) line++;
    return line;
  }
}

/** The failure as FileCheck prints it: the directive with a caret, then the input around where it stopped. */
function describe(m: Mismatch, input: string, bindings: ReadonlyMap<string, string>, options: FileCheckOptions): string {
  const out: string[] = [];
  const d = m.directive;
  if (d !== undefined) {
    out.push(`check line ${d.line}: ${d.kind}: ${m.what}`);
    out.push(`  ${d.source.trim()}`);
    const uses = d.compiled.parts.flatMap((p) => (p.type === 'use' && bindings.has(p.name) ? [`[[${p.name}]] = ${bindings.get(p.name)}`] : []));
    if (uses.length > 0) out.push(`  with ${[...new Set(uses)].join(', ')}`);
  } else {
    out.push(m.what);
  }
  const lines = input.split('\n');
  const at = new Matcher(input, new Map()).lineOf(m.at);
  const before = options.contextBefore ?? 3;
  const after = options.contextAfter ?? 6;
  const first = Math.max(1, at - before);
  const last = Math.min(lines.length, at + after);
  const width = String(last).length;
  out.push(`input, from line ${at} (where matching stopped):`);
  for (let n = first; n <= last; n++) {
    out.push(`${n === at ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`);
  }
  return out.join('\n');
}
