import type { Module } from '../../ir/Module.js';
import type { EntryPointInfo } from '../EntryPoints.js';
import { resolveWorkgroupSize, WorkgroupSizeProblem, type WorkgroupDim } from '../workgroupSize.js';

/** One dimension of a workgroup size, as reflection reports it. */
export interface WorkgroupDimension {
  /** The value, or the default value when it is a specialization constant (0 when it has none). */
  readonly value: number;
  /** The SpecId that can change it at pipeline creation, when it is a specialization constant. */
  readonly specId?: number;
  /** The constant or spec-constant id that holds it, when the size comes from ids. */
  readonly id?: number;
}

/** Where a reflected workgroup size came from, in order of precedence. */
export type ReflectedWorkgroupSizeSource = 'WorkgroupSize' | 'LocalSizeId' | 'LocalSize';

/** An entry point's workgroup size, as reflection reports it. */
export interface WorkgroupSize {
  readonly source: ReflectedWorkgroupSizeSource;
  readonly dimensions: readonly [WorkgroupDimension, WorkgroupDimension, WorkgroupDimension];
  /** The composite decorated BuiltIn WorkgroupSize, when that is the source. */
  readonly compositeId?: number;
}

function dimension(d: WorkgroupDim): WorkgroupDimension {
  switch (d.kind) {
    case 'const':
      return d.id === undefined ? { value: Number(BigInt.asUintN(32, d.value)) } : { value: Number(BigInt.asUintN(32, d.value)), id: d.id };
    case 'spec': {
      const value = Number(BigInt.asUintN(32, d.defaultValue ?? 0n));
      return d.specId === undefined ? { value, id: d.id } : { value, specId: d.specId, id: d.id };
    }
    case 'extract':
      return { value: 0, id: d.composite };
    case 'input':
      return { value: 0 };
  }
}

/**
 * The workgroup size of an entry point as numbers (defaults where spec constants decide), from the
 * one resolver passes use ({@link resolveWorkgroupSize}): an object decorated
 * `BuiltIn WorkgroupSize` wins over `LocalSizeId`, which the module uses instead of `LocalSize`.
 * Undefined when the entry point declares none (a graphics stage, or a kernel whose size is
 * chosen at dispatch) or declares it in a way the specification does not allow.
 *
 * @example
 * ```ts
 * const size = workgroupSizeOf(module, ep); // { source: 'LocalSize', dimensions: [{ value: 8 }, ...] }
 * ```
 */
export function workgroupSizeOf(module: Module, ep: EntryPointInfo): WorkgroupSize | undefined {
  let size;
  try {
    size = resolveWorkgroupSize(module, ep);
  } catch (e) {
    if (e instanceof WorkgroupSizeProblem) return undefined;
    throw e;
  }
  if (size === undefined || size.source === 'WorkgroupSize input') return undefined;
  const [x, y, z] = size.dims;
  const out = { source: size.source, dimensions: [dimension(x), dimension(y), dimension(z)] as const };
  return size.compositeId === undefined ? out : { ...out, compositeId: size.compositeId };
}
