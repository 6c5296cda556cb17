import { parseTargetEnv, type TargetEnv } from '@spvkit/core';

const parsed = new Map<string, TargetEnv | undefined>();

/**
 * The target environment `name` names, or undefined where core does not know it (plain `vulkan`
 * is the builtins family's default, and no TargetEnv). Remembered per name: a folder validated
 * without `--target-env` asked once per module and family, and each unknown name cost a thrown
 * SpirvError with its stack trace.
 *
 * @example
 * ```ts
 * knownTargetEnv('vulkan1.2')?.vulkan?.minor === 2;
 * knownTargetEnv('vulkan') === undefined;
 * ```
 */
export function knownTargetEnv(name: string | undefined): TargetEnv | undefined {
  if (name === undefined) return undefined;
  if (parsed.has(name)) return parsed.get(name);
  let env: TargetEnv | undefined;
  try {
    env = parseTargetEnv(name);
  } catch {
    env = undefined;
  }
  parsed.set(name, env);
  return env;
}
