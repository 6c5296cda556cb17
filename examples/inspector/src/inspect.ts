// What the page shows about a shader, and how it is made: for shaders imported at build time from
// what the plugin gave; for files dropped on the page by running spvkit here, in the browser.
import {
  SPIRV_MAGIC,
  versionOf,
  SpirvError,
  codeFrame,
  decodeModule,
  disassemble,
  encodeModule,
  passRegistry,
  reflectModule,
  runPasses,
  type Diagnostic,
  type Module,
  type Reflection,
} from '@spvkit/core';
// The two passes the page runs, from their side-effect-free subpaths, registered by name here:
// importing the package's index for its side effect would register (and bundle) every built-in pass.
import { registerLowerLocalInvocationIndex } from '@spvkit/passes/lower-local-invocation-index';
import { registerValidateBuiltins } from '@spvkit/passes/validate-builtins';

export const LOWER = 'lower-local-invocation-index';
export const VALIDATE = 'validate-builtins';

if (!passRegistry.has(LOWER)) registerLowerLocalInvocationIndex(passRegistry);
if (!passRegistry.has(VALIDATE)) registerValidateBuiltins(passRegistry);

/** A finding to show: from validation, the pass, or reading the file. */
export interface Finding {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code?: string;
  readonly message: string;
  /** `file:line:column`, when known. */
  readonly where?: string;
  readonly hint?: string;
  /** A code frame for assembly errors. */
  readonly frame?: string;
  /** Which step reported it. */
  readonly step: string;
}

export interface ShaderView {
  /** Unique, used for the element id. */
  readonly key: string;
  readonly name: string;
  /** 'GLSL', 'SPIR-V assembly' or 'SPIR-V binary', with details. */
  readonly format: string;
  /** Where it came from and what ran where. */
  readonly origin: string;
  readonly dropped: boolean;
  readonly reflection?: Reflection;
  /** Disassembly of the module as read, before the pass. */
  readonly before?: string;
  /** Disassembly after the pass (undefined when the pass refused the module). */
  readonly after?: string;
  readonly findings: readonly Finding[];
  /** Short facts for the header: version, words, bound. */
  readonly facts: readonly string[];
  /** What ran, in order, and where. */
  readonly steps: readonly Step[];
}

export interface Step {
  readonly label: string;
  readonly detail?: string;
  readonly failed?: boolean;
}

/** What @spvkit/vite-plugin gives for one import, plus the untransformed disassembly. */
export interface BundledShader {
  readonly name: string;
  readonly format: string;
  readonly words: Uint32Array;
  readonly reflection: Reflection;
  readonly before: string;
  readonly after: string;
  /** How the build read it: compiled, assembled or decoded. */
  readonly read: Step;
}

function findingOf(d: Diagnostic, step: string): Finding {
  const loc = d.location;
  return {
    severity: d.severity,
    message: d.message,
    step,
    ...(d.code ? { code: d.code } : {}),
    ...(loc ? { where: `${loc.file ?? '<input>'}:${loc.line}:${loc.column}` } : {}),
    ...(d.hint ? { hint: d.hint } : {}),
  };
}

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

function version(module: Module): string {
  const { major, minor } = versionOf(module.header.version);
  return `SPIR-V ${major}.${minor}`;
}

/** A duration for the steps list. */
export const ms = (t: number): string => `${t < 10 ? t.toFixed(1) : Math.round(t)} ms`;

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** A view of a shader the plugin imported: reflection and disassemblies come from the build. */
export function bundledView(shader: BundledShader): ShaderView {
  // The build already refused anything validate-builtins calls an error; warnings (and the
  // checker itself) are shown by running it again here on the words the app received.
  const module = decodeModule(shader.words);
  const { diagnostics, timings } = runPasses(module, [VALIDATE]);
  return {
    key: `bundled-${shader.name}`,
    name: shader.name,
    format: shader.format,
    origin: 'imported through @spvkit/vite-plugin at build time',
    dropped: false,
    reflection: shader.reflection,
    before: shader.before,
    after: shader.after,
    findings: diagnostics.map((d) => findingOf(d, VALIDATE)),
    facts: [version(module), plural(shader.words.length, 'word'), `bound ${module.header.bound}`],
    steps: [
      shader.read,
      { label: LOWER, detail: 'at build time' },
      { label: VALIDATE, detail: "at build time, validate: 'error'" },
      { label: VALIDATE, detail: `again in this page, ${ms(timings[0]?.ms ?? 0)}` },
    ],
  };
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
  const words = encodeModule(result).length;
  return {
    ...base,
    ...(reflection ? { reflection } : {}),
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    findings,
    facts: [version(result), plural(words, 'word'), `bound ${result.header.bound}`, `${ms(performance.now() - started)} in all`],
    steps,
  };
}
