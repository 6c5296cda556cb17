import { basename, dirname, extname, relative, resolve } from 'node:path';
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
import { runPassesPreservingSource, type PreservedSource } from '@spvkit/passes';
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

function assembleText(text: string, file: string, targetEnv: string | undefined): Module {
  return assemble(text, { file, ...(targetEnv !== undefined ? { targetEnv } : {}) });
}

/** Prints the diagnostics; with an edited text, those without a place are located through it (new instructions: the line they replaced). */
function report(io: CommandIo, diagnostics: readonly Diagnostic[], preserved?: PreservedSource): void {
  for (const d of diagnostics) {
    if (d.severity === 'info') continue;
    const location = d.location ?? preserved?.locate(d);
    io.stderr.write(formatDiagnostic(location !== undefined && d.location === undefined ? { ...d, location } : d) + '\n');
  }
}

/**
 * `spvkit opt`: runs passes over a module. Passes come from flags such as
 * `--lower-local-invocation-index` and from `--passes a,b`, in command-line order; `--validate`
 * runs `validate-builtins` on the result. `.spv` and `.spvasm` by extension, for input and output.
 * From `.spvasm` to `.spvasm` the output is the input's text, edited (`--preserve-source`, see
 * `preserveSource` in @spvkit/passes), with `--source-map` a map back to it; `--reprint` prints
 * a fresh disassembly instead.
 */
export const optCommand: Command = {
  name: 'opt',
  summary: 'run passes over a module (e.g. --lower-local-invocation-index), optionally validating the result',
  usage: `spvkit opt IN -o OUT [--lower-local-invocation-index] [--passes a,b,...] [--target-env ENV] [--validate]
                [--preserve-source | --reprint] [--source-map]
  IN and OUT are .spv (binary) or .spvasm (assembly) by extension; - is standard input/output.
  --preserve-source  write OUT by editing IN's text: instructions the passes did not touch keep
                     their text, comments, blank lines and alignment; removed ones lose their
                     line; new ones are inserted in the file's layout, named like the author's ids.
                     The default when IN and OUT are both .spvasm.
  --reprint          write OUT as a fresh disassembly instead (spirv-dis layout).
  --source-map       with --preserve-source: also write OUT.map, a v3 source map from OUT back to
                     IN (assembly has no sourceMappingURL comment, so nothing in OUT points at it).`,
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
        'preserve-source': { type: 'boolean' },
        reprint: { type: 'boolean' },
        'source-map': { type: 'boolean' },
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
    if (values['preserve-source'] === true && values.reprint === true) throw new UsageError('--preserve-source and --reprint exclude each other');

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
    const input = positionals[0]!;
    const preserveAsked = values['preserve-source'] === true;
    // Known from the names; standard input is sniffed once read.
    if (preserveAsked && input !== '-' && !isText(input)) throw new UsageError(`--preserve-source edits assembly text, and ${input} is not a .spvasm file`);
    if (preserveAsked && output !== '-' && !isText(output)) throw new UsageError(`--preserve-source writes assembly text, and ${output} is not a .spvasm file`);
    const bytes = await readInput(input, io.stdin);
    // A file named .spvasm is text; standard input is sniffed.
    const inputIsText = input === '-' ? !looksBinary(bytes) : isText(input);
    if (preserveAsked && !inputIsText) throw new UsageError('--preserve-source edits assembly text, and standard input is a SPIR-V binary');
    const preserve = preserveAsked || (values.reprint !== true && inputIsText && isText(output));
    if (values['source-map'] === true && !preserve) throw new UsageError('--source-map maps an edited assembly text back to its input: it needs .spvasm in and out (or --preserve-source)');
    if (values['source-map'] === true && output === '-') throw new UsageError('--source-map writes OUT.map next to OUT: give -o a file');
    const file = input === '-' ? '<stdin>' : input;
    const options = targetEnv !== undefined ? { targetEnv } : {};

    if (preserve) {
      const mapFile = `${output}.map`;
      const run = runPassesPreservingSource(bytes.toString('utf8'), passes, {
        ...options,
        assemble: { file },
        source: input === '-' ? '<stdin>' : relative(dirname(resolve(mapFile)), resolve(input)).split('\\').join('/'),
        ...(output !== '-' ? { outputFile: basename(output) } : {}),
      });
      report(io, run.result.diagnostics, run.preserved);
      if (!run.result.ok || run.preserved === undefined) return 1;
      if (values.validate === true) {
        const v = runPasses(run.module, [VALIDATOR], options);
        report(io, v.diagnostics, run.preserved);
        if (!v.ok) return 1;
      }
      if (output === '-') io.stdout.write(run.preserved.text);
      else await writeOutput(output, run.preserved.text);
      if (values['source-map'] === true) {
        await writeOutput(mapFile, run.preserved.sourceMap().toString());
        io.stderr.write(`wrote ${mapFile}\n`);
      }
      return 0;
    }

    const module = inputIsText ? assembleText(bytes.toString('utf8'), file, targetEnv) : decodeModule(bytes);
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
