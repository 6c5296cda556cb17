import { HOST_ENDIANNESS, type Endianness } from '../binary/wordInput.js';
import { makeVersion, type ModuleHeader } from '../binary/header.js';
import { IdAllocator } from './IdAllocator.js';
import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import { SECTIONS, type SectionName } from './sections.js';
import type { ChangePlace, ModuleChange } from './ModuleChange.js';
import { InstructionLocator, type InstructionHome } from './InstructionLocator.js';
import type { Block } from './Block.js';
import { SpirvError } from '../errors/SpirvError.js';

/**
 * Something computed from a module (def-use, decorations, types, ...) that is built on first use,
 * cached on the module, and kept right by the module's mutation API: after each edit it is either
 * updated ({@link Analysis.update}) or dropped, never left stale.
 *
 * @example
 * ```ts
 * const Counts: Analysis<number> = { name: 'count', build: (m) => [...m.instructions()].length };
 * module.analysis(Counts); // built once, then cached until an edit drops it
 * ```
 */
export interface Analysis<T> {
  readonly name: string;
  build(module: Module): T;
  /**
   * Brings a cached value up to date with one edit, already made to the module. Returns false
   * when it cannot, and the value is dropped (built again on next use). Without it, every edit
   * drops the value.
   */
  update?(value: T, change: ModuleChange, module: Module): boolean;
  /**
   * A description of a value, line by line, in an order that does not depend on how it was built:
   * the consistency check ({@link checkConsistency}) compares the cached value's with a fresh
   * build's. Without it the analysis is not compared.
   */
  snapshot?(this: void, value: T, module: Module): readonly string[];
}

/**
 * Function bodies not decoded yet: a word range of a buffer (a decoded module's own words, or
 * the bodies alone), and how to decode it. See {@link Module.setLazyFunctions}.
 */
export interface LazyFunctionRegion {
  readonly words: Uint32Array;
  readonly start: number;
  readonly end: number;
  materialize(): { functions: Function[]; trailing: Instruction[] };
}

/**
 * @internal The instructions before the first OpFunction of an assembled module, not built yet:
 * their words, in text order, and how to build them into the module's sections.
 */
export interface LazyGlobalRegion {
  readonly words: Uint32Array;
  readonly start: number;
  readonly end: number;
  materialize(module: Module): void;
}

/**
 * A SPIR-V module: the header and the instructions of each section of the logical layout, then
 * the functions. Function bodies of a decoded module are decoded the first time anything reads
 * {@link functions}, and the instructions of an assembled module are built the first time anything
 * reads a section or the functions; until then encoding copies their words unchanged, which keeps
 * whole-module round trips cheap.
 *
 * @example
 * ```ts
 * const module = decodeModule(bytes);
 * for (const ep of module.entryPoints) console.log(ep.opcode);
 * const words = encodeModule(module);
 * ```
 */
export class Module {
  header: ModuleHeader;
  /** Byte order the module was read in; {@link encodeModule} writes the same order by default. */
  endianness: Endianness;
  readonly ids: IdAllocator;

  #capabilities: Instruction[] = [];
  #extensions: Instruction[] = [];
  #extInstImports: Instruction[] = [];
  #memoryModel: Instruction[] = [];
  #entryPoints: Instruction[] = [];
  #executionModes: Instruction[] = [];
  #debugStrings: Instruction[] = [];
  #debugNames: Instruction[] = [];
  #debugModuleProcessed: Instruction[] = [];
  #annotations: Instruction[] = [];
  #globals: Instruction[] = [];
  #lazyGlobals: LazyGlobalRegion | null = null;
  /** The debug sections of a decoded module, checked but not built yet (see lazyDebugWords). */
  #lazyDebug: LazyGlobalRegion | null = null;

  #functions: Function[] | null = [];
  #trailing: Instruction[] = [];
  #lazy: LazyFunctionRegion | null = null;
  #analyses = new Map<Analysis<unknown>, unknown>();

  constructor(header?: Partial<ModuleHeader>, idLimit?: number) {
    this.header = {
      version: header?.version ?? makeVersion(1, 0),
      generator: header?.generator ?? 0,
      bound: header?.bound ?? 1,
      schema: header?.schema ?? 0,
    };
    this.endianness = HOST_ENDIANNESS;
    this.ids = new IdAllocator(this.header, idLimit);
  }

  // The sections. Reading or replacing any of them builds the instructions of an assembled module
  // that are still held as words (see setLazyGlobals); reading a debug section also builds the
  // debug sections a decoder holds as words (see setLazyDebug), and only that does.

  get capabilities(): Instruction[] {
    return this.#built().#capabilities;
  }
  set capabilities(value: Instruction[]) {
    this.#built().#capabilities = value;
    this.changed({ kind: 'replaced', place: 'capabilities' });
  }
  get extensions(): Instruction[] {
    return this.#built().#extensions;
  }
  set extensions(value: Instruction[]) {
    this.#built().#extensions = value;
    this.changed({ kind: 'replaced', place: 'extensions' });
  }
  get extInstImports(): Instruction[] {
    return this.#built().#extInstImports;
  }
  set extInstImports(value: Instruction[]) {
    this.#built().#extInstImports = value;
    this.changed({ kind: 'replaced', place: 'extInstImports' });
  }
  get memoryModel(): Instruction[] {
    return this.#built().#memoryModel;
  }
  set memoryModel(value: Instruction[]) {
    this.#built().#memoryModel = value;
    this.changed({ kind: 'replaced', place: 'memoryModel' });
  }
  get entryPoints(): Instruction[] {
    return this.#built().#entryPoints;
  }
  set entryPoints(value: Instruction[]) {
    this.#built().#entryPoints = value;
    this.changed({ kind: 'replaced', place: 'entryPoints' });
  }
  get executionModes(): Instruction[] {
    return this.#built().#executionModes;
  }
  set executionModes(value: Instruction[]) {
    this.#built().#executionModes = value;
    this.changed({ kind: 'replaced', place: 'executionModes' });
  }
  /** OpString, OpSourceExtension, OpSource, OpSourceContinued. */
  get debugStrings(): Instruction[] {
    return this.#built(true).#debugStrings;
  }
  set debugStrings(value: Instruction[]) {
    this.#built(true).#debugStrings = value;
    this.changed({ kind: 'replaced', place: 'debugStrings' });
  }
  /** OpName, OpMemberName. */
  get debugNames(): Instruction[] {
    return this.#built(true).#debugNames;
  }
  set debugNames(value: Instruction[]) {
    this.#built(true).#debugNames = value;
    this.changed({ kind: 'replaced', place: 'debugNames' });
  }
  get debugModuleProcessed(): Instruction[] {
    return this.#built(true).#debugModuleProcessed;
  }
  set debugModuleProcessed(value: Instruction[]) {
    this.#built(true).#debugModuleProcessed = value;
    this.changed({ kind: 'replaced', place: 'debugModuleProcessed' });
  }
  /** Decorations and decoration groups. */
  get annotations(): Instruction[] {
    return this.#built().#annotations;
  }
  set annotations(value: Instruction[]) {
    this.#built().#annotations = value;
    this.changed({ kind: 'replaced', place: 'annotations' });
  }
  /** Types, constants, global variables, OpUndef, and debug lines or non-semantic instructions among them. */
  get globals(): Instruction[] {
    return this.#built().#globals;
  }
  set globals(value: Instruction[]) {
    this.#built().#globals = value;
    this.changed({ kind: 'replaced', place: 'globals' });
  }

  /** @internal Used by the assembler: the instructions before the functions, held as words until a section is read. */
  setLazyGlobals(region: LazyGlobalRegion): void {
    this.#lazyGlobals = region;
  }

  /** @internal Used by the decoder: the debug sections, checked, held as words until a section is read. */
  setLazyDebug(region: LazyGlobalRegion): void {
    this.#lazyDebug = region;
  }

  /**
   * The words of the debug sections (OpString, OpSource, OpSourceContinued, OpSourceExtension,
   * OpName, OpMemberName, OpModuleProcessed, and OpLine among them) of a decoded module while none
   * of them has been read, or null: the decoder checks them and builds them on first use, so a
   * pass that drops them all (strip-debug) need not build them. The module's own buffer: read it,
   * never write it.
   */
  lazyDebugWords(): Uint32Array | null {
    const lazy = this.#lazyDebug;
    return lazy === null ? null : lazy.words.subarray(lazy.start, lazy.end);
  }

  /** @internal Used by the encoder: the words of the instructions before the functions, if not built yet. */
  lazyGlobalWords(): Uint32Array | null {
    const lazy = this.#lazyGlobals;
    return lazy === null ? null : lazy.words.subarray(lazy.start, lazy.end);
  }

  /** The module's functions, in order. Reading this decodes lazily held bodies. */
  get functions(): Function[] {
    if (this.#functions === null) this.#materialize();
    return this.#functions!;
  }

  set functions(value: Function[]) {
    this.#lazy = null;
    this.#functions = value;
    this.changed({ kind: 'replaced', place: 'functions' });
  }

  /** Instructions after the last OpFunctionEnd (never valid, but kept so nothing is lost). */
  get trailing(): Instruction[] {
    if (this.#functions === null) this.#materialize();
    return this.#trailing;
  }

  set trailing(value: Instruction[]) {
    if (this.#functions === null) this.#materialize();
    this.#trailing = value;
    this.changed({ kind: 'replaced', place: 'functions' });
  }

  /** True while the function bodies are still undecoded words. */
  get hasLazyFunctions(): boolean {
    return this.#lazy !== null;
  }

  /**
   * Gives the module new function bodies held as words, decoded only if something reads
   * {@link functions}: the fast path for a pass that rewrites bodies word by word (see
   * {@link replaceFunctionWords}, which builds the region for you). Analyses that read the
   * bodies are dropped.
   */
  setLazyFunctions(region: LazyFunctionRegion): void {
    this.#lazy = region;
    this.#functions = null;
    this.#trailing = [];
    this.changed({ kind: 'replaced', place: 'functions' });
  }

  /**
   * The undecoded function words (OpFunction to the end of the module), or null once the bodies
   * were decoded. Walking these words with {@link forEachWordInstruction} reads bodies without
   * decoding them; the array is the module's own buffer: read it, never write it.
   */
  lazyFunctionWords(): Uint32Array | null {
    const lazy = this.#lazy;
    if (lazy === null) return null;
    return lazy.words.subarray(lazy.start, lazy.end);
  }

  /** The instructions of one section of the logical layout. */
  section(name: SectionName): Instruction[] {
    return this[name];
  }

  /** Every instruction in binary order (decodes function bodies). */
  *instructions(): IterableIterator<Instruction> {
    for (const name of SECTIONS) yield* this[name];
    for (const f of this.functions) yield* f.allInstructions();
    yield* this.trailing;
  }

  /** The instructions before the functions, in binary order. */
  *globalInstructions(): IterableIterator<Instruction> {
    for (const name of SECTIONS) yield* this[name];
  }

  /**
   * The result of `analysis` for this module, built on first use and cached until
   * {@link invalidateAnalyses}.
   */
  analysis<T>(analysis: Analysis<T>): T {
    let value = this.#analyses.get(analysis) as T | undefined;
    if (value === undefined && !this.#analyses.has(analysis)) {
      value = analysis.build(this);
      this.#analyses.set(analysis, value);
    }
    return value as T;
  }

  /**
   * Drops cached analyses (all, or all but `keep`). The mutation methods keep analyses right by
   * themselves; this is for edits made around them, and for the pass manager.
   */
  invalidateAnalyses(keep: readonly Analysis<unknown>[] = []): void {
    if (keep.length === 0) {
      this.#analyses.clear();
      return;
    }
    for (const a of [...this.#analyses.keys()]) if (!keep.includes(a)) this.#analyses.delete(a);
  }

  /** The analyses cached now, in the order they were built. */
  cachedAnalyses(): Analysis<unknown>[] {
    return [...this.#analyses.keys()];
  }

  /**
   * Tells the cached analyses about an edit already made: each one that has an
   * {@link Analysis.update} keeps itself right or asks to be dropped; the others are dropped. The
   * mutation methods below call this; call it yourself only after changing the module by hand
   * (e.g. editing a detached block, then putting it back).
   */
  changed(change: ModuleChange): void {
    if (change.kind === 'replaced') this.locator.reset();
    if (this.#analyses.size === 0) return;
    for (const [analysis, value] of [...this.#analyses]) {
      // An update that throws leaves its value unknown: dropped, like one that said no.
      let kept = false;
      try {
        kept = analysis.update?.(value, change, this) ?? false;
      } finally {
        if (!kept) this.#analyses.delete(analysis);
      }
    }
  }

  // ---------------------------------------------------------------------------------- edits
  // Every edit goes through these, which keep the cached analyses right (see Analysis.update).
  // Edits of definitions across sections (replaceAllUsesWith, removeDefinition, addDecoration,
  // addName, addGlobalVariable; types and constants through TypesAnalysis) are functions built on
  // these, so a bundle that only decodes and encodes does not carry the analyses they use.

  /** A fresh result id (the header's bound grows); SpirvError `ID_LIMIT` past the id limit. */
  newId(): number {
    return this.ids.allocate();
  }

  /**
   * Inserts instructions into a section, a block or a function's preamble (`where`), at `index`
   * (default: the end; for a block, pass an index before its terminator).
   */
  insert(where: SectionName | Block | Function, instructions: readonly Instruction[], index?: number): void {
    const home = this.homeOf(where);
    home.list.splice(index ?? home.list.length, 0, ...instructions);
    for (const inst of instructions) this.added(inst, home);
  }

  /** Inserts instructions just before `anchor`, wherever it is in the module. */
  insertBefore(anchor: Instruction, instructions: readonly Instruction[]): void {
    const { home, index } = this.locate(anchor);
    home.list.splice(index, 0, ...instructions);
    for (const inst of instructions) this.added(inst, home);
  }

  /** Inserts instructions just after `anchor`, wherever it is in the module. */
  insertAfter(anchor: Instruction, instructions: readonly Instruction[]): void {
    const { home, index } = this.locate(anchor);
    home.list.splice(index + 1, 0, ...instructions);
    for (const inst of instructions) this.added(inst, home);
  }

  /** Removes `inst` from the module (SpirvError `NOT_IN_MODULE` when it is not there). */
  remove(inst: Instruction): void {
    const { home, index } = this.locate(inst);
    home.list.splice(index, 1);
    this.locator.left(inst);
    this.changed({ kind: 'removed', place: home.place, instruction: inst });
  }

  /** Puts `replacements` where `inst` is and removes `inst`. */
  replace(inst: Instruction, replacements: readonly Instruction[]): void {
    const { home, index } = this.locate(inst);
    home.list.splice(index, 1, ...replacements);
    this.locator.left(inst);
    this.changed({ kind: 'removed', place: home.place, instruction: inst });
    for (const r of replacements) this.added(r, home);
  }

  /**
   * Removes every instruction of a section, block or function preamble for which `drop` is true,
   * in one sweep (cheaper than {@link remove} one by one). Returns how many went.
   */
  removeWhere(where: SectionName | Block | Function, drop: (inst: Instruction) => boolean): number {
    const home = this.homeOf(where);
    const list = home.list;
    const gone: Instruction[] = [];
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const inst = list[i];
      if (drop(inst)) gone.push(inst);
      else list[kept++] = inst;
    }
    list.length = kept;
    for (const inst of gone) {
      this.locator.left(inst);
      this.changed({ kind: 'removed', place: home.place, instruction: inst });
    }
    return gone.length;
  }

  /**
   * One sweep over a section, block or function preamble: each instruction for which `map`
   * returns an array is replaced by its contents (an empty array removes it). The cheap way to
   * rewrite many instructions of one block. Returns how many were replaced.
   */
  replaceIn(where: SectionName | Block | Function, map: (inst: Instruction) => readonly Instruction[] | undefined): number {
    const home = this.homeOf(where);
    const old = home.list.slice();
    const list = home.list;
    list.length = 0;
    let replaced = 0;
    for (const inst of old) {
      const r = map(inst);
      if (r === undefined) {
        list.push(inst);
        continue;
      }
      replaced++;
      this.locator.left(inst);
      this.changed({ kind: 'removed', place: home.place, instruction: inst });
      for (const x of r) {
        list.push(x);
        this.added(x, home);
      }
    }
    return replaced;
  }

  /** Gives `inst`, which is in the module, new operand words. */
  setOperands(inst: Instruction, operands: ArrayLike<number>): void {
    const before = inst.clone();
    inst.setOperands(operands);
    this.changed({ kind: 'operands', place: this.placeOf(inst), instruction: inst, before });
  }

  /** Sets operand word `i` of `inst`, which is in the module. */
  setOperand(inst: Instruction, i: number, value: number): void {
    const before = inst.clone();
    inst.setWord(i, value);
    this.changed({ kind: 'operands', place: this.placeOf(inst), instruction: inst, before });
  }

  /** Gives `inst`, which is in the module, a new result type id. */
  setTypeId(inst: Instruction, typeId: number): void {
    const before = inst.clone();
    inst.typeId = typeId;
    this.changed({ kind: 'operands', place: this.placeOf(inst), instruction: inst, before });
  }

  /** Appends a function (its instructions are announced to the analyses). */
  addFunction(fn: Function): void {
    this.functions.push(fn);
    for (const inst of fn.allInstructions()) this.changed({ kind: 'added', place: 'functions', instruction: inst });
    this.locator.reset();
  }

  /** Removes a function with all its instructions. */
  removeFunction(fn: Function): void {
    const functions = this.functions;
    const index = functions.indexOf(fn);
    if (index < 0) throw new SpirvError('NOT_IN_MODULE', `function %${fn.id} is not in the module`);
    functions.splice(index, 1);
    for (const inst of fn.allInstructions()) this.changed({ kind: 'removed', place: 'functions', instruction: inst });
    this.locator.reset();
  }

  private readonly locator = new InstructionLocator(this);

  private added(inst: Instruction, home: InstructionHome): void {
    this.locator.placed(inst, home);
    this.changed({ kind: 'added', place: home.place, instruction: inst });
  }

  private locate(inst: Instruction): { home: InstructionHome; index: number } {
    const found = this.locator.find(inst);
    if (found === undefined) {
      throw new SpirvError(
        'NOT_IN_MODULE',
        `${describe(inst)} is not in the module (an OpFunction, OpLabel or OpFunctionEnd is edited with its function or block)`,
      );
    }
    return found;
  }

  /** The part of the module `inst` is in, OpFunction, OpLabel and OpFunctionEnd included. */
  private placeOf(inst: Instruction): ChangePlace {
    const found = this.locator.find(inst);
    if (found !== undefined) return found.home.place;
    for (const fn of this.hasLazyFunctions ? [] : this.functions) {
      if (fn.definition === inst || fn.end === inst || fn.blocks.some((b) => b.label === inst)) return 'functions';
    }
    throw new SpirvError('NOT_IN_MODULE', `${describe(inst)} is not in the module; edit a detached instruction with its own setOperands / setWord`);
  }

  private homeOf(where: SectionName | Block | Function): InstructionHome {
    if (typeof where === 'string') return { list: this[where], place: where };
    if ('preamble' in where) return { list: where.preamble, place: 'functions', fn: where };
    return { list: where.instructions, place: 'functions' };
  }

  #built(debug?: boolean): this {
    // The decoder's debug region is built only for a debug section: a pass that reads the other
    // sections and drops the debug ones (strip-debug) must not build 11,000 names only to drop them.
    const lazy = this.#lazyGlobals ?? (debug ? this.#lazyDebug : null);
    if (lazy !== null) {
      // Cleared first: materialize() fills the sections through their accessors.
      if (lazy === this.#lazyGlobals) this.#lazyGlobals = null;
      else this.#lazyDebug = null;
      lazy.materialize(this);
      // The other region, if both were held.
      return this.#built(debug);
    }
    return this;
  }

  #materialize(): void {
    const lazy = this.#lazy;
    if (lazy === null) {
      this.#functions = [];
      return;
    }
    const { functions, trailing } = lazy.materialize();
    this.#functions = functions;
    this.#trailing = trailing;
    this.#lazy = null;
  }
}

function describe(inst: Instruction): string {
  return `opcode ${inst.opcode}${inst.resultId !== 0 ? ` %${inst.resultId}` : ''}`;
}
