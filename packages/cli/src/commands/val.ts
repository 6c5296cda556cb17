import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { SPIRV_MAGIC, SpirvError, assemble, decodeModule, formatDiagnostic, instructionByOpcode, passRegistry, type Diagnostic, type Module } from '@spvkit/core';
import '@spvkit/passes';
import { UsageError, type Command, type CommandIo } from '../CommandIo.js';
import { readInput } from '../files.js';

/** The env used without --target-env: Vulkan rules, the Vulkan version that consumes the module's SPIR-V version. */
export const DEFAULT_VAL_TARGET_ENV = 'vulkan';

/** One finding as `spvkit val --json` prints it. */
export interface ValJsonDiagnostic {
  severity: string;
  /** The VUID (`VUID-SampleId-SampleId-04356`), or an spvkit code for rules without one. */
  code: string | null;
  message: string;
  /** Source position: the GLSL (OpLine / NonSemantic debug info) or assembly text of the offending use. */
  file: string | null;
  line: number | null;
  column: number | null;
  /** Opcode name of the offending instruction (`OpLoad`), as in core's SpirvError details. */
  opname: string | null;
  /** Result id of that instruction, when it has one. */
  resultId: number | null;
  hint?: string;
  /** What validate-builtins adds: the BuiltIn, the decorated object, the entry point. */
  builtIn?: string;
  target?: unknown;
  entryPoint?: unknown;
}

function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const le = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
  const be = (bytes[3]! | (bytes[2]! << 8) | (bytes[1]! << 16) | (bytes[0]! << 24)) >>> 0;
  return le === SPIRV_MAGIC || be === SPIRV_MAGIC;
}

async function readModule(path: string, io: CommandIo, targetEnv: string | undefined): Promise<Module> {
  const bytes = await readInput(path, () => io.stdin);
  const text = path === '-' ? !looksBinary(bytes) : extname(path).toLowerCase() === '.spvasm';
  if (!text) return decodeModule(bytes);
  // The assembler wants a concrete env for the version word; `vulkan` (auto) leaves it to the text.
  const env = targetEnv !== undefined && targetEnv !== 'vulkan' && targetEnv !== 'universal' ? { targetEnv } : {};
  return assemble(bytes.toString('utf8'), { file: path === '-' ? '<stdin>' : path, ...env });
}

function toJson(d: Diagnostic): ValJsonDiagnostic {
  const extra = d as Diagnostic & { builtIn?: string; target?: unknown; entryPoint?: unknown };
  const inst = d.instruction;
  return {
    severity: d.severity,
    code: d.code ?? null,
    message: d.message,
    file: d.location?.file ?? null,
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

function fromError(e: SpirvError): Diagnostic {
  return { severity: 'error', code: e.code, message: e.message, ...(e.location ? { location: e.location } : {}), ...(e.hint ? { hint: e.hint } : {}) };
}

/**
 * `spvkit val`: validates the BuiltIn variables of a module against the Vulkan rules
 * (validate-builtins), printing every finding with its VUID and source position. Exit code 1 when
 * there is an error, 0 otherwise (warnings do not fail).
 */
export const valCommand: Command = {
  name: 'val',
  summary: 'validate BuiltIn variables against the Vulkan rules, with VUIDs and source lines',
  usage: `spvkit val IN [--target-env ENV] [--json]
  IN is .spv (binary) or .spvasm (assembly) by extension; - is standard input (sniffed).
  --target-env  vulkan (default: Vulkan rules, version from the module), vulkan1.0 ... vulkan1.4,
                vulkan1.1spv1.4, universal or spv1.N (SPIR-V rules only)
  --json        print a JSON array of {severity, code, message, file, line, column, opname, resultId}
Exit codes: 0 valid (warnings allowed), 1 an error was found or the input is bad, 2 bad usage.`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { 'target-env': { type: 'string' }, json: { type: 'boolean' } },
    });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const input = positionals[0]!;
    const targetEnv = values['target-env'] ?? DEFAULT_VAL_TARGET_ENV;
    const json = values.json === true;
    let diagnostics: readonly Diagnostic[];
    try {
      const pass = passRegistry.create('validate-builtins');
      const module = await readModule(input, io, values['target-env']);
      diagnostics = pass.run(module, { targetEnv }).diagnostics;
    } catch (e) {
      if (!json || !(e instanceof SpirvError)) throw e;
      diagnostics = [fromError(e)];
    }
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    if (json) {
      io.stdout.write(JSON.stringify(diagnostics.map(toJson), null, 2) + '\n');
    } else {
      const name = input === '-' ? '<stdin>' : basename(input);
      for (const d of diagnostics) io.stderr.write((d.location ? '' : `${name}: `) + formatDiagnostic(d) + '\n');
      if (diagnostics.length > 0) {
        const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
        io.stderr.write(`${name}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
      }
    }
    return errors > 0 ? 1 : 0;
  },
};
