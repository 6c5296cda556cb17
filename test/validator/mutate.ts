// Seeded mutations of valid modules for the differential test: each makes one change of a kind the
// validator's families judge (operand and type swaps, moved and deleted instructions). They work on
// the words, so layouts that core's Module cannot hold (a name among the types) can be made.
import { Op } from '@spvkit/core';
import { scanModule, type ModuleScan } from '@spvkit/validator';
import type { Random } from '../fuzz/random.js';

export type MutationKind = 'operand-swap' | 'type-swap' | 'move-body' | 'delete-body' | 'move-global' | 'move-header';
export const MUTATION_KINDS: readonly MutationKind[] = ['operand-swap', 'type-swap', 'move-body', 'delete-body', 'move-global', 'move-header'];

/** The opcodes whose types the validator checks: arithmetic, bitwise, logical, relational, conversion, loads, stores, access chains, composites, returns. */
const TYPED = new Set<number>([
  Op.FAdd,
  Op.FSub,
  Op.FMul,
  Op.FDiv,
  Op.FRem,
  Op.FMod,
  Op.FNegate,
  Op.UDiv,
  Op.UMod,
  Op.IAdd,
  Op.ISub,
  Op.IMul,
  Op.SDiv,
  Op.SRem,
  Op.SMod,
  Op.SNegate,
  Op.BitwiseAnd,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.Not,
  Op.ShiftLeftLogical,
  Op.ShiftRightLogical,
  Op.ShiftRightArithmetic,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalNot,
  Op.Select,
  Op.IEqual,
  Op.INotEqual,
  Op.UGreaterThan,
  Op.SGreaterThan,
  Op.UGreaterThanEqual,
  Op.SGreaterThanEqual,
  Op.ULessThan,
  Op.SLessThan,
  Op.ULessThanEqual,
  Op.SLessThanEqual,
  Op.FOrdEqual,
  Op.FUnordEqual,
  Op.FOrdNotEqual,
  Op.FUnordNotEqual,
  Op.FOrdLessThan,
  Op.FUnordLessThan,
  Op.FOrdGreaterThan,
  Op.FUnordGreaterThan,
  Op.FOrdLessThanEqual,
  Op.FUnordLessThanEqual,
  Op.FOrdGreaterThanEqual,
  Op.FUnordGreaterThanEqual,
  Op.IsNan,
  Op.IsInf,
  Op.Any,
  Op.All,
  Op.ConvertFToU,
  Op.ConvertFToS,
  Op.ConvertSToF,
  Op.ConvertUToF,
  Op.UConvert,
  Op.SConvert,
  Op.FConvert,
  Op.Dot,
  Op.VectorTimesScalar,
  Op.Load,
  Op.Store,
  Op.AccessChain,
  Op.InBoundsAccessChain,
  Op.CompositeExtract,
  Op.CompositeConstruct,
  Op.ReturnValue,
]);

/** Body instructions a move or a delete leaves alone: structure the validator does not judge yet (merges, branches) and debug info. */
const FIXED = new Set<number>([
  Op.Label,
  Op.Branch,
  Op.BranchConditional,
  Op.Switch,
  Op.Return,
  Op.ReturnValue,
  Op.Kill,
  Op.Unreachable,
  Op.TerminateInvocation,
  Op.SelectionMerge,
  Op.LoopMerge,
  Op.Line,
  Op.NoLine,
  Op.ExtInst,
  Op.Function,
  Op.FunctionParameter,
  Op.FunctionEnd,
]);

const HEADER = new Set<number>([Op.Name, Op.MemberName, Op.Decorate, Op.MemberDecorate, Op.ExecutionMode, Op.EntryPoint, Op.Source, Op.String]);
const SCALAR_TYPES = new Set<number>([Op.TypeBool, Op.TypeInt, Op.TypeFloat, Op.TypeVector]);

export interface Mutant {
  kind: MutationKind;
  words: Uint32Array;
  /** What was done, for the report of a disagreement. */
  what: string;
}

/** One mutant of `words` of the given kind, or undefined when the module offers nothing to mutate that way. */
export function mutate(words: Uint32Array, kind: MutationKind, random: Random): Mutant | undefined {
  const { scan } = scanModule(words);
  const all = Array.from({ length: scan.count }, (_, i) => i);
  const firstFunction = all.find((i) => scan.opcode[i] === Op.Function) ?? scan.count;
  const body = all.filter((i) => i > firstFunction);
  const globals = all.filter(
    (i) => i < firstFunction && scan.opcode[i] !== Op.Line && !HEADER.has(scan.opcode[i]) && scan.resultId[i] !== 0 && isGlobal(scan.opcode[i]),
  );
  switch (kind) {
    case 'operand-swap': {
      const candidates = body.filter((i) => TYPED.has(scan.opcode[i]) && scan.end[i] > scan.operandStart[i]);
      const values = globals.filter((i) => scan.typeId[i] !== 0 && scan.opcode[i] !== Op.Variable);
      if (candidates.length === 0 || values.length === 0) return undefined;
      const i = random.pick(candidates);
      const k = scan.operandStart[i] + random.below(scan.end[i] - scan.operandStart[i]);
      const value = scan.resultId[random.pick(values)];
      const out = words.slice();
      out[k] = value;
      return { kind, words: out, what: `operand ${k - scan.operandStart[i]} of instruction ${i} (opcode ${scan.opcode[i]}) := %${value}` };
    }
    case 'type-swap': {
      const candidates = body.filter((i) => TYPED.has(scan.opcode[i]) && scan.typeId[i] !== 0);
      const types = globals.filter((i) => SCALAR_TYPES.has(scan.opcode[i]));
      if (candidates.length === 0 || types.length === 0) return undefined;
      const i = random.pick(candidates);
      const type = scan.resultId[random.pick(types)];
      const out = words.slice();
      out[scan.pos[i] + 1] = type;
      return { kind, words: out, what: `result type of instruction ${i} (opcode ${scan.opcode[i]}) := %${type}` };
    }
    case 'move-body': {
      const movable = body.filter((i) => !FIXED.has(scan.opcode[i]));
      if (movable.length === 0) return undefined;
      const i = random.pick(movable);
      const fnStart = lastBefore(scan, i, Op.Function);
      const fnEnd = firstAfter(scan, i, Op.FunctionEnd);
      // Any place in the same function after its first label: before an instruction that is no label.
      const places = all.filter(
        (j) => j > fnStart && j <= fnEnd && j !== i && j !== i + 1 && scan.opcode[j] !== Op.Label && j > firstAfter(scan, fnStart, Op.Label),
      );
      if (places.length === 0) return undefined;
      const before = random.pick(places);
      return { kind, words: moveBefore(words, scan, i, before), what: `instruction ${i} (opcode ${scan.opcode[i]}) moved before instruction ${before}` };
    }
    case 'delete-body': {
      const deletable = body.filter((i) => !FIXED.has(scan.opcode[i]));
      if (deletable.length === 0) return undefined;
      const i = random.pick(deletable);
      return { kind, words: remove(words, scan, i), what: `instruction ${i} (opcode ${scan.opcode[i]}) deleted` };
    }
    case 'move-global': {
      if (globals.length < 2) return undefined;
      const i = random.pick(globals.slice(1));
      const before = random.pick(globals.filter((j) => j < i));
      return { kind, words: moveBefore(words, scan, i, before), what: `global ${i} (opcode ${scan.opcode[i]}) moved before global ${before}` };
    }
    case 'move-header': {
      const header = all.filter((i) => i < firstFunction && HEADER.has(scan.opcode[i]));
      if (header.length === 0) return undefined;
      const i = random.pick(header);
      const before = random.below(firstFunction + 1);
      if (before === i || before === i + 1) return undefined;
      return { kind, words: moveBefore(words, scan, i, before), what: `instruction ${i} (opcode ${scan.opcode[i]}) moved before instruction ${before}` };
    }
  }
}

function isGlobal(op: number): boolean {
  return op !== Op.ExtInstImport && op !== Op.String && op !== Op.DecorationGroup && op !== Op.ExtInst;
}

function lastBefore(scan: ModuleScan, i: number, op: number): number {
  for (let j = i; j >= 0; j--) if (scan.opcode[j] === op) return j;
  return -1;
}

function firstAfter(scan: ModuleScan, i: number, op: number): number {
  for (let j = i; j < scan.count; j++) if (scan.opcode[j] === op) return j;
  return scan.count;
}

/** `words` with instruction `i` moved to just before instruction `before` (`scan.count`: to the end). */
function moveBefore(words: Uint32Array, scan: ModuleScan, i: number, before: number): Uint32Array {
  const moved = words.subarray(scan.pos[i], scan.end[i]);
  const without = remove(words, scan, i);
  const at = before >= scan.count ? without.length : scan.pos[before] - (before > i ? moved.length : 0);
  const out = new Uint32Array(words.length);
  out.set(without.subarray(0, at), 0);
  out.set(moved, at);
  out.set(without.subarray(at), at + moved.length);
  return out;
}

function remove(words: Uint32Array, scan: ModuleScan, i: number): Uint32Array {
  const out = new Uint32Array(words.length - (scan.end[i] - scan.pos[i]));
  out.set(words.subarray(0, scan.pos[i]), 0);
  out.set(words.subarray(scan.end[i]), scan.pos[i]);
  return out;
}
