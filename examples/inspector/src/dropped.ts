// Files dropped on the page, inspected by running spvkit here, in the browser: read (binary or
// assembly), disassembled, validated, lowered, validated again, reflected. main.ts loads this file
// with import() on the first drop, so a page that is only looked at never loads the lowering pass
// or the disassembler.
import {
  SPIRV_MAGIC,
  SpirvError,
  codeFrame,
  decodeModule,
  disassemble,
  encodeModule,
  passRegistry,
  reflectModule,
  runPasses,
  type Module,
  type Reflection,
} from '@spvkit/core';
import { registerLowerLocalInvocationIndex } from '@spvkit/passes/lower-local-invocation-index';
import { LOWER, VALIDATE, findingOf, ms, plural, version, type Finding, type ShaderView, type Step } from './inspect.js';

if (!passRegistry.has(LOWER)) registerLowerLocalInvocationIndex(passRegistry);

/** Findings of an exception: a SpirvError with its assembly diagnostics, or anything else. */
function findingsOfError(e: unknown, step: string): Finding[] {
  if (!(e instanceof SpirvError)) return [{ severity: 'error', message: e instanceof Error ? e.message : String(e), step }];
  if (e.diagnostics && e.diagnostics.length > 0) {
    return e.diagnostics.map((d) => ({
      severity: d.severity,
      message: d.message,
      step,
      code: e.code,
      where: `${d.location.file ?? '<input>'}:${d.location.line}:${d.location.column}`,
      ...(d.hint ? { hint: d.hint } : {}),
      ...(d.sourceLine !== undefined ? { frame: codeFrame(d.sourceLine, d.location.line, d.location.column, d.endColumn) } : {}),
    }));
  }
  return [
    {
      severity: 'error',
      code: e.code,
      message: e.message,
      step,
      ...(e.location ? { where: `${e.location.file ?? '<input>'}:${e.location.line}:${e.location.column}` } : {}),
      ...(e.hint ? { hint: e.hint } : {}),
    },
  ];
}

/** True when the bytes start with the SPIR-V magic number, in either byte order. */
export function isBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const le = (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0;
  const be = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  return le === SPIRV_MAGIC || be === SPIRV_MAGIC;
}

let dropCount = 0;

/** What every card of a dropped file starts with: a fresh key, its name, what it is and where it ran. */
export function droppedBase(name: string, format: string, origin: string): Pick<ShaderView, 'key' | 'name' | 'format' | 'origin' | 'dropped'> {
  return { key: `dropped-${++dropCount}`, name, format, origin, dropped: true };
}

/**
 * Inspects a file dropped on the page: read it (binary or assembly, by content), disassemble it,
 * validate it, lower a copy, validate again, disassemble and reflect the result. The assembler is
 * loaded (assembly.ts, with import()) the first time an assembly file is dropped.
 */
export async function inspectFile(name: string, bytes: Uint8Array): Promise<ShaderView> {
  const started = performance.now();
  const binary = isBinary(bytes);
  const base = droppedBase(name, binary ? 'SPIR-V binary' : 'SPIR-V assembly', 'dropped into the page — read, validated and lowered in this browser');
  const readStep = binary ? 'decoded' : 'assembled';
  let module: Module;
  try {
    module = binary ? decodeModule(bytes) : (await import('./assembly.js')).assembleDropped(name, bytes);
  } catch (e) {
    const steps = [{ label: readStep, detail: 'failed', failed: true }];
    return { ...base, findings: findingsOfError(e, binary ? 'decode' : 'assemble'), facts: [plural(bytes.length, 'byte')], steps };
  }
  return inspectModule(base, module, [{ label: readStep, detail: ms(performance.now() - started) }], [], started);
}

/**
 * The steps after a dropped file became a module (decoded, assembled or compiled): disassemble,
 * validate, lower a copy, validate again, disassemble and reflect the result. `readSteps` and
 * `readFindings` are those of reading it; `started` is when reading began (for the total).
 */
export function inspectModule(
  base: Pick<ShaderView, 'key' | 'name' | 'format' | 'origin' | 'dropped'>,
  module: Module,
  readSteps: readonly Step[],
  readFindings: readonly Finding[],
  started: number,
): ShaderView {
  const findings: Finding[] = [...readFindings];
  const steps: Step[] = [...readSteps];
  let t = performance.now();
  const lap = (): string => {
    const now = performance.now();
    const text = ms(now - t);
    t = now;
    return text;
  };

  let before: string | undefined;
  try {
    before = disassemble(module);
    steps.push({ label: 'disassembled', detail: lap() });
    const check = runPasses(module, [VALIDATE]);
    for (const d of check.diagnostics) findings.push(findingOf(d, `${VALIDATE} (as read)`));
    steps.push({ label: VALIDATE, detail: lap(), failed: !check.ok });
  } catch (e) {
    findings.push(...findingsOfError(e, 'disassemble'));
  }

  // The pass runs on a copy, so the module as read stays as it was.
  let lowered: Module | undefined;
  let after: string | undefined;
  try {
    lowered = decodeModule(encodeModule(module));
    lap();
    const result = runPasses(lowered, [LOWER], { validateAfterEach: VALIDATE });
    for (const d of result.diagnostics) findings.push(findingOf(d, d.pass === VALIDATE ? `${VALIDATE} (lowered)` : (d.pass ?? LOWER)));
    const pass = result.timings[0];
    const failedIn = (name: string): boolean => result.diagnostics.some((d) => d.severity === 'error' && d.pass === name);
    const outcome = failedIn(LOWER) ? 'refused' : pass?.changed ? 'changed the module' : 'nothing to change';
    steps.push({ label: LOWER, detail: `${outcome}, ${ms(pass?.ms ?? 0)}`, failed: failedIn(LOWER) });
    if (result.timings.length > 0 && pass?.changed && !failedIn(LOWER)) steps.push({ label: VALIDATE, detail: 'after the pass', failed: failedIn(VALIDATE) });
    if (result.ok) after = disassemble(lowered);
    else lowered = undefined;
  } catch (e) {
    lowered = undefined;
    findings.push(...findingsOfError(e, LOWER));
    steps.push({ label: LOWER, detail: 'failed', failed: true });
  }

  let reflection: Reflection | undefined;
  try {
    reflection = reflectModule(lowered ?? module);
  } catch (e) {
    findings.push(...findingsOfError(e, 'reflect'));
  }

  // Like the imported shaders, the facts are those of the module the app would use: the lowered one.
  const result = lowered ?? module;
  const encoded = encodeModule(result);
  const words = encoded.length;
  return {
    ...base,
    ...(reflection ? { reflection } : {}),
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    findings,
    facts: [version(result), plural(words, 'word'), `bound ${result.header.bound}`, `${ms(performance.now() - started)} in all`],
    steps,
    words: encoded,
  };
}
