// The generated operand layouts against the grammar's shapes, which come from the same JSON by
// another generator: every operand list (core instructions, extended instructions, enumerants'
// parameters) has the classes its kinds say, and the reader's numbers are the generator's.
import { describe, expect, it } from 'vitest';
import { LAYOUT_CLASS_NAMES } from '../grammar/generated/operandLayouts.js';
import {
  MemoryAccess,
  Op,
  enumerantParameters,
  extInstOperands,
  extInstSetByName,
  extInstSetInfos,
  instructionOperands,
  knownOpcodes,
  operandCategory,
  enumHasParameters,
  type ExtInstSetInfo,
  type OperandSpec,
} from '../grammar/index.js';
import {
  OperandClass,
  OperandQuantity,
  UNKNOWN_EXT_INST_LAYOUT,
  enumerantLayout,
  extInstLayout,
  layoutCodes,
  layoutKindName,
  layoutKinds,
  layoutParameterTables,
  opcodeLayout,
} from './operandLayout.js';

const NAMES = Object.fromEntries(Object.entries(OperandClass).map(([name, n]) => [n, name]));
const QUANTITIES = { '': OperandQuantity.One, '?': OperandQuantity.Optional, '*': OperandQuantity.Many };

/** The class core's operand walker gives a kind (ir/operands.ts), written out again. */
function classOf(kind: string, set: ExtInstSetInfo | undefined): number {
  const direct: Partial<Record<string, number>> = {
    IdRef: OperandClass.Id,
    IdScope: OperandClass.Scope,
    IdMemorySemantics: OperandClass.Semantics,
    LiteralInteger: OperandClass.Integer,
    LiteralFloat: OperandClass.Float,
    LiteralString: OperandClass.String,
    LiteralContextDependentNumber: OperandClass.Number,
    LiteralExtInstInteger: OperandClass.ExtNumber,
    LiteralSpecConstantOpInteger: OperandClass.SpecOpcode,
    PairLiteralIntegerIdRef: OperandClass.PairLiteralId,
    PairIdRefLiteralInteger: OperandClass.PairIdLiteral,
    PairIdRefIdRef: OperandClass.PairIdId,
  };
  const cls = direct[kind];
  if (cls !== undefined) return cls;
  const category = operandCategory(kind, set);
  const parameters = enumHasParameters(kind, set);
  if (category === 'ValueEnum') return parameters ? OperandClass.ValueParameters : OperandClass.Value;
  if (category === 'BitEnum') return parameters ? OperandClass.BitsParameters : OperandClass.Bits;
  return OperandClass.Word;
}

/** A layout as text, `Class?` per slot, with the kind of enumerants: what the grammar's list reads as. */
function layoutText(slot: number): string {
  const out: string[] = [];
  for (; layoutCodes[slot] !== 0; slot++) {
    const cls = layoutCodes[slot] >>> 2;
    const q = ['', '?', '*'][layoutCodes[slot] & 3];
    out.push(`${NAMES[cls]}${cls >= OperandClass.Value ? `(${layoutKindName(layoutKinds[slot])})` : ''}${q}`);
  }
  return out.join(' ');
}

function specsText(specs: readonly OperandSpec[], set: ExtInstSetInfo | undefined): string {
  return specs
    .filter((s) => s.kind !== 'IdResultType' && s.kind !== 'IdResult')
    .map((s) => {
      const cls = classOf(s.kind, set);
      return `${NAMES[cls]}${cls >= OperandClass.Value ? `(${s.kind})` : ''}${s.quantifier}`;
    })
    .join(' ');
}

/** Every slot of a layout that brings parameters, checked against the grammar's enumerants (each table once). */
function checkParameters(slot: number, set: ExtInstSetInfo | undefined, seen: Set<number>): void {
  for (; layoutCodes[slot] !== 0; slot++) {
    const cls = layoutCodes[slot] >>> 2;
    if (cls !== OperandClass.ValueParameters && cls !== OperandClass.BitsParameters) continue;
    const table = layoutParameterTables[slot];
    if (seen.has(table)) continue;
    seen.add(table);
    const kind = layoutKindName(layoutKinds[slot]);
    for (const value of [0, ...Array.from({ length: 32 }, (_, b) => (1 << b) >>> 0), ...Array.from({ length: 7000 }, (_, v) => v)]) {
      const params = enumerantParameters(kind, value, set);
      const layout = enumerantLayout(table, value);
      expect(layout < 0, `${kind} ${value}`).toBe(params === undefined);
      if (params !== undefined) {
        expect(layoutText(layout), `${kind} ${value}`).toBe(specsText(params, set));
        checkParameters(layout, set, seen);
      }
    }
  }
}

describe('operand layouts', () => {
  it('number the classes as the generator does', () => {
    expect(LAYOUT_CLASS_NAMES.split(' ')).toEqual(Object.keys(OperandClass));
    expect(Object.values(OperandClass)).toEqual(Object.keys(OperandClass).map((_, i) => i + 1));
    expect(Object.values(QUANTITIES)).toEqual([0, 1, 2]);
  });

  it('give every core instruction the classes of its operands', () => {
    const seen = new Set<number>();
    for (const opcode of knownOpcodes()) {
      expect(layoutText(opcodeLayout[opcode]), `opcode ${opcode}`).toBe(specsText(instructionOperands(opcode)!, undefined));
      checkParameters(opcodeLayout[opcode], undefined, seen);
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(layoutText(opcodeLayout[0xfff0])).toBe('');
  });

  it('give every extended instruction the classes of its operands, ids for the unknown ones', () => {
    for (const set of extInstSetInfos()) {
      const seen = new Set<number>();
      for (let number = 0; number < 1000; number++) {
        const specs = extInstOperands(set, number);
        const slot = extInstLayout(set, number);
        if (specs === undefined) expect(slot).toBe(UNKNOWN_EXT_INST_LAYOUT);
        else {
          expect(layoutText(slot), `${set.name} ${number}`).toBe(specsText(specs, set));
          checkParameters(slot, set, seen);
        }
      }
    }
    expect(layoutText(UNKNOWN_EXT_INST_LAYOUT)).toBe('Id*');
    expect(extInstLayout(undefined, 1)).toBe(UNKNOWN_EXT_INST_LAYOUT);
  });

  it('read as their examples say', () => {
    expect(layoutText(opcodeLayout[Op.Load])).toBe('Id BitsParameters(MemoryAccess)?');
    expect(layoutText(opcodeLayout[Op.Variable])).toBe('Value(StorageClass) Id?');
    expect(layoutText(extInstLayout(extInstSetByName('GLSL.std.450'), 46))).toBe('Id Id Id');
    const memoryAccess = opcodeLayout[Op.Load] + 1;
    expect(layoutText(enumerantLayout(layoutParameterTables[memoryAccess], MemoryAccess.Aligned))).toBe('Integer');
    expect(enumerantLayout(layoutParameterTables[memoryAccess], 1 << 30)).toBe(-1);
  });
});
