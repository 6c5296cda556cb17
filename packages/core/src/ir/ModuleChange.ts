import type { Instruction } from './Instruction.js';
import type { SectionName } from './sections.js';

/**
 * Where an instruction lives: a section of the logical layout, or a function (its leading lines,
 * OpFunction, preamble, blocks or OpFunctionEnd).
 */
export type ChangePlace = SectionName | 'functions';

/**
 * One edit made through {@link Module}'s mutation API, as the cached analyses see it. Each
 * analysis that can keep itself right under a change says so in {@link Analysis.update}; the
 * others are dropped, so no cached analysis ever describes a module that is gone.
 *
 * - `added` / `removed`: one instruction entered or left `place`.
 * - `operands`: an instruction in the module got new operands (or a new type or result id);
 *   `before` holds what it had, so an analysis can forget the old uses.
 * - `replaced`: a whole section, or all function bodies, were replaced at once (a section setter,
 *   new undecoded function words): analyses that read `place` must start over.
 */
export type ModuleChange =
  | { readonly kind: 'added'; readonly place: ChangePlace; readonly instruction: Instruction }
  | { readonly kind: 'removed'; readonly place: ChangePlace; readonly instruction: Instruction }
  | {
      readonly kind: 'operands';
      readonly place: ChangePlace;
      readonly instruction: Instruction;
      readonly before: Instruction;
    }
  | { readonly kind: 'replaced'; readonly place: ChangePlace };
