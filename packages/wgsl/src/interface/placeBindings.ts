import { Op, StorageClass } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import type { ModuleContext } from '../ModuleContext.js';

/** A `@group`/`@binding`. */
export interface BindingSlot {
  readonly group: number;
  readonly binding: number;
}

/** The WGSL slots of the resource variables, and of the sampler halves of combined image samplers. */
export interface PlacedBindings {
  readonly resources: ReadonlyMap<number, BindingSlot>;
  readonly samplerHalves: ReadonlyMap<number, BindingSlot>;
}

/** WebGPU's highest binding number. */
const MAX_BINDING = 999;

/**
 * Where each resource variable goes in the WGSL. SPIR-V lets several variables share a set and
 * binding (HLSL compilers put a texture `t0` and a sampler `s0` both at binding 0, Vulkan's
 * combined pattern); WebGPU rejects an entry point with two resources at one binding. The first
 * resource other than a sampler keeps each binding (buffers and textures are what hosts bind by
 * their Vulkan numbers most), and a sampler or a later resource that finds its binding taken moves
 * to the first free binding of its group from its own binding plus `offset` on (the offset of
 * the sampler halves of combined image samplers, so both kinds of moved samplers land alike).
 * The sampler half of a combined image sampler takes its binding plus `offset` before any moved
 * resource looks for a free one. `reserved` are slots taken before any variable (the push-constant
 * buffer).
 */
export function placeBindings(m: ModuleContext, vars: readonly Instruction[], offset: number, reserved: readonly BindingSlot[]): PlacedBindings {
  const key = (s: BindingSlot): string => `${s.group}:${s.binding}`;
  const taken = new Set(reserved.map(key));
  const placed = new Map<number, BindingSlot>();
  const resources = vars.filter((v) => isResource(v) && m.binding(v.resultId) !== undefined);
  const isSampler = (v: Instruction): boolean => m.types.def(m.types.def(v.typeId).word(1)).opcode === Op.TypeSampler;
  const moved: Instruction[] = [];
  for (const v of [...resources.filter((r) => !isSampler(r)), ...resources.filter(isSampler)]) {
    const at = m.binding(v.resultId)!;
    if (taken.has(key(at))) moved.push(v);
    else {
      taken.add(key(at));
      placed.set(v.resultId, at);
    }
  }
  const samplerHalves = new Map<number, BindingSlot>();
  for (const v of resources) {
    if (m.types.def(m.types.def(v.typeId).word(1)).opcode !== Op.TypeSampledImage) continue;
    const at = placed.get(v.resultId) ?? m.binding(v.resultId)!;
    const half = { group: at.group, binding: at.binding + offset };
    if (taken.has(key(half)) || half.binding > MAX_BINDING)
      throw m.refuser.error(
        'a combined image sampler whose sampler binding is taken',
        v,
        `binding ${half.binding} of group ${half.group} is in use; set combinedSamplerBindingOffset`,
      );
    taken.add(key(half));
    samplerHalves.set(v.resultId, half);
  }
  for (const v of moved) {
    const at = m.binding(v.resultId)!;
    let binding = at.binding + offset;
    while (binding <= MAX_BINDING && taken.has(key({ group: at.group, binding }))) binding++;
    if (binding > MAX_BINDING)
      throw m.refuser.error(
        'a resource that shares its set and binding with another',
        v,
        `no free binding from ${at.binding + offset} to ${MAX_BINDING} in group ${at.group}; set combinedSamplerBindingOffset`,
      );
    const slot = { group: at.group, binding };
    taken.add(key(slot));
    placed.set(v.resultId, slot);
  }
  return { resources: placed, samplerHalves };
}

function isResource(v: Instruction): boolean {
  const sc = v.word(0);
  return sc === StorageClass.Uniform || sc === StorageClass.StorageBuffer || sc === StorageClass.UniformConstant;
}
