import { Capability, Decoration, ExecutionModel, Op, StorageClass as S, enumerantName, definitionOf, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import type { EntryPointTable } from './EntryPointTable.js';
import { elementOpcode, elementType, pointeeOf } from './ResourceTypes.js';
import type { StaticUse } from './StaticUse.js';

/** The storage classes a Vulkan module may use (Generic, CrossWorkgroup, AtomicCounter and the OpenCL ones not among them). */
const VULKAN_STORAGE = new Set<number>([
  S.UniformConstant,
  S.Uniform,
  S.StorageBuffer,
  S.Input,
  S.Output,
  S.Image,
  S.Workgroup,
  S.Private,
  S.Function,
  S.PushConstant,
  S.PhysicalStorageBuffer,
  S.RayPayloadKHR,
  S.IncomingRayPayloadKHR,
  S.HitAttributeKHR,
  S.CallableDataKHR,
  S.IncomingCallableDataKHR,
  S.ShaderRecordBufferKHR,
  S.TaskPayloadWorkgroupEXT,
  S.HitObjectAttributeNV,
  S.TileImageEXT,
]);

/** Storage classes a Vulkan variable with an initializer may have. */
const INITIALIZED = new Set<number>([S.Output, S.Private, S.Function, S.Workgroup]);

const COMPUTE_LIKE = new Set<number>([ExecutionModel.GLCompute, ExecutionModel.TaskNV, ExecutionModel.MeshNV, ExecutionModel.TaskEXT, ExecutionModel.MeshEXT]);
const NO_OUTPUT = new Set<number>([
  ExecutionModel.GLCompute,
  ExecutionModel.RayGenerationKHR,
  ExecutionModel.IntersectionKHR,
  ExecutionModel.AnyHitKHR,
  ExecutionModel.ClosestHitKHR,
  ExecutionModel.MissKHR,
  ExecutionModel.CallableKHR,
]);

const M = ExecutionModel;
/** The ray-tracing and mesh storage classes, in every environment, with the models that may use them. */
const MODELS_OF_STORAGE = new Map<number, ReadonlySet<number>>([
  [S.CallableDataKHR, new Set([M.RayGenerationKHR, M.ClosestHitKHR, M.CallableKHR, M.MissKHR])],
  [S.IncomingCallableDataKHR, new Set([M.CallableKHR])],
  [S.RayPayloadKHR, new Set([M.RayGenerationKHR, M.ClosestHitKHR, M.MissKHR])],
  [S.HitAttributeKHR, new Set([M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR])],
  [S.IncomingRayPayloadKHR, new Set([M.AnyHitKHR, M.ClosestHitKHR, M.MissKHR])],
  [S.ShaderRecordBufferKHR, new Set([M.RayGenerationKHR, M.IntersectionKHR, M.AnyHitKHR, M.ClosestHitKHR, M.CallableKHR, M.MissKHR])],
  [S.TaskPayloadWorkgroupEXT, new Set([M.TaskEXT, M.MeshEXT])],
]);

const storageName = (s: number): string => enumerantName('StorageClass', s) ?? `${s}`;

/**
 * The ray-tracing and mesh storage classes used only by the models that have them (spirv-val's
 * execution model limits, in every environment): a variable of one of them that an entry point's
 * call tree uses is reported at the entry point.
 */
export function checkStorageClassModels(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable, use: StaticUse): void {
  for (let e = 0; e < entryPoints.count; e++) {
    const model = entryPoints.model[e];
    const fn = entryPoints.fn[e];
    for (let v = use.start[e]; v < use.start[e + 1]; v++) {
      const id = use.vars[v];
      const storage = scan.words[scan.operandStart[definitionOf(scan, id)]];
      const models = MODELS_OF_STORAGE.get(storage);
      if (models !== undefined && !models.has(model)) {
        reporter.report(
          'spvkit-environment-storage-class-model',
          entryPoints.at[e],
          (name) =>
            `OpEntryPoint ${name(fn)}: a ${enumerantName('ExecutionModel', model)} entry point cannot use the ${storageName(storage)} variable ${name(id)}`,
          [fn, id],
        );
      }
    }
  }
}

/**
 * Storage classes of variables and pointers, in Vulkan (that a variable's storage class is its
 * type's, and Function exactly inside functions, are the operands family's): only Vulkan's storage classes; an
 * initializer only on Output, Private, Function and Workgroup variables; PushConstant variables
 * are structs, Uniform and StorageBuffer ones structs or arrays of structs; an entry point uses at
 * most one PushConstant variable, no Output variable in compute and ray-tracing stages, and
 * Workgroup variables only in compute, task and mesh stages.
 */
export function checkStorageClasses(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable, use: StaticUse): void {
  const { words, opcode } = scan;
  let builtIns: DecorationSets | undefined;
  const decorations = (): DecorationSets => (builtIns ??= new DecorationSets(scan));
  for (let i = 0; i < scan.count; i++) {
    const op = opcode[i];
    if (op !== Op.Variable && op !== Op.TypePointer) continue;
    const s = scan.operandStart[i];
    if (scan.end[i] <= s || reporter.isFlagged(i)) continue;
    const storage = words[s];
    const id = scan.resultId[i];
    if (!VULKAN_STORAGE.has(storage)) {
      reporter.report(
        'VUID-StandaloneSpirv-None-04643',
        i,
        (name) => `${name(id)}: storage class ${storageName(storage)} is not allowed in the Vulkan environment`,
        [id],
      );
      continue;
    }
    if (op !== Op.Variable) continue;
    if (scan.end[i] > s + 1 && !INITIALIZED.has(storage)) {
      reporter.report(
        'VUID-StandaloneSpirv-OpVariable-04651',
        i,
        (name) => `OpVariable ${name(id)}: a ${storageName(storage)} variable cannot have an initializer in the Vulkan environment`,
        [id],
      );
    }
    const pointee = pointeeOf(scan, scan.typeId[i]);
    if (pointee === 0) continue;
    const runtimeArray = runtimeArrayProblem(scan, pointee, storage, entryPoints.capabilities.has(Capability.RuntimeDescriptorArray), decorations);
    if (runtimeArray !== undefined) {
      reporter.report('VUID-StandaloneSpirv-OpTypeRuntimeArray-04680', i, (name) => `OpVariable ${name(id)}: ${runtimeArray}`, [id]);
      continue;
    }
    if ((storage === S.Input || storage === S.Output) && containsBool(scan, pointee, 0)) {
      if (!decorations().has(id) && !decorations().hasMember(elementType(scan, pointee))) {
        reporter.report(
          'VUID-StandaloneSpirv-Input-07290',
          i,
          (name) => `OpVariable ${name(id)}: an ${storageName(storage)} variable holding a bool must be a built-in`,
          [id],
        );
      }
    }
    if (storage === S.PushConstant && definitionOf(scan, pointee) >= 0 && opcode[definitionOf(scan, pointee)] !== Op.TypeStruct) {
      reporter.report('VUID-StandaloneSpirv-PushConstant-06808', i, (name) => `OpVariable ${name(id)}: a PushConstant variable's type must be a struct`, [id]);
    } else if ((storage === S.Uniform || storage === S.StorageBuffer) && elementOpcode(scan, pointee) !== Op.TypeStruct && definitionOf(scan, pointee) >= 0) {
      reporter.report(
        'VUID-StandaloneSpirv-Uniform-06807',
        i,
        (name) => `OpVariable ${name(id)}: a ${storageName(storage)} variable's type must be a struct or an array of structs`,
        [id],
      );
    }
  }
  for (let e = 0; e < entryPoints.count; e++) {
    const i = entryPoints.at[e];
    const fn = entryPoints.fn[e];
    const model = entryPoints.model[e];
    let pushConstants = 0;
    for (let v = use.start[e]; v < use.start[e + 1]; v++) {
      const id = use.vars[v];
      const d = definitionOf(scan, id);
      const storage = words[scan.operandStart[d]];
      if (storage === S.PushConstant && ++pushConstants === 2) {
        reporter.report(
          'VUID-StandaloneSpirv-OpEntryPoint-06674',
          d,
          (name) => `entry point ${name(fn)} uses more than one PushConstant variable (${name(id)} is another)`,
          [fn, id],
        );
      } else if (storage === S.Output && NO_OUTPUT.has(model)) {
        reporter.report(
          'VUID-StandaloneSpirv-None-04644',
          i,
          (name) => `OpEntryPoint ${name(fn)}: a ${enumerantName('ExecutionModel', model)} entry point cannot use the Output variable ${name(id)}`,
          [fn, id],
        );
      } else if (storage === S.Workgroup && !COMPUTE_LIKE.has(model)) {
        reporter.report(
          'VUID-StandaloneSpirv-None-04645',
          i,
          (name) => `OpEntryPoint ${name(fn)}: a ${enumerantName('ExecutionModel', model)} entry point cannot use the Workgroup variable ${name(id)}`,
          [fn, id],
        );
      }
    }
  }
}

/** Whether `type` is or holds (through arrays, vectors, matrices and structs) an OpTypeBool. */
function containsBool(scan: ModuleIndex, type: number, depth: number): boolean {
  const d = definitionOf(scan, type);
  if (d < 0 || depth > 64) return false;
  const s = scan.operandStart[d];
  switch (scan.opcode[d]) {
    case Op.TypeBool:
      return true;
    case Op.TypeArray:
    case Op.TypeRuntimeArray:
    case Op.TypeVector:
    case Op.TypeMatrix:
      return s < scan.end[d] && containsBool(scan, scan.words[s], depth + 1);
    case Op.TypeStruct:
      for (let w = s; w < scan.end[d]; w++) if (containsBool(scan, scan.words[w], depth + 1)) return true;
      return false;
    default:
      return false;
  }
}

/** The ids decorated BuiltIn, Block or BufferBlock, and the structs with a member decorated BuiltIn; read only when a rule asks. */
class DecorationSets {
  private readonly ids = new Set<number>();
  private readonly structs = new Set<number>();
  private readonly bufferBlocks = new Set<number>();
  private readonly blocks = new Set<number>();

  constructor(scan: ModuleIndex) {
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if (op === Op.Function) break;
      const s = scan.operandStart[i];
      if (op === Op.Decorate && scan.end[i] - s >= 2 && scan.words[s + 1] === Decoration.BuiltIn) this.ids.add(scan.words[s]);
      else if (op === Op.Decorate && scan.end[i] - s >= 2 && scan.words[s + 1] === Decoration.BufferBlock) this.bufferBlocks.add(scan.words[s]);
      else if (op === Op.Decorate && scan.end[i] - s >= 2 && scan.words[s + 1] === Decoration.Block) this.blocks.add(scan.words[s]);
      else if (op === Op.MemberDecorate && scan.end[i] - s >= 3 && scan.words[s + 2] === Decoration.BuiltIn) this.structs.add(scan.words[s]);
    }
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Whether `type` is decorated BufferBlock. */
  bufferBlock(type: number): boolean {
    return this.bufferBlocks.has(type);
  }

  /** Whether `type` is decorated Block. */
  block(type: number): boolean {
    return this.blocks.has(type);
  }

  /** Whether `type` (or its element, for an array) is a struct with a built-in member. */
  hasMember(type: number): boolean {
    return this.structs.has(type);
  }
}

/**
 * Vulkan's runtime arrays in variables: a variable of a runtime array type only with
 * RuntimeDescriptorArray, and then only as a StorageBuffer, Uniform or UniformConstant descriptor
 * array; a struct with a runtime array member only in StorageBuffer, PhysicalStorageBuffer or
 * Uniform (there a BufferBlock, elsewhere a Block). What is wrong, or undefined.
 */
function runtimeArrayProblem(
  scan: ModuleIndex,
  pointee: number,
  storage: number,
  descriptorArrays: boolean,
  decorations: () => DecorationSets,
): string | undefined {
  const d = definitionOf(scan, pointee);
  if (d < 0) return undefined;
  const op = scan.opcode[d];
  if (op === Op.TypeRuntimeArray) {
    if (!descriptorArrays) return 'a variable cannot be of a runtime array type (in Vulkan one is only the last member of a struct)';
    if (storage !== S.StorageBuffer && storage !== S.Uniform && storage !== S.UniformConstant) {
      return `a runtime array of descriptors is in the StorageBuffer, Uniform or UniformConstant storage class, not ${storageName(storage)}`;
    }
    return undefined;
  }
  if (op !== Op.TypeStruct) return undefined;
  let holds = false;
  for (let w = scan.operandStart[d]; w < scan.end[d] && !holds; w++) {
    const m = definitionOf(scan, scan.words[w]);
    holds = m >= 0 && scan.opcode[m] === Op.TypeRuntimeArray;
  }
  if (!holds) return undefined;
  if (storage !== S.StorageBuffer && storage !== S.PhysicalStorageBuffer && storage !== S.Uniform) {
    return `a struct with a runtime array is in the StorageBuffer, PhysicalStorageBuffer or Uniform storage class, not ${storageName(storage)}`;
  }
  if (storage === S.Uniform && !decorations().bufferBlock(pointee)) {
    return 'a Uniform struct with a runtime array is decorated BufferBlock';
  }
  if (storage !== S.Uniform && !decorations().block(pointee)) {
    return `a ${storageName(storage)} struct with a runtime array is decorated Block`;
  }
  return undefined;
}
