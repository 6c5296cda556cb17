// The fuzzing property: every input either succeeds or fails with a SpirvError; nothing else is
// thrown, nothing takes longer than the time limit or allocates more than 64 times its size.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SpirvError } from '@spvkit/core';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

export const TIME_LIMIT_MS = 1000;
/** Allocation allowed per input byte. */
export const ALLOCATION_FACTOR = 64;
/** Fixed allowance for the engine's own noise (compiled code, inline caches) on tiny inputs. */
export const ALLOCATION_SLACK = 2 * 1024 * 1024;

export type Outcome = 'ok' | 'spirv-error';

export interface Violation {
  readonly target: string;
  readonly mutator: string;
  readonly seed: number;
  readonly problem: string;
}

function usage(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * Runs `fn(input)` and returns its outcome, or a description of how it broke the property.
 * Allocation is measured as heap growth during the call (a lower bound of what it allocated).
 */
/**
 * runPasses reports a pass that threw something other than a SpirvError as a PASS_CRASHED
 * diagnostic instead of throwing; to the fuzzer that is still a crash. Takes a RunPassesResult or
 * the diagnostics a target returned.
 */
function passCrash(result: unknown): string | undefined {
  const diagnostics = Array.isArray(result) ? result : (result as { diagnostics?: unknown } | null)?.diagnostics;
  if (!Array.isArray(diagnostics)) return undefined;
  const crash = diagnostics.find((d: { code?: string }) => d?.code === 'PASS_CRASHED') as { message: string } | undefined;
  return crash?.message;
}

export function checkProperty(fn: () => unknown, inputBytes: number, measureMemory: boolean): { outcome?: Outcome; problem?: string } {
  if (measureMemory) gc();
  const before = measureMemory ? usage() : 0;
  const started = performance.now();
  let outcome: Outcome;
  let result: unknown;
  try {
    result = fn();
    outcome = 'ok';
  } catch (e) {
    if (!(e instanceof SpirvError)) {
      return { problem: `threw ${e instanceof Error ? `${e.constructor.name}: ${e.message}\n${e.stack?.split('\n').slice(1, 6).join('\n')}` : String(e)}` };
    }
    if (e.message.length === 0) return { problem: `SpirvError ${e.code} without a message` };
    outcome = 'spirv-error';
  }
  const crash = passCrash(result);
  if (crash !== undefined) return { problem: `a pass crashed: ${crash}` };
  const ms = performance.now() - started;
  if (ms > TIME_LIMIT_MS) return { problem: `took ${ms.toFixed(0)} ms (limit ${TIME_LIMIT_MS} ms)` };
  if (measureMemory) {
    const grown = usage() - before;
    const limit = ALLOCATION_FACTOR * inputBytes + ALLOCATION_SLACK;
    if (grown > limit) return { problem: `allocated ${grown} bytes for a ${inputBytes}-byte input (limit ${limit})` };
  }
  void result;
  return { outcome };
}
