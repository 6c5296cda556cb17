import type { BindGroupLayoutEntry, MemberLayout, WebGpuEntryPointReflection } from '@spvkit/core';

/** One line for a bind group layout entry: its binding, visibility and resource. */
function entryLine(group: number, e: BindGroupLayoutEntry): string {
  const at = `@group(${group}) @binding(${e.binding})`;
  if (e.buffer !== undefined) return `${at}: buffer ${e.buffer.type}, minBindingSize ${e.buffer.minBindingSize}`;
  if (e.sampler !== undefined) return `${at}: sampler ${e.sampler.type}`;
  if (e.texture !== undefined) return `${at}: texture ${e.texture.viewDimension} ${e.texture.sampleType}${e.texture.multisampled ? ' multisampled' : ''}`;
  if (e.storageTexture !== undefined) return `${at}: storage texture ${e.storageTexture.viewDimension} ${e.storageTexture.format} ${e.storageTexture.access}`;
  return `${at}: (nothing)`;
}

/** Member lines, nested structs indented under their member. */
function memberLines(members: readonly MemberLayout[], indent: string): string[] {
  return members.flatMap((m) => {
    const strides = [
      m.arrayStride === undefined ? '' : `, array stride ${m.arrayStride}`,
      m.matrixStride === undefined ? '' : `, matrix stride ${m.matrixStride}`,
    ].join('');
    const line = `${indent}${m.name} at ${m.offset}: ${m.size} bytes, align ${m.align}${strides}`;
    let t = m.type;
    while (t.kind === 'array') t = t.element;
    return t.kind === 'struct' ? [line, ...memberLines(t.members, `${indent}  `)] : [line];
  });
}

/** The human text of `spvkit info --webgpu`: per entry point, its layouts, vertex buffers and blocks. */
export function formatWebGpu(entryPoints: readonly WebGpuEntryPointReflection[]): string {
  if (entryPoints.length === 0) return 'webgpu:          (no vertex, fragment or compute entry point)';
  return entryPoints
    .flatMap((ep) => [
      `webgpu ${ep.stage} entry point '${ep.name}':`,
      ...ep.bindGroupLayouts.flatMap((layout, group) => layout.entries.map((e) => `  ${entryLine(group, e)}`)),
      ...ep.vertexBuffers.map(
        (b, i) =>
          `  vertex buffer ${i}: stride ${b.arrayStride}, ${b.attributes.map((a) => `location ${a.shaderLocation} ${a.format} at ${a.offset}`).join(', ')}`,
      ),
      ...ep.blocks.flatMap((b) => [
        `  block '${b.name}' (${b.type} at @group(${b.group}) @binding(${b.binding})): ${b.layout.size} bytes, align ${b.layout.align}${b.layout.runtimeSized ? ', runtime-sized' : ''}`,
        ...memberLines(b.layout.members, '    '),
        ...b.layout.wgslProblems.map((p) => `    WGSL cannot declare this: ${p}`),
      ]),
    ])
    .join('\n');
}
