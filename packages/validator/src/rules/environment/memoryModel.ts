import { AddressingModel, Op, enumerantName, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';

/** In Vulkan, the addressing model is Logical or PhysicalStorageBuffer64 (no Physical32/64 pointers). */
export function checkVulkanAddressing(scan: ModuleIndex, reporter: Reporter): void {
  for (let i = 0; i < scan.count; i++) {
    const op = scan.opcode[i];
    if (op === Op.Function) return;
    if (op !== Op.MemoryModel || scan.end[i] <= scan.operandStart[i] || reporter.isFlagged(i)) continue;
    const model = scan.words[scan.operandStart[i]];
    if (model !== AddressingModel.Logical && model !== AddressingModel.PhysicalStorageBuffer64) {
      reporter.report(
        'VUID-StandaloneSpirv-None-04635',
        i,
        () =>
          `OpMemoryModel: the addressing model ${enumerantName('AddressingModel', model) ?? model} is not allowed in the Vulkan environment (Logical or PhysicalStorageBuffer64)`,
      );
    }
  }
}
