import { Op, definitionOf, opcodeName, type ModuleIndex } from '@spvkit/core';
import type { IdNamer, Reporter } from '../report/Reporter.js';

/** The opcodes of specialization constants, which an OpConstantComposite may not hold. */
const SPEC_CONSTANTS = new Set<number>([Op.SpecConstantTrue, Op.SpecConstantFalse, Op.SpecConstant, Op.SpecConstantComposite, Op.SpecConstantOp]);

/**
 * OpConstantComposite and OpSpecConstantComposite: the result type is a vector, matrix, array or
 * struct, with one constituent per component, column, element or member, each of exactly the
 * type it takes there (unlike OpCompositeConstruct, a vector is not built from smaller vectors);
 * and an OpConstantComposite holds no specialization constant, since it would then change with
 * specialization while claiming not to. Messages as the current spirv-val's ("OpConstantComposite
 * Constituent <id> count does not match Result Type <id>'s vector component count", "must not have
 * spec constant operands"). Result types the family does not model (cooperative matrices and
 * vectors, tensors, ...), runtime arrays (the current spirv-val accepts one) and arrays whose
 * length is a specialization constant are left alone.
 * Instructions flagged by the ids family are skipped.
 */
export function checkConstantComposites(scan: ModuleIndex, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break; // constants are global: nothing after the first function
    if ((op !== Op.ConstantComposite && op !== Op.SpecConstantComposite) || reporter.isFlagged(i)) continue;
    const fail = (message: (name: IdNamer) => string, ids: readonly number[]): void =>
      reporter.report('spvkit-types-constant-composite', i, (name) => `${opcodeName(op)}: ${message(name)}`, ids);
    const result = scan.typeId[i];
    const start = scan.operandStart[i];
    const n = scan.end[i] - start;
    const expected = constituentTypes(scan, result);
    if (expected === 'not-composite') {
      fail((name) => `the result type ${name(result)} is not a composite type`, [result]);
      continue;
    }
    if (op === Op.ConstantComposite) {
      for (let k = 0; k < n; k++) {
        const id = words[start + k];
        const d = definitionOf(scan, id);
        if (d >= 0 && SPEC_CONSTANTS.has(opcode[d])) {
          reporter.report(
            'spvkit-types-constant-spec-constituent',
            i,
            (name) => `OpConstantComposite: constituent ${name(id)} is a specialization constant; use OpSpecConstantComposite`,
            [id],
          );
        }
      }
    }
    if (expected === undefined) continue;
    if (expected.count !== undefined && n !== expected.count) {
      const wanted = expected.count;
      fail((name) => `the result type ${name(result)} takes ${wanted} constituents (${expected.what}), not ${n}`, [result]);
      continue;
    }
    for (let k = 0; k < n; k++) {
      const id = words[start + k];
      const wanted = expected.type(k);
      const d = definitionOf(scan, id);
      const has = d < 0 ? 0 : scan.typeId[d];
      if (has !== wanted) {
        fail((name) => `constituent ${name(id)} is not of the type ${name(wanted)} that the result type ${name(result)} holds there`, [id, wanted, result]);
        break;
      }
    }
  }
}

interface Constituents {
  /** How many constituents the type takes, or undefined where that is not known (a spec-constant length). */
  readonly count: number | undefined;
  /** What the count counts, for the message. */
  readonly what: string;
  /** The type of constituent `k`. */
  type(k: number): number;
}

/** What a composite constant of `type` is made of; 'not-composite' for a scalar, pointer or the like; undefined for a type not modelled here. */
function constituentTypes(scan: ModuleIndex, type: number): Constituents | 'not-composite' | undefined {
  const d = definitionOf(scan, type);
  if (d < 0) return undefined;
  const w = scan.words;
  const s = scan.operandStart[d];
  switch (scan.opcode[d]) {
    case Op.TypeVector:
      return { count: w[s + 1], what: 'its components', type: () => w[s] };
    case Op.TypeMatrix:
      return { count: w[s + 1], what: 'its columns', type: () => w[s] };
    case Op.TypeArray:
      return { count: constantLength(scan, w[s + 1]), what: 'its length', type: () => w[s] };
    case Op.TypeStruct:
      return { count: scan.end[d] - s, what: 'its members', type: (k) => w[s + k] };
    case Op.TypeVoid:
    case Op.TypeBool:
    case Op.TypeInt:
    case Op.TypeFloat:
    case Op.TypePointer:
    case Op.TypeFunction:
    case Op.TypeImage:
    case Op.TypeSampler:
    case Op.TypeSampledImage:
      return 'not-composite';
    default:
      return undefined;
  }
}

/** The value of an array length that is a 32-bit OpConstant, or undefined (a spec constant, a wider constant). */
function constantLength(scan: ModuleIndex, id: number): number | undefined {
  const d = definitionOf(scan, id);
  return d >= 0 && scan.opcode[d] === Op.Constant && scan.end[d] - scan.operandStart[d] === 1 ? scan.words[scan.operandStart[d]] : undefined;
}
