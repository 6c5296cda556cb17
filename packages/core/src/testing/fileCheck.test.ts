import { describe, expect, it } from 'vitest';
import { CheckSyntaxError, parseCheckDirectives } from './checkDirectives.js';
import { assertFileCheck, fileCheck, FileCheckFailure } from './fileCheck.js';

const text = [
  '%uint = OpTypeInt 32 0',
  '%idx = OpLoad %uint %gl_LocalInvocationIndex',
  '%a = OpIMul %uint %idx %idx',
  '%b = OpIAdd %uint %a %idx',
  'OpStore %out %b',
  'OpReturn',
].join('\n');

const failure = (input: string, checks: string): string => {
  const r = fileCheck(input, checks);
  if (r.ok) throw new Error('expected the checks to fail');
  return r.message;
};

describe('parseCheckDirectives', () => {
  it('reads each kind, its line and where the pattern starts', () => {
    const ds = parseCheckDirectives('; CHECK: a\n; CHECK-NEXT:  b\nplain\n; CHECK-SAME: c\n; CHECK-NOT: d\n; CHECK-DAG: e\n; CHECK-LABEL: f');
    expect(ds.map((d) => [d.kind, d.pattern, d.line])).toEqual([
      ['CHECK', 'a', 1],
      ['CHECK-NEXT', 'b', 2],
      ['CHECK-SAME', 'c', 4],
      ['CHECK-NOT', 'd', 5],
      ['CHECK-DAG', 'e', 6],
      ['CHECK-LABEL', 'f', 7],
    ]);
    expect(ds[1].column).toBe(16);
  });

  it('refuses a misspelt directive instead of checking nothing', () => {
    expect(() => parseCheckDirectives('; CHECK-NXT: a')).toThrow(/unknown directive 'CHECK-NXT:'/);
  });

  it('takes another prefix, and does not read it inside a longer word', () => {
    expect(parseCheckDirectives('; OPT: a\n; MYOPT: b\n; CHECK: c', 'OPT').map((d) => d.pattern)).toEqual(['a']);
  });

  it('refuses an empty CHECK and an unclosed regex or capture', () => {
    expect(() => parseCheckDirectives('; CHECK:')).toThrow(CheckSyntaxError);
    expect(fileCheckSyntax('; CHECK: {{abc')).toMatch(/'\{\{' without '\}\}'/);
    expect(fileCheckSyntax('; CHECK: [[X:abc')).toMatch(/without '\]\]'/);
    expect(fileCheckSyntax('; CHECK: {{(}}')).toMatch(/bad regular expression/);
    expect(fileCheckSyntax('; CHECK: [[1X]]')).toMatch(/bad variable name/);
  });
});

function fileCheckSyntax(checks: string): string {
  try {
    fileCheck('x', checks);
  } catch (e) {
    if (e instanceof CheckSyntaxError) return e.message;
    throw e;
  }
  throw new Error('expected a syntax error');
}

describe('fileCheck', () => {
  it('CHECK matches in order, and fails when the order is wrong', () => {
    expect(fileCheck(text, '; CHECK: OpLoad\n; CHECK: OpIMul\n; CHECK: OpStore').ok).toBe(true);
    expect(failure(text, '; CHECK: OpStore\n; CHECK: OpIMul')).toMatch(/check line 2: CHECK: expected string not found in input/);
  });

  it('any run of spaces in a pattern matches any run of spaces and tabs, but not none', () => {
    expect(fileCheck('%x =\t  OpLoad   %uint', '; CHECK: %x = OpLoad %uint').ok).toBe(true);
    expect(fileCheck('%x=OpLoad', '; CHECK: %x = OpLoad').ok).toBe(false);
  });

  it('treats regex characters in literal text literally', () => {
    expect(fileCheck('a+b (c)', '; CHECK: a+b (c)').ok).toBe(true);
    expect(fileCheck('aab', '; CHECK: a+b').ok).toBe(false);
  });

  it('CHECK-NEXT must be on the next line, CHECK-SAME on the same one', () => {
    expect(fileCheck(text, '; CHECK: OpIMul\n; CHECK-NEXT: OpIAdd').ok).toBe(true);
    expect(failure(text, '; CHECK: OpIMul\n; CHECK-NEXT: OpStore')).toMatch(/expected string not found on line 4; it matches further on, at line 5/);
    expect(fileCheck(text, '; CHECK: OpIAdd\n; CHECK-SAME: %a\n; CHECK-SAME: %idx').ok).toBe(true);
    expect(failure(text, '; CHECK: OpIAdd %uint %a\n; CHECK-SAME: %a')).toMatch(
      /CHECK-SAME: expected string not found on the line of the previous match \(line 4\)/,
    );
    expect(failure('a', '; CHECK-NEXT: a')).toMatch(/no previous match/);
  });

  it('CHECK-NOT holds between the matches around it, and only there', () => {
    expect(fileCheck(text, '; CHECK: OpLoad\n; CHECK-NOT: OpStore\n; CHECK: OpIAdd').ok).toBe(true);
    expect(failure(text, '; CHECK: OpLoad\n; CHECK-NOT: OpIMul\n; CHECK: OpIAdd')).toMatch(/CHECK-NOT: excluded string found at line 3/);
    // A trailing NOT covers the rest of the input.
    expect(failure(text, '; CHECK: OpIMul\n; CHECK-NOT: OpReturn')).toMatch(/excluded string found at line 6/);
    expect(fileCheck(text, '; CHECK: OpStore\n; CHECK-NOT: OpIMul').ok).toBe(true);
  });

  it('CHECK-DAG matches in any order without two directives taking the same text', () => {
    expect(fileCheck(text, '; CHECK-DAG: OpIAdd\n; CHECK-DAG: OpIMul\n; CHECK: OpStore').ok).toBe(true);
    // Two identical DAGs need two occurrences.
    expect(fileCheck('x = 1\ny = 2\nx = 1', '; CHECK-DAG: x = 1\n; CHECK-DAG: x = 1').ok).toBe(true);
    expect(failure('x = 1\ny = 2', '; CHECK-DAG: x = 1\n; CHECK-DAG: x = 1')).toMatch(/CHECK-DAG/);
    // A CHECK after the group starts after its furthest match.
    expect(fileCheck(text, '; CHECK-DAG: OpIAdd\n; CHECK-DAG: OpIMul\n; CHECK: OpIMul').ok).toBe(false);
    // A NOT before the group is checked up to the group's first match.
    expect(failure(text, '; CHECK: OpTypeInt\n; CHECK-NOT: OpLoad\n; CHECK-DAG: OpIAdd\n; CHECK-DAG: OpIMul')).toMatch(/excluded string found at line 2/);
  });

  it('captures with [[NAME:re]] and requires the same text at [[NAME]]', () => {
    const bindings = assertFileCheck(
      text,
      '; CHECK: [[IDX:%\\w+]] = OpLoad\n; CHECK: OpIMul %uint [[IDX]] [[IDX]]\n; CHECK: [[SUM:%\\w+]] = OpIAdd %uint {{%\\w+}} [[IDX]]\n; CHECK: OpStore %out [[SUM]]',
    );
    expect(bindings.get('IDX')).toBe('%idx');
    expect(bindings.get('SUM')).toBe('%b');
    const message = failure(text, '; CHECK: [[IDX:%\\w+]] = OpLoad\n; CHECK: OpStore %out [[IDX]]');
    expect(message).toMatch(/check line 2: CHECK: expected string not found/);
    expect(message).toContain('with [[IDX]] = %idx');
  });

  it('a capture and its use in one pattern are a backreference', () => {
    expect(fileCheck('%a = OpIMul %uint %x %x', '; CHECK: OpIMul %uint [[V:%\\w+]] [[V]]').ok).toBe(true);
    expect(fileCheck('%a = OpIMul %uint %x %y', '; CHECK: OpIMul %uint [[V:%\\w+]] [[V]]').ok).toBe(false);
  });

  it('reads a capture regex that holds a character class', () => {
    expect(assertFileCheck('%a = OpIAdd', '; CHECK: [[R:%[a-z]]] = OpIAdd').get('R')).toBe('%a');
  });

  it('refuses a variable used before it is defined', () => {
    expect(failure(text, '; CHECK: [[NOPE]]')).toMatch(/uses variable \[\[NOPE\]\] before it is defined/);
  });

  it('CHECK-LABEL cuts the input, so matches stay inside their block', () => {
    const two = ['%f1 = OpFunction', 'OpLoad', 'OpFunctionEnd', '%f2 = OpFunction', 'OpStore', 'OpFunctionEnd'].join('\n');
    expect(fileCheck(two, '; CHECK-LABEL: %f1 = OpFunction\n; CHECK: OpLoad\n; CHECK-LABEL: %f2 = OpFunction\n; CHECK: OpStore').ok).toBe(true);
    // OpStore exists, but only in f2's block.
    expect(failure(two, '; CHECK-LABEL: %f1 = OpFunction\n; CHECK: OpStore\n; CHECK-LABEL: %f2 = OpFunction')).toMatch(
      /check line 2: CHECK: expected string not found/,
    );
    // A NOT in f1's block does not see f2.
    expect(fileCheck(two, '; CHECK-LABEL: %f1 = OpFunction\n; CHECK-NOT: OpStore\n; CHECK-LABEL: %f2 = OpFunction').ok).toBe(true);
    // CHECK-NEXT right after a label follows the label's line.
    expect(fileCheck(two, '; CHECK-LABEL: %f2 = OpFunction\n; CHECK-NEXT: OpStore').ok).toBe(true);
    expect(failure(two, '; CHECK-LABEL: %f3 = OpFunction')).toMatch(/label not found/);
    expect(failure(two, '; CHECK-LABEL: [[F:%\\w+]] = OpFunction')).toMatch(/CHECK-LABEL cannot define or use variables/);
  });

  it('shows the input around where matching stopped, marking the line', () => {
    const message = failure(text, '; CHECK: OpIAdd\n; CHECK: OpIMul');
    expect(message).toContain('  ; CHECK: OpIMul');
    expect(message).toContain('input, from line 4 (where matching stopped):');
    expect(message).toMatch(/> 4 \| %b = OpIAdd %uint %a %idx/);
    expect(message).toMatch(/ {2}1 \| %uint = OpTypeInt 32 0/);
  });

  it('fails a check text with no directive rather than passing vacuously', () => {
    expect(failure(text, 'nothing here')).toMatch(/no CHECK directive/);
  });

  it('assertFileCheck throws a FileCheckFailure carrying the directive', () => {
    try {
      assertFileCheck(text, '; CHECK: OpKill');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FileCheckFailure);
      expect((e as FileCheckFailure).directive?.pattern).toBe('OpKill');
    }
  });
});
