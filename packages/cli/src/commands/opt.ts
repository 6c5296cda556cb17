import { basename, dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  encodeModule,
  formatAssemblyDiagnostic,
  formatDiagnostic,
  passRegistry,
  runPasses,
  SpirvError,
  type Diagnostic,
  type Pass,
  type PassListing,
} from '@spvkit/core';
// Importing @spvkit/passes registers the built-in passes, whose names become flags here; the
// validator's `validate-builtins` is one too.
import { PERFORMANCE_PASSES, RELEASE_PASSES, SIZE_PASSES, availableRecipe } from '@spvkit/passes';
import { VALIDATE_BUILTINS, registerValidateBuiltins, type BlockLayoutOptions } from '@spvkit/validator';
import type { PreservedSource } from '@spvkit/preserve-source';
import { UsageError, type Command, type CommandIo, type CommandOptions } from '../CommandIo.js';
import { inAuthorsTerms } from '../diagnostics/inAuthorsTerms.js';
import { FileError, inFile } from '../errors/FileError.js';
import { inputName, readInput, wordBytes, writeOutput } from '../files.js';
import { isAssemblyPath as isText, moduleOf } from '../input/readModule.js';
import { looksBinary } from '../input/looksBinary.js';
import { targetEnvOption } from '../options/targetEnv.js';
import { BLOCK_LAYOUT_OPTIONS, blockLayoutOf } from '../options/blockLayout.js';

/**
 * `--validate`'s validator: @spvkit/validator's pass `validate` (every family, as `spvkit val`
 * runs them), judging by val's default env where no --target-env is given and blocks by the
 * block layout flags. Loaded only then: the
 * validator is most of what val loads, and opt without --validate need not start it.
 */
async function loadValidator(layout: BlockLayoutOptions): Promise<Pass> {
  const [{ createValidatePass }, { DEFAULT_VAL_TARGET_ENV }] = await Promise.all([import('@spvkit/validator'), import('./val.js')]);
  const pass = createValidatePass(layout);
  return { ...pass, run: (module, context) => pass.run(module, { ...context, targetEnv: context.targetEnv ?? DEFAULT_VAL_TARGET_ENV }) };
}

if (!passRegistry.has(VALIDATE_BUILTINS)) registerValidateBuiltins(passRegistry);

/**
 * The preset flag: {@link RELEASE_PASSES}, the usual release set (strip debug and non-semantic
 * info, remove dead functions, interface variables, variables and constants, compact the ids).
 * spirv-opt's `-Os` is a preset too, but of its optimizer; this one changes nothing a driver sees.
 */
const PRESET = 'size';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  passes: { type: 'string', multiple: true },
  'target-env': { type: 'string' },
  validate: { type: 'boolean' },
  ...BLOCK_LAYOUT_OPTIONS,
  'preserve-source': { type: 'boolean' },
  reprint: { type: 'boolean' },
  'source-map': { type: 'boolean' },
  [PRESET]: { type: 'boolean' },
  // spirv-opt's -O and -Os, as rewriteArgs spells them for parseArgs (which reads -Os as -O -s).
  O: { type: 'boolean' },
  Os: { type: 'boolean' },
} satisfies CommandOptions;

/** spirv-opt's optimizer recipes, by the option that names them. */
const RECIPES: Readonly<Record<string, readonly string[]>> = { O: PERFORMANCE_PASSES, Os: SIZE_PASSES };

/** The recipe warnings printed so far: a folder run says each once, not once per file. */
const warned = new Set<string>();

/** `-O` and `-Os` as the options `--O` and `--Os`; the rest as it is (all of it after `--`). */
function recipeFlags(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  return args.map((a, i) => ((end < 0 || i < end) && (a === '-O' || a === '-Os') ? `-${a}` : a));
}

/** Option names a pass flag may not take: opt's own and the batch layer's. */
const RESERVED = new Set([...Object.keys(OPTIONS), 'out-dir', 'jobs', 'json', 'help']);

/**
 * Every registered pass is a flag of its name, with spirv-opt's spelling (`--strip-debug`); a
 * pass that takes an argument takes the flag's value (`--set-spec-const-default-value "0:64 1:2"`
 * or `=...`). Read from the registry when first asked, so passes registered by @spvkit/passes and
 * any other import before then are all there.
 */
function passFlags(): readonly PassListing[] {
  return passRegistry.list().filter((p) => !RESERVED.has(p.name));
}

let allOptions: CommandOptions | undefined;
/** opt's options with a flag per registered pass (made once: the batch layer and each run ask). */
function optOptions(): CommandOptions {
  allOptions ??= {
    ...OPTIONS,
    // A flag given twice is two tokens, so its pass runs twice, as spirv-opt's does.
    ...Object.fromEntries(passFlags().map((p) => [p.name, { type: p.argument !== undefined ? ('string' as const) : ('boolean' as const) }])),
  };
  return allOptions;
}

/** The help text's lines for the pass flags, from the registry's descriptions. */
function passFlagsUsage(): string {
  const flags = passFlags().map((p) => ({
    flag: p.argument === undefined ? `--${p.name}` : `--${p.name}${p.argument.required ? ' ' : '[='}"${p.argument.syntax}"${p.argument.required ? '' : ']'}`,
    description: p.description,
  }));
  const width = Math.min(48, Math.max(...flags.map((f) => f.flag.length)) + 2);
  return flags.map((f) => `  ${f.flag.padEnd(width)}${f.flag.length + 2 > width ? `\n  ${' '.repeat(width)}` : ''}${f.description}`).join('\n');
}

/**
 * The passes of a command line, in its order: pass flags, `--passes a,b` and `--size`.
 * Unknown names, and arguments a pass refuses, are usage errors with the pass's own message.
 */
function passesOf(tokens: ReturnType<typeof parseArgs>['tokens'], io: CommandIo): Pass[] {
  const flags = new Map(passFlags().map((p) => [p.name, p]));
  const specs: string[] = [];
  for (const t of tokens ?? []) {
    if (t.kind !== 'option') continue;
    const flag = flags.get(t.name);
    const recipe = RECIPES[t.name];
    if (recipe !== undefined) {
      const { passes, missing } = availableRecipe(recipe);
      specs.push(...passes);
      const warning = `spvkit opt: warning: -${t.name} runs ${passes.length} of the ${recipe.length} passes of spirv-opt's recipe: spvkit has no ${missing.map((m) => `--${m}`).join(', ')} yet\n`;
      if (missing.length > 0 && !warned.has(warning)) {
        warned.add(warning);
        io.stderr.write(warning);
      }
    } else if (flag !== undefined) {
      // `--name=` (empty) names a pass whose argument is optional without one.
      specs.push(flag.argument === undefined || t.value === undefined || t.value === '' ? t.name : `${t.name}=${t.value}`);
    } else if (t.name === PRESET) specs.push(...RELEASE_PASSES);
    else if (t.name === 'passes')
      specs.push(
        ...(t.value ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      );
  }
  const unknown = specs.filter((p) => !passRegistry.has(p));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown pass${unknown.length > 1 ? 'es' : ''} ${unknown.map((p) => `'${p}'`).join(', ')}; registered: ${passRegistry
        .list()
        .map((p) => p.name)
        .join(', ')}`,
    );
  }
  const passes = specs.map((spec) => {
    try {
      return passRegistry.create(spec);
    } catch (e) {
      // A refused argument (`--set-spec-const-default-value "x"`) is bad usage, in the pass's words.
      if (e instanceof SpirvError) throw new UsageError(`--${spec.split('=')[0]}: ${e.message}${e.hint !== undefined ? ` (${e.hint})` : ''}`);
      throw e;
    }
  });
  return passes;
}

/** How the diagnostics of one input are printed: which file they are of, and for assembly its places and names. */
interface ReportContext {
  readonly file: string;
  readonly idNames?: ReadonlyMap<number, string> | undefined;
  /** The edited text: locates diagnostics on new instructions (the line they replaced). */
  readonly preserved?: PreservedSource | undefined;
}

/**
 * Prints the diagnostics (not the `info` ones), each naming its file: its own place, else its
 * instruction's place in the input text, else the input's name before the message.
 */
function report(io: CommandIo, diagnostics: readonly Diagnostic[], context: ReportContext): void {
  for (const d of diagnostics) {
    if (d.severity === 'info') continue;
    const location = d.location ?? context.preserved?.locate(d);
    const placed = location !== undefined && d.location === undefined ? { ...d, location } : d;
    const shown = context.idNames !== undefined ? inAuthorsTerms(placed, context.idNames) : placed;
    io.stderr.write((shown.location !== undefined ? '' : `${context.file}: `) + formatDiagnostic(shown) + '\n');
  }
}

/**
 * `spvkit opt`: runs passes over a module. Passes come from flags named as the registered passes
 * (spirv-opt's spellings: `--strip-debug`, `--set-spec-const-default-value "0:64"`), from the
 * `--size` preset and from `--passes a,b`, in command-line order; `--validate`
 * runs @spvkit/validator (every family, as `spvkit val`) on the result. `.spv` and `.spvasm` by extension, for input and output.
 * From `.spvasm` to `.spvasm` the output is the input's text, edited (`--preserve-source`, see
 * `preserveSource` in @spvkit/passes), with `--source-map` a map back to it; `--reprint` prints
 * a fresh disassembly instead.
 */
export const optCommand: Command = {
  name: 'opt',
  summary: 'run passes over a module (spirv-opt flags: --strip-debug, --size, ...), optionally validating the result',
  // Getters: the pass flags come from the registry, read when first asked.
  get options() {
    return optOptions();
  },
  // The output keeps the input's form (.spv stays binary, .spvasm text).
  batch: { inputExtensions: ['.spv', '.spvasm'], outputPath: (rel) => rel, needsOutput: true },
  rewriteArgs: recipeFlags,
  get usage() {
    return `spvkit opt IN... (-o OUT | --out-dir DIR) [PASS FLAGS...] [-O | -Os] [--${PRESET}] [--passes a,b,...] [--target-env ENV]
                [--validate] [--preserve-source | --reprint] [--source-map]
  IN and OUT are .spv (binary) or .spvasm (assembly) by extension; - is standard input/output.
  Passes run in command-line order, each as often as it is named; the flags are spirv-opt's.
  --passes a,b       passes by name; one that takes an argument as name=ARG.
  --${PRESET}             the release set (spirv-opt's flags in this order):
                     ${RELEASE_PASSES.map((p) => `--${p}`).join(' ')}.
                     Removes debug info and what nothing uses; what the module computes stays.
  -O, -Os            spirv-opt's optimizer recipes (performance, size), in its order, with the
                     other flags where they stand (--strip-debug -Os); every pass of the two
                     recipes is spvkit's own, under spirv-opt's name.
  --validate         validate the result with @spvkit/validator, every family (as spvkit val):
                     each error at file:line:column with its rule code or VUID, exit code 1.
                     Without --target-env, by val's default: Vulkan rules for the module's version.
                     Blocks by spirv-val's layout flags, as spirv-opt takes them:
                     --relax-block-layout --uniform-buffer-standard-layout --scalar-block-layout
                     --workgroup-scalar-block-layout --skip-block-layout (see spvkit val --help).
  --target-env ENV   the environment the passes and the validator assume (vulkan1.0 ... spv1.6).
  --preserve-source  write OUT by editing IN's text: instructions the passes did not touch keep
                     their text, comments, blank lines and alignment; removed ones lose their
                     line; new ones are inserted in the file's layout, named like the author's ids.
                     The default when IN and OUT are both .spvasm.
  --reprint          write OUT as a fresh disassembly instead (spirv-dis layout).
  --source-map       with --preserve-source: also write OUT.map, a v3 source map from OUT back to
                     IN (assembly has no sourceMappingURL comment, so nothing in OUT points at it).
Pass flags:
${passFlagsUsage()}`;
  },
  async run(args, io) {
    const { values, positionals, tokens } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      tokens: true,
      // The pass flags are read from the tokens; values of the fixed options keep their types.
      options: optOptions() as typeof OPTIONS,
    });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const output = values.output;
    if (output === undefined || output === '') throw new UsageError('expected -o OUT');
    const targetEnv = values['target-env'];
    if (targetEnv !== undefined) targetEnvOption(targetEnv);
    if (values['preserve-source'] === true && values.reprint === true) throw new UsageError('--preserve-source and --reprint exclude each other');

    const passes = passesOf(tokens, io);
    const input = positionals[0];
    const preserveAsked = values['preserve-source'] === true;
    // Known from the names; standard input is sniffed once read.
    if (preserveAsked && input !== '-' && !isText(input)) throw new UsageError(`--preserve-source edits assembly text, and ${input} is not a .spvasm file`);
    if (preserveAsked && output !== '-' && !isText(output)) throw new UsageError(`--preserve-source writes assembly text, and ${output} is not a .spvasm file`);
    const file = inputName(input);
    const bytes = await readInput(input, () => io.stdin);
    // A file named .spvasm is text; standard input is sniffed.
    const inputIsText = input === '-' ? !looksBinary(bytes) : isText(input);
    if (preserveAsked && !inputIsText) throw new UsageError('--preserve-source edits assembly text, and standard input is a SPIR-V binary');
    const preserve = preserveAsked || (values.reprint !== true && inputIsText && isText(output));
    if (values['source-map'] === true && !preserve)
      throw new UsageError('--source-map maps an edited assembly text back to its input: it needs .spvasm in and out (or --preserve-source)');
    if (values['source-map'] === true && output === '-') throw new UsageError('--source-map writes OUT.map next to OUT: give -o a file');
    if (passes.length === 0) {
      // Not an error: opt without passes converts (.spvasm <-> .spv) and, with --validate, checks.
      // But a forgotten pass flag would otherwise pass unnoticed.
      io.stderr.write(
        `spvkit opt: warning: no passes given, so ${output === '-' ? 'the output' : output} is ${file} unchanged${values.validate === true ? ' (validated)' : ''}; name passes with --passes a,b or flags such as --lower-local-invocation-index (registered: ${passRegistry
          .list()
          .map((p) => p.name)
          .join(', ')})\n`,
      );
    }
    const options = targetEnv !== undefined ? { targetEnv } : {};
    // --validate: the validator runs once on the result, in the same run as the passes; its errors
    // are printed as val prints them (file:line:column, rule code) and fail the run (exit 1).
    const layout = blockLayoutOf(values);
    const layoutFlags = Object.keys(BLOCK_LAYOUT_OPTIONS).filter((flag) => (values as Record<string, unknown>)[flag] === true);
    if (values.validate !== true && layoutFlags.length > 0)
      io.stderr.write(
        `spvkit opt: warning: ${layoutFlags.map((f) => `--${f}`).join(' ')} judge${layoutFlags.length === 1 ? 's' : ''} block layouts in --validate, which is not given: no effect\n`,
      );
    const runOptions = values.validate === true ? { ...options, validate: 'end' as const, validator: await loadValidator(layout) } : options;

    if (preserve) {
      const { preserveSource, snapshotAssembly } = await import('./optText.js');
      const mapFile = `${output}.map`;
      const snapshot = inFile(file, () => snapshotAssembly(bytes, { file, onWarning: (d) => io.stderr.write(`${formatAssemblyDiagnostic(d)}\n`), ...options }));
      const result = inFile(file, () => runPasses(snapshot.module, passes, runOptions));
      let preserved: PreservedSource | undefined;
      try {
        preserved = preserveSource(snapshot, {
          source:
            input === '-'
              ? '<stdin>'
              : relative(dirname(resolve(mapFile)), resolve(input))
                  .split('\\')
                  .join('/'),
          ...(output !== '-' ? { outputFile: basename(output) } : {}),
        });
      } catch (e) {
        // A failed pass may leave a module the text cannot follow; its diagnostics say why.
        if (result.ok) throw FileError.of(file, e);
      }
      const context = { file, idNames: snapshot.idNames, preserved };
      report(io, result.diagnostics, context);
      if (!result.ok || preserved === undefined) return 1;
      if (output === '-') io.stdout.write(preserved.text);
      else writeOutput(output, preserved.text);
      if (values['source-map'] === true) {
        writeOutput(mapFile, preserved.sourceMap().toString());
        io.stderr.write(`wrote ${mapFile}\n`);
      }
      return 0;
    }

    const { module, idNames } = await moduleOf(bytes, input, io, { ...options, names: true });
    const context = { file, idNames };
    const result = inFile(file, () => runPasses(module, passes, runOptions));
    report(io, result.diagnostics, context);
    if (!result.ok) return 1;
    const disassemble = isText(output) ? (await import('./optText.js')).disassemble : undefined;
    const data = inFile(file, () => (disassemble !== undefined ? disassemble(module) : wordBytes(encodeModule(module))));
    if (output === '-') io.stdout.write(data);
    else writeOutput(output, data);
    return 0;
  },
};
