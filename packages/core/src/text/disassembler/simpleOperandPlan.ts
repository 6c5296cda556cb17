import { instructionOperands, operandCategory } from '../../grammar/shapes.js';
import type { OperandSpec } from '../../grammar/types.js';

/** How many of an operand a {@link SimpleOperandPlan} takes: one, zero or one, or all the rest. */
export const Quantity = { One: 0, Optional: 1, Many: 2 } as const;

/** What a leading operand of a {@link SimpleOperandPlan} is. */
export const SimpleKind = { Id: 0, Integer: 1, String: 2, Enum: 3 } as const;

/**
 * The leading operands of an instruction that are ids, plain integers, strings or enumerants,
 * when the operands after them, if any, are all optional: then an instruction whose words are
 * used up by the leading operands, and whose enumerants take no parameters, can be printed
 * without the grammar walker. That is nearly every instruction of a real module (arithmetic,
 * loads and stores without memory operands, access chains, calls, branches, names, variables,
 * merges), so the shortcut is worth having.
 */
export interface SimpleOperandPlan {
  /** Per leading operand: a {@link SimpleKind}. */
  readonly kinds: Uint8Array;
  /** Per leading operand: a {@link Quantity}. */
  readonly quantifiers: Uint8Array;
  /** Per leading operand: the grammar's operand kind (used for enumerants). */
  readonly operandKinds: readonly string[];
}

/** Opcode -> plan, filled on first use (an array: this is looked up for every instruction). */
const plans: (SimpleOperandPlan | null | undefined)[] = new Array<SimpleOperandPlan | null | undefined>(65536).fill(undefined);

/** The plan for `opcode`, or null when its operands always need the grammar walker. */
export function simpleOperandPlan(opcode: number): SimpleOperandPlan | null {
  let plan = plans[opcode];
  if (plan === undefined) {
    const operands = instructionOperands(opcode);
    plan = operands === undefined ? null : build(operands);
    plans[opcode] = plan;
  }
  return plan;
}

function simpleKind(kind: string): number | undefined {
  switch (kind) {
    case 'IdRef':
    case 'IdScope':
    case 'IdMemorySemantics':
      return SimpleKind.Id;
    case 'LiteralInteger':
      return SimpleKind.Integer;
    case 'LiteralString':
      return SimpleKind.String;
    default: {
      const category = operandCategory(kind);
      return category === 'ValueEnum' || category === 'BitEnum' ? SimpleKind.Enum : undefined;
    }
  }
}

function build(operands: readonly OperandSpec[]): SimpleOperandPlan | null {
  const specs = operands.filter((o) => o.kind !== 'IdResultType' && o.kind !== 'IdResult');
  let prefix = 0;
  while (prefix < specs.length && simpleKind(specs[prefix].kind) !== undefined) prefix++;
  if (!specs.slice(prefix).every((o) => o.quantifier !== '')) return null;
  const head = specs.slice(0, prefix);
  return {
    kinds: Uint8Array.from(head, (o) => simpleKind(o.kind)!),
    quantifiers: Uint8Array.from(head, (o) => (o.quantifier === '' ? Quantity.One : o.quantifier === '?' ? Quantity.Optional : Quantity.Many)),
    operandKinds: head.map((o) => o.kind),
  };
}
