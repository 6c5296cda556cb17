import { Decoration, EntryPointsAnalysis, Op, StorageClass } from '@spvkit/core';
import type { Instruction, Module } from '@spvkit/core';
import { FunctionTranslator } from './functions/FunctionTranslator.js';
import { writeEntryPoint } from './interface/EntryPointWriter.js';
import { samplerLayout, storageTextureLayout, textureLayout } from './interface/textureBindingLayout.js';
import { refuseStagesWebGpuLacks } from './interface/refuseStagesWebGpuLacks.js';
import { placeBindings, type BindingSlot } from './interface/placeBindings.js';
import { checkBarrierUniformity } from './controlFlow/checkBarrierUniformity.js';
import { specConstantsSizingBuffers } from './constants/specConstantsSizingBuffers.js';
import { ModuleContext } from './ModuleContext.js';
import { CodeWriter } from './writer/CodeWriter.js';
import type { ToWgslOptions, WgslBinding, WgslEntryPoint, WgslResult } from './WgslResult.js';

/**
 * Translates a Shader-capability SPIR-V module (compute, vertex and fragment entry points) to WGSL
 * that WebGPU accepts, with what a host needs to run it: the entry points, the resource bindings,
 * the overrides (spec constants, keyed by SpecId) and a line map back to the source.
 *
 * Push constants become a uniform buffer at `options.pushConstants` (default: binding 0 of the
 * group after the highest DescriptorSet used). What WGSL cannot express is refused with a
 * {@link SpirvError} of code `UNSUPPORTED_CONSTRUCT` naming the construct, the instruction, its byte
 * offset and source line; nothing is translated approximately.
 *
 * @example
 * ```ts
 * import { decodeModule } from '@spvkit/core';
 * import { toWgsl } from '@spvkit/wgsl';
 * const { code, entryPoints, bindings } = toWgsl(decodeModule(bytes));
 * const shader = device.createShaderModule({ code });
 * ```
 */
export function toWgsl(module: Module, options: ToWgslOptions = {}): WgslResult {
  const m = new ModuleContext(module);
  const eps = module.analysis(EntryPointsAnalysis).list;
  // The stage first: a ray tracing or mesh shader is refused as such, not for what it declares.
  refuseStagesWebGpuLacks(m, eps);
  checkModule(m);
  m.survey();
  if (eps.length === 0) throw m.refuser.error('a module without entry points', undefined);
  // Entry point names first: they are the names a host asks for.
  const epNames = eps.map((ep) => m.namer.name(ep.name, 'main'));
  const reachable = new Set<number>();
  for (const ep of eps) for (const f of ep.reachable) reachable.add(f);
  const functions = module.functions.filter((f) => reachable.has(f.id));
  checkBarrierUniformity(m, reachable);
  const fixed = specConstantsSizingBuffers(m);
  m.types.fixedLengths = fixed;
  m.constants.declareOverrides(module.globals, fixed);

  const globals = new CodeWriter();
  const bindings = declareGlobals(m, globals, options);
  for (const f of functions) m.functionNames.set(f.id, m.namer.name(m.names.name(f.id), `f${f.id}`));
  const bodies = new CodeWriter();
  for (const f of functions) {
    bodies.append(new FunctionTranslator(m, f, m.functionNames.get(f.id)!).translate());
    bodies.line('');
  }
  const entryPoints: WgslEntryPoint[] = [];
  const wrappers = new CodeWriter();
  eps.forEach((ep, i) => {
    entryPoints.push(writeEntryPoint(m, ep, epNames[i], wrappers));
    wrappers.line('');
  });

  const out = new CodeWriter();
  for (const extension of [...m.enables].sort()) out.line(`enable ${extension};`);
  if (m.enables.size > 0) out.line('');
  if (entryPoints.some((ep) => ep.stage === 'fragment')) {
    // Implicit derivatives in non-uniform control flow are undefined in SPIR-V as in GLSL; WGSL
    // rejects the shader instead unless told to treat them the same way.
    out.line('diagnostic(off, derivative_uniformity);');
    out.line('');
  }
  for (const s of m.types.structs) {
    out.block(`struct ${s.name}`, () => {
      for (const member of s.members) out.line(`${member.attributes}${member.name}: ${member.type},`);
    });
    out.line('');
  }
  for (const d of m.constants.declarations) out.line(d);
  if (m.constants.declarations.length > 0) out.line('');
  out.append(globals);
  out.line('');
  for (const helper of m.helpers.declarations) {
    for (const line of helper.split('\n')) out.line(line);
    out.line('');
  }
  out.append(bodies);
  out.append(wrappers);
  const code = out.text.replace(/\n+$/, '\n');
  let lines = 0;
  for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) lines++;
  const requiredFeatures = [...m.enables].map(featureOf).sort();
  return {
    code,
    entryPoints,
    bindings,
    overrides: m.constants.overrides,
    specialized: m.constants.specialized,
    requiredFeatures,
    lineMap: out.lineMap.slice(0, lines),
  };
}

/** The WebGPU feature a WGSL `enable` extension needs (WGSL's names use `_` where WebGPU's use `-`, and f16's is shader-f16). */
function featureOf(extension: string): string {
  return extension === 'f16' ? 'shader-f16' : extension.replaceAll('_', '-');
}

/** Refuses modules WGSL cannot hold whatever they do: other addressing models, capabilities. */
function checkModule(m: ModuleContext): void {
  for (const inst of m.module.memoryModel) {
    if (inst.word(0) !== 0) throw m.refuser.error('physical addressing', inst, 'WGSL has logical addressing only');
  }
  for (const inst of m.module.capabilities) {
    const cap = inst.word(0);
    // Kernel (6), Addresses (4), Int64 (11), Float64 (10), Int16 (22), Int8 (39), Float16 (9).
    if ([4, 6, 9, 10, 11, 22, 39].includes(cap)) {
      const what: Record<number, string> = {
        4: 'physical addressing',
        6: 'OpenCL kernels',
        9: '16-bit floats',
        10: '64-bit floats',
        11: '64-bit integers',
        22: '16-bit integers',
        39: '8-bit integers',
      };
      throw m.refuser.error(what[cap], inst);
    }
  }
}

/** Declares the module-scope variables; returns the bindings. */
function declareGlobals(m: ModuleContext, out: CodeWriter, options: ToWgslOptions): WgslBinding[] {
  const bindings: WgslBinding[] = [];
  const vars = m.module.globals.filter((g) => g.opcode === Op.Variable);
  let highestSet = -1;
  for (const v of vars) {
    const set = m.decorations.find(v.resultId, Decoration.DescriptorSet)?.[0];
    if (set !== undefined) highestSet = Math.max(highestSet, set);
  }
  const push = options.pushConstants ?? { group: highestSet + 1, binding: 0 };
  const samplerOffset = options.combinedSamplerBindingOffset ?? 500;
  const reserved: BindingSlot[] = vars.some((v) => v.word(0) === StorageClass.PushConstant) ? [push] : [];
  const { resources: placed, samplerHalves } = placeBindings(m, vars, samplerOffset, reserved);
  /** The variable's WGSL slot, and the SPIR-V one where it had to move (a host binds by it). */
  const slotOf = (v: Instruction): (BindingSlot & { spirvBinding?: BindingSlot }) | undefined => {
    const at = placed.get(v.resultId);
    const spirv = m.binding(v.resultId);
    if (at === undefined || spirv === undefined) return undefined;
    return at.binding === spirv.binding && at.group === spirv.group ? at : { ...at, spirvBinding: spirv };
  };
  /** `@group(g) @binding(b)` of a slot. */
  const attrs = (at: BindingSlot): string => `@group(${at.group}) @binding(${at.binding})`;
  // Uniform-space structs first: their layout rules apply when they are declared.
  for (const v of vars) {
    const sc = v.word(0);
    if (sc === StorageClass.Uniform || sc === StorageClass.PushConstant) {
      const pointee = m.types.def(m.types.def(v.typeId).word(1));
      const bufferBlock = m.decorations.find(pointee.resultId, Decoration.BufferBlock) !== undefined;
      if (!bufferBlock) m.types.markUniform(pointee.resultId);
    }
  }
  for (const v of vars) {
    const sc = v.word(0);
    const name = m.namer.name(m.names.name(v.resultId), `g${v.resultId}`);
    m.globals.set(v.resultId, name);
    const pointeeId = m.types.def(v.typeId).word(1);
    const pointee = m.types.def(pointeeId);
    out.location = undefined;
    switch (sc) {
      case StorageClass.Input:
      case StorageClass.Output:
      case StorageClass.Private: {
        const init = v.operandCount > 1 ? ` = ${m.value(v.word(1))}` : '';
        out.line(`var<private> ${name}: ${m.types.wgsl(pointeeId, m.atomicVars.has(v.resultId))}${init};`);
        break;
      }
      case StorageClass.Workgroup:
        out.line(`var<workgroup> ${name}: ${m.types.wgsl(pointeeId, m.atomicVars.has(v.resultId))};`);
        break;
      case StorageClass.Uniform:
      case StorageClass.StorageBuffer:
      case StorageClass.PushConstant: {
        if (pointee.opcode !== Op.TypeStruct) throw m.refuser.error('an array of buffers', v, 'WGSL has no binding arrays');
        const isPush = sc === StorageClass.PushConstant;
        const at = isPush ? push : slotOf(v);
        if (at === undefined) throw m.refuser.error('a buffer without a Binding', v);
        const storage = sc === StorageClass.StorageBuffer || m.decorations.find(pointeeId, Decoration.BufferBlock) !== undefined;
        // Row-major matrices are stored transposed: the buffer's type is its storage form.
        const bufferType = m.types.storage(pointeeId);
        const layout = m.types.layoutOf(pointeeId, bufferType, v);
        m.types.checkMatrixStrides(pointeeId);
        const last = pointee.word(pointee.operandCount - 1);
        const fixed =
          m.types.def(last).opcode === Op.TypeRuntimeArray
            ? (m.decorations.ofMember(pointeeId, pointee.operandCount - 1).find((d) => d.decoration === Decoration.Offset)?.params[0] ?? layout.size)
            : layout.size;
        if (storage) {
          // Atomics live in read_write storage only, even where the shader only loads them.
          const readOnly = !m.atomicRoots.has(v.resultId) && (m.isNonWritable(v.resultId, pointeeId) || !m.written.has(v.resultId));
          out.line(`${attrs(at)} var<storage, ${readOnly ? 'read' : 'read_write'}> ${name}: ${bufferType};`);
          bindings.push({ ...at, name, kind: readOnly ? 'read-only-storage' : 'storage', size: fixed });
        } else {
          out.line(`${attrs(at)} var<uniform> ${name}: ${bufferType};`);
          bindings.push({ ...at, name, kind: isPush ? 'push-constant' : 'uniform', size: fixed });
        }
        break;
      }
      case StorageClass.UniformConstant: {
        const at = slotOf(v);
        if (at === undefined) throw m.refuser.error('a resource without a Binding', v);
        if (pointee.opcode === Op.TypeSampledImage) {
          // WGSL binds textures and samplers separately: split the pair (see ToWgslOptions).
          const samplerAt = samplerHalves.get(v.resultId)!;
          const samplerName = m.namer.name(`${name}_sampler`, 'sampler');
          const cmp = m.comparisonSamplers.has(v.resultId);
          const textureType = m.types.wgsl(pointee.word(0));
          const samplerType = cmp ? 'sampler_comparison' : 'sampler';
          out.line(`${attrs(at)} var ${name}: ${textureType};`);
          out.line(`${attrs(samplerAt)} var ${samplerName}: ${samplerType};`);
          bindings.push(
            { ...at, name, kind: 'texture', texture: textureLayout(textureType) },
            { ...samplerAt, name: samplerName, kind: 'sampler', sampler: samplerLayout(samplerType) },
          );
          m.globals.set(v.resultId, `${name}|${samplerName}`);
          break;
        }
        if (pointee.opcode === Op.TypeArray || pointee.opcode === Op.TypeRuntimeArray)
          throw m.refuser.error('an array of textures or samplers', v, 'WGSL has no binding arrays');
        if (pointee.opcode === Op.TypeSampler) {
          const samplerType = m.comparisonSamplers.has(v.resultId) ? 'sampler_comparison' : 'sampler';
          out.line(`${attrs(at)} var ${name}: ${samplerType};`);
          bindings.push({ ...at, name, kind: 'sampler', sampler: samplerLayout(samplerType) });
        } else if (pointee.opcode === Op.TypeImage) {
          let type = m.types.wgsl(pointeeId);
          const storageImage = pointee.word(5) === 2;
          if (storageImage) {
            const nonWritable = m.decorations.find(v.resultId, Decoration.NonWritable) !== undefined || !m.written.has(v.resultId);
            const nonReadable = m.decorations.find(v.resultId, Decoration.NonReadable) !== undefined || !m.read.has(v.resultId);
            type = type.replace(', read_write>', nonWritable ? ', read>' : nonReadable ? ', write>' : ', read_write>');
          }
          out.line(`${attrs(at)} var ${name}: ${type};`);
          bindings.push(
            storageImage
              ? { ...at, name, kind: 'storage-texture', storageTexture: storageTextureLayout(type) }
              : { ...at, name, kind: 'texture', texture: textureLayout(type) },
          );
        } else throw m.refuser.error('a resource of this type', v);
        break;
      }
      default:
        throw m.refuser.error('a variable in this storage class', v);
    }
  }
  return bindings;
}

export type { Instruction };
