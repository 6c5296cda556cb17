import { parseArgs } from 'node:util';
import { SpirvError, formatDiagnostic, instructionByOpcode, type Diagnostic } from '@spvkit/core';
import { validate, type ValidationDiagnostic } from '@spvkit/validator';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { FileError, inFile } from '../errors/FileError.js';
import { inAuthorsTerms } from '../diagnostics/inAuthorsTerms.js';
import { inputName, readInput } from '../files.js';
import { isAssemblyPath, moduleOf } from '../input/readModule.js';
import { looksBinary } from '../input/looksBinary.js';
import { targetEnvOption } from '../options/targetEnv.js';
import { BLOCK_LAYOUT_OPTIONS, blockLayoutOf } from '../options/blockLayout.js';

/** The env used without --target-env: Vulkan rules, the Vulkan version that consumes the module's SPIR-V version. */
export const DEFAULT_VAL_TARGET_ENV = 'vulkan';

/** The env names the validator takes besides core's: the rules without a version. */
const VERSIONLESS_ENVS = ['vulkan', 'universal'];

/** One finding as `spvkit val --json` prints it. */
export interface ValJsonDiagnostic {
  severity: string;
  /** The VUID (`VUID-SampleId-SampleId-04356`), or an spvkit code for rules without one. */
  code: string | null;
  message: string;
  /** Source position: the GLSL (OpLine / NonSemantic debug info) or assembly text of the offending use; else the input. */
  file: string;
  line: number | null;
  column: number | null;
  /** Opcode name of the offending instruction (`OpLoad`), as in core's SpirvError details. */
  opname: string | null;
  /** Result id of that instruction, when it has one. */
  resultId: number | null;
  hint?: string;
  /** What the builtins family adds: the BuiltIn, the decorated object, the entry point. */
  builtIn?: string;
  target?: unknown;
  entryPoint?: unknown;
}

/** `d` for --json; `file` names the input where the finding has no file of its own. */
function toJson(d: Diagnostic, file: string): ValJsonDiagnostic {
  const extra = d as Diagnostic & Partial<Pick<ValidationDiagnostic, 'builtIn' | 'target' | 'entryPoint'>>;
  const inst = d.instruction;
  return {
    severity: d.severity,
    code: d.code ?? null,
    message: d.message,
    file: d.location?.file ?? file,
    line: d.location?.line ?? null,
    column: d.location?.column ?? null,
    opname: inst ? (instructionByOpcode(inst.opcode)?.opname ?? `Op(${inst.opcode})`) : null,
    resultId: inst && inst.resultId !== 0 ? inst.resultId : null,
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
    ...(extra.builtIn !== undefined ? { builtIn: extra.builtIn } : {}),
    ...(extra.target !== undefined ? { target: extra.target } : {}),
    ...(extra.entryPoint !== undefined ? { entryPoint: extra.entryPoint } : {}),
  };
}

/** A failure to read the input, as findings: each assembly error, or the one error with the file. */
function fromError(e: FileError): Diagnostic[] {
  if (e.diagnostics !== undefined && e.diagnostics.length > 0) {
    return e.diagnostics.map((d) => ({ severity: d.severity, message: d.message, location: d.location, ...(d.hint !== undefined ? { hint: d.hint } : {}) }));
  }
  return [
    { severity: 'error', message: e.message, ...(e.location !== undefined ? { location: e.location } : {}), ...(e.hint !== undefined ? { hint: e.hint } : {}) },
  ];
}

/**
 * The words of a binary input that core could not decode (a result id defined twice, a broken
 * word count, ...), for the validator to judge itself: it reads words without decoding them, so
 * each such problem comes out as a finding with its rule code (spvkit-ids-duplicate, ...), not as
 * a read error without one. Undefined for assembly, for a decode that did not fail on the module
 * itself, and for bytes that are no whole words (nothing to validate).
 */
function undecodedWords(e: unknown, bytes: Buffer, path: string): Uint32Array | undefined {
  if (!(e instanceof FileError) || !(e.cause instanceof SpirvError)) return undefined;
  const text = path === '-' ? !looksBinary(bytes) : isAssemblyPath(path);
  if (text || bytes.byteLength % 4 !== 0 || bytes.byteLength === 0) return undefined;
  const words = new Uint32Array(bytes.byteLength / 4);
  new Uint8Array(words.buffer).set(bytes);
  return words;
}

/**
 * `spvkit val`: validates a module with @spvkit/validator, every family (binary header, logical
 * layout, ids, SSA and dominance, instruction types, ..., the Vulkan BuiltIn rules), printing every
 * finding once with its rule code (a VUID where the rule has one) and source position. Exit code 1
 * when there is an error, 0 otherwise.
 */
const OPTIONS = {
  'target-env': { type: 'string' },
  json: { type: 'boolean' },
  ...BLOCK_LAYOUT_OPTIONS,
} as const satisfies CommandOptions;

export const valCommand: Command = {
  name: 'val',
  summary: 'validate a module (layout, ids, SSA, types, BuiltIns), every error with its rule and source line',
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'] },
  usage: `spvkit val IN... [--target-env ENV] [--json] [block layout options]
  Runs every family of @spvkit/validator: the binary header, logical layout, ids, SSA and
  dominance, instruction types, ..., and the BuiltIn variables against the Vulkan rules. Reports
  every error once (not the first only) with its rule code or VUID.
  IN is .spv (binary) or .spvasm (assembly) by extension; - is standard input (sniffed).
                For assembly, findings are placed at file:line:column of the text and name
                ids as the text does (%lii, not %2).
  --target-env  vulkan (default: Vulkan rules, version from the module), vulkan1.0 ... vulkan1.4,
                vulkan1.1spv1.4, universal or spv1.N (SPIR-V rules only)
  --json        print a JSON array of {severity, code, message, file, line, column, opname, resultId}
  Block layout, as spirv-val's options of the same names (default: std140 for Uniform, std430 for
  StorageBuffer and PushConstant, relaxed from vulkan1.1):
  --relax-block-layout              VK_KHR_relaxed_block_layout rules
  --uniform-buffer-standard-layout  Uniform blocks laid out as std430
  --scalar-block-layout             VK_EXT_scalar_block_layout rules (without it: where the module's
                                    GLSL enabled GL_EXT_scalar_block_layout, as its OpSourceExtension says)
  --workgroup-scalar-block-layout   scalar rules for Workgroup blocks (explicit workgroup layout)
  --skip-block-layout               no layout checks (Offset, ArrayStride, MatrixStride still required)
Exit codes: 0 valid, 1 an error was found or the input is bad, 2 bad usage.`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const input = positionals[0];
    const asked = values['target-env'];
    // Checked before reading anything: an unknown env is bad usage (exit 2), as in as and opt.
    if (asked !== undefined && !VERSIONLESS_ENVS.includes(asked)) targetEnvOption(asked);
    const targetEnv = asked ?? DEFAULT_VAL_TARGET_ENV;
    const json = values.json === true;
    let diagnostics: readonly Diagnostic[];
    const options = { targetEnv, ...blockLayoutOf(values) };
    try {
      const bytes = await readInput(input, () => io.stdin);
      // The assembler wants a concrete env for the version word; `vulkan` and `universal` leave it to the text.
      const read = await moduleOf(bytes, input, io, {
        names: true,
        ...(asked !== undefined && !VERSIONLESS_ENVS.includes(asked) ? { targetEnv: asked } : {}),
      }).catch((e: unknown) => {
        const words = undecodedWords(e, bytes, input);
        if (words === undefined) throw e;
        return words;
      });
      if (read instanceof Uint32Array) {
        diagnostics = inFile(inputName(input), () => validate(read, options));
      } else {
        const { module, file, idNames } = read;
        // One validator, every family (the BuiltIn rules among them), each error once.
        const found = inFile(file, () => validate(module, options));
        // For assembly: where in the text, and the author's names for the ids.
        diagnostics = idNames === undefined ? found : found.map((d) => inAuthorsTerms(d, idNames));
      }
    } catch (e) {
      if (!json || !(e instanceof FileError)) throw e;
      diagnostics = fromError(e);
    }
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    if (json) {
      io.stdout.write(
        JSON.stringify(
          diagnostics.map((d) => toJson(d, inputName(input))),
          null,
          2,
        ) + '\n',
      );
    } else {
      const name = inputName(input);
      for (const d of diagnostics) io.stderr.write((d.location ? '' : `${name}: `) + formatDiagnostic(d) + '\n');
      if (diagnostics.length > 0) {
        const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
        io.stderr.write(`${name}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
      }
    }
    return errors > 0 ? 1 : 0;
  },
};
