import type { Analysis, Module } from '../ir/Module.js';
import type { Diagnostic } from './Diagnostic.js';

/** What a pass reports: whether it changed the module, and what it found. */
export interface PassResult {
  readonly changed: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** What the pass manager gives each pass. */
export interface PassContext {
  /** Target environment name (e.g. `vulkan1.2`), when the caller chose one. */
  readonly targetEnv?: string;
}

/**
 * A transformation or check over a module. A pass that reports `changed: false` must leave the
 * module untouched (byte-identical when encoded).
 *
 * @example
 * ```ts
 * const stripNames: Pass = {
 *   name: 'strip-names',
 *   run(module) {
 *     const changed = module.debugNames.length > 0;
 *     module.debugNames = [];
 *     return { changed, diagnostics: [] };
 *   },
 * };
 * ```
 */
export interface Pass {
  readonly name: string;
  readonly description?: string;
  /** Analyses still valid after this pass changed the module; the rest are dropped. */
  readonly preserves?: readonly Analysis<unknown>[];
  run(module: Module, context: PassContext): PassResult;
}

/** The common result of a pass that found nothing to do. */
export const UNCHANGED: PassResult = Object.freeze({ changed: false, diagnostics: Object.freeze([]) });
