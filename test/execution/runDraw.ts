/**
 * Render offscreen with a vertex and a fragment shader on a real Vulkan driver, through
 * harness/spvrun.c: one vkCmdDraw of a triangle list (no culling, depth or blending) into color
 * attachments cleared to zero, optionally fed by vertex buffers; the storage and uniform buffers,
 * push constants and specialization constants are visible to both stages. Returns the final
 * contents of the buffers and the pixels of every attachment.
 */
import { runWithTwins } from './compilerTwins.js';
import { checkName, checkUint, runHarnessJob, type JobAttribute, type JobResources } from './spvrun.js';

/** Formats of a color attachment (spvrun.c's names). */
export type ColorFormat = 'rgba32f' | 'rgba32ui' | 'rgba32i' | 'rgba8' | 'r32f' | 'r32ui' | 'r32i';

/** Bytes a pixel of each format takes. */
export const PIXEL_SIZE: Readonly<Record<ColorFormat, number>> = { rgba32f: 16, rgba32ui: 16, rgba32i: 16, rgba8: 4, r32f: 4, r32ui: 4, r32i: 4 };

/** A color attachment: what fragment output `location` writes. */
export interface ColorTarget {
  location: number;
  format: ColorFormat;
}

export interface DrawJob extends Omit<JobResources, 'groups'> {
  /** The module holding the vertex shader. */
  vertex: Uint32Array;
  /** Its entry point name, default 'main'. */
  vertexEntryPoint?: string;
  /** The module holding the fragment shader (may be `vertex` itself). */
  fragment: Uint32Array;
  /** Its entry point name, default 'main'. */
  fragmentEntryPoint?: string;
  /** vkCmdDraw's vertex count (a triangle list: three a triangle). */
  vertexCount: number;
  /** vkCmdDraw's instance count, default 1. */
  instanceCount?: number;
  /** Framebuffer (and viewport) size, default 64×64. */
  width?: number;
  height?: number;
  /** The color attachments, cleared to zero before the draw. */
  colors: ColorTarget[];
  /** Vertex inputs, each from a vertex buffer of its own. */
  attributes?: JobAttribute[];
}

export interface DrawResult {
  /** Every buffer's final bytes, in `job.buffers` order. */
  buffers: Uint8Array[];
  /** Every attachment's pixels (rows from the top, tightly packed), in `job.colors` order. */
  images: Uint8Array[];
}

/**
 * Draw once. Modules compiled from GLSL are drawn again as @spvkit/glslang compiled them, and
 * must give the same bytes (compilerTwins.ts).
 */
export async function runDraw(job: DrawJob): Promise<DrawResult> {
  const width = job.width ?? 64;
  const height = job.height ?? 64;
  const instances = job.instanceCount ?? 1;
  checkUint('vertexCount', job.vertexCount);
  checkUint('instanceCount', instances);
  checkUint('width', width);
  checkUint('height', height);
  checkName('vertex entry point name', job.vertexEntryPoint ?? 'main');
  checkName('fragment entry point name', job.fragmentEntryPoint ?? 'main');
  const lines = [
    `vert-entry ${job.vertexEntryPoint ?? 'main'}`,
    `frag-entry ${job.fragmentEntryPoint ?? 'main'}`,
    `draw ${job.vertexCount} ${instances}`,
    `target ${width} ${height}`,
  ];
  for (const [i, c] of job.colors.entries()) {
    checkUint(`colors[${i}].location`, c.location);
    if (!(c.format in PIXEL_SIZE)) throw new RangeError(`colors[${i}].format ${JSON.stringify(c.format)} is not one of ${Object.keys(PIXEL_SIZE).join(', ')}`);
    lines.push(`color ${c.location} ${c.format}`);
  }
  const images = job.colors.map((c) => width * height * PIXEL_SIZE[c.format]);
  const out = await runWithTwins([job.vertex, job.fragment], ([vertex, fragment]) =>
    runHarnessJob({
      ...job,
      lines,
      modules: [
        { key: 'vert', spirv: vertex },
        { key: 'frag', spirv: fragment },
      ],
      images,
    }),
  );
  return { buffers: out.slice(0, job.buffers.length), images: out.slice(job.buffers.length) };
}
