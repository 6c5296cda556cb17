// DOM for one shader: a card with its reflection, its findings and the side-by-side disassembly.
import type { Reflection } from '@spvkit/core';
import { diffLines, type DiffRow } from './diff.js';
import { LOWER, type Finding, type ShaderView, type Step } from './inspect.js';
import { gpuRunBlocker } from './gpuRunBlocker.js';
import type { RunOutcome } from './webgpu.js';
import { renderWebGpuLayouts } from './webGpuLayouts.js';

type Child = Node | string | null | undefined | false;

/** `h('div.card', { id: 'x' }, child, ...)`: an element with classes, attributes and children. */
export function h(tag: string, attrs: Record<string, string | boolean> | null = null, ...children: (Child | Child[])[]): HTMLElement {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name || 'div');
  if (classes.length > 0) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

/** An inline `code` element. */
export const code = (text: string): HTMLElement => h('code', null, text);

/** A `table.grid` of class `cls`: a header row and a row per entry of `rows`. */
export function table(head: readonly string[], rows: readonly (readonly Child[])[], cls: string): HTMLElement {
  return h(
    `table.grid.${cls}`,
    null,
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        head.map((c) => h('th', null, c)),
      ),
    ),
    h(
      'tbody',
      null,
      rows.map((r) =>
        h(
          'tr',
          null,
          r.map((c) => h('td', null, c)),
        ),
      ),
    ),
  );
}

function block(title: string, count: string | null, body: Node, cls: string): HTMLElement {
  return h(`div.block.${cls}`, null, h('h4', null, title, count !== null ? h('span.count', null, count) : null), body);
}

export const none = (text = 'none'): HTMLElement => h('p.none', null, text);

function workgroup(size: readonly [number, number, number] | undefined, specIds: readonly (number | null)[] | undefined): Child[] {
  if (size === undefined) return ['—'];
  const parts: Child[] = [h('span.wg', null, size.join(' × '))];
  const spec = (specIds ?? []).map((id, i) => (id === null ? null : `${'xyz'[i]}: SpecId ${id}`)).filter((s) => s !== null);
  if (spec.length > 0) parts.push(h('span.spec-ids', null, spec.join(', ')));
  return parts;
}

const KIND_LABEL: Record<string, string> = { 'storage-buffer': 'storage buffer', 'uniform-buffer': 'uniform buffer' };

export function renderReflection(r: Reflection | undefined): HTMLElement {
  if (r === undefined) return h('div.reflection', null, none('no reflection: the module could not be read'));
  const entry = r.entryPoints.length
    ? table(
        ['Name', 'Execution model', 'Workgroup size'],
        r.entryPoints.map((e) => [
          code(e.name),
          h('span.pill', null, e.executionModel),
          h('span', null, ...workgroup(e.workgroupSize, e.workgroupSizeSpecIds)),
        ]),
        'entry-points',
      )
    : none();
  const bindings = r.bindings.length
    ? table(
        ['Set', 'Binding', 'Kind', 'Name', 'Count'],
        r.bindings.map((b) => [
          String(b.set),
          String(b.binding),
          h('span.kind', null, KIND_LABEL[b.kind] ?? b.kind.replace(/-/g, ' ')),
          code(b.name || '—'),
          b.count === 0 ? 'runtime' : String(b.count),
        ]),
        'bindings',
      )
    : none();
  const push = r.pushConstants
    ? table(
        ['Member', 'Offset', 'Size'],
        r.pushConstants.members.map((m) => [code(m.name || '—'), String(m.offset), m.size === null ? '?' : `${m.size} B`]),
        'push-constants',
      )
    : none();
  const spec = r.specConstants.length
    ? table(
        ['SpecId', 'Name', 'Type', 'Default'],
        r.specConstants.map((s) => [String(s.id), code(s.name || '—'), s.type, code(String(s.default))]),
        'spec-constants',
      )
    : none();
  return h(
    'div.reflection',
    null,
    block('Entry points', String(r.entryPoints.length), entry, 'b-entry'),
    block('Bindings', String(r.bindings.length), bindings, 'b-bindings'),
    block('Push constants', r.pushConstants ? `${r.pushConstants.size} bytes` : null, push, 'b-push'),
    block('Spec constants', String(r.specConstants.length), spec, 'b-spec'),
  );
}

export function renderFindings(findings: readonly Finding[]): HTMLElement {
  if (findings.length === 0) {
    return h('div.findings.clean', null, h('p.ok', null, h('span.check', { 'aria-hidden': 'true' }, '✓'), 'validate-builtins: no findings'));
  }
  return h(
    'ul.findings',
    null,
    findings.map((f) =>
      h(
        `li.finding.${f.severity}`,
        null,
        h('div.finding-head', null, h(`span.sev.${f.severity}`, null, f.severity), f.code ? code(f.code) : null, h('span.step', null, f.step)),
        h('p.message', null, f.message),
        f.where ? h('p.where', null, f.where) : null,
        f.frame ? h('pre.frame', null, f.frame) : null,
        f.hint ? h('p.hint', null, `hint: ${f.hint}`) : null,
      ),
    ),
  );
}

/** Unchanged lines kept around each change when the view is folded. */
const CONTEXT = 3;
/** The fewest unchanged lines folded away. */
const MIN_FOLD = 4;

function cell(side: 'before' | 'after', kind: DiffRow['kind'], line: { line: number; text: string } | undefined): HTMLElement[] {
  const mark = line === undefined ? 'empty' : kind === 'same' ? 'same' : side === 'before' ? 'del' : 'add';
  return [h(`td.ln.${mark}`, null, line ? String(line.line) : ''), h(`td.code.${side}.${mark}`, null, line ? line.text : '')];
}

export function renderDiff(view: ShaderView): HTMLElement {
  if (view.before === undefined) return h('div.disasm', null, none('no disassembly: the module could not be read'));
  const after = view.after;
  const rows = diffLines(view.before, after ?? view.before);
  const changed = rows.map((r) => r.kind !== 'same');
  const near = new Uint8Array(rows.length);
  changed.forEach((c, i) => {
    if (!c) return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(rows.length - 1, i + CONTEXT); j++) near[j] = 1;
  });
  const removed = rows.filter((r) => r.left && r.kind !== 'same').length;
  const added = rows.filter((r) => r.right && r.kind !== 'same').length;

  const tbody = h('tbody');
  let fold: HTMLElement[] = [];
  const closeFold = (): void => {
    if (fold.length < MIN_FOLD) {
      // A marker in place of a line or three would hide more than it saves.
      for (const r of fold) r.classList.remove('folded');
      fold = [];
      return;
    }
    const hidden = fold;
    const marker = h(
      'tr.fold-marker',
      null,
      h('td', { colspan: '4' }, h('button.unfold', { type: 'button' }, `⋯ ${hidden.length} unchanged line${hidden.length === 1 ? '' : 's'}`)),
    );
    marker.querySelector('button')!.addEventListener('click', () => {
      for (const r of hidden) r.classList.remove('folded');
      marker.remove();
    });
    hidden[0].before(marker);
    fold = [];
  };
  rows.forEach((r, i) => {
    const tr = h(`tr.row.${r.kind}`, null, ...cell('before', r.kind, r.left), ...cell('after', r.kind, r.right));
    tbody.append(tr);
    if (near[i]) closeFold();
    else {
      tr.classList.add('folded');
      fold.push(tr);
    }
  });
  closeFold();

  const showAll = h('input', { type: 'checkbox', class: 'show-all' }) as HTMLInputElement;
  const tableEl = h(
    'table.diff',
    null,
    h('colgroup', null, h('col.c-ln'), h('col.c-code'), h('col.c-ln'), h('col.c-code')),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { colspan: '2' }, 'Before ', h('span.sub', null, view.dropped ? 'as read' : 'as imported, no passes')),
        h('th', { colspan: '2' }, 'After ', code(LOWER)),
      ),
    ),
    tbody,
  );
  showAll.addEventListener('change', () => tableEl.classList.toggle('show-all', showAll.checked));
  // Nothing changed: folding would hide everything, so show every line.
  if (removed + added === 0) {
    showAll.checked = true;
    tableEl.classList.add('show-all');
  }

  let summary: Child;
  if (after === undefined) summary = h('span.status.refused', null, 'the pass refused this module (see the findings); both columns show it as read');
  else if (removed + added === 0) summary = h('span.status.same', null, 'unchanged: nothing to lower');
  else summary = h('span.status', null, h('span.minus', null, `−${removed}`), ' ', h('span.plus', null, `+${added}`), ' lines');

  return h(
    'div.disasm',
    null,
    h('div.disasm-head', null, h('h3', null, 'Disassembly'), summary, h('label.toggle', null, showAll, 'show all lines')),
    h('div.diff-scroll', null, tableEl),
  );
}

export function renderSteps(steps: readonly Step[]): HTMLElement {
  return h(
    'ol.steps',
    null,
    steps.map((s) =>
      h(`li.step-item${s.failed ? '.failed' : ''}`, null, h('span.step-label', null, s.label), s.detail ? h('span.step-detail', null, s.detail) : null),
    ),
  );
}

/** The "Run on WebGPU" panel: a button where the runner can try the module, else why not; null for unread modules. */
export function renderWebGpu(view: ShaderView): HTMLElement | null {
  const words = view.words;
  if (words === undefined || view.reflection === undefined) return null;
  const blocker = gpuRunBlocker(words, view.reflection);
  if (blocker !== undefined)
    return h(
      'div.webgpu',
      { 'data-webgpu': 'cannot-run' },
      h('div.webgpu-head', null, h('h3', null, 'WebGPU'), h('span.note.cannot-run', null, `Not run here: ${blocker}.`)),
    );
  const available = typeof navigator !== 'undefined' && 'gpu' in navigator;
  const button = h('button.run-gpu', { type: 'button' }, 'Run on WebGPU') as HTMLButtonElement;
  const output = h('div.gpu-output');
  const panel = h(
    'div.webgpu',
    { 'data-webgpu': available ? 'idle' : 'unavailable' },
    h(
      'div.webgpu-head',
      null,
      h('h3', null, 'WebGPU'),
      button,
      h(
        'span.note',
        null,
        available
          ? 'translates the module to WGSL in this page (@spvkit/wgsl, loaded on the first run) and dispatches it, then reads its buffers back'
          : 'WebGPU is not available in this browser (no navigator.gpu): the shader can be translated to WGSL, but not run here',
      ),
    ),
    output,
  );
  button.addEventListener('click', () => {
    button.disabled = true;
    panel.dataset.webgpu = 'running';
    output.replaceChildren(h('p.gpu-status', null, 'Translating and running…'));
    // The runner and the DOM of its outcome come in chunks of their own, on this first click.
    void Promise.all([import('./webgpu.js'), import('./renderRun.js')])
      .then(async ([{ runOnWebGpu }, { renderOutcome }]) => ({ outcome: await runOnWebGpu(words), renderOutcome }))
      .then(
        ({ outcome, renderOutcome }) => {
          output.replaceChildren(...renderOutcome(outcome));
          panel.dataset.webgpu = outcome.ok ? 'done' : `failed-${outcome.stage}`;
        },
        (e: unknown) => {
          const outcome: RunOutcome = { ok: false, stage: 'run', message: e instanceof Error ? e.message : String(e) };
          output.replaceChildren(h('p.gpu-status.failed', { 'data-stage': outcome.stage }, h('strong', null, 'Failed: '), outcome.message));
          panel.dataset.webgpu = `failed-${outcome.stage}`;
        },
      )
      .finally(() => {
        button.disabled = false;
      });
  });
  return panel;
}

export function renderShader(view: ShaderView): HTMLElement {
  const remove = view.dropped ? h('button.remove', { type: 'button', title: 'Remove', 'aria-label': `Remove ${view.name}` }, '×') : null;
  const card = h(
    'section.shader',
    { id: view.key, 'data-shader': view.name, 'data-origin': view.dropped ? 'dropped' : 'bundled' },
    h(
      'header.shader-head',
      null,
      h('div.title', null, h('h2', null, view.name), h('span.format', null, view.format), view.dropped ? h('span.tag.dropped', null, 'your file') : null),
      h('p.origin', null, view.origin),
      h(
        'div.facts',
        null,
        view.facts.map((f) => h('span.fact', null, f)),
      ),
      remove,
    ),
    h(
      'div.shader-body',
      null,
      h('div.panel.reflection-panel', null, h('h3', null, 'Reflection'), renderReflection(view.reflection)),
      h(
        'div.panel.findings-panel',
        null,
        h('h3', null, 'Diagnostics'),
        renderFindings(view.findings),
        h('h3.pipeline-title', null, 'Pipeline'),
        renderSteps(view.steps),
      ),
    ),
    view.words !== undefined ? renderWebGpuLayouts(view.words) : null,
    renderWebGpu(view),
    renderDiff(view),
  );
  remove?.addEventListener('click', () => {
    document.querySelector(`a[href="#${view.key}"]`)?.remove();
    card.remove();
  });
  return card;
}
