import type { BuiltinRule } from './BuiltinRule.js';
import type { BuiltinsContext } from './BuiltinsContext.js';
import { BUILTIN_SPVKIT_CODES } from './codes.js';
import type { BuiltinTarget } from './targets.js';
import { builtInName, opName } from './wording.js';

/**
 * Whether what BuiltIn decorates is something the built-in's rules judge: a global variable, a
 * constant, or a Block member where the built-in allows one. Where not, that is the one finding.
 */
export function checkDecoratedObject(c: BuiltinsContext, target: BuiltinTarget, rule: BuiltinRule): boolean {
  if (target.kind === 'other') {
    c.reporter.report(
      target,
      undefined,
      undefined,
      BUILTIN_SPVKIT_CODES.target,
      `BuiltIn ${builtInName(target.builtIn)} decorates ${target.def ? `an Op${opName(target.def.opcode)}` : 'an id that is not a global variable or constant'}; BuiltIn must decorate a global variable, a member of a Block struct type, or a constant`,
    );
    return false;
  }
  if (target.kind === 'member' && rule.memberAllowed === false) {
    c.reporter.report(
      target,
      undefined,
      undefined,
      BUILTIN_SPVKIT_CODES.member,
      `BuiltIn ${builtInName(target.builtIn)} must decorate a variable, not a struct member`,
    );
    return false;
  }
  return true;
}
