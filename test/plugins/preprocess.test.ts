// The plugin's #include expansion, on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preprocessGlsl } from '../../packages/rollup-plugin/src/glsl/preprocess.js';
import { ShaderError } from '../../packages/rollup-plugin/src/problems/problem.js';
import { makeProject, type Project } from './helpers.js';

let project: Project;
beforeAll(async () => {
  project = await makeProject('preprocess', {
    'src/a.glsl': 'float a() { return 1.0; }\n',
    'src/sys/a.glsl': 'float sysA() { return 2.0; }\n',
    'inc/b.glsl': '#include "c.glsl"\nfloat b() { return c(); }\n',
    'inc/c.glsl': 'float c() { return 3.0; }\n',
  });
});
afterAll(async () => {
  await project?.remove();
});

const opts = () => ({
  root: project.root,
  includePaths: [project.path('src/sys'), project.path('inc')],
  defines: { N: '4' },
  allowIncludeOutsideRoot: false,
  maxFileSize: 1 << 20,
});

describe('preprocessGlsl', () => {
  it('writes the preamble after #version, #line directives around includes, and a line map', async () => {
    const main = '// header comment\n#version 450\n#include "a.glsl"\n#include <b.glsl>\nvoid main() {}\n';
    const pre = await preprocessGlsl(project.path('src/main.comp'), main, opts());
    expect(pre.source).toBe(
      [
        '// header comment',
        '#version 450',
        '#extension GL_GOOGLE_cpp_style_line_directive : require',
        '#define N 4',
        '#line 3 "src/main.comp"',
        '#line 1 "src/a.glsl"',
        'float a() { return 1.0; }',
        '',
        '#line 4 "src/main.comp"',
        '#line 1 "inc/b.glsl"',
        '#line 1 "inc/c.glsl"',
        'float c() { return 3.0; }',
        '',
        '#line 2 "inc/b.glsl"',
        'float b() { return c(); }',
        '',
        '#line 5 "src/main.comp"',
        'void main() {}',
        '',
        '',
      ].join('\n'),
    );
    expect(pre.files).toEqual([project.path('src/main.comp'), project.path('src/a.glsl'), project.path('inc/b.glsl'), project.path('inc/c.glsl')]);
    expect(pre.names.get('inc/c.glsl')).toBe(project.path('inc/c.glsl'));
    // Line 12 of the output is c.glsl line 1; line 18 is main.comp line 5.
    expect(pre.lineMap[11]).toEqual({ file: project.path('inc/c.glsl'), line: 1, column: 1 });
    expect(pre.lineMap[17]).toEqual({ file: project.path('src/main.comp'), line: 5, column: 1 });
  });

  it('"x" looks next to the includer first; <x> only in includePaths', async () => {
    const quoted = await preprocessGlsl(project.path('src/main.comp'), '#version 450\n#include "a.glsl"\n', opts());
    expect(quoted.source).toContain('float a()');
    const angled = await preprocessGlsl(project.path('src/main.comp'), '#version 450\n#include <a.glsl>\n', opts());
    expect(angled.source).toContain('float sysA()');
  });

  it('includes in comments are not expanded; one after a comment is', async () => {
    const src = '#version 450\n// #include "nope.glsl"\n/* start\n#include "nope.glsl"\nend */ #include "also-nope.glsl"\nvoid main() {}\n';
    const pre = await preprocessGlsl(project.path('src/main.comp'), src, opts());
    // As in C, a comment is whitespace: the directive after `end */` counts, the commented ones do not.
    expect(pre.includeProblems.map((p) => [p.message.split(' (')[0], p.location?.line])).toEqual([['cannot find include "also-nope.glsl"', 5]]);
    expect(pre.files).toEqual([project.path('src/main.comp')]);
  });

  it('CRLF sources and a shader without #version', async () => {
    const pre = await preprocessGlsl(project.path('src/main.comp'), 'void f() {}\r\n#include "a.glsl"\r\n', opts());
    expect(
      pre.source.startsWith(
        '#extension GL_GOOGLE_cpp_style_line_directive : require\n#define N 4\n#line 1 "src/main.comp"\nvoid f() {}\n#line 1 "src/a.glsl"\n',
      ),
    ).toBe(true);
  });

  it('an absolute include outside the root is refused before it is read', async () => {
    const p = preprocessGlsl(project.path('src/main.comp'), '#version 450\n#include "/etc/hostname"\n', opts());
    await expect(p).rejects.toBeInstanceOf(ShaderError);
    await expect(p).rejects.toMatchObject({ problems: [{ code: 'INCLUDE_OUTSIDE_ROOT', location: { line: 2, column: 10 } }] });
  });

  it('a self-include is reported as a cycle marker', async () => {
    await project.write('src/self.glsl', '#include "self.glsl"\n');
    const pre = await preprocessGlsl(project.path('src/main.comp'), '#version 450\n#include "self.glsl"\n', opts());
    expect(pre.includeProblems).toHaveLength(1);
    expect(pre.includeProblems[0]).toMatchObject({ code: 'INCLUDE_CYCLE', message: 'include cycle: src/self.glsl -> src/self.glsl' });
    expect(pre.source).toMatch(/#error SPVKIT_INCLUDE_PROBLEM_0: include cycle/);
  });
});
