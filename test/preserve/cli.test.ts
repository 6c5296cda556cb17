// `spvkit opt` from .spvasm to .spvasm: the input's text, edited; --source-map writes OUT.map;
// --reprint prints a fresh disassembly; diagnostics on new instructions point at the input.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble, encodeModule } from '@spvkit/core';
import { runCli } from '../support/runCli.js';
import { decodeMappings } from './support.js';

const golden = (name: string): string => readFileSync(join(fileURLToPath(new URL('.', import.meta.url)), 'golden', name), 'utf8');

const cli = (args: string[], stdin = '') => runCli(['opt', ...args], stdin);

/** The `mappings` string of a parsed source map; throws when it has none. */
function mappingsOf(map: unknown): string {
  if (typeof map !== 'object' || map === null || !('mappings' in map) || typeof map.mappings !== 'string') {
    throw new Error(`not a source map: ${JSON.stringify(map)}`);
  }
  return map.mappings;
}

function inDir<T>(f: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-preserve-'));
  return f(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

const KERNEL = `               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical32 OpenCL
               OpEntryPoint Kernel %main "main" %lii
               OpExecutionMode %main LocalSize 8 1 1
               OpDecorate %lii BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Input_uint = OpTypePointer Input %uint
        %lii = OpVariable %_ptr_Input_uint Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpLoad %uint %lii      ; read the index
               OpReturn
               OpFunctionEnd
`;

describe('spvkit opt, source-preserving', () => {
  it('.spvasm to .spvasm edits the text (the default), --source-map writes OUT.map', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'in.spvasm'), golden('lii_right_aligned.spvasm'));
      const r = await cli([
        join(dir, 'in.spvasm'),
        '-o',
        join(dir, 'out.spvasm'),
        '--lower-local-invocation-index',
        '--target-env',
        'vulkan1.1',
        '--source-map',
      ]);
      expect(r, r.stderr).toMatchObject({ code: 0 });
      expect(readFileSync(join(dir, 'out.spvasm'), 'utf8')).toBe(golden('lii_right_aligned.lowered.spvasm'));
      expect(r.stderr).toContain(`wrote ${join(dir, 'out.spvasm.map')}`);
      const map: unknown = JSON.parse(readFileSync(join(dir, 'out.spvasm.map'), 'utf8'));
      expect(map).toMatchObject({ version: 3, file: 'out.spvasm', sources: ['in.spvasm'], sourcesContent: [golden('lii_right_aligned.spvasm')] });
      // The new arithmetic (output lines 45-52) maps to the load it replaced (input line 43).
      const lines = decodeMappings(mappingsOf(map));
      for (let l = 45; l <= 52; l++) expect(lines[l - 1][0][2] + 1).toBe(43);
      // Without --source-map, no map; --preserve-source says the same as the default.
      const again = await cli([
        join(dir, 'in.spvasm'),
        '-o',
        join(dir, 'out2.spvasm'),
        '--preserve-source',
        '--lower-local-invocation-index',
        '--target-env',
        'vulkan1.1',
      ]);
      expect(again, again.stderr).toMatchObject({ code: 0 });
      expect(readFileSync(join(dir, 'out2.spvasm'), 'utf8')).toBe(golden('lii_right_aligned.lowered.spvasm'));
      expect(existsSync(join(dir, 'out2.spvasm.map'))).toBe(false);
    }));

  it('a map in another folder names the input relative to it', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'in.spvasm'), golden('lii_fixed_indent.spvasm'));
      const { mkdirSync } = await import('node:fs');
      mkdirSync(join(dir, 'out'));
      const r = await cli([join(dir, 'in.spvasm'), '-o', join(dir, 'out', 'lowered.spvasm'), '--lower-local-invocation-index', '--source-map']);
      expect(r, r.stderr).toMatchObject({ code: 0 });
      expect(JSON.parse(readFileSync(join(dir, 'out', 'lowered.spvasm.map'), 'utf8'))).toMatchObject({ file: 'lowered.spvasm', sources: ['../in.spvasm'] });
    }));

  it('--reprint writes a fresh disassembly of the same module', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'in.spvasm'), golden('lii_right_aligned.spvasm'));
      const r = await cli([join(dir, 'in.spvasm'), '-o', join(dir, 'out.spvasm'), '--lower-local-invocation-index', '--target-env', 'vulkan1.1', '--reprint']);
      expect(r, r.stderr).toMatchObject({ code: 0 });
      const text = readFileSync(join(dir, 'out.spvasm'), 'utf8');
      expect(text).toMatch(/^; SPIR-V\n/);
      expect(text).not.toContain('; ---- main');
      const a = encodeModule(assemble(text, { targetEnv: 'vulkan1.1' }));
      const b = encodeModule(assemble(golden('lii_right_aligned.lowered.spvasm'), { targetEnv: 'vulkan1.1' }));
      expect(a.length).toBe(b.length);
    }));

  it('standard input to standard output with --preserve-source', async () => {
    const r = await cli(
      ['-', '-o', '-', '--preserve-source', '--lower-local-invocation-index', '--target-env', 'vulkan1.1'],
      golden('lii_right_aligned.spvasm'),
    );
    expect(r, r.stderr).toMatchObject({ code: 0 });
    expect(r.stdout).toBe(golden('lii_right_aligned.lowered.spvasm'));
  });

  it('no pass, or a pass that changes nothing: the text, byte for byte', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'in.spvasm'), golden('unchanged.spvasm'));
      for (const args of [[], ['--lower-local-invocation-index'], ['--passes', 'validate-builtins', '--validate']]) {
        const r = await cli([join(dir, 'in.spvasm'), '-o', join(dir, 'out.spvasm'), ...args]);
        expect(r, r.stderr).toMatchObject({ code: 0 });
        expect(readFileSync(join(dir, 'out.spvasm'), 'utf8')).toBe(golden('unchanged.spvasm'));
      }
    }));

  it('a validation error on a new instruction points at the line it replaced', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'kernel.spvasm'), KERNEL);
      const r = await cli([
        join(dir, 'kernel.spvasm'),
        '-o',
        join(dir, 'out.spvasm'),
        '--lower-local-invocation-index',
        '--validate',
        '--target-env',
        'vulkan1.1',
      ]);
      expect(r.code).toBe(1);
      // Line 14 is `%x = OpLoad %uint %lii`, now the new load of LocalInvocationId and its extract.
      expect(r.stderr).toContain(`${join(dir, 'kernel.spvasm')}:14:11: error: [VUID-LocalInvocationId-LocalInvocationId-`);
      expect(r.stderr).toMatch(/not Kernel/);
    }));

  it('bad usage: exit 2', () =>
    inDir(async (dir) => {
      writeFileSync(join(dir, 'in.spvasm'), golden('unchanged.spvasm'));
      writeFileSync(join(dir, 'in.spv'), new Uint8Array(encodeModule(assemble(golden('unchanged.spvasm'))).buffer));
      const usage = async (args: string[]) => expect((await cli(args)).code, args.join(' ')).toBe(2);
      await usage([join(dir, 'in.spvasm'), '-o', join(dir, 'o.spvasm'), '--preserve-source', '--reprint']);
      await usage([join(dir, 'in.spv'), '-o', join(dir, 'o.spvasm'), '--preserve-source']);
      await usage([join(dir, 'in.spvasm'), '-o', join(dir, 'o.spv'), '--preserve-source']);
      await usage([join(dir, 'in.spvasm'), '-o', join(dir, 'o.spvasm'), '--reprint', '--source-map']);
      await usage([join(dir, 'in.spvasm'), '-o', '-', '--preserve-source', '--source-map']);
      await usage([join(dir, 'in.spv'), '-o', join(dir, 'o.spvasm'), '--source-map']);
    }));

  it('--help tells about --preserve-source, --reprint and --source-map', async () => {
    const { code, stdout: help } = await cli(['--help']);
    expect(code).toBe(0);
    expect(help).toMatch(/--preserve-source/);
    expect(help).toMatch(/--reprint/);
    expect(help).toMatch(/--source-map .*OUT\.map/s);
  });
});
