import type { Readable, Writable } from 'node:stream';
import type { ParseArgsConfig } from 'node:util';

/** The option definitions of a command, as node:util parseArgs takes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * How a command runs over many inputs (see batch/runBatch.ts): what a folder argument expands to,
 * and where `--out-dir` puts each input's output.
 */
export interface BatchSupport {
  /** Extensions (with the dot, lower case) of the files a folder argument stands for. */
  readonly inputExtensions: readonly string[];
  /**
   * The output's path for an input's path relative to its folder or glob base (`a/b.spv` ->
   * `a/b.spvasm`); undefined for commands that write no files (`val`, `info`).
   */
  readonly outputPath?: (relative: string) => string;
  /** True when, without --out-dir, the outputs go to standard output one after another (`dis`). */
  readonly defaultsToStdout?: boolean;
  /** True when the command needs an output file (`opt`): several inputs then need --out-dir. */
  readonly needsOutput?: boolean;
}

/** Where a command reads and writes; tests pass in-memory streams. */
export interface CommandIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: Readable;
}

/** A sub-command of `spvkit`. `run` returns the exit code: 0 ok, 1 bad input, 2 bad usage. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  /** Its options, so that the batch layer can tell inputs from option values. */
  readonly options: CommandOptions;
  /**
   * The command line with the spellings node's parseArgs cannot read (glslangValidator's `-gVS`,
   * spirv-opt's `-Os`, which it would split into single-letter flags) as options it can; applied
   * once, before the batch layer or {@link run} reads the arguments.
   */
  rewriteArgs?(args: readonly string[]): string[];
  /** Present for commands that take many inputs (`dis`, `as`, `val`, `opt`, `info`, `glsl`). */
  readonly batch?: BatchSupport;
  /** Runs on exactly one input (the batch layer calls it once per file). */
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Bad command-line usage: reported with the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
