import { SpirvError } from '@spvkit/core';
import { UsageError, type Command, type CommandIo } from './CommandIo.js';
import { FileError } from './errors/FileError.js';
import { formatError } from './errors/formatError.js';

/** How {@link runCommand} reports bad usage. */
export interface UsageReport {
  /** The command's arguments, so that an unknown option is named as it was written (`-Od`, not `-O`). */
  readonly args: readonly string[];
  /**
   * Whether a usage error is followed by the command's usage. Not for one input of many: the
   * usage would be printed again for each file (a glob matching files of another kind).
   */
  readonly withUsage: boolean;
}

/**
 * Runs `command` and turns every expected failure into its exit code and message: bad usage 2
 * (with the usage, but for an unknown option, which is one line naming it), bad input 1 (the
 * message names the file). A thrown error is a bug in spvkit and is thrown on.
 */
export async function runCommand(command: Command, run: () => Promise<number>, io: CommandIo, usage: UsageReport): Promise<number> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof UsageError || isParseArgsError(e)) {
      const unknown = e instanceof UsageError ? undefined : unknownOptionOf(e as Error);
      if (unknown !== undefined) {
        // Loaded only here: the native tools' flag lists are no part of a good run's start-up.
        const { unknownOptionMessage } = await import('./options/unknownOption.js');
        io.stderr.write(`spvkit ${command.name}: ${unknownOptionMessage(command.name, unknown, usage.args)}\n`);
      } else {
        io.stderr.write(`spvkit ${command.name}: ${(e as Error).message}\n${usage.withUsage ? `usage: ${command.usage}\n` : ''}`);
      }
      return 2;
    }
    if (e instanceof FileError) {
      io.stderr.write(formatError(e) + '\n');
      return 1;
    }
    // Commands wrap what they read in a FileError; one that reaches here unwrapped still ends
    // as bad input with its message, not as an internal error.
    if (e instanceof SpirvError) {
      io.stderr.write(`spvkit ${command.name}: error: ${e.message}${e.hint !== undefined ? `\nhint: ${e.hint}` : ''}\n`);
      return 1;
    }
    throw e;
  }
}

/** The option an `ERR_PARSE_ARGS_UNKNOWN_OPTION` error of node:util's parseArgs names ("Unknown option '--x'. To specify ..."). */
function unknownOptionOf(error: Error): string | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return undefined;
  return /^Unknown option '([^']*)'/.exec(error.message)?.[1];
}

function isParseArgsError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
