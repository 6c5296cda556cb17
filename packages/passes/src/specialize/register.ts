import type { PassRegistry } from '@spvkit/core';
import { FOLD_SPEC_CONST_OP_COMPOSITE, foldSpecConstOpComposite } from './foldSpecConstOpComposite.js';
import { FREEZE_SPEC_CONST, freezeSpecConst } from './freezeSpecConst.js';
import { DEFAULT_VALUES_SYNTAX } from './parseDefaultValues.js';
import { SET_SPEC_CONST_DEFAULT_VALUE, setSpecConstantDefaultValue } from './setSpecConstantDefaultValue.js';

/**
 * Registers the specialization passes in `registry` under spirv-opt's names:
 * `set-spec-const-default-value` (named with its argument, `'set-spec-const-default-value=0:64 1:2'`),
 * `freeze-spec-const` and `fold-spec-const-op-composite`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerSpecializePasses } from '@spvkit/passes/specialize';
 * registerSpecializePasses(passRegistry);
 * runPasses(module, ['set-spec-const-default-value=0:64', 'freeze-spec-const', 'fold-spec-const-op-composite']);
 * ```
 */
export function registerSpecializePasses(registry: PassRegistry): void {
  registry.register(
    SET_SPEC_CONST_DEFAULT_VALUE,
    (argument) => setSpecConstantDefaultValue(argument ?? ''),
    'set the default values of specialization constants by SpecId',
    { argument: { required: true, syntax: DEFAULT_VALUES_SYNTAX } },
  );
  registry.register(FREEZE_SPEC_CONST, () => freezeSpecConst, freezeSpecConst.description);
  registry.register(FOLD_SPEC_CONST_OP_COMPOSITE, () => foldSpecConstOpComposite, foldSpecConstOpComposite.description);
}
