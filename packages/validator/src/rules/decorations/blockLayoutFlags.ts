import { SpirvError } from '@spvkit/core';
import type { BlockLayoutOptions } from './BlockLayoutOptions.js';

/** spirv-val's block layout flags (without the leading `--`), each with the option it sets. */
export const BLOCK_LAYOUT_FLAGS = {
  'relax-block-layout': 'relaxBlockLayout',
  'uniform-buffer-standard-layout': 'uniformBufferStandardLayout',
  'scalar-block-layout': 'scalarBlockLayout',
  'workgroup-scalar-block-layout': 'workgroupScalarBlockLayout',
  'skip-block-layout': 'skipBlockLayout',
} as const satisfies Record<string, keyof BlockLayoutOptions>;

/** One of spirv-val's block layout flag names. */
export type BlockLayoutFlag = keyof typeof BLOCK_LAYOUT_FLAGS;

/**
 * The options named by `text`, spirv-val's flag names joined by commas (`'scalar-block-layout,relax-block-layout'`),
 * as the registered pass `validate=...` takes them; an unknown name is a SpirvError (BAD_OPTION)
 * that lists the known ones.
 *
 * @example
 * ```ts
 * blockLayoutOfFlags('scalar-block-layout'); // { scalarBlockLayout: true }
 * ```
 */
export function blockLayoutOfFlags(text: string): BlockLayoutOptions {
  const options: Partial<Record<keyof BlockLayoutOptions, boolean>> = {};
  for (const raw of text.split(',')) {
    const flag = raw.trim().replace(/^--/, '');
    if (flag === '') continue;
    if (!Object.hasOwn(BLOCK_LAYOUT_FLAGS, flag))
      throw new SpirvError('BAD_OPTION', `validate: unknown block layout option '${raw.trim()}'; expected ${Object.keys(BLOCK_LAYOUT_FLAGS).join(', ')}`);
    options[BLOCK_LAYOUT_FLAGS[flag as BlockLayoutFlag]] = true;
  }
  return options;
}
