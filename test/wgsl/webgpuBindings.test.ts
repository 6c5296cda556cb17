// core's WebGPU reflection against what @spvkit/wgsl declares: for every compute, vertex and
// fragment shader of the corpus and of the shader folder (test/shaders) that translates, each bind group layout entry of each entry point
// must be the WGSL variable at that @group/@binding, of the same kind (buffer address space and
// access, texture type, sampler type, storage texel format and access), buffers of the WGSL size,
// and every block's layout one the WGSL can declare. The writers of every block must compile.
import { SpirvError, bindGroupLayoutsOf, blockWritersSource, decodeModule, encodeModule, type BindGroupLayoutEntry, type BlockLayout } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import ts from 'typescript';
import { beforeAll, expect, it } from 'vitest';
import { texturesModule, vertexModule } from '../../packages/core/src/webgpu/webgpu.cases.js';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

/** The WGSL resource declarations, by `group:binding`: the address space / access and the type text. */
function declarations(code: string): Map<string, { space: string; type: string }> {
  const found = new Map<string, { space: string; type: string }>();
  for (const line of code.split('\n')) {
    const m = /^@group\((\d+)\) @binding\((\d+)\) var(?:<([^>]*)>)? \w+: (.+);$/.exec(line);
    if (m !== null) found.set(`${m[1]}:${m[2]}`, { space: m[3] ?? '', type: m[4] });
  }
  return found;
}

/** What WGSL declaration `entry` stands for, in the WGSL's own words. */
function expectedDeclaration(entry: BindGroupLayoutEntry): { space: string; type: RegExp } {
  if (entry.buffer !== undefined) {
    const space = entry.buffer.type === 'uniform' ? 'uniform' : entry.buffer.type === 'storage' ? 'storage, read_write' : 'storage, read';
    return { space, type: /^\w+$/ };
  }
  if (entry.sampler !== undefined) return { space: '', type: entry.sampler.type === 'comparison' ? /^sampler_comparison$/ : /^sampler$/ };
  if (entry.storageTexture !== undefined) {
    const { format, access, viewDimension } = entry.storageTexture;
    const wgslAccess = access === 'read-only' ? 'read' : access === 'write-only' ? 'write' : 'read_write';
    return { space: '', type: new RegExp(`^texture_storage_${viewDimension.replace('-', '_')}<${format}, ${wgslAccess}>$`) };
  }
  const { sampleType, viewDimension, multisampled } = entry.texture!;
  const dim = viewDimension.replace('-', '_');
  if (sampleType === 'depth') return { space: '', type: new RegExp(`^texture_depth_${multisampled ? 'multisampled_' : ''}${dim}$`) };
  const component = sampleType === 'sint' ? 'i32' : sampleType === 'uint' ? 'u32' : 'f32';
  return { space: '', type: new RegExp(`^texture_${multisampled ? 'multisampled_' : ''}${dim}<${component}>$`) };
}

/** What the shaders checked so far came to. */
class Tally {
  readonly problems: string[] = [];
  readonly blocks: BlockLayout[] = [];
  readonly kinds = new Map<string, number>();
  shaders = 0;
  refused = 0;
  entries = 0;

  /** Checks every entry point of `words` that toWgsl translates against the WGSL. */
  check(name: string, words: Uint32Array): void {
    let wgsl;
    try {
      wgsl = toWgsl(decodeModule(words));
    } catch (e) {
      if (e instanceof SpirvError && e.code === 'UNSUPPORTED_CONSTRUCT') {
        this.refused++;
        return;
      }
      throw e;
    }
    this.shaders++;
    const declared = declarations(wgsl.code);
    for (const ep of wgsl.entryPoints) {
      const reflected = bindGroupLayoutsOf(decodeModule(words), { name: ep.name, stage: ep.stage });
      if (reflected.stage !== ep.stage) this.problems.push(`${name} ${ep.name}: stage ${reflected.stage}, WGSL's ${ep.stage}`);
      reflected.bindGroupLayouts.forEach((layout, group) => {
        for (const entry of layout.entries) {
          this.entries++;
          for (const kind of Object.keys(entry)) if (kind !== 'binding' && kind !== 'visibility') this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
          const where = `${name} ${ep.name} @group(${group}) @binding(${entry.binding})`;
          const d = declared.get(`${group}:${entry.binding}`);
          const want = expectedDeclaration(entry);
          if (d === undefined) this.problems.push(`${where}: no WGSL variable there`);
          else if (d.space !== want.space || !want.type.test(d.type))
            this.problems.push(`${where}: WGSL declares var<${d.space}> ${d.type}, the layout says ${JSON.stringify(entry)}`);
          if (entry.buffer === undefined) continue;
          const block = reflected.blocks.find((b) => b.group === group && b.binding === entry.binding)!;
          const binding = wgsl.bindings.find((b) => b.group === group && b.binding === entry.binding);
          const last = block.layout.members.at(-1)!;
          const fixed = block.layout.runtimeSized ? last.offset : block.layout.size;
          if (binding?.size !== fixed) this.problems.push(`${where}: WGSL's fixed size ${binding?.size}, the layout's ${fixed}`);
          if (block.layout.wgslProblems.length > 0)
            this.problems.push(`${where}: translated, yet the layout names problems: ${block.layout.wgslProblems.join('; ')}`);
          this.blocks.push(block.layout);
        }
      });
    }
  }
}

const STAGES = new Set(['vert', 'frag', 'comp']);

describeWithOracle('WebGPU bind group layouts match the WGSL spvkit translates to', corpusToolsAvailable(), () => {
  const tally = new Tally();
  beforeAll(async () => {
    const [corpus, folder] = await Promise.all([loadCorpus(), loadShaderFolder()]);
    for (const c of corpus) tally.check(c.name, c.words);
    for (const s of folder.shaders) if (STAGES.has(s.stage)) tally.check(s.path, s.words);
    tally.check('webgpu.cases.ts textures', encodeModule(texturesModule()));
    tally.check('webgpu.cases.ts vertex', encodeModule(vertexModule()));
  }, 300_000);

  it('every entry is the WGSL variable at its binding, of its kind and size', () => {
    console.log(`${tally.shaders} shaders translated (${tally.refused} refused), ${tally.entries} layout entries:`, Object.fromEntries(tally.kinds));
    expect(tally.problems).toEqual([]);
    // Enough of each kind for the comparison to mean something.
    expect(tally.shaders).toBeGreaterThanOrEqual(150);
    for (const kind of ['buffer', 'sampler', 'texture', 'storageTexture']) expect(tally.kinds.get(kind) ?? 0).toBeGreaterThanOrEqual(5);
  });

  it('the writers of every block compile', () => {
    const diagnostics =
      ts.transpileModule(blockWritersSource(tally.blocks), { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } }).diagnostics ?? [];
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });
});
