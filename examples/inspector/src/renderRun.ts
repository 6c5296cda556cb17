// The DOM of a finished "Run on WebGPU" run: each buffer's fields and each texture's pictures
// before and after, beside the WGSL that ran. Loaded with import() with the runner, on the first
// click: the page's first load does not carry it.
import { h, code, none } from './render.js';
import { ms } from './inspect.js';
import type { TextureRun } from './gpuTextures.js';
import { TEXTURE_SIZE } from './texels.js';
import { integerScale, textureCanvas } from './textureImage.js';
import type { BufferRun, Field, RunOutcome } from './webgpu.js';

/** A field's type as WGSL writes it: `u32`, `vec4<f32>`, `array<u32, 256>`. */
function fieldType(f: Field): string {
  const item = f.components === 1 ? f.scalar : `vec${f.components}<${f.scalar}>`;
  return f.count === 1 ? item : `array<${item}, ${f.count}>`;
}

/** Numbers as the page shows them: integers as they are, floats with up to 6 significant digits. */
const shown = (values: readonly number[]): string => values.map((v) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6))))).join(', ');

function renderBuffer(run: BufferRun): HTMLElement {
  const b = run.layout.binding;
  const rows = run.layout.fields.map((f, i) => {
    const before = run.before[i];
    const after = run.after[i];
    const changed = run.readBack && before.some((v, k) => !Object.is(v, after[k]));
    return h(
      `tr.field${changed ? '.changed' : ''}`,
      { 'data-field': f.name, 'data-type': f.scalar },
      h('td', null, code(f.name || '—')),
      h('td', null, code(fieldType(f))),
      h('td.values.before', { 'data-values': before.join(',') }, h('div.scroll', null, shown(before))),
      h('td.values.after', { 'data-values': after.join(',') }, h('div.scroll', null, run.readBack ? shown(after) : 'not written (uniform)')),
    );
  });
  return h(
    'div.gpu-buffer',
    { 'data-binding': `${b.group}:${b.binding}`, 'data-name': b.name, 'data-kind': b.kind },
    h(
      'h4',
      null,
      code(`@group(${b.group}) @binding(${b.binding})`),
      ' ',
      code(b.name),
      h('span.kind', null, b.kind.replace(/-/g, ' ')),
      h('span.count', null, `${run.layout.size} bytes`),
    ),
    run.layout.fields.length > 0
      ? h(
          'table.grid.gpu-fields',
          null,
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ['Field', 'Type', 'Before', 'After'].map((c) => h('th', null, c)),
            ),
          ),
          h('tbody', null, rows),
        )
      : none('no typed fields'),
  );
}

/** A texture's picture and its values (for reading, and for the tests: `data-texels`). */
function texturePicture(run: TextureRun, label: string, values: readonly number[], scale: number): HTMLElement {
  return h(
    `figure.texels.${label}`,
    { 'data-texels': values.join(',') },
    textureCanvas(run.plan.format, run.plan.extent, values, scale),
    h('figcaption', null, label),
  );
}

function renderTexture(run: TextureRun): HTMLElement {
  const b = run.plan.binding;
  const { width, height, layers } = run.plan.extent;
  const integer = /int/.test(run.plan.format.encoding);
  const scale = integer ? integerScale([...run.before, ...run.after]) : 1;
  const access = b.storageTexture?.access;
  return h(
    'div.gpu-texture',
    { 'data-binding': `${b.group}:${b.binding}`, 'data-name': b.name, 'data-kind': b.kind, 'data-format': run.plan.format.format },
    h(
      'h4',
      null,
      code(`@group(${b.group}) @binding(${b.binding})`),
      ' ',
      code(b.name),
      h('span.kind', null, `${b.kind.replace(/-/g, ' ')}${access ? `, ${access}` : ''}`),
      h('span.count', null, `${run.plan.format.format} ${run.plan.viewDimension}, ${width} × ${height}${layers > 1 ? ` × ${layers}` : ''}`),
    ),
    h(
      'div.texel-pictures',
      null,
      texturePicture(run, 'before', run.before, scale),
      run.plan.readBack
        ? texturePicture(run, 'after', run.after, scale)
        : h('p.none', null, access === 'read-only' ? 'read-only: not read back' : 'sampled: not written'),
    ),
    integer ? h('p.note', null, `integer texels shown scaled to the largest, ${scale}`) : null,
  );
}

/** What the run put in the textures and samplers, said once above them like the buffers' fill rule. */
const TEXTURE_RULE = `Textures ${TEXTURE_SIZE} × ${TEXTURE_SIZE} (16 × 1 for 1D; 4 layers for arrays and 3D, 6 faces for cubes): texel (x, y, z) holds r = x / 15, g = y / 15, b = z / (layers − 1) (0 for one layer), a = 1 in float and normalized formats, x, y, z, 1 in integer ones; sampled textures are rgba8unorm (f32), rgba8uint or rgba8sint; samplers nearest, clamp-to-edge; dispatched over the first storage texture's texels (else the first texture's).`;

/** The run's status line, its buffers, textures and samplers, and its WGSL; or why it failed. */
export function renderOutcome(outcome: RunOutcome): HTMLElement[] {
  const wgsl = outcome.wgsl
    ? h('details.wgsl', { open: true }, h('summary', null, 'WGSL ', h('span.sub', null, 'from @spvkit/wgsl')), h('pre.wgsl-code', null, outcome.wgsl.code))
    : null;
  if (!outcome.ok) {
    return [
      h(
        'p.gpu-status.failed',
        { 'data-stage': outcome.stage },
        h('strong', null, `${outcome.stage === 'translate' ? 'Not translated' : outcome.stage === 'webgpu' ? 'No WebGPU' : 'Failed'}: `),
        outcome.message,
      ),
      ...(wgsl ? [wgsl] : []),
    ];
  }
  const [x, y, z] = outcome.dispatch;
  return [
    h(
      'p.gpu-status.ok',
      null,
      `Dispatched ${outcome.entryPoint} over ${x} × ${y} × ${z} workgroups in ${ms(outcome.ms)}; buffers filled before the run (storage: u32 n + 1, i32 n − 8, f32 (n + 1) / 2; uniform and push constants: n + 2, f32 n + 1.5, for the buffer's nth number), runtime arrays at 256 elements.`,
    ),
    outcome.textures.length > 0 ? h('p.gpu-texture-rule', null, TEXTURE_RULE) : null,
    h(
      'div.gpu-result',
      null,
      h(
        'div.gpu-buffers',
        null,
        outcome.buffers.map(renderBuffer),
        outcome.textures.map(renderTexture),
        outcome.samplers.map((s) =>
          h(
            'div.gpu-sampler',
            { 'data-binding': `${s.group}:${s.binding}`, 'data-name': s.name },
            h(
              'h4',
              null,
              code(`@group(${s.group}) @binding(${s.binding})`),
              ' ',
              code(s.name),
              h('span.kind', null, `${s.sampler?.type ?? 'filtering'} sampler`),
            ),
          ),
        ),
      ),
      wgsl,
    ),
  ].filter((e) => e !== null);
}
