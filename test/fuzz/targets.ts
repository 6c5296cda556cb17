// What the fuzzer attacks. Each target takes the mutated input and runs one public entry point.
import * as core from '@spvkit/core';
import { decodeModule, encodeModule, runPasses, passRegistry } from '@spvkit/core';
import '@spvkit/passes';
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { validate } from '@spvkit/validator';

export interface BinaryTarget {
  readonly name: string;
  run(words: Uint32Array): unknown;
}
export interface TextTarget {
  readonly name: string;
  run(text: string): unknown;
}

type Disassemble = (m: core.Module) => string;
type Assemble = (text: string, options?: { file?: string }) => core.Module;
const api = core as unknown as { disassemble?: Disassemble; assemble?: Assemble };

function passTarget(name: string): BinaryTarget | undefined {
  if (!passRegistry.has(name)) return undefined;
  return {
    name,
    run(words) {
      const m = decodeModule(words, { lazyFunctions: false });
      const r = runPasses(m, [name]);
      return r.ok ? encodeModule(m) : r.diagnostics;
    },
  };
}

/** Binary targets available in this build (text and pass targets appear once they exist). */
export function binaryTargets(): BinaryTarget[] {
  const targets: (BinaryTarget | undefined)[] = [
    { name: 'decode', run: (w) => decodeModule(w, { lazyFunctions: false }) },
    { name: 'encode', run: (w) => encodeModule(decodeModule(w, { lazyFunctions: false })) },
    api.disassemble ? { name: 'disassemble', run: (w) => api.disassemble!(decodeModule(w)) } : undefined,
    passTarget('validate-builtins'),
    passTarget('lower-local-invocation-index'),
    // The raw words, not a decoded module: the validator promises never to throw, whatever they are.
    { name: 'validate', run: (w) => validate(w) },
  ];
  return targets.filter((t): t is BinaryTarget => t !== undefined);
}

export function textTargets(): TextTarget[] {
  if (!api.assemble) return [];
  return [
    {
      name: 'assemble',
      // Encoded while the instructions are still words, then built (every section and function,
      // spans included) and encoded again: both must succeed and agree.
      run(text) {
        const m = api.assemble!(text, { file: 'fuzz.spvasm' });
        const held = encodeModule(m);
        let spans = 0;
        for (const inst of m.instructions()) if (inst.span !== undefined) spans++;
        const built = encodeModule(m);
        if (built.length !== held.length || built.some((w, i) => w !== held[i]))
          throw new Error('assemble: the module encodes differently once its instructions are built');
        return spans;
      },
    },
  ];
}

/** Names of the targets the issue asks for that this build does not have yet. */
export function missingTargets(): string[] {
  const have = new Set([...binaryTargets(), ...textTargets()].map((t) => t.name));
  return ['decode', 'encode', 'disassemble', 'assemble', 'validate-builtins', 'lower-local-invocation-index', 'validate'].filter((n) => !have.has(n));
}
