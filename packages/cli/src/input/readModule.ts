import { extname } from 'node:path';
import { decodeModule, type Module } from '@spvkit/core';
import type { CommandIo } from '../CommandIo.js';
import { inFile } from '../errors/FileError.js';
import { inputName, readInput } from '../files.js';
import { looksBinary } from './looksBinary.js';

/** True for a path that names assembly text (`.spvasm`, any case). */
export const isAssemblyPath = (path: string): boolean => extname(path).toLowerCase() === '.spvasm';

/** A module read by {@link readModule}. */
export interface InputModule {
  readonly module: Module;
  /** The input as messages name it: the path as given, or `<stdin>`. */
  readonly file: string;
  /** True when the input was assembly text (assembled here). */
  readonly assembled: boolean;
  /** For assembly input read with `names`: id -> the name the text gave it (`lii` for `%lii`). */
  readonly idNames?: ReadonlyMap<number, string>;
}

/** Options of {@link readModule}. */
export interface ReadModuleOptions {
  /** Target environment for assembling text (header version, allowed names); default spv1.6. */
  readonly targetEnv?: string;
  /** Keep the names assembly text gave its ids, to print them in messages. */
  readonly names?: boolean;
}

/**
 * Reads the module a command works on, in every command alike: `.spvasm` files are assembly
 * text and are assembled, other files are binary modules; standard input (`-`) is sniffed (the
 * SPIR-V magic number means binary). Every failure, reading, decoding or assembling, is a
 * FileError that names the input; the assembler's warnings go to standard error.
 */
export async function readModule(path: string, io: CommandIo, options: ReadModuleOptions = {}): Promise<InputModule> {
  return moduleOf(await readInput(path, () => io.stdin), path, io, options);
}

/** {@link readModule} of bytes already read from `path`. */
export async function moduleOf(bytes: Buffer, path: string, io: CommandIo, options: ReadModuleOptions = {}): Promise<InputModule> {
  const file = inputName(path);
  const text = path === '-' ? !looksBinary(bytes) : isAssemblyPath(path);
  if (!text) return { module: inFile(file, () => decodeModule(bytes)), file, assembled: false };
  const { assembleInput } = await import('./assembleInput.js');
  return { ...assembleInput(bytes, file, io, options), file, assembled: true };
}
