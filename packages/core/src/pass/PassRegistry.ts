import { SpirvError } from '../errors/SpirvError.js';
import type { Pass } from './Pass.js';

/**
 * Makes a pass. `argument` is the text after `=` in a pass spec (`'set-spec-const-default-value=0:64'`),
 * given only to passes registered with an {@link PassArgument}; a factory that cannot read it throws a
 * `SpirvError` with code `BAD_OPTION`.
 */
export type PassFactory = (argument?: string) => Pass;

/** What a pass registered with an argument takes, as spirv-opt's `--flag=VALUE`. */
export interface PassArgument {
  /** Whether the pass needs one (`--set-spec-const-default-value` does). */
  readonly required: boolean;
  /** The argument's syntax for help texts, e.g. `"<spec id>:<default value> ..."`. */
  readonly syntax: string;
}

/** One registered pass, as {@link PassRegistry.list} gives it. */
export interface PassListing {
  readonly name: string;
  readonly description: string;
  readonly argument?: PassArgument;
}

/** Where a pass spec `'name=argument'` splits; pass names never contain `=`. */
export function splitPassSpec(spec: string): { name: string; argument?: string } {
  const eq = spec.indexOf('=');
  return eq < 0 ? { name: spec } : { name: spec.slice(0, eq), argument: spec.slice(eq + 1) };
}

/**
 * Passes by name, so the CLI (`--passes a,b`) and the plugins (`passes: ['a']`) resolve names the
 * same way. {@link passRegistry} is the shared instance; @spvkit/passes registers its passes there.
 * A pass that takes an argument is named `'name=argument'`, as spirv-opt's `--name=argument`.
 *
 * @example
 * ```ts
 * passRegistry.register('strip-names', () => stripNames);
 * passRegistry.create('strip-names').run(module, {});
 * passRegistry.register('keep-names', (pattern) => keepNames(pattern ?? '*'), 'strip names not matching', {
 *   argument: { required: false, syntax: '<glob>' },
 * });
 * passRegistry.create('keep-names=main*');
 * ```
 */
export class PassRegistry {
  private readonly factories = new Map<string, { factory: PassFactory; description: string; argument: PassArgument | undefined }>();

  /** Registers a pass under `name`; registering a name twice replaces the earlier one. */
  register(name: string, factory: PassFactory, description = '', options: { argument?: PassArgument } = {}): void {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) {
      throw new SpirvError('BAD_OPTION', `pass name '${name}' must be lower-case words joined by '-'`);
    }
    this.factories.set(name, { factory, description, argument: options.argument });
  }

  /** Whether `name` (a bare name, or a spec `'name=argument'`) names a registered pass. */
  has(name: string): boolean {
    return this.factories.has(splitPassSpec(name).name);
  }

  /**
   * A new instance of the pass a spec names: `'name'` or `'name=argument'`. An unknown name, an
   * argument given to a pass that takes none, a missing required argument or one the pass cannot
   * read is a SpirvError (`BAD_OPTION`).
   */
  create(spec: string): Pass {
    const { name, argument } = splitPassSpec(spec);
    const entry = this.factories.get(name);
    if (entry === undefined) {
      const known = [...this.factories.keys()].sort();
      throw new SpirvError('BAD_OPTION', `unknown pass '${name}'`, {
        hint: known.length > 0 ? `registered passes: ${known.join(', ')}` : 'no passes are registered (import @spvkit/passes to register the built-in ones)',
      });
    }
    if (argument !== undefined && entry.argument === undefined) {
      throw new SpirvError('BAD_OPTION', `pass '${name}' takes no argument, but was given '${argument}'`, { hint: `name it as '${name}'` });
    }
    if (argument === undefined && entry.argument?.required === true) {
      throw new SpirvError('BAD_OPTION', `pass '${name}' needs an argument`, { hint: `name it as '${name}=${entry.argument.syntax}'` });
    }
    return argument === undefined ? entry.factory() : entry.factory(argument);
  }

  /** Registered names with their descriptions (and arguments, where they take one), sorted by name. */
  list(): PassListing[] {
    return (
      [...this.factories.entries()]
        .map(([name, e]) => (e.argument !== undefined ? { name, description: e.description, argument: e.argument } : { name, description: e.description }))
        // Code-unit order, not localeCompare: pass names are ASCII, and localeCompare starts ICU,
        // 10-17 ms of every `spvkit opt` start.
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    );
  }
}

/** The shared registry used by the CLI and the plugins. */
export const passRegistry = new PassRegistry();
