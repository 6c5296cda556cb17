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
 * A SPIR-V module: the header and the instructions of each section of the logical layout, then
 * the functions. Function bodies of a decoded module are decoded the first time anything reads
 * {@link functions}; until then encoding copies their words unchanged, which keeps whole-module
 * round trips cheap.
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

  capabilities: Instruction[] = [];
  extensions: Instruction[] = [];
  extInstImports: Instruction[] = [];
  memoryModel: Instruction[] = [];
  entryPoints: Instruction[] = [];
  executionModes: Instruction[] = [];
  /** OpString, OpSourceExtension, OpSource, OpSourceContinued. */
  debugStrings: Instruction[] = [];
  /** OpName, OpMemberName. */
  debugNames: Instruction[] = [];
  debugModuleProcessed: Instruction[] = [];
  /** Decorations and decoration groups. */
  annotations: Instruction[] = [];
  /** Types, constants, global variables, OpUndef, and debug lines or non-semantic instructions among them. */
  globals: Instruction[] = [];

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
