import { describe, expect, it } from 'vitest';
import { parseInfoLog } from './diagnostics.js';

describe('parseInfoLog', () => {
  it('places messages by the names it was given, columns included', () => {
    const log = [
      "ERROR: shaders/a:b.comp:3:9: 'x' : undeclared identifier",
      "WARNING: inc/common.glsl:12:1: '' : extension not supported",
      'ERROR: 1 compilation errors.  No code generated.',
      '',
    ].join('\n');
    expect(parseInfoLog(log, ['shaders/a:b.comp', 'inc/common.glsl'], 'shaders/a:b.comp')).toEqual([
      {
        severity: 'error',
        file: 'shaders/a:b.comp',
        line: 3,
        column: 9,
        message: "'x' : undeclared identifier",
        text: "ERROR: shaders/a:b.comp:3:9: 'x' : undeclared identifier",
      },
      {
        severity: 'warning',
        file: 'inc/common.glsl',
        line: 12,
        column: 1,
        message: "'' : extension not supported",
        text: "WARNING: inc/common.glsl:12:1: '' : extension not supported",
      },
    ]);
  });

  it('gives the #version errors of a shader no SPIR-V can be made from a hint: WebGL (300 es, 100) and desktop before 1.40', () => {
    const log = [
      'ERROR: #version: ES shaders for SPIR-V require version 310 or higher',
      "ERROR: web.frag:3:9: 'location' : SPIR-V requires location for user input/output",
      'ERROR: #version: Desktop shaders for Vulkan SPIR-V require version 140 or higher',
    ].join('\n');
    const [es, location, desktop] = parseInfoLog(log, ['web.frag'], 'web.frag');
    expect(es.hint).toMatch(/^this is a WebGL shader \(#version 300 es is WebGL 2, #version 100 WebGL 1\), which cannot become SPIR-V: /);
    expect(es.hint).toContain('#version 310 es or later, or desktop GLSL (#version 450)');
    expect(location).not.toHaveProperty('hint');
    expect(desktop.hint).toMatch(/^GLSL before 1\.40 cannot become SPIR-V: write #version 450/);
  });

  it("keeps messages without a place, and the SPIR-V back end's", () => {
    const log = 'ERROR: Linking compute stage: Missing entry point: Each stage requires one entry point\nwarning: something odd\n';
    const d = parseInfoLog(log, ['main.comp'], 'main.comp');
    expect(d).toEqual([
      { severity: 'error', message: 'Linking compute stage: Missing entry point: Each stage requires one entry point', text: log.split('\n')[0] },
      { severity: 'warning', message: 'something odd', text: 'warning: something odd' },
    ]);
  });

  it('maps a source-string number to the main file and a #line name to itself; joins continuation lines', () => {
    const d = parseInfoLog("ERROR: 0:4:2: 'a' : bad\nmore about it\nNOTE: gen/other file.glsl:7:1: see here\n", ['x.frag'], 'x.frag');
    expect(d.map(({ severity, file, line, column, message }) => ({ severity, file, line, column, message }))).toEqual([
      { severity: 'error', file: 'x.frag', line: 4, column: 2, message: "'a' : bad\nmore about it" },
      { severity: 'note', file: 'gen/other file.glsl', line: 7, column: 1, message: 'see here' },
    ]);
  });

  it('names the define for a message in the preamble (string -1)', () => {
    const d = parseInfoLog("ERROR: -1:2:12: 'string' : End of line in string\nERROR: -1:9:1: 'x' : odd\n", ['x.frag'], 'x.frag', ['A', 'B']);
    expect(d.map(({ file, line, message }) => ({ file, line, message }))).toEqual([
      { file: undefined, line: undefined, message: "in define B: 'string' : End of line in string" },
      { file: undefined, line: undefined, message: "in the defines: 'x' : odd" },
    ]);
  });
});
