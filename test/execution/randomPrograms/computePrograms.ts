/**
 * Seeded random GLSL compute shaders for proving the optimizer on a driver: each program reads
 * `inputs[gid]`, computes with the constructs the optimizer's passes rewrite (loops with constant
 * and run-time trip counts, calls with early returns and inout parameters, local arrays and
 * structs, vectors built and swizzled component by component, branches and switches on constants
 * and on run-time values, spec constants, Private globals, exact float arithmetic) and writes
 * {@link SLOTS} values per invocation.
 *
 * Every operation is defined for every input (divisors are made odd, shift amounts masked, array
 * indexes masked), so a module computes the same buffers before and after any correct
 * transformation. The same seed always gives the same program.
 */

/** Values each invocation writes. */
export const SLOTS = 6;
/** Invocations of one dispatch: `groups` × `local_size_x`. */
export const LOCAL_SIZE = 8;
export const GROUPS = 4;
export const INVOCATIONS = LOCAL_SIZE * GROUPS;

/** The constructs a program can use; {@link generateComputeProgram} gives each program its own mix. */
export const FEATURES = [
  'constant-loop',
  'unroll-hint',
  'run-time-loop',
  'calls',
  'local-array',
  'struct',
  'vector',
  'constant-branch',
  'switch',
  'spec-constant',
  'private',
  'float',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface ComputeProgram {
  seed: number;
  features: readonly Feature[];
  source: string;
  /** SpecId -> value for the run, when the program declares spec constants and the run sets one. */
  specConstants?: Record<number, number>;
}

/** mulberry32: small, fast, and the same sequence on every platform. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class ProgramWriter {
  private readonly rand: () => number;
  /** uint values in scope, by name. */
  private scope: string[] = ['x', 'gid'];
  private next = 0;
  readonly lines: string[] = [];
  private indent = '  ';

  constructor(seed: number) {
    this.rand = random(seed);
  }

  int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  constant(): string {
    return this.chance(0.2) ? `${this.pick([0xffffffff, 0x80000000, 0x7fffffff])}u` : `${this.int(40)}u`;
  }

  /** A uint expression over the values in scope, at most `depth` operators deep. */
  expr(depth = 2): string {
    if (depth === 0 || this.chance(0.3)) return this.chance(0.75) ? this.pick(this.scope) : this.constant();
    const a = this.expr(depth - 1);
    const b = this.expr(depth - 1);
    switch (this.int(12)) {
      case 0:
        return `(${a} + ${b})`;
      case 1:
        return `(${a} - ${b})`;
      case 2:
        return `(${a} * ${b})`;
      case 3:
        return `(${a} ^ ${b})`;
      case 4:
        return `(${a} & ${b})`;
      case 5:
        return `(${a} | ${b})`;
      case 6:
        return `(${a} << (${b} & 31u))`;
      case 7:
        return `(${a} >> (${b} & 31u))`;
      case 8:
        return `(${a} / (${b} | 1u))`;
      case 9:
        return `(${a} % (${b} | 1u))`;
      case 10:
        return `(${this.condition(depth - 1)} ? ${a} : ${b})`;
      default:
        return this.pick([`min(${a}, ${b})`, `max(${a}, ${b})`, `uint(int(${a}) >> int(${b} & 31u))`]);
    }
  }

  condition(depth = 1): string {
    const op = this.pick(['<', '<=', '>', '>=', '==', '!=']);
    const c = `${this.expr(depth)} ${op} ${this.expr(depth)}`;
    return this.chance(0.2) ? `(int(${this.expr(depth)}) < ${this.int(9) - 4})` : `(${c})`;
  }

  fresh(prefix = 'v'): string {
    return `${prefix}${this.next++}`;
  }
  line(text: string): void {
    this.lines.push(this.indent + text);
  }
  /** Declares a new uint value in scope. */
  define(value: string): string {
    const name = this.fresh();
    this.line(`uint ${name} = ${value};`);
    this.scope.push(name);
    return name;
  }
  /** Assigns to a value already in scope (not x or gid, which stay the inputs). */
  assignable(): string | undefined {
    const own = this.scope.filter((n) => n !== 'x' && n !== 'gid');
    return own.length === 0 ? undefined : this.pick(own);
  }
  block(head: string, body: () => void): void {
    this.line(`${head} {`);
    const outer = this.scope.slice();
    const indent = this.indent;
    this.indent += '  ';
    body();
    // Most values a block defines reach the output through the sink; the rest are dead code.
    for (const name of this.scope.slice(outer.length)) if (this.chance(0.7)) this.line(`sink += ${name};`);
    this.indent = indent;
    this.scope = outer;
    this.line('}');
  }
  get values(): readonly string[] {
    return this.scope;
  }
}

/** Helper functions a program with `calls` declares: early returns, inout parameters, nesting, a loop. */
function helperFunctions(w: ProgramWriter): string[] {
  const k = [w.int(7) + 1, w.int(13) + 2, w.int(5) + 1];
  return [
    `uint pick(uint a, uint b) {`,
    `  if (a > b) return a - b;`,
    `  if ((a & ${k[0]}u) == 0u) return b ^ ${k[1]}u;`,
    `  return a * ${k[2]}u + b;`,
    `}`,
    `void bump(inout uint a, uint b) {`,
    `  a += b * ${k[1]}u;`,
    `  if (a > 100u) { a = a % 97u; return; }`,
    `  a ^= ${k[0]}u;`,
    `}`,
    `uint fold(uint a) {`,
    `  uint s = 0u;`,
    `  for (uint i = 0u; i < (a & 3u) + 1u; ++i) {`,
    `    if (i == 2u) break;`,
    `    s += pick(a, i);`,
    `  }`,
    `  return s;`,
    `}`,
    `uint twice(uint a, uint b) { return pick(pick(a, b), fold(b)); }`,
  ];
}

function statement(w: ProgramWriter, features: ReadonlySet<Feature>, depth: number): void {
  const choices: (() => void)[] = [() => void w.define(w.expr())];
  const target = w.assignable();
  if (target !== undefined) choices.push(() => w.line(`${target} ${w.pick(['+=', '^=', '*=', '|='])} ${w.expr(1)};`));
  if (depth > 0) {
    choices.push(() => {
      const t = w.assignable() ?? w.define(w.expr(1));
      w.block(`if ${w.condition()}`, () => {
        w.line(`${t} += ${w.expr(1)};`);
        statement(w, features, depth - 1);
      });
      if (w.chance(0.5)) w.block('else', () => w.line(`${t} = ${w.expr(1)};`));
    });
    if (features.has('constant-loop') || features.has('unroll-hint')) {
      choices.push(() => {
        const acc = w.define(w.expr(1));
        const i = w.fresh('i');
        const hint = features.has('unroll-hint') && w.chance(0.6) ? `${w.pick(['[[unroll]] ', '[[dont_unroll]] '])}` : '';
        w.block(`${hint}for (uint ${i} = 0u; ${i} < ${w.int(6) + 1}u; ++${i})`, () => {
          w.line(`${acc} = ${acc} * ${w.int(5) + 1}u + ${i} + ${w.expr(1)};`);
          if (w.chance(0.4)) statement(w, features, depth - 1);
        });
      });
    }
    if (features.has('run-time-loop')) {
      choices.push(() => {
        const acc = w.define(w.expr(1));
        const i = w.fresh('i');
        w.block(`for (uint ${i} = 0u; ${i} < (${w.pick(w.values)} & 7u); ++${i})`, () => {
          w.block(`if ((${i} & 3u) == ${w.int(4)}u)`, () => w.line(w.chance(0.5) ? 'continue;' : 'break;'));
          w.line(`${acc} += ${w.expr(1)} ^ ${i};`);
        });
      });
    }
    if (features.has('switch')) {
      choices.push(() => {
        const t = w.define(w.expr(1));
        const onConstant = features.has('constant-branch') && w.chance(0.5);
        w.block(`switch (${onConstant ? `${w.int(4)}u` : `${w.pick(w.values)} & 3u`})`, () => {
          for (let c = 0; c < 3; c++) {
            w.line(`case ${c}u:`);
            w.line(`  ${t} += ${w.expr(1)};`);
            if (c !== 1 || w.chance(0.5)) w.line('  break;');
          }
          w.line('default:');
          w.line(`  ${t} ^= ${w.expr(1)};`);
        });
      });
    }
  }
  if (features.has('constant-branch')) {
    choices.push(() => {
      const t = w.define(w.expr(1));
      const cond = w.pick(['K', '!K', `(${w.int(5)} > ${w.int(5)})`, 'K && (x > 3u)', `(${w.int(3)}u == 1u) || K`]);
      w.block(`if (${cond})`, () => w.line(`${t} = ${w.expr(1)};`));
      w.block('else', () => w.line(`${t} += ${w.expr(1)};`));
    });
  }
  if (features.has('calls')) {
    choices.push(() => {
      const name = w.pick(['pick', 'twice']);
      w.define(`${name}(${w.expr(1)}, ${w.expr(1)}) + fold(${w.pick(w.values)})`);
    });
    if (target !== undefined) choices.push(() => w.line(`bump(${target}, ${w.expr(1)});`));
  }
  if (features.has('local-array')) {
    choices.push(() => {
      const a = w.fresh('arr');
      const i = w.fresh('i');
      w.line(`uint ${a}[8];`);
      w.block(`for (uint ${i} = 0u; ${i} < 8u; ++${i})`, () => w.line(`${a}[${i}] = ${i} * ${w.int(9) + 1}u + ${w.pick(w.values)};`));
      w.line(`${a}[${w.int(8)}] = ${w.expr(1)};`);
      w.define(`${a}[${w.int(8)}] + ${a}[(${w.pick(w.values)} + ${w.int(8)}u) & 7u]`);
    });
  }
  if (features.has('struct')) {
    choices.push(() => {
      const s = w.fresh('s');
      w.line(`S ${s};`);
      w.line(`${s}.a = ${w.expr(1)};`);
      w.line(`${s}.b = uvec2(${w.expr(1)}, ${w.pick(w.values)});`);
      w.line(`${s}.c[0] = ${w.pick(w.values)}; ${s}.c[1] = ${w.expr(1)}; ${s}.c[2] = ${w.constant()};`);
      if (w.chance(0.5)) {
        const t = w.fresh('s');
        w.line(`S ${t} = ${s};`);
        w.line(`${t}.b.y += ${w.expr(1)};`);
        w.define(`${t}.a + ${t}.b.y + ${s}.b.y + ${t}.c[${w.pick(w.values)} % 3u]`);
      } else w.define(`${s}.a ^ ${s}.b.x + ${s}.c[${w.int(3)}]`);
    });
  }
  if (features.has('vector')) {
    choices.push(() => {
      const v = w.fresh('u');
      w.line(`uvec4 ${v} = uvec4(${w.expr(1)}, ${w.pick(w.values)}, ${w.constant()}, ${w.expr(1)});`);
      w.line(`${v}.${w.pick(['x', 'y', 'z', 'w'])} = ${w.expr(1)};`);
      w.line(`${v}.${w.pick(['xz', 'yw', 'zy', 'wx'])} += uvec2(${w.expr(1)}, ${w.constant()});`);
      if (w.chance(0.5)) w.line(`${v} = ${v}.${w.pick(['wzyx', 'xxyy', 'yzwx', 'xyzw'])};`);
      w.define(`${v}.${w.pick(['x', 'y', 'z', 'w'])} + ${v}.${w.pick(['x', 'y', 'z', 'w'])} * 3u`);
    });
  }
  if (features.has('spec-constant')) {
    choices.push(() => w.define(`${w.expr(1)} * SC + (SC > 4u ? ${w.expr(1)} : SC2)`));
    if (depth > 0) {
      choices.push(() => {
        const acc = w.define(w.expr(1));
        const i = w.fresh('i');
        w.block(`for (uint ${i} = 0u; ${i} < SC; ++${i})`, () => w.line(`${acc} += ${i} * ${w.expr(1)};`));
      });
    }
  }
  if (features.has('private')) choices.push(() => w.line(`g ${w.pick(['+=', '^='])} ${w.expr(1)};`));
  if (features.has('float')) {
    choices.push(() => {
      // Exact in binary: small integers, halves and quarters; the bits go out as they are.
      const f = w.fresh('f');
      w.line(`float ${f} = float(${w.pick(w.values)} & 255u) * ${w.pick(['0.5', '0.25', '2.0', '-1.5'])} + ${w.pick(['1.25', '-3.0', '0.75'])};`);
      w.define(`floatBitsToUint(${f}) ^ uint(${f} > ${w.pick(['0.0', '10.5', '-2.0'])})`);
    });
  }
  w.pick(choices)();
}

/**
 * What a program computes, without the stage around it: the declarations it needs at global scope,
 * the statements of its body over the uint inputs `x` and `gid` (which the stage defines first,
 * with a `uint sink = 0u;`), and {@link SLOTS} results. A compute shader stores the results in its
 * buffer; the draw programs (drawPrograms.ts) pass them to varyings and color attachments.
 */
export interface ProgramParts {
  seed: number;
  features: readonly Feature[];
  /** Extensions, spec constants, structs, Private globals and helper functions, in that order. */
  declarations: string[];
  /** The body's statements (indented by two); they begin with the Private global's update, if any. */
  body: string[];
  /** SLOTS uint expressions over the body's values; results[0] is `x + 1u`. */
  results: string[];
  /** What the body accumulated for the last result: `sink`, and the Private global when there is one. */
  sink: string;
  /** SpecId -> value for the run, when the program declares spec constants and the run sets one. */
  specConstants?: Record<number, number>;
}

/** The parts of the program for `seed`; the seed also chooses its features (at least three). */
export function generateProgramParts(seed: number): ProgramParts {
  const w = new ProgramWriter(seed);
  const features = FEATURES.filter(() => w.chance(0.45));
  while (features.length < 3) {
    const f = w.pick(FEATURES);
    if (!features.includes(f)) features.push(f);
  }
  const has = new Set<Feature>(features);
  const statements = 6 + w.int(8);
  for (let s = 0; s < statements; s++) statement(w, has, 2);
  for (const name of w.values) if (name !== 'x' && name !== 'gid' && w.chance(0.6)) w.line(`sink ^= ${name};`);
  const results: string[] = [];
  for (let k = 0; k < SLOTS; k++) results.push(k === 0 ? 'x + 1u' : w.expr(2));

  const declarations = [
    ...(has.has('unroll-hint') ? ['#extension GL_EXT_control_flow_attributes : require'] : []),
    ...(has.has('spec-constant') ? ['layout(constant_id = 0) const uint SC = 3u;', 'layout(constant_id = 1) const uint SC2 = 7u;'] : []),
    ...(has.has('constant-branch') ? ['const bool K = true;'] : []),
    ...(has.has('struct') ? ['struct S { uint a; uvec2 b; uint c[3]; };'] : []),
    ...(has.has('private') ? ['uint g = 5u;'] : []),
    ...(has.has('calls') ? helperFunctions(w) : []),
  ];
  const body = [...(has.has('private') ? ['  g += x;'] : []), ...w.lines];
  const specConstants = has.has('spec-constant') && w.chance(0.5) ? { 0: w.int(7), 1: w.int(50) } : undefined;
  return { seed, features, declarations, body, results, sink: has.has('private') ? 'sink + g' : 'sink', ...(specConstants ? { specConstants } : {}) };
}

/** The program for `seed`; the seed also chooses its features (at least three). */
export function generateComputeProgram(seed: number): ComputeProgram {
  const parts = generateProgramParts(seed);
  const [extensions, rest] = [parts.declarations.filter((d) => d.startsWith('#extension')), parts.declarations.filter((d) => !d.startsWith('#extension'))];
  const outputs = parts.results.map((r, k) => `  outputs[gid * ${SLOTS}u + ${k}u] = ${r};`);
  outputs.push(`  outputs[gid * ${SLOTS}u + ${SLOTS - 1}u] += ${parts.sink};`);
  const source = [
    '#version 450',
    ...extensions,
    `layout(local_size_x = ${LOCAL_SIZE}) in;`,
    'layout(std430, binding = 0) buffer Outputs { uint outputs[]; };',
    'layout(std430, binding = 1) readonly buffer Inputs { uint inputs[]; };',
    ...rest,
    'void main() {',
    '  uint gid = gl_GlobalInvocationID.x;',
    '  uint x = inputs[gid];',
    '  uint sink = 0u;',
    ...parts.body,
    ...outputs,
    '}',
    '',
  ].join('\n');
  return { seed, features: parts.features, source, ...(parts.specConstants ? { specConstants: parts.specConstants } : {}) };
}
