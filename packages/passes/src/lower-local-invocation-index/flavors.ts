// How an entry point computes the index (its "flavor"): its workgroup size, as constants, spec
// constants or the WorkgroupSize input, and the LocalInvocationId variable it reads. Entry points
// of one flavor share the index code.
import {
  BuiltIn,
  Decoration,
  DecorationsAnalysis,
  EnumerantNames,
  Op,
  SpirvError,
  StorageClass,
  enumerantNameIn,
  type EntryPointInfo,
  type Instruction,
  type Module,
  type TypeManager,
  COMPUTE_LIKE_MODELS,
  WorkgroupSizeProblem,
  workgroupSizeContext,
  workgroupSizeKey,
  sizeOfEntryPoint,
  workgroupSizeConstant,
  workgroupSizeInputs,
  type WorkgroupDim,
  type ResolvedWorkgroupSize,
  type WorkgroupSizeContext,
} from '@spvkit/core';
import { PASS_NAME, fail } from './fail.js';

/** How one entry point computes the index: its size and the LocalInvocationId variable it reads. */
export interface Flavor {
  readonly key: string;
  readonly size: ResolvedWorkgroupSize;
  /** LocalInvocationId variable id, or 0 for the one this pass creates. */
  readonly lid: number;
  /** WorkgroupSize input variable id (kernels without static size), 0 for a new one, -1 when unused. */
  readonly wgs: number;
}

/** Resolves and caches the flavor of each entry point. */
export class FlavorResolver {
  private readonly cache = new Map<EntryPointInfo, Flavor>();
  private readonly fixed: ResolvedWorkgroupSize | undefined;
  private readonly lidVars: number[];
  private readonly wgsInputs: number[];
  private readonly sizes: WorkgroupSizeContext;

  constructor(
    private readonly module: Module,
    globals: TypeManager,
    private readonly eps: readonly EntryPointInfo[],
  ) {
    const deco = module.analysis(DecorationsAnalysis);
    const wgsIds = deco.idsWithBuiltIn(BuiltIn.WorkgroupSize);
    this.sizes = workgroupSizeContext(module);
    try {
      this.fixed = workgroupSizeConstant(this.sizes, wgsIds);
    } catch (e) {
      throw this.rethrow(e, undefined);
    }
    this.wgsInputs = workgroupSizeInputs(this.sizes, wgsIds);
    this.lidVars = deco.idsWithBuiltIn(BuiltIn.LocalInvocationId).filter((id) => {
      const v = globals.def(id);
      if (v === undefined || v.opcode !== Op.Variable || v.word(0) !== StorageClass.Input) return false;
      const ptr = globals.def(v.typeId);
      const vec = ptr?.opcode === Op.TypePointer ? globals.def(ptr.word(1)) : undefined;
      if (vec === undefined || vec.opcode !== Op.TypeVector || vec.word(1) !== 3 || globals.def(vec.word(0))?.opcode !== Op.TypeInt) {
        throw fail(module, v, 'is decorated BuiltIn LocalInvocationId but is not an Input variable of a 3-component integer vector');
      }
      return true;
    });
  }

  /** The flavor of `ep`; `at` gives a read of the index reached from it, for messages. */
  of(ep: EntryPointInfo, at: () => Instruction): Flavor {
    const cached = this.cache.get(ep);
    if (cached !== undefined) return cached;
    const model = enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', ep.executionModel) ?? `ExecutionModel(${ep.executionModel})`;
    if (!COMPUTE_LIKE_MODELS.has(ep.executionModel)) {
      throw fail(this.module, at(), `reads LocalInvocationIndex, and is reached from entry point '${ep.name}' (${model}), which has no workgroup`);
    }
    let size: ResolvedWorkgroupSize | undefined;
    try {
      size = sizeOfEntryPoint(this.sizes, ep, this.fixed);
    } catch (e) {
      throw this.rethrow(e, at);
    }
    if (size === undefined) {
      throw fail(
        this.module,
        at(),
        `reads LocalInvocationIndex, and entry point '${ep.name}' (${model}) declares no workgroup size (no LocalSize, LocalSizeId or BuiltIn WorkgroupSize)`,
      );
    }
    const lid = this.lidVars.find((id) => ep.interface.includes(id)) ?? this.lidVars[0] ?? 0;
    const usesInput = size.dims.some((d) => d.kind === 'input');
    const wgs = usesInput ? (this.wgsInputs.find((id) => ep.interface.includes(id)) ?? this.wgsInputs[0] ?? 0) : -1;
    const flavor: Flavor = { key: `${workgroupSizeKey(size)}|${lid}|${wgs}`, size, lid, wgs };
    this.cache.set(ep, flavor);
    return flavor;
  }

  /** The flavor of kernels that read their size from the WorkgroupSize input (shared by kernels of different sizes). */
  atRunTime(eps: readonly EntryPointInfo[], at: () => Instruction): Flavor {
    const lids = new Set(eps.map((ep) => this.of(ep, at).lid));
    if (lids.size > 1) throw fail(this.module, at(), 'is reached from kernels that read LocalInvocationId from different variables');
    const lid = [...lids][0];
    const wgs = this.wgsInputs.find((id) => eps.every((ep) => ep.interface.includes(id))) ?? this.wgsInputs[0] ?? 0;
    const d = (index: number): WorkgroupDim => ({ kind: 'input', index });
    const size: ResolvedWorkgroupSize = { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize input' };
    return { key: `${workgroupSizeKey(size)}|${lid}|${wgs}`, size, lid, wgs };
  }

  /**
   * A function no entry point reaches never runs, so any size gives a correct result; it uses the
   * first compute-like entry point's. An exported function (LinkageAttributes Export) can run from
   * an entry point of another module, whose size is unknown here: refused.
   */
  forUnreached(fnId: number, at: () => Instruction): Flavor {
    const linkage = this.module.analysis(DecorationsAnalysis).find(fnId, Decoration.LinkageAttributes);
    const exported = linkage !== undefined && linkage[linkage.length - 1] === 0; // LinkageType Export
    const ep = this.eps.find((e) => COMPUTE_LIKE_MODELS.has(e.executionModel));
    if (exported || ep === undefined) {
      throw fail(
        this.module,
        at(),
        `reads LocalInvocationIndex in function %${fnId}, which ${exported ? 'is exported' : 'no entry point calls'}, so its workgroup size is unknown`,
        {
          hint: 'lower the module once it is linked with the entry point that calls this function',
        },
      );
    }
    return this.of(ep, at);
  }

  private rethrow(e: unknown, at: (() => Instruction) | undefined): unknown {
    if (!(e instanceof WorkgroupSizeProblem)) return e;
    const inst = e.instruction ?? at?.();
    return inst === undefined ? new SpirvError('PASS_FAILED', `${PASS_NAME}: ${e.message}`) : fail(this.module, inst, e.message);
  }
}
