import type { ModuleInfo } from './moduleInfo.js';

const LABEL = 17;

/** `label:` padded, then the first line; further lines indented under the first. */
function field(label: string, lines: readonly string[]): string {
  const pad = ' '.repeat(LABEL);
  const all = lines.length === 0 ? ['(none)'] : lines;
  return `${`${label}:`.padEnd(LABEL)}${all.join(`\n${pad}`)}`;
}

const quoted = (name: string): string => (name === '' ? '' : ` '${name}'`);

/** The human text of `spvkit info`: one field a line, lists one item a line. */
export function formatInfo(info: ModuleInfo): string {
  const g = info.generator;
  const generator = g.vendor === null ? `unknown tool ${g.id}` : `${g.vendor}${g.tool !== null ? ` ${g.tool}` : ''}`;
  const workgroups = info.entryPoints.flatMap((ep) => {
    if (ep.workgroupSize === undefined) return [];
    const specIds = (ep.workgroupSizeSpecIds ?? []).flatMap((id, i) => (id === null ? [] : [`${'xyz'[i]}: SpecId ${id}`]));
    return [`${ep.name}: ${ep.workgroupSize.join(' x ')}${specIds.length > 0 ? ` (${specIds.join(', ')})` : ''}`];
  });
  const push = info.pushConstants;
  return [
    field('version', [`SPIR-V ${info.version}`]),
    field('generator', [`${generator}, version ${g.version}`]),
    field('bound', [String(info.bound)]),
    field(
      'capabilities',
      [info.capabilities.join(', ')].filter((s) => s !== ''),
    ),
    field(
      'entry points',
      info.entryPoints.map((ep) => `${ep.name} (${ep.executionModel})`),
    ),
    field('instructions', [String(info.instructions)]),
    field('workgroup size', workgroups),
    field(
      'bindings',
      info.bindings.map(
        (b) => `set ${b.set}, binding ${b.binding}: ${b.kind}${quoted(b.name)}${b.count === 1 ? '' : b.count === 0 ? ' [runtime array]' : ` [${b.count}]`}`,
      ),
    ),
    field(
      'push constants',
      push === null
        ? []
        : [`${push.size} bytes`, ...push.members.map((m) => `  ${m.name || '(unnamed)'} at ${m.offset}${m.size === null ? '' : `, ${m.size} bytes`}`)],
    ),
    field(
      'spec constants',
      info.specConstants.map((s) => `SpecId ${s.id}: ${s.type}${quoted(s.name)} = ${String(s.default)}`),
    ),
  ].join('\n');
}
