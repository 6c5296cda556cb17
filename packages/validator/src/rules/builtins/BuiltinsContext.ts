import type { Module } from '@spvkit/core';
import type { BuiltinProblem } from './BuiltinProblem.js';
import { BuiltinReporter } from './BuiltinReporter.js';
import type { CollectedBuiltins } from './collect.js';
import { EntryPointReach } from './entryPointReach.js';
import type { BuiltinsTargetEnv } from './targetEnv.js';
import type { TypeTable } from './typeShapes.js';

/** What every check of a BuiltIn target reads: the module, its types, which entry points reach a use, and where findings go. */
export class BuiltinsContext {
  readonly types: TypeTable;
  /** Whether the Vulkan rules apply; else only the SPIR-V rule of WorkgroupSize does. */
  readonly vulkan: boolean;
  /** The module's OpCapability values. */
  readonly capabilities = new Set<number>();
  readonly reach: EntryPointReach;
  readonly reporter: BuiltinReporter;

  constructor(
    readonly module: Module,
    env: BuiltinsTargetEnv,
    collected: CollectedBuiltins,
    out: BuiltinProblem[],
  ) {
    this.types = collected.types;
    for (const c of module.capabilities) this.capabilities.add(c.word(0));
    this.vulkan = env.vulkan !== undefined;
    this.reach = new EntryPointReach(module, collected.calls);
    this.reporter = new BuiltinReporter(module, this.reach, out);
  }
}
