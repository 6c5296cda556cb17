// Turns compile()'s defines into the preamble glslang puts before the source, as
// glslangValidator's -D does.
import { GlslangError } from './GlslangError.js';

/** Macro definitions: `{ NAME: value }`; `true` or `''` defines NAME with no value, `false`/`undefined` skip it. */
export type Defines = Readonly<Record<string, string | number | boolean | undefined>>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The `#define` lines for `defines`, one per macro, or '' when there are none. */
export function definesToPreamble(defines: Defines | undefined): string {
  return definedNames(defines)
    .map(([name, body]) => (body === '' ? `#define ${name}\n` : `#define ${name} ${body}\n`))
    .join('');
}

/** The macros `defines` defines, in order, with their bodies: line n of the preamble is entry n - 1. */
export function definedNames(defines: Defines | undefined): Array<[name: string, body: string]> {
  if (!defines) return [];
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(defines)) {
    if (value === undefined || value === false) continue;
    if (!NAME.test(name)) throw new GlslangError('GLSLANG_BAD_OPTION', `define '${name}' is not a macro name`);
    const body = value === true ? '' : String(value);
    // A newline would end the #define and smuggle a second directive into the preamble.
    if (/[\r\n]/.test(body)) throw new GlslangError('GLSLANG_BAD_OPTION', `define ${name}: the value must be one line`);
    out.push([name, body]);
  }
  return out;
}
