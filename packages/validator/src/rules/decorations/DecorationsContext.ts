import { Capability, Op, enumerantName, enumerantRequirements, definitionOf, type IdOperandWalker, type ModuleIndex } from '@spvkit/core';
import type { IdNamer, Reporter } from '../../report/Reporter.js';
import type { RuleCode } from '../../report/rules.js';
import { readString } from '../../scan/readString.js';
import type { BlockLayoutOptions } from './BlockLayoutOptions.js';
import type { DecorationTable } from './DecorationTable.js';
import type { EnvFacts } from './targetEnv.js';
import { sourceAsksScalarLayout } from './glslScalarLayout.js';

/** What every check of the decorations family reads: the scan, the decorations, the environment. */
export class DecorationsContext {
  /** The module's SPIR-V version word from the header (0x00010300 for 1.3). */
  readonly version: number;
  /** Whether the module declares the Shader capability, or one that implies it (MeshShadingEXT, Geometry, ...), as spirv-val counts them. */
  readonly shader: boolean;
  /** Whether the module declares the WorkgroupMemoryExplicitLayoutKHR capability. */
  readonly workgroupLayout: boolean;
  /** Whether the module's GLSL enabled GL_EXT_scalar_block_layout (scalar layout where the options leave it open). */
  readonly glslScalarLayout: boolean;

  constructor(
    readonly scan: ModuleIndex,
    readonly ids: IdOperandWalker,
    readonly table: DecorationTable,
    readonly reporter: Reporter,
    readonly env: EnvFacts,
    readonly options: BlockLayoutOptions,
  ) {
    this.version = scan.words[1];
    let shader = false;
    let workgroupLayout = false;
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if (op === Op.Capability && scan.end[i] > scan.operandStart[i]) {
        const c = scan.words[scan.operandStart[i]];
        if (!shader && implies(c, Capability.Shader, 0)) shader = true;
        if (c === Capability.WorkgroupMemoryExplicitLayoutKHR) workgroupLayout = true;
      } else if (op !== Op.Extension && op !== Op.Nop) break;
    }
    this.shader = shader;
    this.workgroupLayout = workgroupLayout;
    this.glslScalarLayout = options.scalarBlockLayout === undefined && sourceAsksScalarLayout(scan);
  }

  /** The instruction defining `id`, or -1. */
  def(id: number): number {
    return definitionOf(this.scan, id);
  }

  /** The opcode defining `id`, or 0. */
  opcodeOf(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.opcode[d];
  }

  /** The result type of the instruction defining `id`, or 0. */
  typeOf(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.typeId[d];
  }

  /** Operand `k` after the result id of the instruction defining `id`, or 0 where it has none. */
  operand(id: number, k: number): number {
    const d = definitionOf(this.scan, id);
    if (d < 0) return 0;
    const w = this.scan.operandStart[d] + k;
    return w < this.scan.end[d] ? this.scan.words[w] : 0;
  }

  /** How many operands follow the result id in the instruction defining `id`. */
  operandCount(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.end[d] - this.scan.operandStart[d];
  }

  /** The storage class of a pointer type, or -1 when `type` is no OpTypePointer. */
  storageClassOfPointer(type: number): number {
    return this.opcodeOf(type) === Op.TypePointer && this.operandCount(type) >= 2 ? this.operand(type, 0) : -1;
  }

  /** The storage class of an OpVariable, or -1. */
  storageClassOfVariable(variable: number): number {
    return this.opcodeOf(variable) === Op.Variable && this.operandCount(variable) >= 1 ? this.operand(variable, 0) : -1;
  }

  /** Reports a finding of this family (the instruction it is at may be -1 for none). */
  report(code: RuleCode, instruction: number, message: (name: IdNamer) => string, ids: readonly number[] = []): void {
    this.reporter.report(code, instruction, message, ids);
  }

  /** A decoration's name, for messages. */
  decorationName(kind: number): string {
    return enumerantName('Decoration', kind) ?? `decoration ${kind}`;
  }

  /** A storage class's name, for messages. */
  storageClassName(sc: number): string {
    return enumerantName('StorageClass', sc) ?? `storage class ${sc}`;
  }

  /** "member 2 (\"color\")": the member's index and its OpMemberName where it has one; only for messages. */
  memberLabel(struct: number, member: number): string {
    const { scan } = this;
    for (let i = 0; i < scan.count; i++) {
      if (scan.opcode[i] !== Op.MemberName) continue;
      const s = scan.operandStart[i];
      if (scan.end[i] - s >= 3 && scan.words[s] === struct && scan.words[s + 1] === member) {
        const name = readString(scan.words, s + 2, scan.end[i]);
        if (name !== undefined && name !== '') return `member ${member} ("${name}")`;
      }
    }
    return `member ${member}`;
  }
}

/** Whether declaring capability `c` declares `wanted` too (itself, or through the capabilities it implies). */
function implies(c: number, wanted: number, depth: number): boolean {
  if (c === wanted) return true;
  if (depth > 16) return false;
  for (const parent of enumerantRequirements('Capability', c)?.capabilities ?? []) if (implies(parent, wanted, depth + 1)) return true;
  return false;
}
