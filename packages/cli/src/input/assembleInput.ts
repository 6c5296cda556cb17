import { assemble, formatAssemblyDiagnostic, type Module } from '@spvkit/core';
import { warmUpAssembler } from './warmUpAssembler.js';
import type { CommandIo } from '../CommandIo.js';
import { inFile } from '../errors/FileError.js';
import type { ReadModuleOptions } from './readModule.js';

/**
 * Assembles the text a command read as its input module (see moduleOf). A module of its own,
 * loaded by import() on the first text input, so that commands given binaries never initialize
 * the assembler (its tables, its warm-up text).
 */
export function assembleInput(
  bytes: Buffer,
  file: string,
  io: CommandIo,
  options: ReadModuleOptions,
): { module: Module; idNames?: ReadonlyMap<number, string> } {
  let idNames: ReadonlyMap<number, string> | undefined;
  // A command assembles one text per process: a large one is read faster after the warm-up.
  warmUpAssembler(bytes.length);
  // The bytes, not a string decoded from them: a string literal keeps its bytes exactly, as in
  // spvkit as and spirv-as (decoding replaced bytes that are not UTF-8 with U+FFFD).
  const module = inFile(file, () =>
    assemble(bytes, {
      file,
      onWarning: (d) => io.stderr.write(`${formatAssemblyDiagnostic(d)}\n`),
      ...(options.targetEnv !== undefined ? { targetEnv: options.targetEnv } : {}),
      ...(options.names === true
        ? {
            onIdNames: (names: ReadonlyMap<number, string>) => {
              idNames = names;
            },
          }
        : {}),
    }),
  );
  return { module, ...(idNames !== undefined ? { idNames } : {}) };
}
