// Seeded mutations of valid modules for the differential test and the campaign (issue 19): each
// makes one change of a kind the validator's families judge: operand and type swaps, moved and
// deleted instructions, removed and retargeted merges, broken offsets and strides, dropped
// decorations, capabilities, extensions and interface ids, changed storage classes and versions.
// They work on the words, so layouts that core's Module cannot hold (a name among the types) can
// be made; every mutant keeps its word counts right, so it still decodes instruction by instruction.
import { Decoration, Op, StorageClass, indexModule, type ModuleIndex } from '@spvkit/core';
import type { Random } from '../fuzz/random.js';

export type MutationKind =
  | 'operand-swap'
  | 'type-swap'
  | 'move-body'
  | 'delete-body'
  | 'move-global'
  | 'move-header'
  | 'remove-merge'
  | 'retarget-merge'
  | 'break-offset'
  | 'drop-decoration'
  | 'change-storage-class'
  | 'drop-capability'
  | 'drop-extension'
  | 'drop-interface'
  | 'change-version';
export const MUTATION_KINDS: readonly MutationKind[] = [
  'operand-swap',
  'type-swap',
  'move-body',
  'delete-body',
  'move-global',
  'move-header',
  'remove-merge',
  'retarget-merge',
  'break-offset',
  'drop-decoration',
  'change-storage-class',
  'drop-capability',
  'drop-extension',
  'drop-interface',
  'change-version',
];

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

/** Decorations whose loss a validator can see: buffer blocks and their layout, interface matching, resource bindings, builtins. */
const DROPPABLE = new Set<number>([
  Decoration.Block,
  Decoration.BufferBlock,
  Decoration.ArrayStride,
  Decoration.MatrixStride,
  Decoration.Offset,
  Decoration.BuiltIn,
  Decoration.Location,
  Decoration.Flat,
  Decoration.Binding,
  Decoration.DescriptorSet,
]);

/** Storage classes a variable is moved to: those every Vulkan shader may name, and a few it may not. */
const STORAGE_CLASSES: readonly number[] = [
  StorageClass.UniformConstant,
  StorageClass.Input,
  StorageClass.Uniform,
  StorageClass.Output,
  StorageClass.Workgroup,
  StorageClass.CrossWorkgroup,
  StorageClass.Private,
  StorageClass.Function,
  StorageClass.Generic,
  StorageClass.PushConstant,
  StorageClass.StorageBuffer,
];

export interface Mutant {
  kind: MutationKind;
  words: Uint32Array;
  /** What was done, for the report of a disagreement. */
  what: string;
}

/** One mutant of `words` of the given kind, or undefined when the module offers nothing to mutate that way. */
export function mutate(words: Uint32Array, kind: MutationKind, random: Random): Mutant | undefined {
  const { index: scan } = indexModule(words);
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
    case 'remove-merge': {
      const merges = body.filter((i) => scan.opcode[i] === Op.SelectionMerge || scan.opcode[i] === Op.LoopMerge);
      if (merges.length === 0) return undefined;
      const i = random.pick(merges);
      return { kind, words: remove(words, scan, i), what: `merge instruction ${i} (opcode ${scan.opcode[i]}) removed` };
    }
    case 'retarget-merge': {
      const merges = body.filter((i) => (scan.opcode[i] === Op.SelectionMerge || scan.opcode[i] === Op.LoopMerge) && scan.end[i] > scan.operandStart[i] + 1);
      if (merges.length === 0) return undefined;
      const i = random.pick(merges);
      // A loop names its merge block and its continue target: either may be moved.
      const k = scan.operandStart[i] + (scan.opcode[i] === Op.LoopMerge ? random.below(2) : 0);
      const fnStart = lastBefore(scan, i, Op.Function);
      const fnEnd = firstAfter(scan, i, Op.FunctionEnd);
      const labels = all.filter((j) => j > fnStart && j < fnEnd && scan.opcode[j] === Op.Label && scan.resultId[j] !== words[k]);
      if (labels.length === 0) return undefined;
      const label = scan.resultId[random.pick(labels)];
      const out = words.slice();
      out[k] = label;
      return {
        kind,
        words: out,
        what: `${k === scan.operandStart[i] ? 'merge block' : 'continue target'} of instruction ${i} (opcode ${scan.opcode[i]}) := %${label}`,
      };
    }
    case 'break-offset': {
      // The literal of an ArrayStride or MatrixStride decoration, or of a member's Offset or MatrixStride.
      const literals = all.flatMap((i) => {
        const s = scan.operandStart[i];
        if (scan.opcode[i] === Op.Decorate && scan.end[i] > s + 2 && (words[s + 1] === Decoration.ArrayStride || words[s + 1] === Decoration.MatrixStride))
          return [s + 2];
        if (scan.opcode[i] === Op.MemberDecorate && scan.end[i] > s + 3 && (words[s + 2] === Decoration.Offset || words[s + 2] === Decoration.MatrixStride))
          return [s + 3];
        return [];
      });
      if (literals.length === 0) return undefined;
      const k = random.pick(literals);
      const value = words[k];
      // Misaligned, overlapping the member before, past the next one, or zero.
      const choices = [value + 1, value + 2, value + 4, value + 16, value >= 4 ? value - 4 : value + 8, value === 0 ? 12 : 0];
      const out = words.slice();
      out[k] = random.pick(choices);
      return { kind, words: out, what: `the literal ${value} of the decoration at word ${k} := ${out[k]}` };
    }
    case 'drop-decoration': {
      const decorations = all.filter((i) => {
        const s = scan.operandStart[i];
        if (scan.opcode[i] === Op.Decorate) return scan.end[i] > s + 1 && DROPPABLE.has(words[s + 1]);
        return scan.opcode[i] === Op.MemberDecorate && scan.end[i] > s + 2 && DROPPABLE.has(words[s + 2]);
      });
      if (decorations.length === 0) return undefined;
      const i = random.pick(decorations);
      const decoration = words[scan.operandStart[i] + (scan.opcode[i] === Op.Decorate ? 1 : 2)];
      return { kind, words: remove(words, scan, i), what: `decoration ${decoration} of %${words[scan.operandStart[i]]} (instruction ${i}) removed` };
    }
    case 'change-storage-class': {
      const variables = all.filter((i) => scan.opcode[i] === Op.Variable && scan.end[i] > scan.operandStart[i]);
      if (variables.length === 0) return undefined;
      const i = random.pick(variables);
      const at = scan.operandStart[i];
      const storage = random.pick(STORAGE_CLASSES.filter((c) => c !== words[at]));
      const out = words.slice();
      const pointer = scan.typeId[i];
      const p = pointer < scan.idLimit ? scan.defOf[pointer] - 1 : -1;
      if (random.below(2) === 0 || p < 0 || scan.opcode[p] !== Op.TypePointer) {
        // The variable alone: it no longer agrees with its pointer type.
        out[at] = storage;
        return { kind, words: out, what: `storage class of variable %${scan.resultId[i]} (instruction ${i}) := ${storage}` };
      }
      // The pointer type and every variable of it, consistently: the uses and the environment must object.
      out[scan.operandStart[p]] = storage;
      for (const v of variables) if (scan.typeId[v] === pointer) out[scan.operandStart[v]] = storage;
      return { kind, words: out, what: `storage class of pointer type %${pointer} and its variables := ${storage}` };
    }
    case 'drop-capability':
    case 'drop-extension': {
      const op = kind === 'drop-capability' ? Op.Capability : Op.Extension;
      const found = all.filter((i) => scan.opcode[i] === op);
      if (found.length === 0) return undefined;
      const i = random.pick(found);
      const what = op === Op.Capability ? `capability ${words[scan.operandStart[i]]}` : 'extension';
      return { kind, words: remove(words, scan, i), what: `${what} (instruction ${i}) removed` };
    }
    case 'drop-interface': {
      // OpEntryPoint: execution model, function, name (a nul-terminated string), then the interface ids.
      const entries = all.flatMap((i) => {
        if (scan.opcode[i] !== Op.EntryPoint) return [];
        const first = interfaceStart(words, scan.operandStart[i] + 2, scan.end[i]);
        return first < scan.end[i] ? [[i, first] as const] : [];
      });
      if (entries.length === 0) return undefined;
      const [i, first] = random.pick(entries);
      const k = first + random.below(scan.end[i] - first);
      const out = new Uint32Array(words.length - 1);
      out.set(words.subarray(0, k), 0);
      out.set(words.subarray(k + 1), k);
      out[scan.pos[i]] = ((scan.end[i] - scan.pos[i] - 1) << 16) | Op.EntryPoint;
      return { kind, words: out, what: `interface id %${words[k]} of entry point instruction ${i} removed` };
    }
    case 'change-version': {
      // Another SPIR-V version from 1.0 to 1.6, now and then one that does not exist.
      const versions = [0, 1, 2, 3, 4, 5, 6].map((minor) => 0x10000 | (minor << 8)).filter((v) => v !== words[1]);
      const version = random.below(8) === 0 ? random.pick([0x10700, 0x20000, 0x10001]) : random.pick(versions);
      const out = words.slice();
      out[1] = version;
      return { kind, words: out, what: `version 0x${words[1].toString(16)} := 0x${version.toString(16)}` };
    }
  }
}

/** The word after the nul-terminated string starting at `start` (before `end`), or `end` where it does not end. */
function interfaceStart(words: Uint32Array, start: number, end: number): number {
  for (let k = start; k < end; k++) {
    const w = words[k];
    if ((w & 0xff) === 0 || (w & 0xff00) === 0 || (w & 0xff0000) === 0 || (w & 0xff000000) === 0) return k + 1;
  }
  return end;
}

function isGlobal(op: number): boolean {
  return op !== Op.ExtInstImport && op !== Op.String && op !== Op.DecorationGroup && op !== Op.ExtInst;
}

function lastBefore(scan: ModuleIndex, i: number, op: number): number {
  for (let j = i; j >= 0; j--) if (scan.opcode[j] === op) return j;
  return -1;
}

function firstAfter(scan: ModuleIndex, i: number, op: number): number {
  for (let j = i; j < scan.count; j++) if (scan.opcode[j] === op) return j;
  return scan.count;
}

/** `words` with instruction `i` moved to just before instruction `before` (`scan.count`: to the end). */
function moveBefore(words: Uint32Array, scan: ModuleIndex, i: number, before: number): Uint32Array {
  const moved = words.subarray(scan.pos[i], scan.end[i]);
  const without = remove(words, scan, i);
  const at = before >= scan.count ? without.length : scan.pos[before] - (before > i ? moved.length : 0);
  const out = new Uint32Array(words.length);
  out.set(without.subarray(0, at), 0);
  out.set(moved, at);
  out.set(without.subarray(at), at + moved.length);
  return out;
}

function remove(words: Uint32Array, scan: ModuleIndex, i: number): Uint32Array {
  const out = new Uint32Array(words.length - (scan.end[i] - scan.pos[i]));
  out.set(words.subarray(0, scan.pos[i]), 0);
  out.set(words.subarray(scan.end[i]), scan.pos[i]);
  return out;
}
