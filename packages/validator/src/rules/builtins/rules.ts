import { EnumerantNames, enumerantNameIn } from '@spvkit/core';
import type { RuleInfo } from '../../report/RuleInfo.js';
import { describeRule } from './typeShapes.js';
import { BUILTIN_SPVKIT_CODES, type BuiltinErrorCode } from './codes.js';
import type { BuiltinRule, StorageRule } from './BuiltinRule.js';
import { VULKAN_BUILTIN_RULES, WORKGROUP_SIZE_RULES } from './vulkanRules.js';

const modelName = (m: number): string => enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', m) ?? `ExecutionModel(${m})`;
const storageName = (s: number): string => enumerantNameIn(EnumerantNames.StorageClass, 'StorageClass', s) ?? `StorageClass(${s})`;

/** "A, B or C" */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

const models = (list: readonly number[]): string => `the ${orList(list.map(modelName))} execution model${list.length > 1 ? 's' : ''}`;

function storageSummary(rule: BuiltinRule, s: StorageRule): string {
  const within = s.models === undefined ? '' : `within ${models(s.models)}, `;
  return `${within}a variable decorated BuiltIn ${rule.name} is declared in the ${orList(s.classes.map(storageName))} storage class`;
}

/** Each VUID of `rule` with what it requires, in the words of its check's messages. */
function summaries(rule: BuiltinRule): [BuiltinErrorCode, string][] {
  const out: [BuiltinErrorCode, string][] = [];
  if (rule.models !== undefined) out.push([rule.models.vuid, `BuiltIn ${rule.name} is used only within ${models(rule.models.allowed)}`]);
  for (const s of rule.storage) out.push([s.vuid, storageSummary(rule, s)]);
  if (rule.type !== undefined) out.push([rule.type.vuid, `a variable decorated BuiltIn ${rule.name} is declared as ${describeRule(rule.type.rule)}`]);
  for (const e of rule.extra ?? []) {
    switch (e.kind) {
      case 'executionMode':
        out.push([
          e.vuid,
          `an entry point of ${models(e.models)} that ${e.writesOnly === true ? 'writes' : 'uses'} BuiltIn ${rule.name} declares the ${e.modeName} execution mode`,
        ]);
        break;
      case 'capabilityInModels':
        out.push([e.vuid, `BuiltIn ${rule.name} is used within ${models(e.models)} only with the ${e.capabilityNames} capability`]);
        break;
      case 'alsoDecorated':
        out.push([e.vuid, `what is decorated BuiltIn ${rule.name} is also decorated ${e.decorationName}`]);
        break;
    }
  }
  return out;
}

const table: Partial<Record<BuiltinErrorCode, RuleInfo>> = {};
const add = (code: BuiltinErrorCode, summary: string): void => {
  // Rules that share a VUID keep the first summary: the code's meaning does not depend on order.
  table[code] ??= { family: 'builtins', summary };
};
add(BUILTIN_SPVKIT_CODES.version, "the module's SPIR-V version is one the target environment consumes");
add(BUILTIN_SPVKIT_CODES.target, 'BuiltIn decorates a global variable, a member of a Block struct type, or a constant');
add(BUILTIN_SPVKIT_CODES.member, 'a built-in that Vulkan allows on variables only does not decorate a struct member');
add(BUILTIN_SPVKIT_CODES.vertexId, 'Vulkan has no BuiltIn VertexId (VertexIndex instead)');
add(BUILTIN_SPVKIT_CODES.workgroupSizeConstant, 'BuiltIn WorkgroupSize decorates a constant or specialization constant (SPIR-V rules)');
add(WORKGROUP_SIZE_RULES.modelVuid, `BuiltIn WorkgroupSize is used only within ${models(WORKGROUP_SIZE_RULES.models)}`);
add(WORKGROUP_SIZE_RULES.constantVuid, 'BuiltIn WorkgroupSize decorates a constant or specialization constant');
add(WORKGROUP_SIZE_RULES.typeVuid, 'a constant decorated BuiltIn WorkgroupSize is a 3-component vector of 32-bit integers');
for (const rule of VULKAN_BUILTIN_RULES) for (const [code, summary] of summaries(rule)) add(code, summary);

/**
 * The rules of the `builtins` family: each Vulkan BuiltIn rule under its VUID (made from the rule
 * table, `vulkanRules.ts`, so a VUID checked is a VUID listed), and the spvkit codes of the BuiltIn
 * rules that have none. The two warnings of validate-builtins are advice, not rules: not here.
 */
export const BUILTIN_RULES = table as Readonly<Record<BuiltinErrorCode, RuleInfo>>;
