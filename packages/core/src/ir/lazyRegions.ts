import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import type { Module } from './Module.js';

/**
 * Function bodies not decoded yet: a word range of a buffer (a decoded module's own words, or
 * the bodies alone), and how to decode it. See {@link Module.setLazyFunctions}.
 */
export interface LazyFunctionRegion {
  readonly words: Uint32Array;
  readonly start: number;
  readonly end: number;
  materialize(): { functions: Function[]; trailing: Instruction[] };
  /**
   * The region of `words`, the bodies these became by edits (`WordEdits`): given, the
   * module takes edits of its bodies as words (`Module.editFunctionWords`) and applies them here
   * when something needs the edited words themselves.
   */
  edited?(words: Uint32Array): LazyFunctionRegion;
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
 * @internal The parts of one module still held as words, built on first read: the assembler's instructions
 * before the functions, the decoder's debug sections, and undecoded function bodies. Until then
 * encoding copies their words unchanged, which keeps whole-module round trips cheap.
 */
export interface LazyRegions {
  globals: LazyGlobalRegion | null;
  debug: LazyGlobalRegion | null;
  functions: LazyFunctionRegion | null;
}

/** The words of `region`, or null. */
export function regionWords(region: { readonly words: Uint32Array; readonly start: number; readonly end: number } | null): Uint32Array | null {
  return region === null ? null : region.words.subarray(region.start, region.end);
}

/**
 * @internal Builds into `module` what a read of one of its sections needs: the assembler's instructions,
 * and for a debug section (`debug`) the decoder's debug sections too, and only then: a pass that
 * reads the other sections and drops the debug ones (strip-debug) must not build 11,000 names
 * only to drop them.
 */
export function buildLazySections(regions: LazyRegions, module: Module, debug: boolean): void {
  const lazy = regions.globals ?? (debug ? regions.debug : null);
  if (lazy === null) return;
  // Cleared first: materialize() fills the sections through their accessors, which come back here.
  if (lazy === regions.globals) regions.globals = null;
  else regions.debug = null;
  lazy.materialize(module);
  // The other region, if both were held.
  buildLazySections(regions, module, debug);
}

/**
 * @internal Decodes the bodies held as words, or gives null when none are held. The region is forgotten
 * only once they are decoded: its materialize() may read it (see replaceFunctionWords), and one
 * that fails leaves it to fail again on the next read.
 */
export function decodeLazyFunctions(regions: LazyRegions): { functions: Function[]; trailing: Instruction[] } | null {
  const lazy = regions.functions;
  if (lazy === null) return null;
  const decoded = lazy.materialize();
  regions.functions = null;
  return decoded;
}
