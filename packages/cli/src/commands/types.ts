import { basename, dirname, extname, join } from 'node:path';
import { webGpuModuleSource } from '@spvkit/core';
import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { withExtension } from '../batch/outputPath.js';
import { inFile } from '../errors/FileError.js';
import { readInput, writeNewOutput, writeOutput } from '../files.js';
import { moduleOf } from '../input/readModule.js';
import { pushConstantsOption, samplerBindingOffsetOption } from '../options/bindingPlacement.js';
import { targetEnvOption } from '../options/targetEnv.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  'push-constants': { type: 'string' },
  'sampler-binding-offset': { type: 'string' },
  'vertex-buffers': { type: 'string' },
  'target-env': { type: 'string' },
} as const satisfies CommandOptions;

const USAGE = `spvkit types IN [-o OUT.ts] [--vertex-buffers per-location|interleaved] [--push-constants GROUP,BINDING] [--sampler-binding-offset N] [--target-env ENV]
  IN                         a module (.spv), or assembly (.spvasm) to assemble first; '-' reads
                             standard input and writes standard output
  -o, --output OUT.ts        where to write the TypeScript; '-' writes standard output. Without -o:
                             IN with the extension .ts, next to it (shader.spv -> shader.ts), and
                             only when no such file exists
  --vertex-buffers ARR       per-location (default): one vertex buffer per input location;
                             interleaved: one buffer with every attribute
  --push-constants G,B       where the WGSL of spvkit wgsl puts the push constants (same default)
  --sampler-binding-offset N where it puts a combined image sampler's sampler (default 500)
  --target-env ENV           for .spvasm input: as spvkit as (default spv1.6)
The module needs nothing at run time: bindGroupLayouts (for device.createBindGroupLayout, merged
over the entry points), vertexBuffers, entryPoints (each one's stage and layouts), and for each
uniform and storage block a type of its members and an object that writes a value into an
ArrayBuffer at the block's offsets and reads it back.`;

/**
 * `spvkit types`: the WebGPU layouts and typed block writers of a shader, as a TypeScript module,
 * for projects without a bundler plugin (core's webGpuModuleSource).
 */
export const typesCommand: Command = {
  name: 'types',
  summary: 'write a TypeScript module of a shader: WebGPU bind group and vertex buffer layouts, typed block writers',
  usage: USAGE,
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'], outputPath: (rel) => withExtension(rel, '.ts') },
  async run(args, io) {
    const { values, positionals } = parseArgsOnce({ args, allowPositionals: true, strict: true, options: OPTIONS });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    if (values.output === '') throw new UsageError('-o needs a file name');
    const targetEnv = values['target-env'];
    if (targetEnv !== undefined) targetEnvOption(targetEnv);
    const arrangement = arrangementOption(values['vertex-buffers']);
    const pushConstants = values['push-constants'];
    const offset = values['sampler-binding-offset'];
    const options = {
      ...(pushConstants !== undefined ? { pushConstants: pushConstantsOption(pushConstants) } : {}),
      ...(offset !== undefined ? { combinedSamplerBindingOffset: samplerBindingOffsetOption(offset) } : {}),
      ...(arrangement !== undefined ? { arrangement } : {}),
    };
    const input = positionals[0];
    const output = values.output ?? defaultOutput(input);
    const bytes = await readInput(input, () => io.stdin);
    const { module, file } = await moduleOf(bytes, input, io, targetEnv !== undefined ? { targetEnv } : {});
    const source = inFile(file, () => webGpuModuleSource(module, options));
    if (output === '-') io.stdout.write(source);
    else if (values.output === undefined) writeNewOutput(output, source, '-o');
    else writeOutput(output, source);
    return 0;
  },
};

/** `--vertex-buffers`: per-location or interleaved; anything else is bad usage. */
function arrangementOption(text: string | undefined): 'per-location' | 'interleaved' | undefined {
  if (text === undefined || text === 'per-location' || text === 'interleaved') return text;
  throw new UsageError(`--vertex-buffers: expected per-location or interleaved, not '${text}'`);
}

/** shader.spv / shader.spvasm -> shader.ts in the same folder; standard input -> standard output. */
function defaultOutput(input: string): string {
  if (input === '-') return '-';
  const ext = extname(input);
  if (ext.toLowerCase() === '.ts') throw new UsageError(`the input ${input} already ends in .ts; give the output with -o`);
  return join(dirname(input), `${basename(input, ext)}.ts`);
}
