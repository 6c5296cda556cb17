import { HOST_ENDIANNESS, type Endianness } from '../binary/wordInput.js';
import { makeVersion, type ModuleHeader } from '../binary/header.js';
import { IdAllocator } from './IdAllocator.js';
import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import { SECTIONS, type SectionName } from './sections.js';

/**
 * Something computed from a module (def-use, decorations, types, ...) that is built on first use,
 * cached on the module, and dropped when the module changes.
 *
 * @example
 * ```ts
 * const Counts: Analysis<number> = { name: 'count', build: (m) => [...m.instructions()].length };
 * module.analysis(Counts); // built once, then cached until module.invalidateAnalyses()
 * ```
 */
export interface Analysis<T> {
  readonly name: string;
  build(module: Module): T;
}

/** @internal Function bodies not decoded yet: a word range and how to decode it. */
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

  private _capabilities: Instruction[] = [];
  private _extensions: Instruction[] = [];
  private _extInstImports: Instruction[] = [];
  private _memoryModel: Instruction[] = [];
  private _entryPoints: Instruction[] = [];
  private _executionModes: Instruction[] = [];
  private _debugStrings: Instruction[] = [];
  private _debugNames: Instruction[] = [];
  private _debugModuleProcessed: Instruction[] = [];
  private _annotations: Instruction[] = [];
  private _globals: Instruction[] = [];
  private _lazyGlobals: LazyGlobalRegion | null = null;

  private _functions: Function[] | null = [];
  private _trailing: Instruction[] = [];
  private _lazy: LazyFunctionRegion | null = null;
  private _analyses = new Map<Analysis<unknown>, unknown>();

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
  // that are still held as words (see setLazyGlobals).

  get capabilities(): Instruction[] {
    return this.built()._capabilities;
  }
  set capabilities(value: Instruction[]) {
    this.built()._capabilities = value;
  }
  get extensions(): Instruction[] {
    return this.built()._extensions;
  }
  set extensions(value: Instruction[]) {
    this.built()._extensions = value;
  }
  get extInstImports(): Instruction[] {
    return this.built()._extInstImports;
  }
  set extInstImports(value: Instruction[]) {
    this.built()._extInstImports = value;
  }
  get memoryModel(): Instruction[] {
    return this.built()._memoryModel;
  }
  set memoryModel(value: Instruction[]) {
    this.built()._memoryModel = value;
  }
  get entryPoints(): Instruction[] {
    return this.built()._entryPoints;
  }
  set entryPoints(value: Instruction[]) {
    this.built()._entryPoints = value;
  }
  get executionModes(): Instruction[] {
    return this.built()._executionModes;
  }
  set executionModes(value: Instruction[]) {
    this.built()._executionModes = value;
  }
  /** OpString, OpSourceExtension, OpSource, OpSourceContinued. */
  get debugStrings(): Instruction[] {
    return this.built()._debugStrings;
  }
  set debugStrings(value: Instruction[]) {
    this.built()._debugStrings = value;
  }
  /** OpName, OpMemberName. */
  get debugNames(): Instruction[] {
    return this.built()._debugNames;
  }
  set debugNames(value: Instruction[]) {
    this.built()._debugNames = value;
  }
  get debugModuleProcessed(): Instruction[] {
    return this.built()._debugModuleProcessed;
  }
  set debugModuleProcessed(value: Instruction[]) {
    this.built()._debugModuleProcessed = value;
  }
  /** Decorations and decoration groups. */
  get annotations(): Instruction[] {
    return this.built()._annotations;
  }
  set annotations(value: Instruction[]) {
    this.built()._annotations = value;
  }
  /** Types, constants, global variables, OpUndef, and debug lines or non-semantic instructions among them. */
  get globals(): Instruction[] {
    return this.built()._globals;
  }
  set globals(value: Instruction[]) {
    this.built()._globals = value;
  }

  /** @internal Used by the assembler: the instructions before the functions, held as words until a section is read. */
  setLazyGlobals(region: LazyGlobalRegion): void {
    this._lazyGlobals = region;
  }

  /** @internal Used by the encoder: the words of the instructions before the functions, if not built yet. */
  lazyGlobalWords(): Uint32Array | null {
    const lazy = this._lazyGlobals;
    return lazy === null ? null : lazy.words.subarray(lazy.start, lazy.end);
  }

  /** The module's functions, in order. Reading this decodes lazily held bodies. */
  get functions(): Function[] {
    if (this._functions === null) this.materialize();
    return this._functions!;
  }

  set functions(value: Function[]) {
    this._lazy = null;
    this._functions = value;
  }

  /** Instructions after the last OpFunctionEnd (never valid, but kept so nothing is lost). */
  get trailing(): Instruction[] {
    if (this._functions === null) this.materialize();
    return this._trailing;
  }

  set trailing(value: Instruction[]) {
    if (this._functions === null) this.materialize();
    this._trailing = value;
  }

  /** True while the function bodies are still undecoded words. */
  get hasLazyFunctions(): boolean {
    return this._lazy !== null;
  }

  /** @internal Used by the decoder. */
  setLazyFunctions(region: LazyFunctionRegion): void {
    this._lazy = region;
    this._functions = null;
    this._trailing = [];
  }

  /** @internal Used by the encoder: the undecoded function words, if still lazy. */
  lazyFunctionWords(): Uint32Array | null {
    const lazy = this._lazy;
    return lazy === null ? null : lazy.words.subarray(lazy.start, lazy.end);
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
    let value = this._analyses.get(analysis) as T | undefined;
    if (value === undefined && !this._analyses.has(analysis)) {
      value = analysis.build(this);
      this._analyses.set(analysis, value);
    }
    return value as T;
  }

  /** Drops cached analyses (all, or all but `keep`). Call after changing the module. */
  invalidateAnalyses(keep: readonly Analysis<unknown>[] = []): void {
    if (keep.length === 0) {
      this._analyses.clear();
      return;
    }
    for (const a of [...this._analyses.keys()]) if (!keep.includes(a)) this._analyses.delete(a);
  }

  /** This module, its sections built if they were still words. */
  private built(): this {
    const lazy = this._lazyGlobals;
    if (lazy !== null) {
      // Cleared first: materialize() fills the sections through their accessors.
      this._lazyGlobals = null;
      lazy.materialize(this);
    }
    return this;
  }

  private materialize(): void {
    const lazy = this._lazy;
    if (lazy === null) {
      this._functions = [];
      return;
    }
    const { functions, trailing } = lazy.materialize();
    this._functions = functions;
    this._trailing = trailing;
    this._lazy = null;
  }
}
