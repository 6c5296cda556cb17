import type { RuleCode } from './rules.js';
import type { ValidationDiagnostic } from './ValidationDiagnostic.js';

/** Names an id in a message: `%name` where the module names it, else `%<number>`. */
export type IdNamer = (id: number) => string;

/** How a finding's message is made: only when the findings are turned into diagnostics. */
export type MessageMaker = (name: IdNamer) => string;

/** What a finding may tell besides its message: a hint, and what the builtins family adds. */
export type FindingDetails = Partial<Pick<ValidationDiagnostic, 'hint' | 'builtIn' | 'target' | 'entryPoint'>>;

/** A finding as the rules record it: plain numbers, no strings, until there is something to say. */
export interface Finding {
  readonly code: RuleCode;
  /** Index of the instruction in the module's instruction order, or -1 for the header. */
  readonly instruction: number;
  readonly message: MessageMaker;
  /** The ids the message is about, named in the diagnostic. */
  readonly ids: readonly number[];
  readonly details?: FindingDetails;
}

/**
 * Collects the findings of every rule. Rules only record numbers and a message maker, so a clean
 * module costs no strings; names and source lines are looked up once, for the findings alone.
 */
export class Reporter {
  readonly findings: Finding[] = [];
  /** Instructions with a finding of the ids family: later families skip them, not to repeat it. */
  private readonly flagged = new Set<number>();

  report(code: RuleCode, instruction: number, message: MessageMaker, ids: readonly number[] = [], details?: FindingDetails): void {
    this.findings.push(details === undefined ? { code, instruction, message, ids } : { code, instruction, message, ids, details });
  }

  /** Marks an instruction whose operands are broken, so type rules leave it alone. */
  flag(instruction: number): void {
    this.flagged.add(instruction);
  }

  isFlagged(instruction: number): boolean {
    return this.flagged.has(instruction);
  }
}
