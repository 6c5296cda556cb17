import { Capability, Op, definitionOf, enumerantRequirements, type ModuleIndex } from '@spvkit/core';
import type { IdNamer, Reporter } from '../report/Reporter.js';
import type { RuleCode } from '../report/rules.js';

/** The opcodes whose result an array length may not be: no constant at all. */
const NOT_CONSTANTS = new Set<number>([Op.Undef, Op.Variable, Op.Function, Op.String, Op.ExtInstImport, Op.Label]);
/** The constant opcodes whose value a length has, when its type is an integer. */
const CONSTANTS = new Set<number>([
  Op.Constant,
  Op.ConstantNull,
  Op.SpecConstant,
  Op.SpecConstantOp,
  Op.ConstantTrue,
  Op.ConstantFalse,
  Op.SpecConstantTrue,
  Op.SpecConstantFalse,
]);
/** The types a vector's component, a struct's member or an array's element never is (pointers: see below). */
const NOT_SCALARS = new Set<number>([Op.TypeVoid, Op.TypeVector, Op.TypeMatrix, Op.TypeStruct, Op.TypeArray, Op.TypeRuntimeArray, Op.TypeFunction]);

/** The type declarations judged here. */
const DECLARATIONS = new Set<number>([Op.TypeInt, Op.TypeFloat, Op.TypeVector, Op.TypeMatrix, Op.TypeArray, Op.TypeRuntimeArray, Op.TypeStruct]);

/**
 * The types family, declarations: what spirv-val checks of a type as it is declared (validate_type.cpp).
 * OpTypeInt is 8, 16, 32 or 64 bits wide with signedness 0 or 1, OpTypeFloat 16, 32 or 64 bits
 * (any width it gives an encoding); a vector has 2 to 4 scalar components (8 or 16 with Vector16);
 * a matrix 2 to 4 columns that are float vectors; an array's element is no void and its length an
 * integer constant of at least 1 (a spec constant's default value is not judged: the current
 * spirv-val accepts a 0 that specialization replaces); no struct member is void. Modules
 * declaring the capabilities that lift a limit (arbitrary-precision integers and floats,
 * LongVectorEXT, vectors of pointers) are not judged on it.
 */
export function checkTypeDeclarations(scan: ModuleIndex, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  const caps = declaredCapabilities(scan);
  const fail = (code: RuleCode, i: number, message: (name: IdNamer) => string, ids: readonly number[]): void => reporter.report(code, i, message, ids);
  const defOp = (id: number): number => {
    const d = definitionOf(scan, id);
    return d < 0 ? -1 : opcode[d];
  };
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.Function) break; // types are global: nothing after the first function
    if (!DECLARATIONS.has(op) || reporter.isFlagged(i)) continue;
    const s = scan.operandStart[i];
    const n = scan.end[i] - s;
    const self = scan.resultId[i];
    switch (op) {
      case Op.TypeInt: {
        if (n < 2 || caps.has(Capability.ArbitraryPrecisionIntegersALTERA)) break;
        const width = words[s];
        if (width !== 8 && width !== 16 && width !== 32 && width !== 64)
          fail('spvkit-types-declaration-width', i, () => `OpTypeInt: ${width} bits is no integer width (8, 16, 32 or 64)`, []);
        else if (words[s + 1] > 1) fail('spvkit-types-declaration-width', i, () => `OpTypeInt: signedness ${words[s + 1]} is neither 0 nor 1`, []);
        break;
      }
      case Op.TypeFloat: {
        // A float with an encoding operand (BFloat16KHR, Float8E4M3EXT, ...) takes the width its encoding has.
        if (n !== 1 || caps.has(Capability.ArbitraryPrecisionFloatingPointALTERA)) break;
        const width = words[s];
        if (width !== 16 && width !== 32 && width !== 64)
          fail('spvkit-types-declaration-width', i, () => `OpTypeFloat: ${width} bits is no floating-point width (16, 32 or 64)`, []);
        break;
      }
      case Op.TypeVector: {
        if (n < 2) break;
        const component = words[s];
        const c = defOp(component);
        if (NOT_SCALARS.has(c) || (c === Op.TypePointer && !caps.has(Capability.MaskedGatherScatterINTEL))) {
          fail('spvkit-types-declaration-vector', i, (name) => `OpTypeVector: the component type ${name(component)} is not a scalar type`, [component]);
          break;
        }
        // 8 and 16 components without Vector16 are the capabilities family's finding.
        const size = words[s + 1];
        if (caps.has(Capability.LongVectorEXT) || size === 2 || size === 3 || size === 4 || size === 8 || size === 16) break;
        fail('spvkit-types-declaration-vector', i, () => `OpTypeVector: ${size} is no number of components (2, 3 or 4; 8 or 16 with Vector16)`, []);
        break;
      }
      case Op.TypeMatrix: {
        if (n < 2) break;
        const column = words[s];
        const d = definitionOf(scan, column);
        if (d < 0) break;
        if (opcode[d] !== Op.TypeVector) {
          fail('spvkit-types-declaration-matrix', i, (name) => `OpTypeMatrix: the column type ${name(column)} is not a vector`, [column]);
          break;
        }
        const component = scan.end[d] > scan.operandStart[d] ? words[scan.operandStart[d]] : 0;
        if (defOp(component) !== Op.TypeFloat) {
          fail('spvkit-types-declaration-matrix', i, (name) => `OpTypeMatrix: the columns ${name(column)} are not float vectors`, [column]);
          break;
        }
        const columns = words[s + 1];
        if (columns < 2 || columns > 4) fail('spvkit-types-declaration-matrix', i, () => `OpTypeMatrix: ${columns} is no number of columns (2, 3 or 4)`, []);
        break;
      }
      case Op.TypeArray:
      case Op.TypeRuntimeArray: {
        if (n < 1) break;
        const element = words[s];
        const name = op === Op.TypeArray ? 'OpTypeArray' : 'OpTypeRuntimeArray';
        if (defOp(element) === Op.TypeVoid) {
          fail('spvkit-types-declaration-array', i, (nm) => `${name}: the element type ${nm(element)} is void`, [element]);
          break;
        }
        if (op === Op.TypeArray && n >= 2) checkLength(scan, i, words[s + 1], fail);
        break;
      }
      case Op.TypeStruct:
        for (let k = 0; k < n; k++) {
          const member = words[s + k];
          if (defOp(member) === Op.TypeVoid) {
            fail('spvkit-types-declaration-struct', i, (name) => `OpTypeStruct: member ${k} of ${name(self)} is void`, [self]);
            break;
          }
        }
        break;
      default:
        break;
    }
  }
}

/** An array's length: an integer constant (its default value at least 1 where it is no spec constant). */
function checkLength(
  scan: ModuleIndex,
  i: number,
  length: number,
  fail: (code: RuleCode, i: number, message: (name: IdNamer) => string, ids: readonly number[]) => void,
): void {
  const d = definitionOf(scan, length);
  if (d < 0) return;
  const op = scan.opcode[d];
  const notConstant = NOT_CONSTANTS.has(op) || (op >= Op.TypeVoid && op <= Op.TypeForwardPointer);
  if (notConstant) {
    fail('spvkit-types-declaration-array', i, (name) => `OpTypeArray: the length ${name(length)} is not a scalar constant`, [length]);
    return;
  }
  if (!CONSTANTS.has(op)) return;
  const type = scan.typeId[d];
  const t = definitionOf(scan, type);
  if (t < 0) return;
  if (scan.opcode[t] !== Op.TypeInt) {
    fail('spvkit-types-declaration-array', i, (name) => `OpTypeArray: the length ${name(length)} is not an integer constant`, [length]);
    return;
  }
  if (op !== Op.Constant && op !== Op.ConstantNull) return; // a spec constant's value is specialization's
  const value = op === Op.ConstantNull ? 0 : integerValue(scan, d, t);
  if (value !== undefined && value < 1) {
    fail('spvkit-types-declaration-array', i, (name) => `OpTypeArray: the length ${name(length)} is ${value}; an array has at least 1 element`, [length]);
  }
}

/** The value of OpConstant `d` of integer type `t` (signed as its type says), or undefined past 64 bits. */
function integerValue(scan: ModuleIndex, d: number, t: number): number | undefined {
  const w = scan.words;
  const s = scan.operandStart[d];
  const n = scan.end[d] - s;
  const width = w[scan.operandStart[t]];
  const signed = w[scan.operandStart[t] + 1] === 1;
  if (n === 1 && width <= 32) {
    const v = w[s];
    if (!signed) return width === 32 ? v >>> 0 : v & (2 ** width - 1);
    const shift = 32 - width;
    return (v << shift) >> shift;
  }
  if (n === 2 && width === 64) {
    const hi = w[s + 1];
    if (signed && hi >>> 31 === 1) return -1; // negative: its exact value does not matter here
    return hi * 2 ** 32 + (w[s] >>> 0);
  }
  return undefined;
}

/** The capabilities the module declares, with those they depend on. */
function declaredCapabilities(scan: ModuleIndex): ReadonlySet<number> {
  const pending: number[] = [];
  for (let i = 0; i < scan.count; i++) {
    const op = scan.opcode[i];
    if (op === Op.Capability && scan.end[i] > scan.operandStart[i]) pending.push(scan.words[scan.operandStart[i]]);
    else if (op !== Op.Capability && op !== Op.Extension && op !== Op.ExtInstImport) break;
  }
  const declared = new Set<number>();
  while (pending.length > 0) {
    const c = pending.pop()!;
    if (declared.has(c)) continue;
    declared.add(c);
    for (const implied of enumerantRequirements('Capability', c)?.capabilities ?? []) pending.push(implied);
  }
  return declared;
}
