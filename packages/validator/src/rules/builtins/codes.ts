// The codes a BuiltIn finding carries: the VUID of the Vulkan rule it breaks, or an spvkit code
// where the rule has none.

/** A VUID of a BuiltIn rule, the validator's code for it. */
export type BuiltinVuid = `VUID-${string}`;

/**
 * The VUID of rule `n` of the built-in `name`, as the Vulkan specification spells it.
 *
 * @example
 * ```ts
 * builtinVuid('SampleId', 4354) === 'VUID-SampleId-SampleId-04354';
 * ```
 */
export function builtinVuid(name: string, n: number): BuiltinVuid {
  return `VUID-${name}-${name}-${String(n).padStart(5, '0')}`;
}

/**
 * Codes of BuiltIn findings that have no VUID: the errors, then the two warnings.
 *
 * @example
 * ```ts
 * diagnostics.filter((d) => d.code === BUILTIN_SPVKIT_CODES.vertexId);
 * ```
 */
export const BUILTIN_SPVKIT_CODES = {
  version: 'spvkit-target-env-version',
  target: 'spvkit-builtin-target',
  member: 'spvkit-builtin-member',
  vertexId: 'spvkit-builtin-VertexId',
  workgroupSizeConstant: 'spvkit-WorkgroupSize-constant',
  workgroupSizeZero: 'spvkit-WorkgroupSize-zero',
  workgroupSizeDeprecated: 'spvkit-WorkgroupSize-deprecated',
} as const;

type SpvkitCodes = typeof BUILTIN_SPVKIT_CODES;
/** The codes of the warnings: advice, not rules, so the validator (errors only) leaves them out. */
export type BuiltinWarningCode = SpvkitCodes['workgroupSizeZero'] | SpvkitCodes['workgroupSizeDeprecated'];
/** The codes of the errors: each BuiltIn rule's VUID, or an spvkit code where the rule has none. */
export type BuiltinErrorCode = BuiltinVuid | Exclude<SpvkitCodes[keyof SpvkitCodes], BuiltinWarningCode>;

/**
 * Whether `code` is one of the two warnings (advice, which the validator leaves out).
 *
 * @example
 * ```ts
 * isBuiltinWarning(BUILTIN_SPVKIT_CODES.workgroupSizeZero) === true;
 * ```
 */
export function isBuiltinWarning(code: string): code is BuiltinWarningCode {
  return code === BUILTIN_SPVKIT_CODES.workgroupSizeZero || code === BUILTIN_SPVKIT_CODES.workgroupSizeDeprecated;
}
