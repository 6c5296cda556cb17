import { SpirvError } from '../errors/SpirvError.js';
import type { BindGroupLayoutDescriptor, BindGroupLayoutEntry } from './WebGpuDescriptors.js';

/**
 * One set of bind group layouts for a pipeline of several entry points (a vertex and a fragment
 * shader): every entry of every stage, visibilities OR-ed where two stages use one binding. Throws
 * when two stages want different resources at one binding, which no layout can serve.
 *
 * @example
 * ```ts
 * const layouts = mergeBindGroupLayouts([bindGroupLayoutsOf(vert).bindGroupLayouts, bindGroupLayoutsOf(frag).bindGroupLayouts]);
 * ```
 */
export function mergeBindGroupLayouts(stages: readonly (readonly BindGroupLayoutDescriptor[])[]): BindGroupLayoutDescriptor[] {
  const groups: Map<number, BindGroupLayoutEntry>[] = [];
  for (const layouts of stages) {
    layouts.forEach((layout, group) => {
      const entries = (groups[group] ??= new Map());
      for (const entry of layout.entries) {
        const known = entries.get(entry.binding);
        if (known === undefined) {
          entries.set(entry.binding, entry);
          continue;
        }
        const { visibility: a, ...resourceA } = known;
        const { visibility: b, ...resourceB } = entry;
        if (!sameResource(resourceA, resourceB))
          throw new SpirvError(
            'BAD_INPUT',
            `@group(${group}) @binding(${entry.binding}): one stage binds ${JSON.stringify(resourceA)}, another ${JSON.stringify(resourceB)}`,
          );
        const buffer =
          known.buffer !== undefined && entry.buffer !== undefined
            ? { buffer: { ...known.buffer, minBindingSize: Math.max(known.buffer.minBindingSize, entry.buffer.minBindingSize) } }
            : {};
        entries.set(entry.binding, { ...known, ...buffer, visibility: a | b });
      }
    });
  }
  return Array.from(groups, (entries) => ({
    entries: [...(entries ?? new Map<number, BindGroupLayoutEntry>()).values()].sort((x, y) => x.binding - y.binding),
  }));
}

/** Whether two entries (without visibility) describe one resource; buffers may differ in minBindingSize, the larger wins. */
function sameResource(a: Omit<BindGroupLayoutEntry, 'visibility'>, b: Omit<BindGroupLayoutEntry, 'visibility'>): boolean {
  if (a.buffer !== undefined && b.buffer !== undefined) return a.buffer.type === b.buffer.type && a.buffer.hasDynamicOffset === b.buffer.hasDynamicOffset;
  return JSON.stringify(a) === JSON.stringify(b);
}
