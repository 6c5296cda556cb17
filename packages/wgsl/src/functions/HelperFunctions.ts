import type { Namer } from '../names/Namer.js';

/**
 * WGSL functions the translation writes for SPIR-V instructions WGSL has no builtin for (the high
 * word of a 32×32-bit product, a matrix inverse): each is declared once per module, for the first
 * instruction that needs it, under a name the namer keeps from the shader's own names.
 */
export class HelperFunctions {
  private readonly byKey = new Map<string, string>();
  private readonly texts: string[] = [];

  constructor(private readonly namer: Namer) {}

  /**
   * The name of the helper `key` (one per distinct function: the key carries the types), declared
   * on first use with `name` as the wanted identifier and `declare(name)` as its text.
   */
  use(key: string, name: string, declare: (name: string) => string): string {
    const existing = this.byKey.get(key);
    if (existing !== undefined) return existing;
    const given = this.namer.name(name, 'helper');
    this.byKey.set(key, given);
    this.texts.push(declare(given));
    return given;
  }

  /** The declarations, in the order they were first used. */
  get declarations(): readonly string[] {
    return this.texts;
  }
}
