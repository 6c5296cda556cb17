import type { FamilyContext } from '../FamilyContext.js';
import { knownTargetEnv } from '../knownTargetEnv.js';
import { checkDescriptors, checkImageTypes } from './descriptors.js';
import { readEntryPoints } from './EntryPointTable.js';
import { checkDuplicateModes } from './duplicateModes.js';
import { checkEntryPointRequired } from './entryPointRequired.js';
import { checkEntryPointUse } from './entryPointUse.js';
import { checkExecutionModes } from './executionModes.js';
import { checkInterfaces } from './interfaces.js';
import { checkLocations } from './locations.js';
import { checkVulkanAddressing } from './memoryModel.js';
import { StaticUse } from './StaticUse.js';
import { checkStorageClassModels, checkStorageClasses } from './storageClasses.js';

/**
 * The target environment's rules: entry point interfaces, execution models and modes, storage
 * classes, and (in Vulkan) descriptors and image types. The rules every environment shares run
 * always; the Vulkan ones only where `context.targetEnv` names a Vulkan environment.
 */
export function checkEnvironment(context: FamilyContext): void {
  const { scan, structure, ids, reporter } = context;
  const vulkan = context.targetEnv?.startsWith('vulkan') === true;
  const localSizeIdAllowed = !vulkan || vulkanMinor(context.targetEnv) >= 3;
  const entryPoints = readEntryPoints(scan);
  const use = new StaticUse(scan, structure, ids, entryPoints);
  checkEntryPointRequired(reporter, entryPoints);
  checkInterfaces(scan, reporter, entryPoints, use);
  checkEntryPointUse(scan, reporter, entryPoints);
  checkExecutionModes(scan, reporter, entryPoints, vulkan, localSizeIdAllowed);
  checkDuplicateModes(scan, reporter, entryPoints);
  if (vulkan) checkStorageClasses(scan, reporter, entryPoints, use);
  checkStorageClassModels(scan, reporter, entryPoints, use);
  checkImageTypes(scan, reporter, vulkan);
  if (vulkan) {
    checkVulkanAddressing(scan, reporter);
    checkDescriptors(scan, reporter);
    checkLocations(scan, reporter, entryPoints);
  }
}

/** The minor version of a Vulkan environment's name (an unknown name counts as the newest). */
function vulkanMinor(name: string): number {
  return knownTargetEnv(name)?.vulkan?.minor ?? Infinity;
}
