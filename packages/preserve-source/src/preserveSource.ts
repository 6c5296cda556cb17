import MagicString, { type DecodedSourceMap, type SourceMap } from 'magic-string';
import {
  HEADER_WORDS,
  HOST_ENDIANNESS,
  SpirvError,
  assemble,
  encodeModule,
  instructionTexts,
  runPasses,
  type AssembleOptions,
  type Diagnostic,
  type Instruction,
  type Module,
  type Pass,
  type RunPassesOptions,
  type RunPassesResult,
  type SourceLocation,
  type SourceSpan,
} from '@spvkit/core';
import { TextStyle, categoryOf, headLength, lineBreakOf, placementOf, type Placement } from './layout.js';
import { matchInstructions, sameWords, type OriginalInstruction } from './match.js';
import { IdNamer } from './naming.js';

/** Assembler options of a source-preserving run (the assembler is always asked for spans, names and decoded bodies). */
export type PreserveAssembleOptions = Omit<AssembleOptions, 'lazyFunctions' | 'onIdNames'>;

/** An instruction of the text as assembled, before any pass ran. */
interface Original extends OriginalInstruction {
  readonly span: SourceSpan;
  readonly resultId: number;
  readonly inFunctions: boolean;
}

/**
 * Assembly text assembled for a source-preserving edit: the module (run passes on it, then call
 * {@link preserveSource}), the names the text gave its ids, and each instruction as it was.
 */
export interface AssemblySnapshot {
  readonly text: string;
  readonly options: PreserveAssembleOptions;
  /** The assembled module. Passes change it in place. */
  readonly module: Module;
  /** Id -> the name the text wrote it as (without `%`). */
  readonly idNames: ReadonlyMap<number, string>;
  /** @internal The instructions as assembled, in order, with their words then. */
  readonly originals: readonly Original[];
}

/**
 * Assembles `text` for a source-preserving edit: with spans, the text's id names and decoded
 * function bodies, and a copy of every instruction's words to tell later what a pass changed.
 * Assembly errors are thrown as by {@link assemble}.
 *
 * @example
 * ```ts
 * const snapshot = snapshotAssembly(text, { file: 'fill.spvasm', targetEnv: 'vulkan1.2' });
 * runPasses(snapshot.module, ['lower-local-invocation-index']);
 * const { text: edited } = preserveSource(snapshot);
 * ```
 */
export function snapshotAssembly(text: string | Uint8Array, options: PreserveAssembleOptions = {}): AssemblySnapshot {
  const source = typeof text === 'string' ? text : new TextDecoder('utf-8').decode(text);
  let idNames: ReadonlyMap<number, string> = new Map();
  const module = assemble(source, {
    ...options,
    lazyFunctions: false,
    onIdNames: (names) => {
      idNames = names;
    },
  });
  const words = encodeModule(module, { endianness: HOST_ENDIANNESS });
  let globals = 0;
  for (const it = module.globalInstructions()[Symbol.iterator](); !it.next().done;) globals++;
  const originals: Original[] = [];
  let at = HEADER_WORDS;
  for (const inst of module.instructions()) {
    const count = inst.wordCount;
    // Every instruction of an assembled module has a span.
    originals.push({ inst, words: words.subarray(at, at + count), span: inst.span!, resultId: inst.resultId, inFunctions: originals.length >= globals });
    at += count;
  }
  return { text: source, options, module, idNames, originals };
}

/** Names written into the source map. */
export interface PreserveSourceOptions {
  /** The original file as the map's `sources` names it. Default: the assembler's `file` option, else `input.spvasm`. */
  readonly source?: string;
  /** The edited file as the map's `file` names it. Default: none. */
  readonly outputFile?: string;
}

/** How many instructions of the text each edit touched. */
export interface PreserveSummary {
  /** Instructions whose text stayed as written. */
  readonly kept: number;
  /** Instructions whose operands changed, re-printed in place. */
  readonly modified: number;
  /** New instructions, inserted. */
  readonly added: number;
  /** Instructions of the text that are gone, with their lines. */
  readonly removed: number;
}

/**
 * The text of the module after the passes, made by editing the original text: instructions the
 * passes left alone keep their text, comments, blank lines and alignment; removed ones lose
 * their line; changed ones are re-printed in place; new ones are inserted where they belong,
 * in the file's layout and naming. See {@link preserveSource}.
 */
export class PreservedSource {
  /** @internal */
  constructor(
    /** The edited text. */
    readonly text: string,
    /** True when the text differs from the original (false: `text` is the original string). */
    readonly changed: boolean,
    readonly summary: PreserveSummary,
    private readonly edits: MagicString | undefined,
    private readonly mapOptions: { readonly source: string; readonly file?: string },
    private readonly resultIndex: ReadonlyMap<Instruction, number>,
    private readonly originalOf: (r: number) => Original | undefined,
    private readonly generatedSpans: () => readonly (SourceSpan | undefined)[],
    private readonly originalFile: string | undefined,
  ) {}

  private decoded: DecodedSourceMap | undefined;

  /**
   * The source map (v3) from the edited text to the original: every character of a kept line maps
   * to itself; new lines map to the line they were inserted for (the line of the instruction they
   * replace, or the end of the line they follow).
   */
  sourceMap(): SourceMap {
    if (this.edits === undefined)
      return new MagicString(this.text).generateMap({
        hires: true,
        source: this.mapOptions.source,
        includeContent: true,
        ...(this.mapOptions.file !== undefined ? { file: this.mapOptions.file } : {}),
      });
    return this.edits.generateMap({
      hires: true,
      source: this.mapOptions.source,
      includeContent: true,
      ...(this.mapOptions.file !== undefined ? { file: this.mapOptions.file } : {}),
    });
  }

  /** The source map with its mappings decoded (lines of `[generatedColumn, source, line, column]` segments, 0-based). */
  decodedSourceMap(): DecodedSourceMap {
    if (this.decoded === undefined) {
      const edits = this.edits ?? new MagicString(this.text);
      this.decoded = edits.generateDecodedMap({
        hires: true,
        source: this.mapOptions.source,
        includeContent: true,
        ...(this.mapOptions.file !== undefined ? { file: this.mapOptions.file } : {}),
      });
    }
    return this.decoded;
  }

  /** Where `inst` (an instruction of the module after the passes) is in the edited text (1-based), or undefined. */
  generatedLocation(inst: Instruction): { readonly line: number; readonly column: number } | undefined {
    const r = this.resultIndex.get(inst);
    if (r === undefined) return undefined;
    const span = this.generatedSpans()[r];
    return span === undefined ? undefined : { line: span.line, column: span.column };
  }

  /**
   * Where `inst`, an instruction of the module after the passes, comes from in the original text:
   * its own place for one the text had; for a new one, the place its line maps to through the
   * source map (the instruction it replaced, or the one it was inserted after).
   */
  originalLocation(inst: Instruction): SourceLocation | undefined {
    const r = this.resultIndex.get(inst);
    if (r === undefined) return undefined;
    const file = this.originalFile !== undefined ? { file: this.originalFile } : {};
    const original = this.originalOf(r);
    if (original !== undefined) return { ...file, line: original.span.line, column: original.span.column };
    const at = this.generatedLocation(inst);
    if (at === undefined) return undefined;
    const mapped = lookup(this.decodedSourceMap(), at.line - 1, at.column - 1);
    return mapped === undefined ? undefined : { ...file, line: mapped.line + 1, column: mapped.column + 1 };
  }

  /** A diagnostic's place in the original text: its own location, else that of its instruction. */
  locate(d: Diagnostic): SourceLocation | undefined {
    if (d.location !== undefined) return d.location;
    const inst = d.instruction;
    return inst === undefined ? undefined : this.originalLocation(inst);
  }
}

/** The original position of a generated one (0-based), through decoded mappings. */
function lookup(map: DecodedSourceMap, line: number, column: number): { line: number; column: number } | undefined {
  const segments = map.mappings[line];
  if (segments !== undefined) {
    let best: readonly number[] | undefined;
    for (const s of segments) {
      if (s.length < 4) continue;
      if (s[0] <= column || best === undefined) best = s;
      if (s[0] > column) break;
    }
    if (best !== undefined) return { line: best[2], column: best[3] };
  }
  // A line with no mapping (text appended at the very end): the nearest mapped line above.
  for (let l = Math.min(line, map.mappings.length) - 1; l >= 0; l--) {
    const s = map.mappings[l].filter((x) => x.length >= 4);
    if (s.length > 0) return { line: s[s.length - 1][2]!, column: s[s.length - 1][3]! };
  }
  return undefined;
}

/**
 * Writes the module of `snapshot`, as the passes left it, by editing the text it was assembled
 * from (with magic-string, so a source map comes with it):
 *
 * - an instruction the passes did not touch keeps its exact text, and so do the comments, blank
 *   lines and alignment around it;
 * - a removed instruction disappears with its line (trailing comment included) when the line held
 *   only that instruction, else just its text;
 * - an instruction whose operands changed is re-printed in place; the part of it that did not
 *   change keeps its text;
 * - new instructions go where the module has them: in place of the instruction they replace (the
 *   removed one between the same neighbours, preferably the one whose result id they take over:
 *   the arithmetic that replaces an OpLoad goes on the load's line), else after the instruction
 *   they follow (new types, constants and variables after the last global before them).
 *   They are written in the file's layout (spirv-dis right-aligned `=`, a fixed indent, or a
 *   fixed indent with `=` aligned; learned per kind of line: globals, function lines, labels,
 *   function bodies) and with names like the author's (see {@link IdNamer}).
 *
 * The edited text is assembled once more to check that it gives the module's instructions in the
 * module's order (ids may be numbered differently); a mismatch is a SpirvError PASS_FAILED.
 * When nothing changed, `text` is the original string itself.
 *
 * @example
 * ```ts
 * const snapshot = snapshotAssembly(text, { file: 'fill.spvasm' });
 * runPasses(snapshot.module, ['lower-local-invocation-index']);
 * const out = preserveSource(snapshot);
 * writeFileSync('fill.lowered.spvasm', out.text);
 * writeFileSync('fill.lowered.spvasm.map', out.sourceMap().toString());
 * ```
 */
export function preserveSource(snapshot: AssemblySnapshot, options: PreserveSourceOptions = {}): PreservedSource {
  const { text, module, originals } = snapshot;
  const result = [...module.instructions()];
  let resultGlobals = 0;
  for (const it = module.globalInstructions()[Symbol.iterator](); !it.next().done;) resultGlobals++;
  const pairOf = matchInstructions(originals, result);
  const resultIndex = new Map<Instruction, number>();
  result.forEach((inst, r) => resultIndex.set(inst, r));
  const mapOptions = {
    source: options.source ?? snapshot.options.file ?? 'input.spvasm',
    ...(options.outputFile !== undefined ? { file: options.outputFile } : {}),
  };
  const originalOf = (r: number): Original | undefined => (pairOf[r] >= 0 ? originals[pairOf[r]] : undefined);
  const file = snapshot.options.file;

  const paired = new Uint8Array(originals.length);
  let kept = 0;
  const modified: number[] = [];
  const added: number[] = [];
  for (let r = 0; r < result.length; r++) {
    const o = pairOf[r];
    if (o < 0) added.push(r);
    else {
      paired[o] = 1;
      if (sameWords(result[r], originals[o].words)) kept++;
      else modified.push(r);
    }
  }
  const removed = originals.length - kept - modified.length;
  const summary: PreserveSummary = { kept, modified: modified.length, added: added.length, removed };
  if (modified.length === 0 && added.length === 0 && removed === 0) {
    const spans = originals.map((o) => o.span);
    return new PreservedSource(text, false, summary, undefined, mapOptions, resultIndex, originalOf, () => spans, file);
  }

  // Names, printed lines and the file's layout.
  const namer = new IdNamer(module, snapshot.idNames);
  namer.nameNew(result);
  const wanted = new Set<Instruction>();
  for (const r of modified) wanted.add(result[r]);
  for (const r of added) wanted.add(result[r]);
  const printed = instructionTexts(
    module,
    (id) => namer.nameOf(id),
    (inst) => wanted.has(inst),
  );
  const body = (inst: Instruction): string => {
    const line = printed.get(inst)!;
    return inst.resultId !== 0 ? line.slice(`%${namer.nameOf(inst.resultId)} = `.length) : line;
  };
  const placements = originals.map((o) => placementOf(text, o.span));
  const categories = originals.map((o) => categoryOf(o.inst, o.inFunctions));
  const style = new TextStyle(text);
  originals.forEach((o, i) => style.add(o.inst, categories[i], placements[i]));
  const eol = lineBreakOf(text);
  const edits = new MagicString(text);

  // Changed instructions, in place.
  for (const r of modified) {
    const inst = result[r];
    const o = originals[pairOf[r]];
    const span = o.span;
    const spanText = text.slice(span.start, span.end);
    const head = headLength(spanText);
    if (inst.resultId === o.resultId && head > 0 === (inst.resultId !== 0)) {
      editTokens(edits, text, span.start + head, span.end, body(inst));
    } else {
      edits.overwrite(span.start, span.end, printed.get(inst)!);
    }
  }

  // New instructions, in runs between paired neighbours.
  const replaced = new Set<number>();
  const insertions: (() => void)[] = [];
  for (let r = 0; r < result.length;) {
    if (pairOf[r] >= 0) {
      r++;
      continue;
    }
    let end = r;
    while (end < result.length && pairOf[end] < 0) end++;
    const before = r > 0 ? pairOf[r - 1] : -1;
    const after = end < result.length ? pairOf[end] : originals.length;
    const run = result.slice(r, end);
    const inFunctions = (k: number): boolean => r + k >= resultGlobals;
    const gone: number[] = [];
    for (let o = before + 1; o < after; o++) if (paired[o] === 0) gone.push(o);
    const target = gone.length > 0 ? pickTarget(gone, run, originals, placements) : undefined;
    const ref = target ?? (before >= 0 ? before : after < originals.length ? after : undefined);
    const lines = run.map((inst, k) => {
      const category = categoryOf(inst, inFunctions(k));
      let indentLike: string | undefined;
      if (ref !== undefined && categories[ref] === category && placements[ref].first && (originals[ref].resultId !== 0) === (inst.resultId !== 0))
        indentLike = placements[ref].indent;
      return TextStyle.line(style.style(category), inst.resultId !== 0 ? namer.nameOf(inst.resultId) : undefined, body(inst), indentLike);
    });
    if (target !== undefined) {
      replaced.add(target);
      replaceWith(edits, originals[target].span, placements[target], lines, eol);
    } else {
      const b = before;
      const a = after;
      insertions.push(() =>
        insertLines(
          edits,
          text,
          b >= 0 ? placements[b] : undefined,
          b >= 0 ? originals[b].span : undefined,
          a < originals.length ? originals[a] : undefined,
          a < originals.length ? placements[a] : undefined,
          lines,
          eol,
        ),
      );
    }
    r = end;
  }

  // Instructions that are gone.
  for (let o = 0; o < originals.length; o++) {
    if (paired[o] === 1 || replaced.has(o)) continue;
    removeInstruction(edits, text, originals[o].span, placements[o]);
  }
  for (const insert of insertions) insert();

  const edited = edits.toString();
  // Check: the edited text must assemble to the module's instructions, in order.
  const assembleOptions = { ...snapshot.options };
  delete assembleOptions.onWarning; // warned about once, for the input
  const generated = [...assemble(edited, { ...assembleOptions, lazyFunctions: false }).instructions()];
  const mismatch =
    generated.length !== result.length ? -1 : result.findIndex((inst, i) => inst.opcode !== generated[i].opcode || inst.wordCount !== generated[i].wordCount);
  if (generated.length !== result.length || mismatch >= 0) {
    const where =
      mismatch >= 0
        ? ` (instruction ${mismatch}, at line ${generated[mismatch].span?.line ?? '?'} of the edited text)`
        : ` (${generated.length} instructions instead of ${result.length})`;
    throw new SpirvError('PASS_FAILED', `preserve-source: the edited text does not assemble to the module the passes produced${where}`, {
      hint: 'write the module with a fresh disassembly instead (spvkit opt --reprint)',
    });
  }
  const spans = generated.map((g) => g.span);
  return new PreservedSource(edited, edited !== text, summary, edits, mapOptions, resultIndex, originalOf, () => spans, file);
}

/**
 * The removed instruction a run of new ones takes the place of: one whose result id the run
 * defines (a load replaced by the value computed in its place), else the first one alone on its line.
 */
function pickTarget(gone: readonly number[], run: readonly Instruction[], originals: readonly Original[], placements: readonly Placement[]): number {
  const ids = new Set(run.map((i) => i.resultId).filter((id) => id !== 0));
  return gone.find((o) => ids.has(originals[o].resultId)) ?? gone.find((o) => placements[o].alone) ?? gone[0];
}

/** A token of assembly text: a word, or a quoted string; `[start, end)` in the text it came from. */
interface Token {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The tokens of `text` (offsets from `base`), skipping blanks and `;` comments. */
function tokenize(text: string, base = 0): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c) {
      i++;
      continue;
    }
    if (c === 0x3b) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
      continue;
    }
    const start = i;
    if (c === 0x22) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i = Math.min(i + 1, text.length);
    } else {
      while (i < text.length && !/[\s]/.test(text[i])) i++;
    }
    out.push({ start: base + start, end: base + i, text: text.slice(start, i) });
  }
  return out;
}

/**
 * Re-prints the operands of a changed instruction in place, token by token: tokens the new text
 * shares with the old (in order) keep their spelling, spacing, line breaks and comments; the
 * others are removed or inserted, so an interface list that lost one id and gained another
 * changes by those two ids only.
 */
function editTokens(edits: MagicString, text: string, from: number, to: number, after: string): void {
  const old = tokenize(text.slice(from, to), from);
  const now = tokenize(after);
  const n = old.length;
  const m = now.length;
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] = old[i].text === now[j].text ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  }
  const removed = new Uint8Array(n);
  const inserts: { at: number; text: string }[] = [];
  let lastKept = -1; // index in `old` of the last token kept
  let kept = 0;
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    if (lastKept >= 0) inserts.push({ at: old[lastKept].end, text: ' ' + pending.join(' ') });
    else inserts.push({ at: from, text: pending.join(' ') + ' ' });
    pending = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && old[i].text === now[j].text) {
      flush();
      lastKept = i;
      kept++;
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * w + j + 1] >= lcs[(i + 1) * w + j])) {
      pending.push(now[j++].text);
    } else {
      removed[i++] = 1;
    }
  }
  flush();
  if (kept === 0) {
    // Nothing in common: the whole text at once.
    edits.overwrite(from, to, after);
    return;
  }
  // Each run of removed tokens goes with the blanks before it, or after it when a line break or
  // comment comes before it (so neither lines nor comments are joined).
  const lastLine = text.lastIndexOf('\n', to - 1) + 1;
  let delta = 0; // how much longer the instruction's last line gets
  const remove = (a: number, b: number): void => {
    edits.remove(a, b);
    if (a >= lastLine) delta -= b - a;
  };
  for (let k = 0; k < n;) {
    if (removed[k] === 0) {
      k++;
      continue;
    }
    let e = k;
    while (e + 1 < n && removed[e + 1] === 1) e++;
    const prevEnd = k > 0 ? old[k - 1].end : from;
    let a = old[k].start;
    while (a > prevEnd && isBlank(text[a - 1])) a--;
    if (k > 0 && a === prevEnd) remove(a, old[e].end);
    else {
      let b = old[e].end;
      const limit = e + 1 < n ? old[e + 1].start : to;
      while (b < limit && isBlank(text[b])) b++;
      remove(old[k].start, b);
    }
    k = e + 1;
  }
  for (const ins of inserts) {
    if (ins.at === from) edits.prependRight(ins.at, ins.text);
    else edits.appendLeft(ins.at, ins.text);
    if (ins.at >= lastLine) delta += ins.text.length;
  }
  // A comment after the instruction stays in its column where the blanks before it allow.
  let blanks = to;
  while (blanks < text.length && isBlank(text[blanks])) blanks++;
  if (delta === 0 || text[blanks] !== ';' || blanks === to) return;
  if (delta > 0) {
    const take = Math.min(delta, blanks - to - 1);
    if (take > 0) edits.remove(to, to + take);
  } else edits.prependRight(to, ' '.repeat(-delta));
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Puts `lines` where the instruction at `span` was: its line, or its text when it shares the line. */
function replaceWith(edits: MagicString, span: SourceSpan, at: Placement, lines: readonly string[], eol: string): void {
  if (!at.alone) {
    edits.overwrite(span.start, span.end, lines.map((l, k) => (k === 0 ? l.trimStart() : l)).join(eol));
    return;
  }
  // Indent and text are edited apart, so the new lines map to the replaced instruction's column.
  const first = lines[0];
  const indent = first.length - first.trimStart().length;
  const rest = [first.slice(indent), ...lines.slice(1)].join(eol);
  if (at.lineStart < span.start) {
    if (indent > 0) edits.overwrite(at.lineStart, span.start, first.slice(0, indent));
    else edits.remove(at.lineStart, span.start);
    edits.overwrite(span.start, at.contentEnd, rest);
  } else {
    edits.overwrite(span.start, at.contentEnd, first.slice(0, indent) + rest);
  }
}

/** Inserts `lines` after the line of `prev` (or before `next`'s line when nothing precedes). */
function insertLines(
  edits: MagicString,
  text: string,
  prev: Placement | undefined,
  prevSpan: SourceSpan | undefined,
  next: Original | undefined,
  nextAt: Placement | undefined,
  lines: readonly string[],
  eol: string,
): void {
  if (prev !== undefined && prevSpan !== undefined) {
    if (next !== undefined && next.span.start <= prev.newline) {
      // The next instruction is on the same line: break the line after `prev`.
      edits.appendLeft(prevSpan.end, eol + lines.join(eol) + eol + (nextAt?.indent ?? ''));
      return;
    }
    if (prev.newline < text.length) {
      // Written over the line break, so the new lines map to the line they follow.
      edits.overwrite(prev.newline, prev.newline + 1, '\n' + lines.map((l) => l + eol).join(''));
      return;
    }
    edits.append(eol + lines.join(eol));
    return;
  }
  if (nextAt !== undefined) {
    edits.prependLeft(nextAt.lineStart, lines.map((l) => l + eol).join(''));
    return;
  }
  edits.append((text.length > 0 && !text.endsWith('\n') ? eol : '') + lines.map((l) => l + eol).join(''));
}

/** Removes an instruction: its line when it had the line to itself, else its text. */
function removeInstruction(edits: MagicString, text: string, span: SourceSpan, at: Placement): void {
  if (at.alone) {
    edits.remove(at.lineStart, at.newline < text.length ? at.newline + 1 : at.newline);
    return;
  }
  let end = span.end;
  while (end < at.contentEnd && (text[end] === ' ' || text[end] === '\t')) end++;
  edits.remove(span.start, end);
}

/** What {@link runPassesPreservingSource} did. */
export interface PreservingRun {
  /** The module after the passes. */
  readonly module: Module;
  readonly result: RunPassesResult;
  /**
   * The edited text. Also made when a pass or the validator reported an error, to locate its
   * diagnostics (`preserved.locate(d)`), but then not to be written out: a pass that failed may
   * have left the module half-changed. Undefined when the text could not follow the module.
   */
  readonly preserved: PreservedSource | undefined;
}

/** Options of {@link runPassesPreservingSource}. */
export interface PreservingRunOptions extends PreserveSourceOptions {
  /** Assembler options: `file`, `preserveNumericIds`, `allowUndefinedIds`, `onWarning`, ... */
  readonly assemble?: Omit<PreserveAssembleOptions, 'targetEnv'>;
  /** The target environment, for the assembler and the passes (`vulkan1.2`, `spv1.5`, ...). */
  readonly targetEnv?: string;
  /** Pass manager options (`validate`, `validator`, `registry`). */
  readonly run?: Omit<RunPassesOptions, 'targetEnv'>;
}

/**
 * Assembles `text`, runs `passes` on it, and writes the result by editing `text`
 * ({@link preserveSource}). Diagnostics on new instructions are located in `text` with
 * `preserved.locate(d)`.
 *
 * @example
 * ```ts
 * import { runPassesPreservingSource } from '@spvkit/passes';
 * const { preserved, result } = runPassesPreservingSource(text, ['lower-local-invocation-index'], { targetEnv: 'vulkan1.2', assemble: { file: 'fill.spvasm' } });
 * if (result.ok) console.log(preserved!.text);
 * ```
 */
export function runPassesPreservingSource(text: string | Uint8Array, passes: readonly (Pass | string)[], options: PreservingRunOptions = {}): PreservingRun {
  const snapshot = snapshotAssembly(text, { ...options.assemble, ...(options.targetEnv !== undefined ? { targetEnv: options.targetEnv } : {}) });
  const result = runPasses(snapshot.module, passes, { ...options.run, ...(options.targetEnv !== undefined ? { targetEnv: options.targetEnv } : {}) });
  let preserved: PreservedSource | undefined;
  try {
    preserved = preserveSource(snapshot, options);
  } catch (e) {
    if (result.ok) throw e;
  }
  return { module: snapshot.module, result, preserved };
}
