import { UsageError, type Command, type CommandOptions } from '../CommandIo.js';
import { parseArgsOnce } from '../batch/parseArgsOnce.js';
import { inFile } from '../errors/FileError.js';
import { reflectWebGpu } from '@spvkit/core';
import { formatInfo } from '../info/formatInfo.js';
import { formatWebGpu } from '../info/formatWebGpu.js';
import { moduleInfo } from '../info/moduleInfo.js';
import { readModule } from '../input/readModule.js';

const OPTIONS = { json: { type: 'boolean' }, webgpu: { type: 'boolean' } } as const satisfies CommandOptions;

/**
 * `spvkit info`: what a person, or a script with `--json`, wants to know before opening the
 * disassembly: header, capabilities, entry points, and what a pipeline needs (workgroup size,
 * bindings, push constants, spec constants).
 */
export const infoCommand: Command = {
  name: 'info',
  summary: 'summarize a module: version, generator, entry points, workgroup size, bindings, push and spec constants',
  options: OPTIONS,
  batch: { inputExtensions: ['.spv', '.spvasm'] },
  usage: `spvkit info IN... [--json] [--webgpu]
  IN        a module (.spv), or assembly (.spvasm) to assemble first; '-' reads standard input
  --json    print the summary as one JSON object: {version, generator, bound, capabilities,
            instructions, entryPoints, bindings, pushConstants, specConstants}; 64-bit spec
            constant defaults are strings (JSON numbers lose their precision)
  --webgpu  also what WebGPU needs of each vertex, fragment and compute entry point, as the
            WGSL of spvkit wgsl declares it: bind group layouts (GPUBindGroupLayoutDescriptor),
            vertex buffer layouts, and every block's member offsets, sizes and strides (the
            JSON object's 'webgpu' array: {name, stage, bindGroupLayouts, vertexInputs,
            vertexBuffers, blocks})`,
  async run(args, io) {
    const { values, positionals } = parseArgsOnce({ args, allowPositionals: true, strict: true, options: OPTIONS });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'expected an input file (- for standard input)' : 'expected exactly one input file');
    const { module, file } = await readModule(positionals[0], io);
    const info = inFile(file, () => moduleInfo(module));
    const webgpu = values.webgpu === true ? inFile(file, () => reflectWebGpu(module)) : undefined;
    if (values.json === true) {
      const object = webgpu === undefined ? info : { ...info, webgpu };
      io.stdout.write(`${JSON.stringify(object, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
    } else io.stdout.write(`${formatInfo(info)}\n${webgpu === undefined ? '' : `${formatWebGpu(webgpu)}\n`}`);
    return 0;
  },
};
