import { parseArgs } from 'node:util';
import { decodeLiteralString, decodeModule, enumerantByValue, generatorById, versionOf, type Module } from '@spvkit/core';
import { UsageError, type Command } from '../CommandIo.js';
import { readInput } from '../files.js';

/** A short, human summary of a module: what a person wants to know before opening the disassembly. */
export function summarize(module: Module): string {
  const { major, minor } = versionOf(module.header.version);
  const gen = module.header.generator;
  const tool = generatorById(gen >>> 16);
  const generator = tool ? `${tool.vendor}${tool.tool ? ` ${tool.tool}` : ''}` : `unknown tool ${gen >>> 16}`;
  const capabilities = module.capabilities.map((c) => enumerantByValue('Capability', c.word(0))?.name ?? `Capability(${c.word(0)})`);
  const entryPoints = module.entryPoints.map((ep) => {
    const model = enumerantByValue('ExecutionModel', ep.word(0))?.name ?? `ExecutionModel(${ep.word(0)})`;
    const name = decodeLiteralString(ep.operands, 2, ep.operandCount).value;
    return `${name} (${model})`;
  });
  let count = 0;
  for (const _ of module.instructions()) count++;
  return [
    `version:       SPIR-V ${major}.${minor}`,
    `generator:     ${generator}, version ${gen & 0xffff}`,
    `bound:         ${module.header.bound}`,
    `capabilities:  ${capabilities.join(', ') || '(none)'}`,
    `entry points:  ${entryPoints.join(', ') || '(none)'}`,
    `instructions:  ${count}`,
  ].join('\n');
}

export const infoCommand: Command = {
  name: 'info',
  summary: 'print a summary of a module: version, generator, bound, capabilities, entry points',
  usage: 'spvkit info IN.spv',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('expected exactly one input file');
    const module = decodeModule(await readInput(positionals[0]!, () => io.stdin));
    io.stdout.write(summarize(module) + '\n');
    return 0;
  },
};
