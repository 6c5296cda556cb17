// Hostile files through the Vite dev server with default options: each is a clear error naming
// the file, and the server keeps serving good shaders afterwards.
import { truncateSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import spvkitVite from '@spvkit/vite-plugin';
import { makeProject, type Project } from '../plugins/helpers.js';
import { spirvAs, spirvToolsAvailable } from '../support/spirvTools.js';
import { describeWithOracle } from '../support/oracles.js';

const GOOD_ASM = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 4 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
`;

describeWithOracle('plugins under hostile input', spirvToolsAvailable(), () => {
  let project: Project;
  let server: ViteDevServer;

  beforeAll(async () => {
    const good = spirvAs(GOOD_ASM, 'vulkan1.1');
    project = await makeProject('hostile', {
      'src/good.spvasm': GOOD_ASM,
      'src/good.spv': new Uint8Array(good.buffer),
      'src/binary-named.spvasm': new Uint8Array(good.buffer),
      'src/text-named.spv': GOOD_ASM,
      'src/escape.comp':
        '#version 450\n#extension GL_GOOGLE_include_directive : require\n#include "../../outside.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n',
      'src/cycle.comp': '#version 450\n#extension GL_GOOGLE_include_directive : require\n#include "a.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n',
      'src/a.glsl': '#include "b.glsl"\n',
      'src/b.glsl': '#include "a.glsl"\n',
    });
    // The include target exists, one folder above the project root: refused for where it is.
    writeFileSync(project.path('../outside.glsl'), '// outside the project\n');
    // A sparse 100 MB file: it costs no disk, and the plugin must refuse it without reading it all.
    writeFileSync(project.path('src/huge.spv'), '');
    truncateSync(project.path('src/huge.spv'), 100 * 1024 * 1024);
    server = await createServer({
      root: project.root,
      configFile: false,
      logLevel: 'silent',
      plugins: [spvkitVite({ validate: false, root: project.root })],
      server: { ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  const cases: [string, string, RegExp][] = [
    ['a 100 MB file', '/src/huge.spv', /huge\.spv is 100(\.0)? MiB, over the maxFileSize limit/],
    ['a binary named .spvasm', '/src/binary-named.spvasm', /binary-named\.spvasm.*(binary|not text|SPIR-V binary)/is],
    ['a text file named .spv', '/src/text-named.spv', /text-named\.spv.*(text|assembly|magic)/is],
    ['an include that escapes the root', '/src/escape.comp', /resolves to .*outside\.glsl, outside the project root/],
    ['an include cycle', '/src/cycle.comp', /(cycle|circular|recursive)/i],
  ];

  describe('each is a clear error, and the server survives', () => {
    it.each(cases)('%s', async (_what, url, message) => {
      const started = performance.now();
      const error = await server.transformRequest(url).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      // Vite hands plugin errors over as RollupError-shaped objects: a message, the plugin, a code.
      expect(error, `${url} should fail`).toBeDefined();
      expect(typeof error!.message).toBe('string');
      expect(error!.message).toMatch(message);
      expect(error!.message).not.toMatch(/\n\s+at /);
      expect(performance.now() - started).toBeLessThan(5000);
      const good = await server.transformRequest('/src/good.spvasm');
      expect(good?.code).toMatch(/export (default|\{)/);
      const goodBinary = await server.transformRequest('/src/good.spv');
      expect(goodBinary?.code).toMatch(/export (default|\{)/);
    });
  });
});
