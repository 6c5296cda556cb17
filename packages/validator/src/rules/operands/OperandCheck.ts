import { Capability, Op, opcodeName, type ModuleIndex, type BlockStructure } from '@spvkit/core';
import type { IdNamer, Reporter } from '../../report/Reporter.js';
import type { RuleCode } from '../../report/rules.js';
import { TypeFields } from '../../types/TypeFields.js';
import { TypeQueries } from '../../types/TypeQueries.js';

/**
 * The instruction being checked and what every check of the operand family asks about it. One
 * object for the whole module: the instruction is held in fields (set by {@link at}), not captured
 * by closures, so a clean module costs no allocation per instruction; a message is made only for
 * a finding.
 */
export class OperandCheck {
  readonly words: Uint32Array;
  readonly t: TypeQueries;
  readonly f: TypeFields;
  /** Whether the module declares the Shader capability (scopes and memory semantics must then be OpConstants). */
  readonly shader: boolean;
  /** Whether the target environment is a Vulkan one, whose image reads give 4 components. */
  readonly vulkan: boolean;
  /** The instruction's number, opcode, result type, first operand word and end. */
  i = 0;
  op = 0;
  result = 0;
  start = 0;
  end = 0;

  constructor(
    readonly scan: ModuleIndex,
    readonly structure: BlockStructure,
    private readonly reporter: Reporter,
    targetEnv: string | undefined,
  ) {
    this.vulkan = targetEnv?.startsWith('vulkan') ?? false;
    this.words = scan.words;
    this.t = new TypeQueries(scan);
    this.f = new TypeFields(scan);
    let shader = false;
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if (op === Op.Capability && scan.end[i] > scan.operandStart[i] && scan.words[scan.operandStart[i]] === Capability.Shader) shader = true;
      else if (op !== Op.Capability && op !== Op.Extension && op !== Op.ExtInstImport) break;
    }
    this.shader = shader;
  }

  /** Makes instruction `i` the one checked. */
  at(i: number): void {
    this.i = i;
    this.op = this.scan.opcode[i];
    this.result = this.scan.typeId[i];
    this.start = this.scan.operandStart[i];
    this.end = this.scan.end[i];
  }

  /** How many operand words follow the result id. */
  get n(): number {
    return this.end - this.start;
  }

  /** Operand word `k`, or 0 where the instruction is shorter. */
  operand(k: number): number {
    const w = this.start + k;
    return w < this.end ? this.words[w] : 0;
  }

  /** The type of the value in operand `k` (0: not a value, or no such operand). */
  type(k: number): number {
    return this.t.typeOf(this.operand(k));
  }

  /** Reports a finding of `code` on the instruction, its message led by the opcode's name. */
  fail(code: RuleCode, message: (name: IdNamer) => string, ids: readonly number[] = []): void {
    const op = this.op;
    this.reporter.report(code, this.i, (name) => `${opcodeName(op) ?? `opcode ${op}`}: ${message(name)}`, ids);
  }

  /**
   * Reports operand `k` when it names no value (a type, a label, a function, ...); true when it
   * is a value, so the caller may go on to its type.
   */
  value(k: number): boolean {
    if (this.type(k) !== 0) return true;
    const id = this.operand(k);
    this.fail('spvkit-types-not-value', (name) => `operand ${name(id)} is not a value`, [id]);
    return false;
  }
}
