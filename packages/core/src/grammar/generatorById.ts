import { generators } from './generated/generators.js';
import type { GeneratorSpec } from './types.js';

export { generators } from './generated/generators.js';

let byId: Map<number, GeneratorSpec> | undefined;

/**
 * The registered tool for a generator id (upper 16 bits of the header's generator word).
 * @example generatorById(8)?.tool // 'Glslang Reference Front End'
 */
export function generatorById(id: number): GeneratorSpec | undefined {
  if (byId === undefined) {
    byId = new Map();
    for (const g of generators) byId.set(g.id, g);
  }
  return byId.get(id);
}
