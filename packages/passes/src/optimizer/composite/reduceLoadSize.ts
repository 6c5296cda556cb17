import { DefUseAnalysis, Instruction, Op, SpirvError, StorageClass, TypesAnalysis, UNCHANGED, type DefUse, type Pass } from '@spvkit/core';
import { ResultEdits } from './resultEdits.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** spirv-opt's default: a load is narrowed when it uses less than this share of its members. */
export const DEFAULT_REDUCE_LOAD_SIZE_THRESHOLD = 0.9;

/** The storage classes spirv-opt narrows loads from: memory the shader cannot write. */
const NARROWED: ReadonlySet<number> = new Set([StorageClass.Uniform, StorageClass.UniformConstant, StorageClass.Input]);

/**
 * `reduce-load-size[=<threshold>]`, as spirv-opt's: an OpLoad of a struct or array from Uniform,
 * UniformConstant or Input memory whose every use is an OpCompositeExtract, and whose extracts
 * use fewer than `threshold` of its members (counted by the first index; above 1, any load), is
 * replaced by an access chain and a load per extract, put just before the whole load, which
 * dead-code elimination then removes. Loads of vectors and matrices, loads with memory operands
 * (Volatile, ...), loads with names or any use besides extracts, and loads through pointers not
 * rooted at a variable are left alone.
 *
 * @example
 * ```ts
 * runPasses(module, ['reduce-load-size', 'eliminate-dead-code-aggressive']);
 * ```
 */
export function reduceLoadSize(threshold = DEFAULT_REDUCE_LOAD_SIZE_THRESHOLD): Pass {
  return {
    name: 'reduce-load-size',
    description: 'replace a load of a composite whose few used members are extracted by loads of just those members',
    preserves: OPTIMIZER_PRESERVES,
    run(module) {
      const defUse = module.analysis(DefUseAnalysis);
      const types = module.analysis(TypesAnalysis);
      const edits = new ResultEdits();
      for (const fn of module.functions) {
        for (const block of fn.blocks) {
          for (const load of block.instructions) {
            if (load.opcode !== Op.Load || load.operandCount !== 1) continue;
            const storageClass = narrowable(defUse, load, threshold, (id) => types.constantValue(id));
            if (storageClass === undefined) continue;
            const narrow: Instruction[] = [];
            for (const { instruction: extract } of defUse.uses(load.resultId)) {
              const indices = Array.from(extract.operands.subarray(1), (i) => types.constantUint(i));
              const chain = new Instruction(Op.AccessChain, types.pointerType(storageClass, extract.typeId), module.newId(), [load.word(0), ...indices]);
              const part = new Instruction(Op.Load, extract.typeId, module.newId(), [chain.resultId]);
              narrow.push(chain, part);
              edits.replace(block, extract, part.resultId);
            }
            edits.insertBefore(block, load, narrow);
          }
        }
      }
      if (edits.empty) return UNCHANGED;
      edits.apply(module, defUse);
      return { changed: true, diagnostics: [] };
    },
  };
}

/** Parses the `=<threshold>` argument of `reduce-load-size`: a decimal number. */
export function parseReduceLoadSizeThreshold(argument: string | undefined): number {
  if (argument === undefined || argument === '') return DEFAULT_REDUCE_LOAD_SIZE_THRESHOLD;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(argument)) throw new SpirvError('PASS_FAILED', `reduce-load-size: the threshold must be a number, not "${argument}"`);
  return Number(argument);
}

/** The storage class of the memory `load` reads when it should be narrowed, else undefined. */
function narrowable(defUse: DefUse, load: Instruction, threshold: number, constantValue: (id: number) => number | undefined): number | undefined {
  const type = defUse.def(load.typeId);
  let members: number;
  if (type?.opcode === Op.TypeStruct) members = type.operandCount;
  else if (type?.opcode === Op.TypeArray) {
    const length = constantValue(type.word(1));
    if (length === undefined) return undefined;
    members = length;
  } else return undefined;
  const uses = defUse.uses(load.resultId);
  if (uses.length === 0) return undefined;
  const used = new Set<number>();
  for (const { instruction, operand } of uses) {
    if (instruction.opcode !== Op.CompositeExtract || operand !== 0 || instruction.operandCount < 2) return undefined;
    used.add(instruction.word(1));
  }
  if (used.size / members >= threshold) return undefined;
  // The variable at the root of the pointer, through access chains and copies.
  let root = defUse.def(load.word(0));
  while (root !== undefined && root.opcode !== Op.Variable) {
    const op = root.opcode;
    if (op !== Op.AccessChain && op !== Op.InBoundsAccessChain && op !== Op.PtrAccessChain && op !== Op.InBoundsPtrAccessChain && op !== Op.CopyObject)
      return undefined;
    root = defUse.def(root.word(0));
  }
  if (root === undefined || !NARROWED.has(root.word(0))) return undefined;
  return root.word(0);
}
