import { SpirvError } from '../errors/SpirvError.js';
import type { BlockLayout, BufferScalar, BufferType } from './blockLayout.js';

type StructType = Extract<BufferType, { kind: 'struct' }>;

/** What each scalar is in JavaScript and which DataView methods move it. */
const SCALARS: Readonly<
  Record<BufferScalar, { readonly js: string; readonly accessor: string; readonly bytes: number; readonly typedArray?: string } | undefined>
> = {
  f32: { js: 'number', accessor: 'Float32', bytes: 4, typedArray: 'Float32Array' },
  i32: { js: 'number', accessor: 'Int32', bytes: 4, typedArray: 'Int32Array' },
  u32: { js: 'number', accessor: 'Uint32', bytes: 4, typedArray: 'Uint32Array' },
  bool: { js: 'boolean', accessor: 'Uint32', bytes: 4 },
  f64: { js: 'number', accessor: 'Float64', bytes: 8, typedArray: 'Float64Array' },
  i16: { js: 'number', accessor: 'Int16', bytes: 2, typedArray: 'Int16Array' },
  u16: { js: 'number', accessor: 'Uint16', bytes: 2, typedArray: 'Uint16Array' },
  i8: { js: 'number', accessor: 'Int8', bytes: 1, typedArray: 'Int8Array' },
  u8: { js: 'number', accessor: 'Uint8', bytes: 1, typedArray: 'Uint8Array' },
  i64: { js: 'bigint', accessor: 'BigInt64', bytes: 8, typedArray: 'BigInt64Array' },
  u64: { js: 'bigint', accessor: 'BigUint64', bytes: 8, typedArray: 'BigUint64Array' },
  f16: undefined,
};

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with as implements interface let package private protected public static yield any boolean number string symbol bigint object never unknown undefined type Array Number Object DataView ArrayBuffer RangeError'.split(
    ' ',
  ),
);

/**
 * TypeScript source of a module with, for each block, an object that writes a JS value into an
 * `ArrayBuffer` at the block's offsets and reads one back, and the types of those values: a
 * type per struct (`Camera`, what `read` gives) and its input form (`CameraInput`, what
 * `write` takes: vectors and matrices as fixed-length tuples, column-major, or typed arrays; arrays
 * as arrays). Fixed-size arrays take at most their length; a runtime-sized array takes any count.
 *
 * @example
 * ```ts
 * const source = blockWritersSource(bindGroupLayoutsOf(module).blocks.map((b) => b.layout));
 * // in the generated module:
 * device.queue.writeBuffer(cameraBuffer, 0, Camera.write({ mvp: matrix, eye: [0, 1, 5], time: 0.5, lights: [] }));
 * ```
 */
export function blockWritersSource(blocks: readonly BlockLayout[]): string {
  return new WritersModule(blocks, true).source();
}

/**
 * The same writers as {@link blockWritersSource}, as one JavaScript expression (no types, nothing
 * in scope but what it declares inside): an object with a writer per block, by the name
 * `blockWritersSource` exports it under. What a bundler plugin puts in the module of an import.
 *
 * @example
 * ```ts
 * const code = `export const blockWriters = /*#__PURE__*\/ ${blockWritersExpression(layouts)};`;
 * // in the bundle: blockWriters.Camera.write({ mvp, eye: [0, 1, 5], time: 0.5, lights: [] })
 * ```
 */
export function blockWritersExpression(blocks: readonly BlockLayout[]): string {
  return new WritersModule(blocks, false).expression();
}

class WritersModule {
  /** Struct layouts by their structural key, with the TypeScript name each gets. */
  private readonly structs = new Map<string, { readonly name: string; readonly type: StructType }>();
  private readonly taken = new Set<string>();
  private readonly blocks: { readonly name: string; readonly layout: BlockLayout }[] = [];

  /** `typed`: TypeScript (interfaces, annotations, exports); else plain JavaScript. */
  constructor(
    layouts: readonly BlockLayout[],
    private readonly typed: boolean,
  ) {
    const seen = new Set<string>();
    for (const layout of layouts) {
      const type: StructType = { kind: 'struct', name: layout.name, members: layout.members, size: layout.size, align: layout.align };
      const name = this.register(type);
      if (seen.has(name)) continue;
      seen.add(name);
      this.blocks.push({ name, layout });
    }
  }

  /** Names `type` (and the structs in it), once per distinct layout. */
  private register(type: StructType): string {
    const key = JSON.stringify(type);
    const known = this.structs.get(key);
    if (known !== undefined) return known.name;
    for (const m of type.members) this.registerIn(m.type);
    const base = identifier(type.name);
    let name = base;
    for (let n = 2; this.taken.has(name) || this.taken.has(`${name}Input`); n++) name = `${base}_${n}`;
    this.taken.add(name);
    this.taken.add(`${name}Input`);
    this.structs.set(key, { name, type });
    return name;
  }

  private registerIn(type: BufferType): void {
    if (type.kind === 'struct') this.register(type);
    else if (type.kind === 'array') this.registerIn(type.element);
  }

  private nameOf(type: StructType): string {
    return this.structs.get(JSON.stringify(type))!.name;
  }

  source(): string {
    return ['// Generated by spvkit from the shader: the layout of each block as its WGSL declares it. Do not edit.', '', this.body()].join('\n');
  }

  expression(): string {
    const body = this.body()
      .split('\n')
      .map((line) => (line === '' ? line : `  ${line}`))
      .join('\n');
    return `(() => {\n${body}\n  return Object.freeze({ ${this.blocks.map((b) => b.name).join(', ')} });\n})()`;
  }

  /** `: type` where the output is TypeScript. */
  private t(type: string): string {
    return this.typed ? `: ${type}` : '';
  }

  private body(): string {
    const t = this.t.bind(this);
    const out: string[] = [];
    for (const { name, type } of this.structs.values()) {
      if (this.typed) {
        // Type aliases, not interfaces: an object type alias is assignable to core's loose
        // BlockValue / BlockInput (index signatures), so these writers are BlockWriter<XInput, X>s
        // and the loose writers of a `?wgsl` import convert to them with a plain `as`.
        out.push(`/** \`${type.name}\` as \`read\` gives it. */`, `export type ${name} = {`);
        for (const m of type.members) out.push(`  ${property(m.name)}: ${this.readType(m.type)};`);
        out.push('};', '', `/** \`${type.name}\` as \`write\` takes it. */`, `export type ${name}Input = {`);
        for (const m of type.members) out.push(`  readonly ${property(m.name)}: ${this.inputType(m.type)};`);
        out.push('};', '');
      }
      const runtime = isRuntimeSized(type);
      out.push(`function write${name}(view${t('DataView')}, at${t('number')}, value${t(`${name}Input`)})${t('void')} {`);
      for (const m of type.members) out.push(...this.writeLines(m.type, plus('at', m.offset), `value${access(m.name)}`, `${type.name}.${m.name}`, 1, '  '));
      out.push('}', '');
      out.push(`function read${name}(view${t('DataView')}, at${t('number')}${runtime ? `, count${t('number')}` : ''})${t(name)} {`, '  return {');
      for (const m of type.members)
        out.push(`    ${property(m.name)}: ${this.readExpression(m.type, plus('at', m.offset), 1, runtime ? 'count' : undefined)},`);
      out.push('  };', '}', '');
    }
    for (const { name, layout } of this.blocks) out.push(...this.blockObject(name, layout), '');
    const body = out.join('\n');
    // Only the helpers the body calls: a strict tsconfig (noUnusedLocals) rejects the others.
    const helpers: string[] = [];
    if (body.includes('checkLength('))
      helpers.push(
        `function checkLength(values${t('ArrayLike<unknown>')}, count${t('number')}, what${t('string')})${t('void')} {`,
        '  if (values.length !== count) throw new RangeError(`${what}: ${count} components expected, got ${values.length}`);',
        '}',
        '',
      );
    if (body.includes('checkCount('))
      helpers.push(
        `function checkCount(values${t('ArrayLike<unknown>')}, count${t('number')}, what${t('string')})${t('void')} {`,
        '  if (values.length > count) throw new RangeError(`${what}: at most ${count} elements, got ${values.length}`);',
        '}',
        '',
      );
    return [...helpers, body].join('\n');
  }

  private blockObject(name: string, layout: BlockLayout): string[] {
    const t = this.t.bind(this);
    const lines = [
      `/** Writes and reads \`${layout.name}\` (${layout.size} bytes${layout.runtimeSized ? ' with one element of its runtime-sized array' : ''}). */`,
    ];
    lines.push(
      `${this.typed ? 'export ' : ''}const ${name} = {`,
      `  /** WGSL's size of the block: the smallest buffer binding it takes${layout.runtimeSized ? ', with one array element' : ''}. */`,
    );
    lines.push(`  byteLength: ${layout.size},`);
    if (!layout.runtimeSized) {
      lines.push(
        '  /** Writes `value` at `byteOffset` of `target` (a new buffer of `byteLength` bytes when none is given) and returns `target`. */',
        `  write(value${t(`${name}Input`)}, target${t('ArrayBuffer')} = new ArrayBuffer(${layout.size}), byteOffset = 0)${t('ArrayBuffer')} {`,
        `    write${name}(new DataView(target), byteOffset, value);`,
        '    return target;',
        '  },',
        '  /** The value at `byteOffset` of `source`. */',
        `  read(source${t('ArrayBuffer')}, byteOffset = 0)${t(name)} {`,
        `    return read${name}(new DataView(source), byteOffset);`,
        '  },',
      );
    } else {
      const last = layout.members.at(-1)!;
      const stride = last.arrayStride!;
      lines.push(
        `  /** Bytes the block takes with \`count\` elements in \`${last.name}\`. */`,
        `  byteLengthFor(count${t('number')})${t('number')} {`,
        `    return Math.max(${layout.size}, Math.ceil((${last.offset} + count * ${stride}) / ${layout.align}) * ${layout.align});`,
        '  },',
        '  /** Writes `value` at `byteOffset` of `target` (a new buffer just large enough when none is given) and returns `target`. */',
        `  write(value${t(`${name}Input`)}, target${this.typed ? '?: ArrayBuffer' : ''}, byteOffset = 0)${t('ArrayBuffer')} {`,
        `    const buffer = target ?? new ArrayBuffer(${name}.byteLengthFor(value${access(last.name)}.length));`,
        `    write${name}(new DataView(buffer), byteOffset, value);`,
        '    return buffer;',
        '  },',
        `  /** The value at \`byteOffset\` of \`source\`, with \`count\` elements in \`${last.name}\` (default: as many as \`source\` holds). */`,
        `  read(source${t('ArrayBuffer')}, byteOffset = 0, count = Math.floor((source.byteLength - byteOffset - ${last.offset}) / ${stride}))${t(name)} {`,
        `    return read${name}(new DataView(source), byteOffset, Math.max(0, count));`,
        '  },',
      );
    }
    lines.push(this.typed ? '} as const;' : '};');
    return lines;
  }

  private readType(type: BufferType): string {
    switch (type.kind) {
      case 'scalar':
        return scalarInfo(type.scalar).js;
      case 'vector':
        return tuple(scalarInfo(type.scalar).js, type.count);
      case 'matrix':
        return tuple(scalarInfo(type.scalar).js, type.columns * type.rows);
      case 'array':
        return `${this.readType(type.element)}[]`;
      case 'struct':
        return this.nameOf(type);
    }
  }

  private inputType(type: BufferType): string {
    switch (type.kind) {
      case 'scalar':
        return scalarInfo(type.scalar).js;
      case 'vector':
      case 'matrix': {
        const info = scalarInfo(type.scalar);
        const t = `readonly ${tuple(info.js, type.kind === 'vector' ? type.count : type.columns * type.rows)}`;
        return info.typedArray === undefined ? t : `${t} | ${info.typedArray}`;
      }
      case 'array':
        return `readonly (${this.inputType(type.element)})[]`;
      case 'struct':
        return `${this.nameOf(type)}Input`;
    }
  }

  /** Statements writing `value` (an expression) of `type` at byte `at` (an expression). */
  private writeLines(type: BufferType, at: string, value: string, what: string, depth: number, indent: string): string[] {
    switch (type.kind) {
      case 'scalar':
        return [`${indent}${setter(type.scalar, at, value)};`];
      case 'vector': {
        const bytes = scalarInfo(type.scalar).bytes;
        const v = `v${depth}`;
        return [
          `${indent}{`,
          `${indent}  const ${v} = ${value};`,
          `${indent}  checkLength(${v}, ${type.count}, ${JSON.stringify(what)});`,
          ...Array.from({ length: type.count }, (_, i) => `${indent}  ${setter(type.scalar, plus(at, i * bytes), `${v}[${i}] ?? ${zero(type.scalar)}`)};`),
          `${indent}}`,
        ];
      }
      case 'matrix': {
        const bytes = scalarInfo(type.scalar).bytes;
        const v = `v${depth}`;
        const lines = [
          `${indent}{`,
          `${indent}  const ${v} = ${value};`,
          `${indent}  checkLength(${v}, ${type.columns * type.rows}, ${JSON.stringify(what)});`,
        ];
        for (let c = 0; c < type.columns; c++)
          for (let r = 0; r < type.rows; r++) {
            const offset = type.rowMajor ? r * type.matrixStride + c * bytes : c * type.matrixStride + r * bytes;
            lines.push(`${indent}  ${setter(type.scalar, plus(at, offset), `${v}[${c * type.rows + r}] ?? ${zero(type.scalar)}`)};`);
          }
        lines.push(`${indent}}`);
        return lines;
      }
      case 'array': {
        const v = `v${depth}`;
        const i = `i${depth}`;
        const lines = [`${indent}{`, `${indent}  const ${v} = ${value};`];
        if (type.length !== null) lines.push(`${indent}  checkCount(${v}, ${type.length}, ${JSON.stringify(what)});`);
        lines.push(`${indent}  for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`);
        lines.push(`${indent}    const e${depth} = ${v}[${i}];`);
        lines.push(`${indent}    if (e${depth} === undefined) continue;`);
        lines.push(...this.writeLines(type.element, `${at} + ${i} * ${type.arrayStride}`, `e${depth}`, `${what}[]`, depth + 1, `${indent}    `));
        lines.push(`${indent}  }`, `${indent}}`);
        return lines;
      }
      case 'struct':
        return [`${indent}write${this.nameOf(type)}(view, ${at}, ${value});`];
    }
  }

  /** An expression reading a value of `type` at byte `at`; `count` names the length of a runtime-sized array. */
  private readExpression(type: BufferType, at: string, depth: number, count: string | undefined): string {
    switch (type.kind) {
      case 'scalar':
        return getter(type.scalar, at);
      case 'vector': {
        const bytes = scalarInfo(type.scalar).bytes;
        return `[${Array.from({ length: type.count }, (_, i) => getter(type.scalar, plus(at, i * bytes))).join(', ')}]`;
      }
      case 'matrix': {
        const bytes = scalarInfo(type.scalar).bytes;
        const parts: string[] = [];
        for (let c = 0; c < type.columns; c++)
          for (let r = 0; r < type.rows; r++)
            parts.push(getter(type.scalar, plus(at, type.rowMajor ? r * type.matrixStride + c * bytes : c * type.matrixStride + r * bytes)));
        return `[${parts.join(', ')}]`;
      }
      case 'array': {
        const i = `i${depth}`;
        const length = type.length ?? count ?? '0';
        return `Array.from({ length: ${length} }, (_, ${i}) => ${this.readExpression(type.element, `${at} + ${i} * ${type.arrayStride}`, depth + 1, undefined)})`;
      }
      case 'struct':
        return `read${this.nameOf(type)}(view, ${at})`;
    }
  }
}

function scalarInfo(scalar: BufferScalar): NonNullable<(typeof SCALARS)[BufferScalar]> {
  const info = SCALARS[scalar];
  if (info === undefined) throw new SpirvError('UNSUPPORTED_CONSTRUCT', `a ${scalar} member: DataView has no accessor for it`);
  return info;
}

function setter(scalar: BufferScalar, at: string, value: string): string {
  const info = scalarInfo(scalar);
  const v = scalar === 'bool' ? `(${value}) ? 1 : 0` : value;
  return `view.set${info.accessor}(${at}, ${v}${info.bytes > 1 ? ', true' : ''})`;
}

function getter(scalar: BufferScalar, at: string): string {
  const info = scalarInfo(scalar);
  const read = `view.get${info.accessor}(${at}${info.bytes > 1 ? ', true' : ''})`;
  return scalar === 'bool' ? `${read} !== 0` : read;
}

function zero(scalar: BufferScalar): string {
  const js = scalarInfo(scalar).js;
  return js === 'boolean' ? 'false' : js === 'bigint' ? '0n' : '0';
}

function tuple(element: string, count: number): string {
  return `[${Array.from({ length: count }, () => element).join(', ')}]`;
}

/** The byte position `at` plus `n`, folding a trailing constant. */
function plus(at: string, n: number): string {
  if (n === 0) return at;
  const folded = /^(.*) \+ (\d+)$/.exec(at);
  return folded === null ? `${at} + ${n}` : `${folded[1]} + ${Number(folded[2]) + n}`;
}

function isRuntimeSized(type: StructType): boolean {
  const last = type.members.at(-1)?.type;
  return last?.kind === 'array' && last.length === null;
}

function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** `name` as a TypeScript identifier for a type and a value. */
function identifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_$]/g, '_');
  if (id === '' || /^[0-9]/.test(id)) id = `_${id}`;
  return RESERVED.has(id) || /^(write|read)[A-Z]/.test(id) || id === 'checkLength' || id === 'checkCount' ? `${id}_` : id;
}

function property(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

function access(name: string): string {
  return isIdentifier(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}
