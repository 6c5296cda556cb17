import { Capability, Op, enumerantRequirements, type ModuleIndex } from '@spvkit/core';
import { readString } from '../../scan/readString.js';

/** Capabilities whose declaration lets any FPRoundingMode be used (spirv-val: the 16-bit storage ones). */
const FREE_ROUNDING = [
  Capability.StorageBuffer16BitAccess,
  Capability.UniformAndStorageBuffer16BitAccess,
  Capability.StoragePushConstant16,
  Capability.StorageInputOutput16,
  Capability.WorkgroupMemoryExplicitLayout16BitAccessKHR,
];

/** Capabilities that let a module declare 8-bit integer types (spirv-val: Int8 and the 8-bit storage ones). */
const INT8_TYPES = [
  Capability.Int8,
  Capability.StorageBuffer8BitAccess,
  Capability.UniformAndStorageBuffer8BitAccess,
  Capability.StoragePushConstant8,
  Capability.WorkgroupMemoryExplicitLayout8BitAccessKHR,
];

/**
 * What a module declares that enables opcodes and operands: its capabilities, each with every
 * capability it implies (a declared capability implicitly declares those the grammar says it
 * depends on, and theirs in turn), and its extensions, wherever in the module they are.
 */
export class ModuleDeclarations {
  /** Declared and implied capabilities. */
  readonly capabilities = new Set<number>();
  /** Declared extensions, by name. */
  readonly extensions = new Set<string>();
  /** Any FPRoundingMode may be used without its capabilities (a 16-bit storage capability is declared). */
  readonly freeRoundingMode: boolean;
  /** GroupOperation Reduce, InclusiveScan and ExclusiveScan need no capability (Kernel or SPV_AMD_shader_ballot). */
  readonly freeGroupScans: boolean;
  /** 8-bit integer types may be declared. */
  readonly int8Types: boolean;
  /** 16-bit integer types may be declared (Int16, or a 16-bit storage capability). */
  readonly int16Types: boolean;
  /** 16-bit float types may be declared (Float16, Float16Buffer, a 16-bit storage capability, or an AMD half-float extension). */
  readonly float16Types: boolean;

  constructor(scan: ModuleIndex) {
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if (op === Op.Capability && scan.end[i] > scan.operandStart[i]) this.declare(scan.words[scan.operandStart[i]]);
      else if (op === Op.Extension) {
        const name = readString(scan.words, scan.operandStart[i], scan.end[i]);
        if (name !== undefined) this.extensions.add(name);
      }
    }
    this.freeRoundingMode = FREE_ROUNDING.some((c) => this.capabilities.has(c));
    this.freeGroupScans = this.capabilities.has(Capability.Kernel) || this.extensions.has('SPV_AMD_shader_ballot');
    this.int8Types = INT8_TYPES.some((c) => this.capabilities.has(c));
    this.int16Types = this.freeRoundingMode || this.capabilities.has(Capability.Int16);
    this.float16Types =
      this.freeRoundingMode ||
      this.capabilities.has(Capability.Float16) ||
      this.capabilities.has(Capability.Float16Buffer) ||
      this.extensions.has('SPV_AMD_gpu_shader_half_float') ||
      this.extensions.has('SPV_AMD_gpu_shader_half_float_fetch');
  }

  /** Whether the module declares (or implies) one of `capabilities`. */
  hasAnyCapability(capabilities: readonly number[]): boolean {
    for (const c of capabilities) if (this.capabilities.has(c)) return true;
    return false;
  }

  /** Whether the module declares one of `extensions`. */
  hasAnyExtension(extensions: readonly string[]): boolean {
    for (const e of extensions) if (this.extensions.has(e)) return true;
    return false;
  }

  private declare(capability: number): void {
    if (this.capabilities.has(capability)) return;
    this.capabilities.add(capability);
    for (const implied of enumerantRequirements('Capability', capability)?.capabilities ?? []) this.declare(implied);
  }
}
