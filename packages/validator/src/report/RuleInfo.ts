/**
 * The rule families: one per concern, as issue 19 lists them. `types` covers every instruction's
 * result and operand types (arithmetic to memory, calls, images, atomics and barriers).
 */
export type RuleFamily = 'binary' | 'layout' | 'ids' | 'ssa' | 'types' | 'control-flow' | 'decorations' | 'capabilities' | 'environment' | 'builtins';

/** What a rule code stands for. */
export interface RuleInfo {
  readonly family: RuleFamily;
  /** One line saying what the rule requires. */
  readonly summary: string;
}
