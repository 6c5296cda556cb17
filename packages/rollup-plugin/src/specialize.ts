/**
 * Specialization: the `specialize` option and the `?specialize=` query become the passes that bake
 * spec constants into a module: new defaults (spirv-opt's `--set-spec-const-default-value`, in
 * its typed form), then `freeze-spec-const` and `fold-spec-const-op-composite`.
 */
import type { Pass } from '@spvkit/core';
import { setSpecConstantDefaults } from '@spvkit/passes';

/**
 * A spec constant's value: a boolean for a bool, a number or bigint for an integer or float, or
 * text as spirv-opt reads it (`'0x10'`, `'1.5'`, `'0x1.8p3'`, `'true'`).
 */
export type SpecializationValue = number | bigint | boolean | string;

/** Values of spec constants by their `SpecId`: `{ 0: 64, 1: true }`. */
export type SpecializeOption = Readonly<Record<number, SpecializationValue>>;

/** The values of one import: the option's (for every shader) and its query's (for this one). */
export interface Specialization {
  readonly option: ReadonlyMap<number, SpecializationValue>;
  readonly query: ReadonlyMap<number, string>;
}

/** The passes after the defaults are set: freezing, then folding what the frozen values fix. */
export const BAKE_PASSES: readonly string[] = ['freeze-spec-const', 'fold-spec-const-op-composite'];

/**
 * The passes that bake `s` in; none for no values. The option's SpecIds a module lacks are
 * ignored (one set of values for many shaders, as spirv-opt ignores them); the query's are an
 * error, as the query names one shader (a typo there is caught).
 */
export function specializationPasses(s: Specialization): (string | Pass)[] {
  const optionOnly = new Map([...s.option].filter(([id]) => !s.query.has(id)));
  if (optionOnly.size === 0 && s.query.size === 0) return [];
  const passes: (string | Pass)[] = [];
  if (optionOnly.size > 0) passes.push(setSpecConstantDefaults(Object.fromEntries(optionOnly), { unknownSpecIds: 'ignore' }));
  if (s.query.size > 0) passes.push(setSpecConstantDefaults(Object.fromEntries(s.query)));
  return [...passes, ...BAKE_PASSES];
}

/** `s` as text for a cache key. */
export function specializationTag(s: Specialization): string {
  const show = (m: ReadonlyMap<number, SpecializationValue>): string[] =>
    [...m].sort(([a], [b]) => a - b).map(([id, v]) => `${id}:${typeof v}:${typeof v === 'number' && Object.is(v, -0) ? '-0' : String(v)}`);
  return JSON.stringify([show(s.option), show(s.query)]);
}

const SPEC_ID = /^(0|[1-9][0-9]*)$/;
/** Text that is one value (no separators of the query). */
const VALUE_TEXT = /^[^\s,:]+$/;

/** Whether `key` is a SpecId: a decimal integer below 2^32. */
export function isSpecId(key: string): boolean {
  return SPEC_ID.test(key) && Number(key) <= 0xffffffff;
}

function isValue(value: unknown): value is SpecializationValue {
  return typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'number' || (typeof value === 'string' && VALUE_TEXT.test(value));
}

/**
 * The `specialize` option as a map; throws a TypeError naming the bad entry (`what` is how
 * messages name the option). Whether a value fits its spec constant's type is the pass's to say.
 */
export function specializeOption(option: SpecializeOption | undefined, what: string): Map<number, SpecializationValue> {
  const values = new Map<number, SpecializationValue>();
  if (option === undefined) return values;
  if (typeof option !== 'object' || option === null || Array.isArray(option))
    throw new TypeError(`${what} must be an object of SpecId to value, such as { 0: 64, 1: true }, got ${JSON.stringify(option)}`);
  for (const [key, value] of Object.entries(option) as [string, unknown][]) {
    if (!isSpecId(key)) throw new TypeError(`${what}: '${key}' is not a SpecId (a decimal integer from 0 to 4294967295)`);
    if (!isValue(value))
      throw new TypeError(
        `${what}[${key}] must be a boolean, a number, a bigint or a value's text such as '0x10' or '1.5', got ${JSON.stringify(value) ?? typeof value}`,
      );
    values.set(Number(key), value);
  }
  return values;
}

/**
 * The `?specialize=0:64,1:true` query's values (entries separated by commas or spaces); a problem
 * text when the query cannot be read.
 */
export function specializeQuery(query: string): { values: Map<number, string> } | { problem: string } {
  const values = new Map<number, string>();
  for (const entry of query.split(/[\s,]+/).filter((e) => e !== '')) {
    const colon = entry.indexOf(':');
    const key = colon < 0 ? entry : entry.slice(0, colon);
    const value = colon < 0 ? '' : entry.slice(colon + 1);
    if (!isSpecId(key) || !VALUE_TEXT.test(value)) return { problem: `'${entry}' is not SPECID:VALUE (for example ?specialize=0:64,1:true)` };
    values.set(Number(key), value);
  }
  if (values.size === 0) return { problem: 'no values given (for example ?specialize=0:64,1:true)' };
  return { values };
}
