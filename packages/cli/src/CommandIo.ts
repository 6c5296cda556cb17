import type { Readable, Writable } from 'node:stream';

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
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Bad command-line usage: reported with the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
