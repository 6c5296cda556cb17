import { basename, dirname, extname, join } from 'node:path';
import { SpirvError } from '@spvkit/core';
import { toWgsl, type ToWgslOptions, type WgslResult } from '@spvkit/wgsl';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { withExtension } from '../batch/outputPath.js';
import { FileError } from '../errors/FileError.js';
import { readInput, writeNewOutput, writeOutput } from '../files.js';
import { moduleOf } from '../input/readModule.js';
import { pushConstantsOption, samplerBindingOffsetOption } from '../options/bindingPlacement.js';
import { targetEnvOption } from '../options/targetEnv.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  json: { type: 'boolean' },
  'push-constants': { type: 'string' },
  'sampler-binding-offset': { type: 'string' },
  'target-env': { type: 'string' },
} as const satisfies CommandOptions;

const USAGE = `spvkit wgsl IN [-o OUT.wgsl] [--json] [--push-constants GROUP,BINDING] [--sampler-binding-offset N] [--target-env ENV]
  IN                         a module (.spv), or assembly (.spvasm) to assemble first; '-' reads
                             standard input (binary or text) and writes standard output
  -o, --output OUT.wgsl      where to write the WGSL; '-' writes standard output. Without -o: IN
                             with the extension .wgsl, next to it (shader.spv -> shader.wgsl), and
                             only when no such file exists: an existing file is replaced only when
                             -o names it
  --json                     also print what a host needs as one JSON object on standard output:
                             {output, entryPoints, bindings, overrides, specialized, requiredFeatures}
                             (the WebGPU features the WGSL's enable lines need); a binding that had to
                             move (a sampler sharing a texture's binding) names its SPIR-V set and
                             binding as spirvBinding. With -o - the object holds the WGSL as code
  --push-constants G,B       the @group and @binding of the uniform buffer that stands for the push
                             constants (WGSL has none). Default: binding 0 of the group after the
                             highest DescriptorSet the module uses (group 0 when it uses none)
  --sampler-binding-offset N a combined image sampler (sampler2D) becomes a texture at its binding
                             and a sampler at the binding plus N in the same group (default 500)
  --target-env ENV           for .spvasm input: the header version and names the text may use,
                             as spvkit as (default spv1.6)
Compute, vertex and fragment entry points of Shader-capability modules. What WGSL cannot express
(64-bit types, pointer casts, ...) is refused: FILE:LINE:COLUMN: error: ... at the source line the
module's debug info (OpLine) gives for the instruction, else the input and the byte offset; exit 1.`;

/**
 * `spvkit wgsl`: SPIR-V to WGSL with @spvkit/wgsl, so that a Vulkan shader runs on WebGPU. Writes
 * the WGSL text; what WGSL cannot express is an error at the source line of the instruction (from
 * the module's OpLine debug info) or, without debug info, at the input with the byte offset.
 */
export const wgslCommand: Command = {
  name: 'wgsl',
  summary: 'translate a module to WGSL for WebGPU (compute, vertex, fragment; push constants to a uniform buffer)',
  usage: USAGE,
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'], outputPath: (rel) => withExtension(rel, '.wgsl') },
  async run(args, io) {
    const { values, positionals } = parseArgsOnce({ args, allowPositionals: true, strict: true, options: OPTIONS });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const targetEnv = values['target-env'];
    if (targetEnv !== undefined) targetEnvOption(targetEnv);
    const pushConstants = values['push-constants'] === undefined ? undefined : pushConstantsOption(values['push-constants']);
    const offset = values['sampler-binding-offset'];
    const options: ToWgslOptions = {
      ...(pushConstants !== undefined ? { pushConstants } : {}),
      ...(offset !== undefined ? { combinedSamplerBindingOffset: samplerBindingOffsetOption(offset) } : {}),
    };
    const input = positionals[0];
    // Checked before anything is read: an input already named .wgsl has no default output.
    const output = values.output ?? defaultOutput(input);
    const bytes = await readInput(input, () => io.stdin);
    const { module, file } = await moduleOf(bytes, input, io, targetEnv !== undefined ? { targetEnv } : {});
    let result: WgslResult;
    try {
      result = toWgsl(module, options);
    } catch (e) {
      throw translationError(file, e);
    }
    const json = values.json === true;
    if (output === '-') {
      if (!json) io.stdout.write(result.code);
    } else if (values.output === undefined) writeNewOutput(output, result.code, '-o');
    else writeOutput(output, result.code);
    if (json) {
      const host = {
        entryPoints: result.entryPoints,
        bindings: result.bindings,
        overrides: result.overrides,
        specialized: result.specialized,
        requiredFeatures: result.requiredFeatures,
      };
      io.stdout.write(`${JSON.stringify(output === '-' ? { code: result.code, ...host } : { output, ...host }, null, 2)}\n`);
    }
    return 0;
  },
};

/**
 * A refusal of the translator as bad input of `file`: placed at the source line where the module's
 * debug info gives one (the GLSL line, `shader.comp:12:5`), else at the input with the instruction's
 * byte offset, with the instruction's opcode either way.
 */
function translationError(file: string, e: unknown): FileError {
  if (!(e instanceof SpirvError)) throw e;
  const at = e.location === undefined && e.offset !== undefined ? ` (at byte offset ${e.offset}, 0x${e.offset.toString(16)})` : '';
  const op = e.opname !== undefined && !e.message.includes(e.opname) ? ` [${e.opname}]` : '';
  // The source line names its own file (the GLSL the module was compiled from); the input is named too.
  const from = e.location !== undefined && e.location.file !== undefined && e.location.file !== file ? ` (in ${file})` : '';
  const location = e.location !== undefined ? { location: { ...e.location, file: e.location.file ?? file } } : {};
  return new FileError(file, `cannot translate to WGSL: ${e.message}${op}${at}${from}`, {
    ...location,
    ...(e.hint !== undefined ? { hint: e.hint } : {}),
    cause: e,
  });
}

/** shader.spv / shader.spvasm -> shader.wgsl in the same folder; standard input -> standard output. */
export function defaultOutput(input: string): string {
  if (input === '-') return '-';
  const ext = extname(input);
  if (ext.toLowerCase() === '.wgsl') throw new UsageError(`the input ${input} already ends in .wgsl; give the output with -o`);
  return join(dirname(input), `${basename(input, ext)}.wgsl`);
}
