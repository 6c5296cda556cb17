import { HOST_ENDIANNESS, type Endianness } from '../words/wordInput.js';
import { makeVersion, type ModuleHeader } from '../words/header.js';
import { IdAllocator } from './IdAllocator.js';
import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import { SECTIONS, type SectionName } from './sections.js';
import type { ModuleChange } from './ModuleChange.js';
import type { Block } from './Block.js';
import { cachedAnalysis, dropAnalyses, updateAnalyses, type Analysis, type AnalysisCache } from './analysisCache.js';
import { buildLazySections, decodeLazyFunctions, regionWords, type LazyFunctionRegion, type LazyGlobalRegion, type LazyRegions } from './lazyRegions.js';
import { InstructionLocator } from './InstructionLocator.js';
import { WordEdits } from '../words/WordEdits.js';
import * as edits from './moduleEdits.js';
import { defineSectionAccessors } from './sectionAccessors.js';

export type { Analysis } from './analysisCache.js';
export type { LazyFunctionRegion } from './lazyRegions.js';
/** @internal */
export type { LazyGlobalRegion } from './lazyRegions.js';

// The class and the interface Module merge: the interface types the section accessors that the
// class puts on its prototype when it is defined.
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging */

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

  /** The sections' arrays, in SECTIONS order. */
  #sections: Instruction[][] = SECTIONS.map(() => []);
  #functions: Function[] | null = [];
  #trailing: Instruction[] = [];
  #regions: LazyRegions = { globals: null, debug: null, functions: null };
  /** The edits recorded against the undecoded bodies (see editFunctionWords); null when none were asked for. */
  #functionEdits: WordEdits | null = null;
  #analyses: AnalysisCache = new Map();
  #locator = new InstructionLocator(this);

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

  // The sections' accessors: see the interface Module after the class.

  static {
    defineSectionAccessors(Module.prototype, (module, debug) => {
      // Checked here too, not only in buildLazySections: sections are read in hot loops, and a
      // read of sections already built should cost no call.
      const regions = module.#regions;
      if (regions.globals !== null || (debug && regions.debug !== null)) buildLazySections(regions, module, debug);
      return module.#sections;
    });
  }

  /** @internal Used by the assembler: the instructions before the functions, held as words until a section is read. */
  setLazyGlobals(region: LazyGlobalRegion): void {
    this.#regions.globals = region;
  }

  /** @internal Used by the decoder: the debug sections, checked, held as words until a section is read. */
  setLazyDebug(region: LazyGlobalRegion): void {
    this.#regions.debug = region;
  }

  /**
   * The words of the debug sections (OpString, OpSource, OpSourceContinued, OpSourceExtension,
   * OpName, OpMemberName, OpModuleProcessed, and OpLine among them) of a decoded module while none
   * of them has been read, or null: the decoder checks them and builds them on first use, so a
   * pass that drops them all (strip-debug) need not build them. The module's own buffer: read it,
   * never write it.
   */
  lazyDebugWords(): Uint32Array | null {
    return regionWords(this.#regions.debug);
  }

  /** @internal Used by the encoder: the words of the instructions before the functions, if not built yet. */
  lazyGlobalWords(): Uint32Array | null {
    return regionWords(this.#regions.globals);
  }

  /** The module's functions, in order. Reading this decodes lazily held bodies. */
  get functions(): Function[] {
    if (this.#functions === null) this.#decodeFunctions();
    return this.#functions!;
  }

  set functions(value: Function[]) {
    this.#regions.functions = null;
    this.#functionEdits = null;
    this.#functions = value;
    this.changed({ kind: 'replaced', place: 'functions' });
  }

  /** Instructions after the last OpFunctionEnd (never valid, but kept so nothing is lost). */
  get trailing(): Instruction[] {
    if (this.#functions === null) this.#decodeFunctions();
    return this.#trailing;
  }

  set trailing(value: Instruction[]) {
    if (this.#functions === null) this.#decodeFunctions();
    this.#trailing = value;
    this.changed({ kind: 'replaced', place: 'functions' });
  }

  /** True while the function bodies are still undecoded words. */
  get hasLazyFunctions(): boolean {
    return this.#regions.functions !== null;
  }

  /**
   * Gives the module new function bodies held as words, decoded only if something reads
   * {@link functions}: the fast path for a pass that rewrites bodies word by word (see
   * {@link replaceFunctionWords}, which builds the region for you). Analyses that read the
   * bodies are dropped.
   */
  setLazyFunctions(region: LazyFunctionRegion): void {
    this.#regions.functions = region;
    this.#functionEdits = null;
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
    this.#applyFunctionEdits();
    return regionWords(this.#regions.functions);
  }

  /**
   * The edits recorded against the undecoded function words (read {@link WordEdits.words} and
   * {@link WordEdits.keptRuns} for the bodies as they are now), or null when the bodies are decoded
   * or held in a region that cannot be edited. Record edits through {@link editFunctionWords};
   * {@link encodeModule} writes them straight into its output, and whatever needs the edited
   * words themselves ({@link lazyFunctionWords}, {@link functions}) applies them first.
   */
  functionWordEdits(): WordEdits | null {
    const region = this.#regions.functions;
    if (region === null || region.edited === undefined) return null;
    return (this.#functionEdits ??= new WordEdits(regionWords(region)!));
  }

  /**
   * Records edits of the undecoded function words: `record` removes, inserts and renames through
   * the {@link WordEdits} it is given (indexes of {@link WordEdits.words}), and the cached analyses
   * hear of it once, as a replacement of the bodies, when it returns. False, calling nothing, when
   * the bodies cannot be edited as words ({@link functionWordEdits} is null).
   *
   * @example
   * ```ts
   * module.editFunctionWords((edits) => {
   *   for (const [from, to] of lines) edits.remove(from, to);
   * });
   * ```
   */
  editFunctionWords(record: (edits: WordEdits) => void): boolean {
    const pending = this.functionWordEdits();
    if (pending === null) return false;
    const before = pending.version;
    try {
      record(pending);
    } finally {
      if (pending.version !== before) this.changed({ kind: 'replaced', place: 'functions' });
    }
    return true;
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
    return cachedAnalysis(this.#analyses, analysis, this);
  }

  /**
   * Drops cached analyses (all, or all but `keep`). The mutation methods keep analyses right by
   * themselves; this is for edits made around them, and for the pass manager.
   */
  invalidateAnalyses(keep: readonly Analysis<unknown>[] = []): void {
    dropAnalyses(this.#analyses, keep);
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
    if (change.kind === 'replaced') this.#locator.reset();
    updateAnalyses(this.#analyses, change, this);
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
    edits.insert(this, this.#locator, where, instructions, index);
  }

  /** Inserts instructions just before `anchor`, wherever it is in the module. */
  insertBefore(anchor: Instruction, instructions: readonly Instruction[]): void {
    edits.insertNextTo(this, this.#locator, anchor, 0, instructions);
  }

  /** Inserts instructions just after `anchor`, wherever it is in the module. */
  insertAfter(anchor: Instruction, instructions: readonly Instruction[]): void {
    edits.insertNextTo(this, this.#locator, anchor, 1, instructions);
  }

  /** Removes `inst` from the module (SpirvError `NOT_IN_MODULE` when it is not there). */
  remove(inst: Instruction): void {
    edits.replace(this, this.#locator, inst, []);
  }

  /** Puts `replacements` where `inst` is and removes `inst`. */
  replace(inst: Instruction, replacements: readonly Instruction[]): void {
    edits.replace(this, this.#locator, inst, replacements);
  }

  /**
   * Removes every instruction of a section, block or function preamble for which `drop` is true,
   * in one sweep (cheaper than {@link remove} one by one). Returns how many went.
   */
  removeWhere(where: SectionName | Block | Function, drop: (inst: Instruction) => boolean): number {
    return edits.removeWhere(this, this.#locator, where, drop);
  }

  /**
   * One sweep over a section, block or function preamble: each instruction for which `map`
   * returns an array is replaced by its contents (an empty array removes it). The cheap way to
   * rewrite many instructions of one block. Returns how many were replaced.
   */
  replaceIn(where: SectionName | Block | Function, map: (inst: Instruction) => readonly Instruction[] | undefined): number {
    return edits.replaceIn(this, this.#locator, where, map);
  }

  /** Gives `inst`, which is in the module, new operand words. */
  setOperands(inst: Instruction, operands: ArrayLike<number>): void {
    const before = inst.clone();
    inst.setOperands(operands);
    edits.operandsEdited(this, this.#locator, inst, before);
  }

  /** Sets operand word `i` of `inst`, which is in the module. */
  setOperand(inst: Instruction, i: number, value: number): void {
    const before = inst.clone();
    inst.setWord(i, value);
    edits.operandsEdited(this, this.#locator, inst, before);
  }

  /** Gives `inst`, which is in the module, a new result type id. */
  setTypeId(inst: Instruction, typeId: number): void {
    const before = inst.clone();
    inst.typeId = typeId;
    edits.operandsEdited(this, this.#locator, inst, before);
  }

  /** Appends a function (its instructions are announced to the analyses). */
  addFunction(fn: Function): void {
    edits.addFunction(this, this.#locator, fn);
  }

  /** Removes a function with all its instructions. */
  removeFunction(fn: Function): void {
    edits.removeFunction(this, this.#locator, fn);
  }

  /** Writes the edits recorded against the bodies into words of their own, which become the bodies. */
  #applyFunctionEdits(): void {
    const pending = this.#functionEdits;
    if (pending === null || !pending.any) return;
    this.#regions.functions = this.#regions.functions!.edited!(pending.apply());
    this.#functionEdits = null;
  }

  #decodeFunctions(): void {
    this.#applyFunctionEdits();
    const decoded = decodeLazyFunctions(this.#regions);
    if (decoded === null) {
      this.#functions = [];
      return;
    }
    this.#functions = decoded.functions;
    this.#trailing = decoded.trailing;
  }
}

// The sections: a getter and a setter each, put on the prototype by defineSectionAccessors from
// SECTIONS when the class is defined (a section missing here fails that call's types); this
// declaration, merged into the class, types them as the accessors they are. Reading or replacing
// any of them builds the instructions of an assembled module that are still held as words (see
// setLazyGlobals); reading a debug section also builds the debug sections a decoder holds as words
// (see setLazyDebug), and only that does.
export interface Module {
  get capabilities(): Instruction[];
  set capabilities(value: Instruction[]);
  get extensions(): Instruction[];
  set extensions(value: Instruction[]);
  get extInstImports(): Instruction[];
  set extInstImports(value: Instruction[]);
  get memoryModel(): Instruction[];
  set memoryModel(value: Instruction[]);
  get entryPoints(): Instruction[];
  set entryPoints(value: Instruction[]);
  get executionModes(): Instruction[];
  set executionModes(value: Instruction[]);
  /** OpString, OpSourceExtension, OpSource, OpSourceContinued. */
  get debugStrings(): Instruction[];
  set debugStrings(value: Instruction[]);
  /** OpName, OpMemberName. */
  get debugNames(): Instruction[];
  set debugNames(value: Instruction[]);
  get debugModuleProcessed(): Instruction[];
  set debugModuleProcessed(value: Instruction[]);
  /** Decorations and decoration groups. */
  get annotations(): Instruction[];
  set annotations(value: Instruction[]);
  /** Types, constants, global variables, OpUndef, and debug lines or non-semantic instructions among them. */
  get globals(): Instruction[];
  set globals(value: Instruction[]);
}
