// What the page shows about a shader, and how it is made: for shaders imported at build time from
// what the plugin gave. Files dropped on the page are inspected by dropped.ts, loaded with
// import() on the first drop: the lowering pass and the disassembler are not part of the first load.
import { versionOf, decodeModule, passRegistry, runPasses, type Diagnostic, type Module, type Reflection } from '@spvkit/core';
// The pass the page runs on its imported shaders, from its side-effect-free subpath, registered by
// name here: importing the package's index for its side effect would register (and bundle) every
// built-in pass.
import { registerValidateBuiltins } from '@spvkit/validator';

export const LOWER = 'lower-local-invocation-index';
export const VALIDATE = 'validate-builtins';

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
  /** The module the app would use (the lowered one where the pass ran), for "Run on WebGPU". */
  readonly words?: Uint32Array;
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

/** A diagnostic of a pass as a finding of `step`. */
export function findingOf(d: Diagnostic, step: string): Finding {
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

/** `SPIR-V 1.N`, for the facts. */
export function version(module: Module): string {
  const { major, minor } = versionOf(module.header.version);
  return `SPIR-V ${major}.${minor}`;
}

/** A duration for the steps list. */
export const ms = (t: number): string => `${t < 10 ? t.toFixed(1) : Math.round(t)} ms`;

/** `n word(s)`, for the facts. */
export function plural(n: number, word: string): string {
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
    words: shader.words,
    steps: [
      shader.read,
      { label: LOWER, detail: 'at build time' },
      { label: VALIDATE, detail: "at build time, validate: 'error'" },
      { label: VALIDATE, detail: `again in this page, ${ms(timings[0]?.ms ?? 0)}` },
    ],
  };
}
