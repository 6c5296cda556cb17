import { BLOCK_LAYOUT_FLAGS, type BlockLayoutFlag, type BlockLayoutOptions } from '@spvkit/validator';
import type { CommandOptions } from '../CommandIo.js';

/**
 * spirv-val's block layout flags as `parseArgs` options: `spvkit val` takes them, and `spvkit opt`
 * for --validate (spirv-opt takes them for its validator).
 */
export const BLOCK_LAYOUT_OPTIONS = Object.fromEntries(Object.keys(BLOCK_LAYOUT_FLAGS).map((flag) => [flag, { type: 'boolean' }])) as Record<
  BlockLayoutFlag,
  { type: 'boolean' }
> satisfies CommandOptions;

/**
 * The validator options of the flags given; a flag not given is left out, so that the validator's
 * own default holds (scalar layout where the module's GLSL enabled GL_EXT_scalar_block_layout).
 */
export function blockLayoutOf(values: Readonly<Record<string, unknown>>): BlockLayoutOptions {
  const options: Partial<Record<keyof BlockLayoutOptions, boolean>> = {};
  for (const [flag, option] of Object.entries(BLOCK_LAYOUT_FLAGS)) if (values[flag] === true) options[option] = true;
  return options;
}
