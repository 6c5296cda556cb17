import { SpirvError } from '../errors/SpirvError.js';
import type { Pass } from './Pass.js';

/** Makes a pass, optionally configured. */
export type PassFactory = () => Pass;

/**
 * Passes by name, so the CLI (`--passes a,b`) and the plugins (`passes: ['a']`) resolve names the
 * same way. {@link passRegistry} is the shared instance; @spvkit/passes registers its passes there.
 *
 * @example
 * ```ts
 * passRegistry.register('strip-names', () => stripNames);
 * passRegistry.create('strip-names').run(module, {});
 * ```
 */
export class PassRegistry {
  private readonly factories = new Map<string, { factory: PassFactory; description: string }>();

  /** Registers a pass under `name`; registering a name twice replaces the earlier one. */
  register(name: string, factory: PassFactory, description = ''): void {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) {
      throw new SpirvError('BAD_OPTION', `pass name '${name}' must be lower-case words joined by '-'`);
    }
    this.factories.set(name, { factory, description });
  }

  has(name: string): boolean {
    return this.factories.has(name);
  }

  /** A new instance of the pass `name`; an unknown name is a SpirvError listing the known ones. */
  create(name: string): Pass {
    const entry = this.factories.get(name);
    if (entry === undefined) {
      const known = [...this.factories.keys()].sort();
      throw new SpirvError('BAD_OPTION', `unknown pass '${name}'`, {
        hint: known.length > 0 ? `registered passes: ${known.join(', ')}` : 'no passes are registered (import @spvkit/passes to register the built-in ones)',
      });
    }
    return entry.factory();
  }

  /** Registered names with their descriptions, sorted by name. */
  list(): { name: string; description: string }[] {
    return [...this.factories.entries()].map(([name, e]) => ({ name, description: e.description })).sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** The shared registry used by the CLI and the plugins. */
export const passRegistry = new PassRegistry();
