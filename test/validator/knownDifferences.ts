// Where the validator and Debian's spirv-val 2023.1 may disagree on a mutant, by design or because
// a family is not written yet: the one list the differential test consults. Each entry says why;
// a disagreement that matches none fails the test.
import type { ValidationDiagnostic } from '@spvkit/validator';
import type { MutationKind } from './mutate.js';

export interface KnownDifference {
  /** Which verdict spirv-val gives where we give the other. */
  readonly spirvVal: 'rejects' | 'accepts';
  readonly kinds: readonly MutationKind[];
  /** spirv-val's message matches this. */
  readonly message: RegExp;
  readonly why: string;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    spirvVal: 'rejects',
    kinds: ['type-swap', 'operand-swap'],
    message: /SBT Index must be|Payload must be|Ray Flags must be|Cull Mask must be|Miss Index must be/,
    why: 'a value of a changed type passed to a ray-tracing instruction: that family (OpTraceRayKHR operands) is not written yet',
  },
  {
    spirvVal: 'rejects',
    kinds: ['move-body', 'delete-body'],
    message: /(OpLoopMerge|OpSelectionMerge) must immediately precede/,
    why: 'an instruction moved between a merge instruction and its branch: the structured control-flow family is not written yet',
  },
];

/** The known difference that explains a disagreement, if one does. */
export function explain(kind: MutationKind, spirvValOk: boolean, message: string, ours: readonly ValidationDiagnostic[]): KnownDifference | undefined {
  void ours;
  return KNOWN_DIFFERENCES.find((d) => d.kinds.includes(kind) && (d.spirvVal === 'rejects') === !spirvValOk && d.message.test(message));
}

/** Where both reject but name different families: spirv-val's family, ours, and why. */
export interface KnownFamilyDifference {
  readonly kinds: readonly MutationKind[];
  /** spirv-val's family, or undefined for a message of a family the validator does not have yet. */
  readonly spirvVal: string | undefined;
  /** Our family, or '*' for any. */
  readonly ours: string;
  readonly message: RegExp;
  readonly why: string;
}

export const KNOWN_FAMILY_DIFFERENCES: readonly KnownFamilyDifference[] = [
  {
    kinds: ['move-body', 'delete-body'],
    spirvVal: undefined,
    ours: '*',
    message: /(OpLoopMerge|OpSelectionMerge) must immediately precede/,
    why: 'spirv-val stops at its first error, here of the structured control-flow family (not written yet); we report the other error the mutant made',
  },
  {
    kinds: ['move-header', 'move-body'],
    spirvVal: 'ids',
    ours: 'layout',
    message: /has not been defined/,
    why:
      'an instruction moved where it may not be (an OpName into a function, an OpVariable after a use of it): spirv-val checks ids before the layout ' +
      'and stops at the first error; we report the misplaced instruction, and name no id error for an OpName, which may refer forward',
  },
];

/** Whether a difference of family names is a known one. */
export function explainFamily(kind: MutationKind, spirvValFamily: string | undefined, message: string, ourFamilies: readonly string[]): boolean {
  return KNOWN_FAMILY_DIFFERENCES.some(
    (d) => d.kinds.includes(kind) && d.spirvVal === spirvValFamily && (d.ours === '*' || ourFamilies.includes(d.ours)) && d.message.test(message),
  );
}
