// The "WebGPU layouts" panel of a shader: what core's reflectWebGpu gives for its module (the
// bind group layouts merged over its entry points, the vertex buffers of its vertex entry point)
// and the byte layout of every uniform and storage block, member by member: what a WebGPU user
// otherwise writes by hand.
import { decodeModule, mergeBindGroupLayouts, reflectWebGpu, type BindGroupLayoutEntry, type BlockLayout, type MemberLayout } from '@spvkit/core';
import { code, h, none, table } from './render.js';

/** GPUShaderStage bits as names. */
function visibility(bits: number): string {
  return (
    [
      [1, 'vertex'],
      [2, 'fragment'],
      [4, 'compute'],
    ] as const
  )
    .filter(([bit]) => (bits & bit) !== 0)
    .map(([, name]) => name)
    .join(' | ');
}

/** An entry's resource in WebGPU's words: `buffer uniform, min 80 B`, `texture float 2d`, ... */
function resource(e: BindGroupLayoutEntry): string {
  if (e.buffer !== undefined) return `buffer ${e.buffer.type}, min ${e.buffer.minBindingSize} B`;
  if (e.sampler !== undefined) return `sampler ${e.sampler.type}`;
  if (e.texture !== undefined) return `texture ${e.texture.sampleType} ${e.texture.viewDimension}${e.texture.multisampled ? ' multisampled' : ''}`;
  if (e.storageTexture !== undefined) return `storage texture ${e.storageTexture.format} ${e.storageTexture.access} ${e.storageTexture.viewDimension}`;
  return '?';
}

/** The strides of a member: its array stride and matrix stride where it has them. */
function strides(m: MemberLayout): string {
  const parts = [m.arrayStride !== undefined ? `array ${m.arrayStride}` : '', m.matrixStride !== undefined ? `matrix ${m.matrixStride}` : ''];
  return parts.filter((p) => p !== '').join(', ') || '—';
}

/** A block's members, those of nested structs under their path (`lights[].position`) at offsets within their struct. */
function memberRows(members: readonly MemberLayout[], prefix: string): (Node | string)[][] {
  const rows: (Node | string)[][] = [];
  for (const m of members) {
    const name = `${prefix}${m.name}`;
    rows.push([code(name), String(m.offset), String(m.size), String(m.align), strides(m)]);
    let type = m.type;
    let path = name;
    while (type.kind === 'array') {
      type = type.element;
      path += '[]';
    }
    if (type.kind === 'struct') rows.push(...memberRows(type.members, `${path}.`));
  }
  return rows;
}

function blockTable(block: { readonly group: number; readonly binding: number; readonly layout: BlockLayout }): HTMLElement {
  const { layout } = block;
  return h(
    'div.block-layout',
    { 'data-block': layout.name },
    h(
      'h5',
      null,
      code(layout.name),
      ` @group(${block.group}) @binding(${block.binding}): ${layout.size} bytes, align ${layout.align}${layout.runtimeSized ? ', ends in a runtime-sized array' : ''}`,
    ),
    table(['Member', 'Offset', 'Size', 'Align', 'Stride'], memberRows(layout.members, ''), 'block-offsets'),
    layout.wgslProblems.length > 0 ? h('p.note', null, `WGSL cannot declare this layout: ${layout.wgslProblems.join('; ')}`) : null,
  );
}

/** The panel for the module `words`; says why where the module has no WebGPU layouts. */
export function renderWebGpuLayouts(words: Uint32Array): HTMLElement {
  const panel = h('div.panel.webgpu-layouts', null, h('h3', null, 'WebGPU layouts'));
  let reflected;
  try {
    reflected = reflectWebGpu(decodeModule(words));
  } catch (e) {
    panel.append(none(`no WebGPU layouts: ${(e as Error).message}`));
    return panel;
  }
  if (reflected.length === 0) {
    panel.append(none('no vertex, fragment or compute entry point: WebGPU has no pipeline for it'));
    return panel;
  }
  const groups = mergeBindGroupLayouts(reflected.map((ep) => ep.bindGroupLayouts));
  const entries = groups.flatMap((g, group) => g.entries.map((e) => [String(group), String(e.binding), visibility(e.visibility), resource(e)]));
  panel.append(
    h('h4', null, 'Bind group layouts'),
    entries.length > 0 ? table(['Group', 'Binding', 'Visibility', 'Resource'], entries, 'bind-group-layouts') : none(),
  );
  const buffers = reflected.find((ep) => ep.stage === 'vertex')?.vertexBuffers ?? [];
  const attributes = buffers.flatMap((b, i) =>
    b.attributes.map((a) => [String(i), String(b.arrayStride), b.stepMode, String(a.shaderLocation), a.format, String(a.offset)]),
  );
  panel.append(
    h('h4', null, 'Vertex buffers'),
    attributes.length > 0 ? table(['Buffer', 'Stride', 'Step', 'Location', 'Format', 'Offset'], attributes, 'vertex-buffers') : none(),
  );
  // A block used by several entry points is listed once.
  const blocks = new Map<string, { group: number; binding: number; layout: BlockLayout }>();
  for (const ep of reflected) for (const b of ep.blocks) blocks.set(`${b.group}:${b.binding}`, b);
  panel.append(h('h4', null, 'Block offsets'), blocks.size > 0 ? h('div.block-layouts', null, [...blocks.values()].map(blockTable)) : none());
  return panel;
}
