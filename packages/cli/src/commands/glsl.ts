import { parseArgs } from 'node:util';
import type { CompileOptions, Defines, DebugInfo, GlslangDiagnostic, ShaderStage } from '@spvkit/glslang';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { FileError } from '../errors/FileError.js';
import { readInput, wordBytes, writeOutput } from '../files.js';
import { glslTargets } from '../glsl/glslTargets.js';
import { includeResolver } from '../glsl/includeResolver.js';
import { loadGlslang } from '../glsl/loadGlslang.js';

/** The file extensions glslangValidator takes a stage from (also what a folder argument expands to). */
const STAGE_EXTENSIONS = ['.vert', '.tesc', '.tese', '.geom', '.frag', '.comp', '.mesh', '.task', '.rgen', '.rint', '.rahit', '.rchit', '.rmiss', '.rcall'];

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  // Several, as glslangValidator takes them: `--target-env vulkan1.2 --target-env spirv1.4`.
  'target-env': { type: 'string', multiple: true },
  'target-spv': { type: 'string' },
  stage: { type: 'string', short: 'S' },
  include: { type: 'string', short: 'I', multiple: true },
  define: { type: 'string', short: 'D', multiple: true },
  g: { type: 'boolean', short: 'g' },
  'debug-info': { type: 'string' },
  // glslangValidator's "SPIR-V for Vulkan"; the only output there is, accepted so its command lines work.
  V: { type: 'boolean', short: 'V' },
} as const satisfies CommandOptions;

const USAGE = `spvkit glsl IN [-o OUT.spv] [-S STAGE] [--target-env vulkan1.3] [--target-spv spv1.6] [-g | -gV | -gVS]
            [-I DIR]... [-D NAME[=VALUE]]...
  IN                 GLSL; the stage from its extension (.vert .tesc .tese .geom .frag .comp
                     .mesh .task .rgen .rint .rahit .rchit .rmiss .rcall); '-' reads standard
                     input (give -S)
  -o OUT             where to write the module; '-' writes standard output. Default: IN.spv
                     (shader.comp -> shader.comp.spv), replaced when it exists, as a compiler does
  -S STAGE           the stage, as glslangValidator: vert, tesc, tese, geom, frag, comp, mesh,
                     task, rgen, rint, rahit, rchit, rmiss, rcall
  --target-env ENV   vulkan1.0 (default, as glslangValidator -V) ... vulkan1.4, or the SPIR-V
                     version, spirv1.0 ... spirv1.6; given twice, one of each (as glslangValidator)
  --target-spv VER   SPIR-V version, spv1.0 ... spv1.6 (default: the one the Vulkan version takes)
  -g                 debug info: OpSource, OpLine, names; -gV and -gVS: NonSemantic.Shader.DebugInfo.100
  -I DIR             a folder to search for #include (after the including file's own, for "..." includes)
  -D NAME[=VALUE]    define a macro (-DNAME defines it empty, as glslangValidator)
  -V                 accepted and ignored (SPIR-V for Vulkan is the only output)
Compiled by @spvkit/glslang (glslang in WebAssembly, loaded only by this command). Messages are
FILE:LINE:COLUMN: error: ..., in the file they are in (an included one too).`;

/**
 * `spvkit glsl`: GLSL of every stage to SPIR-V, with glslangValidator's flags, by the glslang in
 * WebAssembly of @spvkit/glslang: nothing native to install, the same compiler on every machine.
 */
export const glslCommand: Command = {
  name: 'glsl',
  summary: 'compile GLSL of any stage to SPIR-V (glslang in WebAssembly; glslangValidator flags)',
  usage: USAGE,
  options: OPTIONS,
  batch: { inputExtensions: STAGE_EXTENSIONS, outputPath: (rel) => `${rel}.spv` },
  rewriteArgs: debugFlags,
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: OPTIONS });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const input = positionals[0];
    const targets = glslTargets(values['target-env'] ?? [], values['target-spv']);
    const debugInfo = debugOption(values.g === true, values['debug-info']);
    const defines = definesOption(values.define ?? []);
    const { package: glslangPackage, glslang } = await loadGlslangOrFail();
    const stage = stageOption(values.stage, input, glslangPackage);
    const file = input === '-' ? '<stdin>' : input;
    const source = (await readInput(input, () => io.stdin)).toString('utf8');
    const options: CompileOptions = {
      stage,
      file,
      include: includeResolver(values.include ?? []),
      ...targets,
      ...(debugInfo !== false ? { debugInfo } : {}),
      ...(Object.keys(defines).length > 0 ? { defines } : {}),
    };
    const result = glslang.compile(source, options);
    for (const d of result.diagnostics) io.stderr.write(`${formatGlslangDiagnostic(d, file)}\n`);
    if (!result.ok) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      io.stderr.write(`${file}: ${errors} error${errors === 1 ? '' : 's'}, no module written\n`);
      return 1;
    }
    const output = values.output ?? (input === '-' ? '-' : `${input}.spv`);
    if (output === '-') io.stdout.write(wordBytes(result.words));
    else writeOutput(output, wordBytes(result.words));
    return 0;
  },
};

/**
 * `FILE:LINE:COLUMN: error: message`, with as much of the place as glslang gave; the input's name
 * when it gave none. The diagnostic's hint, when it has one, follows on a `hint:` line.
 */
export function formatGlslangDiagnostic(d: GlslangDiagnostic, input: string): string {
  const where = d.file === undefined ? input : `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}`;
  return `${where}: ${d.severity}: ${d.message.trimEnd()}${d.hint !== undefined ? `\nhint: ${d.hint}` : ''}`;
}

/** glslangValidator's `-gV` and `-gVS` as `--debug-info gV`: node's parseArgs would read them as -g -V -S. */
function debugFlags(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (a === '--') {
      out.push(...args.slice(out.length));
      break;
    }
    out.push(a === '-gV' || a === '-gVS' ? `--debug-info=${a.slice(1)}` : a);
  }
  return out;
}

function debugOption(g: boolean, level: string | undefined): DebugInfo {
  if (level === undefined) return g ? 'g' : false;
  if (level !== 'g' && level !== 'gV' && level !== 'gVS') throw new UsageError(`--debug-info: expected g, gV or gVS, not '${level}'`);
  return level;
}

/** `-D NAME=VALUE` and `-D NAME` (defined empty) as @spvkit/glslang's defines; a bad name is bad usage. */
function definesOption(items: readonly string[]): Defines {
  const defines: Record<string, string | true> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    const name = eq < 0 ? item : item.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`-D ${item}: '${name}' is not a macro name`);
    defines[name] = eq < 0 ? true : item.slice(eq + 1);
  }
  return defines;
}

function stageOption(asked: string | undefined, input: string, glslang: Awaited<ReturnType<typeof loadGlslang>>['package']): ShaderStage {
  if (asked !== undefined) {
    if (!glslang.isShaderStage(asked)) throw new UsageError(`-S: '${asked}' is not a stage; one of ${glslang.SHADER_STAGES.join(', ')}`);
    return asked;
  }
  const stage = input === '-' ? undefined : glslang.stageFromFileName(input);
  if (stage === undefined)
    throw new UsageError(
      `cannot tell the stage of ${input === '-' ? 'standard input' : input} from its name; give -S STAGE (${glslang.SHADER_STAGES.join(', ')})`,
    );
  return stage;
}

async function loadGlslangOrFail(): Promise<Awaited<ReturnType<typeof loadGlslang>>> {
  try {
    return await loadGlslang();
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' || (e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    throw new FileError(
      '@spvkit/glslang',
      missing ? 'not installed, and spvkit glsl compiles with it' : `cannot load the compiler: ${e instanceof Error ? e.message : String(e)}`,
      missing ? { hint: 'install it beside @spvkit/cli (npm install -g @spvkit/glslang), or reinstall @spvkit/cli, which depends on it' } : {},
    );
  }
}
