import { SpirvError } from '@spvkit/core';

/** The argument syntax of set-spec-const-default-value, as spirv-opt's help writes it. */
export const DEFAULT_VALUES_SYNTAX = '<spec id>:<default value> ...';

const SPEC_ID = /^(?:[0-9]+|0[xX][0-9a-fA-F]+)$/;

/**
 * Reads spirv-opt's `--set-spec-const-default-value` argument: `<spec id>:<value>` pairs separated
 * by blanks, no blank around the `:`, each spec id (decimal or `0x` hex, 32 bits) once. The values
 * stay text: what they mean depends on the type of the spec constant, known only with the module.
 * A blank argument is no pairs (spirv-opt accepts it too). Anything else is a SpirvError
 * `BAD_OPTION` saying which pair is wrong.
 *
 * @example
 * ```ts
 * parseDefaultValues('0:64 1:0x10 2:true'); // Map { 0 => '64', 1 => '0x10', 2 => 'true' }
 * ```
 */
export function parseDefaultValues(argument: string): Map<number, string> {
  const values = new Map<number, string>();
  for (const pair of argument.split(/\s+/).filter((p) => p.length > 0)) {
    const colon = pair.indexOf(':');
    const idText = colon < 0 ? pair : pair.slice(0, colon);
    const value = colon < 0 ? '' : pair.slice(colon + 1);
    if (!SPEC_ID.test(idText) || Number(idText) > 0xffffffff) {
      throw bad(`'${idText}' in '${pair}' is not a spec id (an unsigned 32-bit integer, decimal or 0x hex)`);
    }
    const id = Number(idText);
    if (colon < 0) throw bad(`spec id ${idText} has no value: write '${idText}:<value>', with no blank around ':'`);
    if (value.length === 0) throw bad(`spec id ${idText} has an empty value: write '${idText}:<value>', with no blank around ':'`);
    if (value.includes(':')) throw bad(`'${pair}' has more than one ':': pairs are separated by blanks, as '0:64 1:2'`);
    if (values.has(id)) throw bad(`spec id ${id} is given twice`);
    values.set(id, value);
  }
  return values;
}

function bad(message: string): SpirvError {
  return new SpirvError('BAD_OPTION', `set-spec-const-default-value: ${message}`, {
    hint: `the argument is '${DEFAULT_VALUES_SYNTAX}', e.g. '0:64 1:2 2:true'`,
  });
}
