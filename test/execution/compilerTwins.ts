/**
 * Both GLSL compilers in every execution suite: each shader the suites compile from GLSL
 * (glsl.ts compileStage) is compiled by glslangValidator, which gives the module the test works
 * with, and by @spvkit/glslang, whose module is kept here as that module's "twin". Every run
 * (runCompute, runMesh) of a module that has a twin is run a second time with the twin in its
 * place, and the two runs must leave byte-identical buffers.
 *
 * Done below the suites rather than as a loop over compilers in each of them, so that every
 * execution test that compiles GLSL — the hand-checked harness cases, every workgroup size of
 * the lowering suites, mesh and task pipelines, and the plugin suite's reference — compares the
 * compilers with no per-test code, and a test added later compares them too. A transformed
 * module (lowered) carries its twin, transformed the same way (carryTwin), so lowered runs are
 * compared as well.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeDifference } from './bufferDifference.js';

/** What @spvkit/glslang made of the shader: its module, or why it has none. */
export type Twin = { readonly words: Uint32Array } | { readonly notCompiled: string };

const twins = new WeakMap<Uint32Array, Twin>();

/** What this process compared so far (for a suite to report or assert on). */
export const twinStats = { runsCompared: 0, notCompiled: [] as string[] };

// SPVKIT_TWIN_STATS=DIR: each test process keeps what it compared in DIR/<pid>.json, so a run
// of the execution suites can say how many runs were compared (vitest runs test files in
// processes of their own, and does not let them finish their exit handlers).
function saveStats(): void {
  const dir = process.env.SPVKIT_TWIN_STATS;
  if (dir) writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(twinStats));
}

/** Records `twin` as @spvkit/glslang's module for `primary` (glslangValidator's). */
export function registerTwin(primary: Uint32Array, twin: Twin): void {
  twins.set(primary, twin);
  if ('notCompiled' in twin) {
    twinStats.notCompiled.push(twin.notCompiled);
    saveStats();
  }
}

/** @spvkit/glslang's module for `words`, if it has one. */
export function twinOf(words: Uint32Array): Twin | undefined {
  return twins.get(words);
}

/**
 * `transformed` is `transform(original)`: gives it the twin `transform(twin of original)`, so the
 * transformed module is compared across compilers too. Returns `transformed`.
 */
export function carryTwin(original: Uint32Array, transformed: Uint32Array, transform: (words: Uint32Array) => Uint32Array): Uint32Array {
  const twin = twins.get(original);
  if (twin !== undefined) twins.set(transformed, 'words' in twin ? { words: transform(twin.words) } : twin);
  return transformed;
}

/**
 * Runs `run(modules)`; when any of `modules` has a twin, runs it again with the twins in their
 * place and throws, naming the buffer and word, unless every buffer is byte-identical.
 * Returns the first run's buffers.
 */
export async function runWithTwins(modules: readonly Uint32Array[], run: (modules: readonly Uint32Array[]) => Promise<Uint8Array[]>): Promise<Uint8Array[]> {
  const result = await run(modules);
  const swapped = modules.map((m) => {
    const t = twins.get(m);
    return t !== undefined && 'words' in t ? t.words : m;
  });
  if (swapped.every((m, i) => m === modules[i])) return result;
  const other = await run(swapped);
  twinStats.runsCompared++;
  saveStats();
  if (other.length !== result.length) throw new Error(`@spvkit/glslang's module gave ${other.length} buffers, glslangValidator's ${result.length}`);
  result.forEach((b, i) => {
    const difference = describeDifference(b, other[i]);
    if (difference !== undefined) {
      throw new Error(
        `the same GLSL behaves differently compiled by @spvkit/glslang: buffer ${i} ${difference} ` +
          `(expected: glslangValidator's module, got: @spvkit/glslang's)`,
      );
    }
  });
  return result;
}
