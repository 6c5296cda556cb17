import './style.css';
import { bundledShaders } from './shaders.js';
import { bundledView, type ShaderView } from './inspect.js';
import { isGlslInclude, isGlslShader } from './glslFiles.js';
import { h, renderShader } from './render.js';

const list = document.querySelector<HTMLElement>('#shaders')!;
const nav = document.querySelector<HTMLElement>('#shader-nav')!;
const dropZone = document.querySelector<HTMLElement>('#drop-zone')!;
const fileInput = document.querySelector<HTMLInputElement>('#file-input')!;

function navLink(view: ShaderView): HTMLElement {
  return h(`a.chip${view.dropped ? '.dropped' : ''}`, { href: `#${view.key}` }, view.name);
}

function add(view: ShaderView, first = false): HTMLElement {
  const card = renderShader(view);
  const link = navLink(view);
  if (first) {
    list.prepend(card);
    nav.querySelector('.label')!.after(link);
  } else {
    list.append(card);
    nav.append(link);
  }
  return card;
}

nav.append(h('span.label', null, 'Shaders'));
for (const shader of bundledShaders) add(bundledView(shader));

/** A dropped or chosen file's name and bytes. */
interface Dropped {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/**
 * The view of one dropped file. What inspects it is imported only now: dropped.ts (the lowering
 * pass, the disassembler) for SPIR-V, glsl.ts for GLSL. A page that is never given GLSL never loads
 * glslang's WebAssembly (inspectFile loads the assembler the same way, for assembly files).
 */
async function inspectDropped(file: Dropped, all: readonly Dropped[]): Promise<ShaderView> {
  if (!isGlslShader(file.name) && !isGlslInclude(file.name)) return (await import('./dropped.js')).inspectFile(file.name, file.bytes);
  const { inspectGlsl } = await import('./glsl.js');
  const decoder = new TextDecoder();
  const text = (f: Dropped) => ({ name: f.name, text: decoder.decode(f.bytes) });
  return inspectGlsl(text(file), all.filter((f) => f !== file).map(text));
}

/** Inspects dropped or chosen files, newest first, and scrolls to the first. */
async function inspectFiles(files: Iterable<File>): Promise<void> {
  const all: Dropped[] = await Promise.all([...files].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  // Files to include (.glsl, .h) dropped with a shader serve its #includes; they are not shaders.
  const withShader = all.some((f) => isGlslShader(f.name));
  const shown = all.filter((f) => !(withShader && isGlslInclude(f.name)));
  let firstCard: HTMLElement | undefined;
  for (const file of shown.reverse()) firstCard = add(await inspectDropped(file, all), true);
  firstCard?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  document.body.dataset.inspected = String(Number(document.body.dataset.inspected ?? 0) + 1);
}

fileInput.addEventListener('change', () => {
  const files = fileInput.files ? [...fileInput.files] : [];
  fileInput.value = '';
  void inspectFiles(files);
});

// Drag and drop: the zone lights up while a file is over it; a drop anywhere on the page counts.
let depth = 0;
const hasFiles = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') ?? false;
document.addEventListener('dragenter', (e) => {
  if (!hasFiles(e)) return;
  depth++;
  dropZone.classList.add('over');
});
document.addEventListener('dragleave', () => {
  if (depth > 0 && --depth === 0) dropZone.classList.remove('over');
});
document.addEventListener('dragover', (e) => {
  if (!hasFiles(e)) return;
  e.preventDefault();
  if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
});
document.addEventListener('drop', (e) => {
  e.preventDefault();
  depth = 0;
  dropZone.classList.remove('over');
  const files = e.dataTransfer?.files;
  if (files && files.length > 0) void inspectFiles(files);
});
dropZone.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    fileInput.click();
  }
});

document.body.dataset.ready = 'true';
