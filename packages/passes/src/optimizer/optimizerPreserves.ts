import { ControlFlowAnalysis, DecorationsAnalysis, DefUseAnalysis, TypesAnalysis, type Analysis } from '@spvkit/core';

/**
 * What an optimizer pass keeps cached when it changed the module: every pass edits through the
 * module's API, which brings each of these up to date edit by edit or drops it where it cannot
 * (control flow on an edit of a block's shape, decorations on a removed annotation). Dropping them
 * after every pass instead rebuilt the types and decorations four or five times a module: a
 * quarter of -O on the shader folder. The consistency check of the test runs holds each pass to it.
 */
export const OPTIMIZER_PRESERVES: readonly Analysis<unknown>[] = [DefUseAnalysis, ControlFlowAnalysis, TypesAnalysis, DecorationsAnalysis];

/**
 * What a pass that rewrites function bodies in bulk keeps when it drops the analyses first (def-use
 * and control flow would be kept current edit by edit for nothing): the types and the decorations,
 * built from the globals and the annotations, which such a pass edits through the module's API.
 */
export const KEPT_THROUGH_BODY_REWRITES: readonly Analysis<unknown>[] = [TypesAnalysis, DecorationsAnalysis];
