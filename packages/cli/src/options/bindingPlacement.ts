import { UsageError } from '../CommandIo.js';

/**
 * `--push-constants 1,0` as a group and binding; anything else is bad usage. (Where the WGSL
 * translation puts what WGSL has no binding for: `spvkit wgsl` and `spvkit types` take the same.)
 */
export function pushConstantsOption(text: string): { readonly group: number; readonly binding: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (m === null) throw new UsageError(`--push-constants: expected GROUP,BINDING (two whole numbers, e.g. 1,0), not '${text}'`);
  return { group: Number(m[1]), binding: Number(m[2]) };
}

/** `--sampler-binding-offset 500` as a number; anything but a whole number is bad usage. */
export function samplerBindingOffsetOption(text: string): number {
  if (!/^\s*\d+\s*$/.test(text)) throw new UsageError(`--sampler-binding-offset: expected a whole number (e.g. 500), not '${text}'`);
  return Number(text);
}
