import { SpirvError, parseTargetEnv, type TargetEnv } from '@spvkit/core';
import { UsageError } from '../CommandIo.js';

/**
 * The value of `--target-env`, checked: an unknown name is bad usage (exit code 2, with the
 * valid names), in every command alike.
 */
export function targetEnvOption(name: string): TargetEnv {
  try {
    return parseTargetEnv(name);
  } catch (e) {
    if (e instanceof SpirvError) throw new UsageError(`--target-env: ${e.message}${e.hint ? ` (${e.hint})` : ''}`);
    throw e;
  }
}
