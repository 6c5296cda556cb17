import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  SPIRV_MAGIC,
  SpirvError,
  assemble,
  decodeModule,
  disassemble,
  encodeModule,
  formatDiagnostic,
  parseTargetEnv,
  passRegistry,
  runPasses,
  type Diagnostic,
  type Module,
} from '@spvkit/core';
import '@spvkit/passes';
import { UsageError, type Command, type CommandIo } from '../CommandIo.js';
import { readInput, wordBytes, writeOutput } from '../files.js';

const VALIDATOR = 'validate-builtins';

/** Flags that each add one registered pass, in command-line order with `--passes`. */
const PASS_FLAGS = ['lower-local-invocation-index'] as const;

const isText = (path: string): boolean => extname(path).toLowerCase() === '.spvasm';

/** True when the bytes start with the SPIR-V magic number in either byte order. */
function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const le = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
  const be = (bytes[3]! | (bytes[2]! << 8) | (bytes[1]! << 16) | (bytes[0]! << 24)) >>> 0;
  return le === SPIRV_MAGIC || be === SPIRV_MAGIC;
}

async function readModule(path: string, io: CommandIo, targetEnv: string | undefined): Promise<Module> {
  const bytes = await readInput(path, io.stdin);
  // A file named .spvasm is text; standard input is sniffed.
  const text = path === '-' ? !looksBinary(bytes) : isText(path);
  if (!text) return decodeModule(bytes);
  return assemble(bytes.toString('utf8'), { file: path === '-' ? '<stdin>' : path, ...(targetEnv !== undefined ? { targetEnv } : {}) });
}

function report(io: CommandIo, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) if (d.severity !== 'info') io.stderr.write(formatDiagnostic(d) + '\n');
}

/**
 * `spvkit opt`: runs passes over a module. Passes come from flags such as
 * `--lower-local-invocation-index` and from `--passes a,b`, in command-line order; `--validate`
 * runs `validate-builtins` on the result. `.spv` and `.spvasm` by extension, for input and output.
 */
export const optCommand: Command = {
  name: 'opt',
  summary: 'run passes over a module (e.g. --lower-local-invocation-index), optionally validating the result',
  usage: `spvkit opt IN -o OUT [--lower-local-invocation-index] [--passes a,b,...] [--target-env ENV] [--validate]
  IN and OUT are .spv (binary) or .spvasm (assembly) by extension; - is standard input/output.`,
  async run(args, io) {
    const { values, positionals, tokens } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        output: { type: 'string', short: 'o' },
        passes: { type: 'string', multiple: true },
        'target-env': { type: 'string' },
        validate: { type: 'boolean' },
        ...Object.fromEntries(PASS_FLAGS.map((f) => [f, { type: 'boolean' as const }])),
      },
    });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const output = values.output;
    if (output === undefined || output === '') throw new UsageError('expected -o OUT');
    const targetEnv = values['target-env'];
    if (targetEnv !== undefined) {
      try {
        parseTargetEnv(targetEnv);
      } catch (e) {
        if (e instanceof SpirvError) throw new UsageError(`${e.message}${e.hint ? ` (${e.hint})` : ''}`);
        throw e;
      }
    }

    const passes: string[] = [];
    for (const t of tokens) {
      if (t.kind !== 'option') continue;
      if ((PASS_FLAGS as readonly string[]).includes(t.name)) passes.push(t.name);
      else if (t.name === 'passes') passes.push(...(t.value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''));
    }
    const unknown = passes.filter((p) => !passRegistry.has(p));
    if (unknown.length > 0) {
      throw new UsageError(`unknown pass${unknown.length > 1 ? 'es' : ''} ${unknown.map((p) => `'${p}'`).join(', ')}; registered: ${passRegistry.list().map((p) => p.name).join(', ')}`);
    }
    if (values.validate === true && !passRegistry.has(VALIDATOR)) {
      throw new UsageError(`--validate runs the '${VALIDATOR}' pass, which this build of @spvkit/passes does not register`);
    }
    const module = await readModule(positionals[0]!, io, targetEnv);
    const options = targetEnv !== undefined ? { targetEnv } : {};
    const result = runPasses(module, passes, options);
    report(io, result.diagnostics);
    if (!result.ok) return 1;
    if (values.validate === true) {
      const v = runPasses(module, [VALIDATOR], options);
      report(io, v.diagnostics);
      if (!v.ok) return 1;
    }
    const data = isText(output) ? disassemble(module) : wordBytes(encodeModule(module));
    if (output === '-') io.stdout.write(data);
    else await writeOutput(output, data);
    return 0;
  },
};
