// Which of the validator's rule families a Debian spirv-val 2023.1 message belongs to, by its
// wording: how the differential test checks that both name the same family where both reject.
import type { RuleFamily } from '@spvkit/validator';

const PATTERNS: readonly [RuleFamily, RegExp][] = [
  ['binary', /Invalid SPIR-V magic|Invalid SPIR-V binary version|word count|truncated|Invalid instruction word count/i],
  [
    'layout',
    /A block must end with a branch|is in an invalid layout section|cannot appear in|must appear in a block|is not allowed|Missing required OpMemoryModel|All OpVariable instructions|OpPhi must appear|Function end cannot|cannot be called in blocks|must be the first|Invalid layout|can only appear|in a function declaration|appear before|Missing OpFunctionEnd|nested/,
  ],
  ['ssa', /does not dominate|OpPhi's|not a predecessor|defined in another function/],
  [
    'ids',
    /forward referenced IDs have not been defined|requires a previous definition|is not a type|has not been defined|has already been defined|exceeds the bound/,
  ],
  [
    'types',
    /^Expected |cannot be a type|Operand .* cannot be|^OpStore Pointer .*type does not match|^OpLoad Result Type|is not a logical pointer|^OpReturnValue Value|^Result type \(Op|access is out of bounds|OpAccessChain|Index is out of bounds|Reached non-composite type/,
  ],
];

/** The family of a spirv-val message (its first line, `error: line N: ` stripped), or undefined where none matches. */
export function spirvValFamily(message: string): RuleFamily | undefined {
  const first = (message.split('\n')[0] ?? '').replace(/^error: (line \d+: )?/, '');
  return PATTERNS.find(([, re]) => re.test(first))?.[0];
}
