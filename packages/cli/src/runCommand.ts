import { SpirvError } from '@spvkit/core';
import { UsageError, type Command, type CommandIo } from './CommandIo.js';
import { FileError } from './errors/FileError.js';
import { formatError } from './errors/formatError.js';

/**
 * Runs `command` and turns every expected failure into its exit code and message: bad usage 2
 * (with the usage), bad input 1 (the message names the file). A thrown error is a bug in spvkit
 * and is thrown on.
 */
export async function runCommand(command: Command, run: () => Promise<number>, io: CommandIo): Promise<number> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof UsageError || isParseArgsError(e)) {
      io.stderr.write(`spvkit ${command.name}: ${(e as Error).message}\nusage: ${command.usage}\n`);
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

function isParseArgsError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
