import { BuiltIn, Decoration, EnumerantNames, ExecutionMode, ExecutionModel, Op, StorageClass, enumerantNameIn, resolveWorkgroupSize } from '@spvkit/core';
import type { EntryPointInfo, Instruction } from '@spvkit/core';
import type { ModuleContext } from '../ModuleContext.js';
import type { CodeWriter } from '../writer/CodeWriter.js';
import type { WgslEntryPoint, WgslStage } from '../WgslResult.js';
import { BUILTINS, DROPPABLE_BUILTINS } from './builtins.js';
import { flattenLocations } from './flattenIo.js';

/** One field of an entry point's parameters or output struct, and how it maps to the private copy. */
interface Field {
  readonly attributes: string;
  readonly name: string;
  readonly type: string;
  /** The private variable's (member's) reference text. */
  readonly target: string;
  /** From the WGSL value to the SPIR-V-typed private copy (inputs) or back (outputs). */
  readonly convert: (text: string) => string;
}

/**
 * Writes the WGSL entry point of a SPIR-V entry point: its Input and Output variables are module
 * `var<private>`s (so every function reads and writes them as SPIR-V does), and the entry point
 * copies the stage's inputs into them, calls the translated entry function, and returns the
 * outputs from them. Builtins are converted where SPIR-V's type differs from WGSL's (an `int`
 * gl_VertexIndex, the sample mask array), by bitcast.
 */
export function writeEntryPoint(m: ModuleContext, ep: EntryPointInfo, wgslName: string, out: CodeWriter): WgslEntryPoint {
  const stage: WgslStage | undefined =
    ep.executionModel === ExecutionModel.GLCompute
      ? 'compute'
      : ep.executionModel === ExecutionModel.Vertex
        ? 'vertex'
        : ep.executionModel === ExecutionModel.Fragment
          ? 'fragment'
          : undefined;
  if (stage === undefined) throw m.refuser.error('an entry point of this execution model', ep.instruction, 'WGSL has compute, vertex and fragment shaders');
  for (const mode of ep.executionModes) {
    const k = mode.word(1);
    const fine = [
      ExecutionMode.LocalSize,
      ExecutionMode.LocalSizeId,
      ExecutionMode.OriginUpperLeft,
      ExecutionMode.DepthReplacing,
      ExecutionMode.DepthGreater,
      ExecutionMode.DepthLess,
      ExecutionMode.DepthUnchanged,
      ExecutionMode.EarlyFragmentTests,
    ];
    if (!fine.includes(k)) throw m.refuser.error('this execution mode', mode);
  }
  const inputs: Field[] = [];
  const outputs: Field[] = [];
  const vars = ep.interface
    .map((id) => m.defs.get(id)!)
    .filter((v) => v.opcode === Op.Variable && (v.word(0) === StorageClass.Input || v.word(0) === StorageClass.Output));
  for (const v of vars) {
    const isInput = v.word(0) === StorageClass.Input;
    const list = isInput ? inputs : outputs;
    const target = m.globals.get(v.resultId)!;
    const pointee = m.types.def(m.types.def(v.typeId).word(1));
    const builtIn = m.decorations.builtIn(v.resultId);
    if (builtIn !== undefined) {
      list.push(
        builtIn === BuiltIn.ClipDistance && stage === 'vertex' && !isInput
          ? clipDistancesField(m, v, pointee.resultId, target)
          : builtinField(m, v, builtIn, pointee.resultId, target, isInput),
      );
      continue;
    }
    if (pointee.opcode === Op.TypeStruct && m.decorations.ofMember(pointee.resultId, 0).some((d) => d.decoration === Decoration.BuiltIn)) {
      // gl_PerVertex: keep the builtins WGSL has, drop the others while nothing uses them.
      for (let i = 0; i < pointee.operandCount; i++) {
        const b = m.decorations.ofMember(pointee.resultId, i).find((d) => d.decoration === Decoration.BuiltIn)?.params[0];
        if (b === undefined) continue;
        const memberTarget = `${target}.${m.types.memberName(pointee.resultId, i)}`;
        if (b === BuiltIn.ClipDistance && stage === 'vertex' && !isInput && memberUsed(m, v.resultId, i)) {
          list.push(clipDistancesField(m, v, pointee.word(i), memberTarget));
          continue;
        }
        if (DROPPABLE_BUILTINS.has(b)) {
          if (memberUsed(m, v.resultId, i))
            throw m.refuser.error(
              `the builtin ${b === BuiltIn.PointSize ? 'PointSize' : b === BuiltIn.ClipDistance ? 'ClipDistance' : 'CullDistance'}`,
              v,
              'WGSL has no such builtin',
            );
          continue;
        }
        list.push(builtinField(m, v, b, pointee.word(i), memberTarget, isInput));
      }
      continue;
    }
    const location = m.decorations.find(v.resultId, Decoration.Location)?.[0];
    if (location === undefined) throw m.refuser.error('an interface variable without Location or BuiltIn', v);
    // Scalars and vectors as they are; matrices, arrays and structs flattened to consecutive locations.
    for (const leaf of flattenLocations(m, v, pointee.resultId, target, location)) {
      list.push({
        attributes: `@location(${leaf.location})${interpFor(m, stage, isInput, leaf.typeId, leaf.decorations)}`,
        name: `${target}${leaf.suffix}`,
        type: m.types.wgsl(leaf.typeId),
        target: leaf.target,
        convert: (x) => x,
      });
    }
  }

  // The header: stage attribute, workgroup size.
  let workgroupSize: [number, number, number] | undefined;
  let head = `@${stage}`;
  if (stage === 'compute') {
    const size = resolveWorkgroupSize(m.module, ep);
    if (size === undefined) throw m.refuser.error('a compute entry point without a workgroup size', ep.instruction);
    const dims = size.dims.map((d) => {
      if (d.kind === 'const') return d.id !== undefined ? m.value(d.id) : String(d.value);
      if (d.kind === 'spec') return m.value(d.id);
      if (d.kind === 'extract') return `${m.value(d.composite)}[${d.index}]`;
      throw m.refuser.error('a workgroup size read from an input', ep.instruction);
    });
    if (size.dims.every((d) => d.kind === 'const'))
      workgroupSize = size.dims.map((d) => (d.kind === 'const' ? Number(d.value) : 1)) as [number, number, number];
    head += ` @workgroup_size(${dims.join(', ')})`;
  }
  if (stage === 'vertex' && !outputs.some((f) => f.attributes === '@builtin(position)')) {
    outputs.push({ attributes: '@builtin(position)', name: 'position', type: 'vec4<f32>', target: 'vec4<f32>()', convert: (x) => x });
  }
  const inner = m.functionName(ep.functionId);
  const outStruct = outputs.length > 0 ? m.namer.name(`${wgslName}_out`, 'out') : undefined;
  if (outStruct !== undefined) {
    out.block(`struct ${outStruct}`, () => {
      for (const f of outputs) out.line(`${f.attributes} ${f.name}: ${f.type},`);
    });
    out.line('');
  }
  out.line(head);
  const params = inputs.map((f) => `${f.attributes} ${f.name}_in: ${f.type}`);
  out.block(`fn ${wgslName}(${params.join(', ')})${outStruct !== undefined ? ` -> ${outStruct}` : ''}`, () => {
    for (const f of inputs) out.line(`${f.target} = ${f.convert(`${f.name}_in`)};`);
    out.line(`${inner}();`);
    if (outStruct !== undefined) out.line(`return ${outStruct}(${outputs.map((f) => f.convert(f.target)).join(', ')});`);
  });
  return { name: ep.name, wgslName, stage, ...(workgroupSize !== undefined ? { workgroupSize } : {}) };
}

/**
 * A vertex shader's ClipDistance output: WGSL's `clip_distances` builtin, an array<f32, N> as in
 * SPIR-V (N at most 8), behind `enable clip_distances;` (the device needs the 'clip-distances' feature).
 */
function clipDistancesField(m: ModuleContext, v: Instruction, typeId: number, target: string): Field {
  const t = m.types.def(typeId);
  const n = t.opcode === Op.TypeArray ? m.types.constLength(t.word(1)) : undefined;
  if (n === undefined || n > 8) throw m.refuser.error('the builtin ClipDistance with more than 8 distances', v, 'WGSL allows at most 8');
  m.enables.add('clip_distances');
  return { attributes: '@builtin(clip_distances)', name: target.replace(/\./g, '_'), type: m.types.wgsl(typeId), target, convert: (x) => x };
}

function builtinField(m: ModuleContext, v: Instruction, builtIn: number, typeId: number, target: string, isInput: boolean): Field {
  const b = BUILTINS.get(builtIn);
  if (b === undefined)
    throw m.refuser.error(`the builtin ${enumerantNameIn(EnumerantNames.BuiltIn, 'BuiltIn', builtIn) ?? builtIn}`, v, 'WGSL has no such builtin');
  const spirv = m.types.wgsl(typeId);
  const t = m.types.def(typeId);
  let convert = (x: string): string => x;
  if (t.opcode === Op.TypeArray) {
    // SampleMask is an array of one integer in SPIR-V.
    const elem = m.types.wgsl(t.word(0));
    convert = isInput ? (x) => `${spirv}(bitcast<${elem}>(${x}))` : (x) => `bitcast<u32>(${x}[0])`;
  } else if (spirv !== b.type) convert = isInput ? (x) => `bitcast<${spirv}>(${x})` : (x) => `bitcast<${b.type}>(${x})`;
  return { attributes: `@builtin(${b.name})`, name: `${target.replace(/\./g, '_')}`, type: b.type, target, convert };
}

/** `@interpolate(...)` for a vertex output or fragment input, from Flat/NoPerspective/Centroid/Sample. */
function interpFor(m: ModuleContext, stage: WgslStage, isInput: boolean, typeId: number, decos: readonly number[]): string {
  const interpolated = (stage === 'fragment' && isInput) || (stage === 'vertex' && !isInput);
  if (!interpolated) return '';
  // Integers are never interpolated: WGSL wants them marked flat.
  if (decos.includes(Decoration.Flat) || m.types.isInt(typeId)) return ' @interpolate(flat)';
  const kind = decos.includes(Decoration.NoPerspective) ? 'linear' : 'perspective';
  const sampling = decos.includes(Decoration.Sample) ? ', sample' : decos.includes(Decoration.Centroid) ? ', centroid' : '';
  return kind === 'perspective' && sampling === '' ? '' : ` @interpolate(${kind}${sampling})`;
}

/** Whether any access chain reaches member `member` of variable `varId`. */
function memberUsed(m: ModuleContext, varId: number, member: number): boolean {
  for (const fn of m.module.functions) {
    for (const inst of fn.allInstructions()) {
      if ((inst.opcode === Op.AccessChain || inst.opcode === Op.InBoundsAccessChain) && inst.word(0) === varId && m.constantWord(inst.word(1)) === member)
        return true;
      if ((inst.opcode === Op.Load || inst.opcode === Op.Store) && inst.word(0) === varId) return true;
    }
  }
  return false;
}
