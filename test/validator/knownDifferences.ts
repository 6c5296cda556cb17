// Where the validator and spirv-val may disagree on a mutant, by design or because a family is not
// written yet: the one list the differential test (Debian's spirv-val 2023.1) and the campaign
// (campaign.mjs, the current SPIRV-Tools) consult. Each entry says why; an entry with a `judge`
// holds for that spirv-val alone: where Debian's 2023.1 and the current one judge differently.
// A disagreement that matches none fails the test.
import type { ValidationDiagnostic } from '@spvkit/validator';
import type { MutationKind } from './mutate.js';

/** Which spirv-val judges: Debian's 2023.1 (the tests), or the current SPIRV-Tools (the campaign). */
export type Judge = 'debian' | 'head';

export interface KnownDifference {
  /** Only for this spirv-val: a rule one of them checks and the other does not (yet, or any more). */
  readonly judge?: Judge;
  /** Which verdict spirv-val gives where we give the other. */
  readonly spirvVal: 'rejects' | 'accepts';
  readonly kinds: readonly MutationKind[];
  /** spirv-val's message matches this (where it accepts, its message is empty: say it with `ours`). */
  readonly message: RegExp;
  /** Where spirv-val accepts: one of our findings matches this (`code: message`). */
  readonly ours?: RegExp;
  readonly why: string;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    judge: 'debian',
    spirvVal: 'accepts',
    kinds: ['drop-decoration'],
    message: /^/,
    ours: /^VUID-StandaloneSpirv-UniformConstant-06677: /,
    why:
      'a DescriptorSet or Binding dropped from a resource variable no entry point uses: the VUID asks it of every such variable, as the ' +
      'current spirv-val checks; 2023.1 checked only the variables an entry point uses',
  },
  {
    judge: 'debian',
    spirvVal: 'accepts',
    kinds: ['drop-decoration'],
    message: /^/,
    ours: /^spvkit-decorations-block-matrix-(stride|layout): /,
    why:
      'a MatrixStride, RowMajor or ColMajor dropped from a member that is an array of matrices: the spec asks them of such members, as the ' +
      'current spirv-val checks; 2023.1 looked at members that are matrices only',
  },
  {
    judge: 'debian',
    spirvVal: 'accepts',
    kinds: ['break-offset'],
    message: /^/,
    ours: /^spvkit-decorations-block-matrix-stride: .* has no MatrixStride \(or MatrixStride 0\)/,
    why: 'a MatrixStride set to 0: the current spirv-val reads it as no stride at all (its columns are not laid out); 2023.1 took 0 as a multiple of any alignment',
  },
  {
    spirvVal: 'rejects',
    kinds: ['drop-decoration'],
    message: /When BuiltIn decoration is applied to a structure-type member, all members of that structure type must also be decorated with BuiltIn/,
    why: 'a BuiltIn dropped from one member of a built-in block (gl_PerVertex): the decorations family does not check yet that a struct mixes no built-in and other members',
  },
  {
    spirvVal: 'rejects',
    kinds: ['change-version'],
    message: /extension requires SPIR-V version [\d.]+ or later/,
    why: 'a version lowered below what a declared extension needs (SPV_EXT_mesh_shader: 1.4): the capabilities family checks the versions of capabilities and operands, not yet of OpExtension',
  },
  {
    spirvVal: 'rejects',
    kinds: ['drop-capability'],
    message: /Invalid use of 8- or 16-bit result/,
    why: 'an 8- or 16-bit arithmetic result left without its Int8/Int16 arithmetic capability: the types family does not check yet which instructions a narrow type may be the result of',
  },
  {
    spirvVal: 'rejects',
    kinds: ['type-swap', 'operand-swap'],
    message: /SBT Index must be|Payload must be|Ray Flags must be|Cull Mask must be|Miss Index must be/,
    why: 'a value of a changed type passed to a ray-tracing instruction: that family (OpTraceRayKHR operands) is not written yet',
  },
];

/** The known difference that explains a disagreement, if one does. */
export function explain(
  kind: MutationKind,
  spirvValOk: boolean,
  message: string,
  ours: readonly ValidationDiagnostic[],
  judge: Judge = 'debian',
): KnownDifference | undefined {
  return KNOWN_DIFFERENCES.find(
    (d) =>
      (d.judge === undefined || d.judge === judge) &&
      d.kinds.includes(kind) &&
      (d.spirvVal === 'rejects') === !spirvValOk &&
      d.message.test(message) &&
      (d.ours === undefined || ours.some((f) => d.ours!.test(`${f.code}: ${f.message}`))),
  );
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
    kinds: ['move-header'],
    spirvVal: 'capabilities',
    ours: 'layout',
    message: /is not allowed by Vulkan .* \(or requires extension\)/,
    why: 'an OpExtension moved before the capabilities: spirv-val judges each capability by the extensions declared before it, so it reports the capability; we report the misplaced OpExtension',
  },
  {
    kinds: ['change-storage-class'],
    spirvVal: 'types',
    ours: '*',
    message: /OpStore Pointer <id> .* storage class is read-only/,
    why: 'an output moved to Input and then stored to: no family checks stores into read-only storage classes yet; we reject the mutant for the clash of locations the move made',
  },
  {
    kinds: ['change-version'],
    spirvVal: 'environment',
    ours: 'builtins',
    message: /Invalid SPIR-V binary version .* for target environment/,
    why:
      'a SPIR-V version the target environment does not take: the environment rule of spirv-val, which the validator checks under ' +
      'spvkit-target-env-version, a code of the builtins family (it came over from validate-builtins with that family)',
  },
  {
    kinds: ['change-version'],
    spirvVal: 'capabilities',
    ours: '*',
    message: /extension requires SPIR-V version \S+ or later/,
    why:
      'a version below what a declared extension needs (SPV_EXT_mesh_shader: 1.4): the validator has no rule of extension versions ' +
      'yet (issue 32 lists it); it rejects the mutant for another rule the lower version breaks (the interface of a 1.0 entry point)',
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
