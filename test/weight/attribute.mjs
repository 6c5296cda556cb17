// Where a page's gzip bytes go: builds each page of the browser-weight suite the way the suite does
// (Vite production build from the packages' dist/, through their export maps), with a sourcemap,
// and charges every byte of the minified output to the source module the map names. A module's
// gzip share is its leave-one-out cost: the gzip size of the whole output minus the gzip size of
// the output with that module's bytes taken out. That is what deleting the module would save
// (shares do not add up to the total exactly: gzip finds repeats across modules).
//
// Not a test: a tool for deciding what to shrink.
//   pnpm build && node test/weight/attribute.mjs [page-number...] [--top N] [--folders]
// --folders charges folders instead of modules (text/assembler, grammar/generated, a pass, ...).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { PAGE_SOURCES } from './pages.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const byFolder = args.includes('--folders');
const wanted = args.filter((a, i) => /^\d+$/.test(a) && i !== topAt + 1).map(Number);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** Decodes a source map's mappings into, per generated line, sorted [column, sourceIndex] pairs. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    if (line !== '') {
      for (const seg of line.split(',')) {
        const values = [];
        let value = 0;
        let shift = 0;
        for (const c of seg) {
          const digit = B64_VALUE.get(c);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += values[0];
        if (values.length > 1) {
          source += values[1];
          segments.push([column, source]);
        } else segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Splits `code` into runs charged to sources: Map<source, string[]> plus the runs in order. */
function charge(code, map) {
  const lines = decodeMappings(map.mappings);
  const owner = new Int32Array(code.length).fill(-1);
  let offset = 0;
  const codeLines = code.split('\n');
  for (const [l, text] of codeLines.entries()) {
    const segs = lines[l] ?? [];
    // Bytes before the first segment of a line belong to the line's previous owner (glue).
    let current = -1;
    let s = 0;
    for (let c = 0; c < text.length; c++) {
      while (s < segs.length && segs[s][0] <= c) current = segs[s++][1];
      owner[offset + c] = current;
    }
    offset += text.length + 1;
  }
  return owner;
}

async function measure(dir, entry) {
  const out = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, modulePreload: false, sourcemap: true, rollupOptions: { input: join(dir, entry) } },
  });
  const results = [];
  for (const o of Array.isArray(out) ? out : [out]) {
    for (const chunk of o.output) {
      if (chunk.type !== 'chunk') continue;
      results.push({ code: chunk.code, map: chunk.map, fileName: chunk.fileName, isEntry: chunk.isEntry });
    }
  }
  return results;
}

const dir = mkdtempSync(join(tmpdir(), 'spvkit-attribute-'));
try {
  mkdirSync(join(dir, 'node_modules/@spvkit'), { recursive: true });
  symlinkSync(join(root, 'packages/core'), join(dir, 'node_modules/@spvkit/core'), 'dir');
  symlinkSync(join(root, 'packages/passes'), join(dir, 'node_modules/@spvkit/passes'), 'dir');
  symlinkSync(join(root, 'packages/validator'), join(dir, 'node_modules/@spvkit/validator'), 'dir');
  symlinkSync(join(root, 'packages/wgsl'), join(dir, 'node_modules/@spvkit/wgsl'), 'dir');
  const pages = PAGE_SOURCES(root);
  for (const [i, page] of pages.entries()) {
    if (wanted.length > 0 && !wanted.includes(i)) continue;
    const entry = `page${i}.js`;
    writeFileSync(join(dir, entry), page.source);
    for (const lazy of page.lazy ?? []) writeFileSync(join(dir, lazy.file), lazy.source);
    for (const { code, map, fileName, isEntry } of await measure(dir, entry)) {
      const owner = charge(code, map);
      const whole = gzipSync(code).length;
      const label = (src) => {
        if (src < 0) return '(unmapped)';
        // Sources are relative to the chunk's own folder under Vite's outDir (dist/), written or not.
        const name = resolve(dir, 'dist', dirname(fileName), map.sources[src]).replace(root, '');
        return byFolder ? name.replace(/\/[^/]*$/, '/') : name;
      };
      // Bytes by label: with --folders, the modules of one folder are taken out together.
      const group = Int32Array.from(owner, (o) => o);
      const labels = [];
      const labelIndex = new Map();
      for (let k = 0; k < owner.length; k++) {
        const l = label(owner[k]);
        let g = labelIndex.get(l);
        if (g === undefined) labelIndex.set(l, (g = labels.push(l) - 1));
        group[k] = g;
      }
      const bySource = new Map();
      for (let k = 0; k < group.length; k++) bySource.set(group[k], (bySource.get(group[k]) ?? 0) + 1);
      const rows = [];
      for (const [src, raw] of bySource) {
        let rest = '';
        let from = 0;
        for (let k = 0; k <= group.length; k++) {
          if (k === group.length || group[k] === src) {
            rest += code.slice(from, k);
            from = k + 1;
          }
        }
        rows.push([labels[src], raw, whole - gzipSync(rest).length]);
      }
      rows.sort((a, b) => b[2] - a[2]);
      process.stdout.write(
        `\n#${i} ${page.name}${isEntry ? '' : ` (chunk ${fileName}, loaded by import())`}: ${(code.length / 1024).toFixed(1)} KB raw, ${(whole / 1024).toFixed(1)} KB gzip\n`,
      );
      for (const [name, raw, gz] of rows.slice(0, top)) {
        process.stdout.write(`  ${(gz / 1024).toFixed(2).padStart(6)} KB gz ${(raw / 1024).toFixed(1).padStart(7)} KB raw  ${name}\n`);
      }
      const sum = rows.reduce((a, r) => a + r[2], 0);
      process.stdout.write(`  (sum of leave-one-out shares ${(sum / 1024).toFixed(1)} KB over ${rows.length} ${byFolder ? 'folders' : 'modules'})\n`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
