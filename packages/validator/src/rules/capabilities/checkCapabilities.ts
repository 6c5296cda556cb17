import {
  BuiltIn,
  Capability,
  Decoration,
  GroupOperation,
  MemoryModel,
  NO_VERSION,
  Op,
  Scope,
  enumerantName,
  enumerantRequirements,
  extInstName,
  extInstRequirements,
  extInstSetByName,
  instructionRequirements,
  isConstantCreation,
  opcodeName,
  type ExtInstSetInfo,
  type Requirements,
  definitionOf,
} from '@spvkit/core';
import { readString } from '../../scan/readString.js';
import type { FamilyContext } from '../FamilyContext.js';
import { knownTargetEnv } from '../knownTargetEnv.js';
import { EnumOperandWalker } from './EnumOperandWalker.js';
import { LimitedTypes } from './LimitedTypes.js';
import { ModuleDeclarations } from './ModuleDeclarations.js';
import { capabilityNames, isVersion, versionText } from './requirementNames.js';
import { vulkanCapabilities } from './vulkanCapabilities.js';

/** Where a Vulkan module must declare one of the 16-bit storage capabilities to name a rounding mode. */
const VULKAN_ROUNDING_CAPABILITIES: readonly number[] = [
  Capability.StorageBuffer16BitAccess,
  Capability.UniformAndStorageBuffer16BitAccess,
  Capability.StoragePushConstant16,
  Capability.StorageInputOutput16,
];

/** SPV_AMD_shader_ballot's group instructions, which need no Groups capability where it is declared. */
const AMD_BALLOT_GROUP_OPS = new Set<number>([
  Op.GroupIAddNonUniformAMD,
  Op.GroupFAddNonUniformAMD,
  Op.GroupFMinNonUniformAMD,
  Op.GroupUMinNonUniformAMD,
  Op.GroupSMinNonUniformAMD,
  Op.GroupFMaxNonUniformAMD,
  Op.GroupUMaxNonUniformAMD,
  Op.GroupSMaxNonUniformAMD,
]);

/** The integer atomics, whose 64-bit form needs Int64Atomics (OpAtomicStore by its value's type). */
const INTEGER_ATOMICS = new Set<number>([
  Op.AtomicLoad,
  Op.AtomicStore,
  Op.AtomicExchange,
  Op.AtomicCompareExchange,
  Op.AtomicCompareExchangeWeak,
  Op.AtomicIIncrement,
  Op.AtomicIDecrement,
  Op.AtomicIAdd,
  Op.AtomicISub,
  Op.AtomicSMin,
  Op.AtomicUMin,
  Op.AtomicSMax,
  Op.AtomicUMax,
  Op.AtomicAnd,
  Op.AtomicOr,
  Op.AtomicXor,
]);

const SPIRV_1_4 = 0x00010400;
const SPIRV_1_6 = 0x00010600;

/**
 * Checks the capabilities, extensions and SPIR-V versions every opcode, enumerant operand and
 * extended instruction requires, as the grammar says and spirv-val judges them:
 *
 * - an opcode or enumerant with capabilities needs one of them declared (or implied by a declared
 *   one); the capabilities a target environment's SPIR-V version does not know are left out of the
 *   list first (none left: nothing is required), as spirv-val does;
 * - an enumerant with extensions needs one declared unless the module's version has it in core,
 *   an opcode only where it has no capability; both within their first and last versions;
 * - in a Vulkan environment, only the capabilities that Vulkan version supports, or that a declared
 *   extension enables, are declared;
 * - 8, 16 and 64-bit integer and float types need their width's capability, vectors of 8 or 16
 *   components Vector16, 64-bit integer atomics Int64Atomics, the Device memory scope under the Vulkan memory model
 *   VulkanMemoryModelDeviceScope; a shader makes no constants of 8 or 16-bit types that only a
 *   storage capability declares;
 * - SPV_KHR_workgroup_memory_explicit_layout needs SPIR-V 1.4, a NonSemantic set
 *   SPV_KHR_non_semantic_info before SPIR-V 1.6.
 *
 * Clean modules cost no allocation per instruction: the opcode's requirements are looked up in
 * a table decoded once, and enumerant operands are read in place.
 */
export function checkCapabilities(context: FamilyContext): void {
  const { scan, reporter } = context;
  const env = knownTargetEnv(context.targetEnv);
  const version = scan.words[1];
  // The SPIR-V version whose grammar spirv-val reads: the environment's (universal 1.6 without one).
  const envVersion = env?.spirvVersion ?? SPIRV_1_6;
  const vulkan = env?.vulkan !== undefined ? vulkanCapabilities(env.vulkan.minor) : undefined;
  const declared = new ModuleDeclarations(scan);

  /** The capabilities of `list` the environment's version knows (see filterCapsAgainstTargetEnv). */
  const visible = (list: readonly number[]): readonly number[] => {
    let all = true;
    for (const c of list) if (!isVisible(c, envVersion)) all = false;
    return all ? list : list.filter((c) => isVisible(c, envVersion));
  };
  const needsCapability = (list: readonly number[]): readonly number[] | undefined => {
    if (list.length === 0 || declared.hasAnyCapability(list)) return undefined;
    const shown = visible(list);
    return shown.length === 0 ? undefined : shown;
  };

  let current = 0;
  const walker = new EnumOperandWalker(
    scan,
    (kind, value, operand) => {
      const i = current;
      const op = scan.opcode[i];
      if (kind === 'BuiltIn' && (value === BuiltIn.PointSize || value === BuiltIn.ClipDistance || value === BuiltIn.CullDistance)) return;
      if (kind === 'FPRoundingMode' && declared.freeRoundingMode) return;
      if (kind === 'GroupOperation' && declared.freeGroupScans && value <= GroupOperation.ExclusiveScan) return;
      const r = enumerantRequirements(kind, value);
      let capabilities = r?.capabilities;
      if (kind === 'Decoration' && value === Decoration.FPRoundingMode) {
        if (declared.freeRoundingMode) return;
        if (env?.vulkan !== undefined) capabilities = VULKAN_ROUNDING_CAPABILITIES;
      }
      if (r === undefined && capabilities === undefined) return;
      // An OpCapability's own operand needs no other capability: declaring it is the point.
      if (op !== Op.Capability && capabilities !== undefined) {
        const missing = needsCapability(capabilities);
        if (missing !== undefined) {
          reporter.report(
            'spvkit-capabilities-operand',
            i,
            () => `operand ${operand} of ${opName(op)} (${kind} ${enumName(kind, value)}) requires one of these capabilities: ${capabilityNames(missing)}`,
          );
        }
      }
      if (r !== undefined) checkOperandVersion(i, op, operand, kind, value, r);
    },
    checkMemoryScope,
  );

  const checkOperandVersion = (i: number, op: number, operand: number, kind: string, value: number, r: Requirements): void => {
    const reserved = r.minVersion === NO_VERSION;
    if (!reserved && r.minVersion <= version && version <= r.lastVersion) return;
    const what = (): string => `operand ${operand} of ${opName(op)} (${kind} ${enumName(kind, value)})`;
    if (isVersion(r.lastVersion) && r.lastVersion < version) {
      reporter.report(
        'spvkit-capabilities-version',
        i,
        () => `${what()} requires SPIR-V ${versionText(r.lastVersion)} or earlier; the module is ${versionText(version)}`,
      );
    } else if (!reserved && r.extensions.length === 0) {
      reporter.report(
        'spvkit-capabilities-version',
        i,
        () => `${what()} requires SPIR-V ${versionText(r.minVersion)} or later; the module is ${versionText(version)}`,
      );
    } else if (r.extensions.length > 0 && !declared.hasAnyExtension(r.extensions)) {
      // Reserved with no extension (ray-tracing execution models): its capabilities alone enable it.
      reporter.report(
        'spvkit-capabilities-extension',
        i,
        () =>
          `${what()} requires one of these extensions: ${r.extensions.join(' ')}${reserved ? '' : ` (or SPIR-V ${versionText(r.minVersion)}; the module is ${versionText(version)})`}`,
      );
    }
  };

  // The Vulkan memory model's Device scope needs its own capability (memory scopes only).
  const deviceScopeNeedsCapability = usesVulkanMemoryModel() && !declared.capabilities.has(Capability.VulkanMemoryModelDeviceScope);
  function checkMemoryScope(at: number): void {
    if (!deviceScopeNeedsCapability) return;
    const d = definitionOf(scan, scan.words[at]);
    // Only a constant's value is known (spirv-val leaves spec constants alone too).
    if (d < 0 || scan.opcode[d] !== Op.Constant || scan.end[d] <= scan.operandStart[d] || scan.words[scan.operandStart[d]] !== Scope.Device) return;
    const i = current;
    reporter.report(
      'spvkit-capabilities-device-scope',
      i,
      () => `${opName(scan.opcode[i])}: the Device memory scope with the Vulkan memory model requires the capability VulkanMemoryModelDeviceScope`,
      [scan.words[at]],
    );
  }

  // 8 and 16-bit types that only a storage capability declares are for loads, stores and conversions:
  // a shader cannot make constants of them.
  const smallTypes = declared.capabilities.has(Capability.Shader) ? LimitedTypes.of(scan, declared) : undefined;

  for (let i = 0; i < scan.count; i++) {
    if (reporter.isFlagged(i)) continue;
    const op = scan.opcode[i];
    const r = instructionRequirements(op);
    if (r !== undefined) checkOpcode(i, op, r);
    if (EnumOperandWalker.hasEnumOperands(op) || (deviceScopeNeedsCapability && EnumOperandWalker.hasMemoryScope(op))) {
      current = i;
      walker.walk(i);
    }
    if (op === Op.Capability && vulkan !== undefined && scan.end[i] > scan.operandStart[i]) {
      const c = scan.words[scan.operandStart[i]];
      const extensions = enumerantRequirements('Capability', c)?.extensions ?? [];
      if (!vulkan.has(c) && !declared.hasAnyExtension(extensions)) {
        reporter.report(
          'VUID-VkShaderModuleCreateInfo-pCode-08739',
          i,
          () =>
            `capability ${enumName('Capability', c)} is not allowed by Vulkan ${env!.vulkan!.major}.${env!.vulkan!.minor}${extensions.length > 0 ? ` without one of these extensions: ${extensions.join(' ')}` : ''}`,
        );
      }
    } else if (op === Op.TypeInt || op === Op.TypeFloat) checkWidth(i, op);
    else if (op === Op.TypeVector) checkVectorSize(i);
    else if (INTEGER_ATOMICS.has(op) && !declared.capabilities.has(Capability.Int64Atomics)) checkAtomicWidth(i, op);
    else if (smallTypes !== undefined && isConstantCreation(op) && scan.typeId[i] !== 0 && smallTypes.contains(scan.typeId[i])) {
      reporter.report(
        'spvkit-capabilities-small-type-constant',
        i,
        () =>
          `${opName(op)}: a constant of an 8 or 16-bit type (or holding one) needs the capability Int8, Int16 or Float16 of that type, not only a storage capability`,
        [scan.resultId[i]],
      );
    } else if (op === Op.ExtInst) checkExtInst(i);
    else if (op === Op.Extension) checkExtension(i);
    else if (op === Op.ExtInstImport) checkImport(i);
  }

  function checkOpcode(i: number, op: number, r: Requirements): void {
    if (r.capabilities.length > 0 && !(AMD_BALLOT_GROUP_OPS.has(op) && declared.extensions.has('SPV_AMD_shader_ballot'))) {
      const missing = needsCapability(r.capabilities);
      if (missing !== undefined) {
        reporter.report('spvkit-capabilities-opcode', i, () => `${opName(op)} requires one of these capabilities: ${capabilityNames(missing)}`);
      }
    }
    if (isVersion(r.lastVersion) && r.lastVersion < version) {
      reporter.report(
        'spvkit-capabilities-version',
        i,
        () => `${opName(op)} requires SPIR-V ${versionText(r.lastVersion)} or earlier; the module is ${versionText(version)}`,
      );
      return;
    }
    // An opcode with capabilities is enabled by them alone, but OpTerminateInvocation (Shader,
    // and SPIR-V 1.6 or its extension).
    if (r.capabilities.length > 0 && op !== Op.TerminateInvocation) return;
    const reserved = r.minVersion === NO_VERSION;
    if (r.extensions.length === 0) {
      if (reserved) reporter.report('spvkit-capabilities-version', i, () => `${opName(op)} is reserved: no SPIR-V version has it`);
      else if (version < r.minVersion) {
        reporter.report(
          'spvkit-capabilities-version',
          i,
          () => `${opName(op)} requires SPIR-V ${versionText(r.minVersion)} or later; the module is ${versionText(version)}`,
        );
      }
    } else if ((reserved || version < r.minVersion) && !declared.hasAnyExtension(r.extensions)) {
      reporter.report(
        'spvkit-capabilities-extension',
        i,
        () =>
          `${opName(op)} requires one of these extensions: ${r.extensions.join(' ')}${reserved ? '' : ` (or SPIR-V ${versionText(r.minVersion)}; the module is ${versionText(version)})`}`,
      );
    }
  }

  /** The capability an 8, 16 or 64-bit scalar type needs (other widths are left to the types rules). */
  function checkWidth(i: number, op: number): void {
    const n = scan.end[i] - scan.operandStart[i];
    // A float with an encoding operand (BFloat16KHR, ...) is enabled by that encoding's capability.
    if (n < 1 || (op === Op.TypeFloat && n > 1)) return;
    const width = scan.words[scan.operandStart[i]];
    let needs: string | undefined;
    if (op === Op.TypeInt) {
      if (width === 8 && !declared.int8Types) needs = 'Int8 (or an 8-bit storage capability)';
      else if (width === 16 && !declared.int16Types) needs = 'Int16 (or a 16-bit storage capability)';
      else if (width === 64 && !declared.capabilities.has(Capability.Int64)) needs = 'Int64';
    } else if (width === 16 && !declared.float16Types) needs = 'Float16 or Float16Buffer (or a 16-bit storage capability)';
    else if (width === 64 && !declared.capabilities.has(Capability.Float64)) needs = 'Float64';
    if (needs === undefined) return;
    const what = needs;
    reporter.report(
      'spvkit-capabilities-width',
      i,
      () => `a ${width}-bit ${op === Op.TypeInt ? 'integer' : 'floating-point'} type requires the capability ${what}`,
    );
  }

  function checkVectorSize(i: number): void {
    if (scan.end[i] - scan.operandStart[i] < 2) return;
    const count = scan.words[scan.operandStart[i] + 1];
    if ((count === 8 || count === 16) && !declared.capabilities.has(Capability.Vector16)) {
      reporter.report('spvkit-capabilities-vector16', i, () => `a vector of ${count} components requires the capability Vector16`);
    }
  }

  function checkAtomicWidth(i: number, op: number): void {
    let type = scan.typeId[i];
    if (op === Op.AtomicStore) {
      const value = scan.operandStart[i] + 3;
      const d = value < scan.end[i] ? definitionOf(scan, scan.words[value]) : -1;
      type = d < 0 ? 0 : scan.typeId[d];
    }
    const t = definitionOf(scan, type);
    if (t < 0 || scan.opcode[t] !== Op.TypeInt || scan.end[t] <= scan.operandStart[t] || scan.words[scan.operandStart[t]] !== 64) return;
    reporter.report('spvkit-capabilities-int64-atomics', i, () => `${opName(op)}: 64-bit integer atomics require the capability Int64Atomics`);
  }

  function usesVulkanMemoryModel(): boolean {
    for (let i = 0; i < scan.count; i++) {
      if (scan.opcode[i] === Op.MemoryModel && scan.end[i] - scan.operandStart[i] >= 2) return scan.words[scan.operandStart[i] + 1] === MemoryModel.Vulkan;
    }
    return false;
  }

  function checkExtInst(i: number): void {
    if (scan.end[i] - scan.operandStart[i] < 2) return;
    const setId = scan.words[scan.operandStart[i]];
    const set = importedSet(setId);
    if (set === undefined) return;
    const number = scan.words[scan.operandStart[i] + 1];
    const r = extInstRequirements(set, number);
    // spirv-val checks the capabilities of extended instructions, not their extensions (the AMD
    // sets' instructions are accepted without their OpExtension).
    if (r === undefined || r.capabilities.length === 0 || declared.hasAnyCapability(r.capabilities)) return;
    reporter.report(
      'spvkit-capabilities-ext-inst',
      i,
      () => `${set.name} ${extInstName(set, number) ?? number} requires one of these capabilities: ${capabilityNames(r.capabilities)}`,
    );
  }

  function checkExtension(i: number): void {
    const name = readString(scan.words, scan.operandStart[i], scan.end[i]);
    if (name === 'SPV_KHR_workgroup_memory_explicit_layout' && version < SPIRV_1_4) {
      reporter.report(
        'spvkit-capabilities-extension-version',
        i,
        () => `SPV_KHR_workgroup_memory_explicit_layout requires SPIR-V 1.4 or later; the module is ${versionText(version)}`,
      );
    }
  }

  function checkImport(i: number): void {
    if (version >= SPIRV_1_6 || declared.extensions.has('SPV_KHR_non_semantic_info')) return;
    const name = readString(scan.words, scan.operandStart[i], scan.end[i]);
    if (name?.startsWith('NonSemantic.') === true) {
      reporter.report(
        'spvkit-capabilities-non-semantic',
        i,
        () =>
          `the NonSemantic set ${name} is imported without SPV_KHR_non_semantic_info declared (required before SPIR-V 1.6; the module is ${versionText(version)})`,
      );
    }
  }

  function importedSet(id: number): ExtInstSetInfo | undefined {
    const d = definitionOf(scan, id);
    if (d < 0 || scan.opcode[d] !== Op.ExtInstImport) return undefined;
    return extInstSetByName(readString(scan.words, scan.operandStart[d], scan.end[d]) ?? '');
  }
}

/** The target environment, or undefined without one (or with a name core does not know: no environment rules then). */
/**
 * Whether a capability counts in an environment of SPIR-V version `envVersion`: it is in that
 * version's core, or an extension or another capability can enable it.
 */
function isVisible(capability: number, envVersion: number): boolean {
  const r = enumerantRequirements('Capability', capability);
  if (r === undefined) return true;
  if (r.extensions.length > 0 || r.capabilities.length > 0) return true;
  return r.minVersion !== NO_VERSION && r.minVersion <= envVersion && envVersion <= r.lastVersion;
}

function opName(op: number): string {
  return opcodeName(op) ?? `opcode ${op}`;
}

function enumName(kind: string, value: number): string {
  return enumerantName(kind, value) ?? String(value);
}
