// Reading a dropped .spvasm file. main.ts imports this file with import() only when a dropped file
// is not a SPIR-V binary: the assembler and the name tables it needs are about a third of what the
// page would otherwise load up front, for a file most visits never drop.
import { assemble, type Module } from '@spvkit/core';

/** Assembles a dropped assembly file (spirv-as syntax); errors are SpirvErrors with every diagnostic. */
export function assembleDropped(name: string, bytes: Uint8Array): Module {
  return assemble(new TextDecoder().decode(bytes), { file: name });
}
