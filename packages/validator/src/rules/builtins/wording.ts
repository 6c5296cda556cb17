import { EnumerantNames, enumerantNameIn, opcodeName } from '@spvkit/core';

// The names the BuiltIn findings' messages give: an enumerant the grammar does not know is named
// by its number, so that a message never says `undefined`.

export const modelName = (m: number): string => enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', m) ?? `ExecutionModel(${m})`;
export const storageName = (s: number): string => enumerantNameIn(EnumerantNames.StorageClass, 'StorageClass', s) ?? `StorageClass(${s})`;
export const builtInName = (b: number): string => enumerantNameIn(EnumerantNames.BuiltIn, 'BuiltIn', b) ?? `BuiltIn(${b})`;

/** `Variable` for OpVariable. */
export function opName(opcode: number): string {
  return opcodeName(opcode)?.slice(2) ?? String(opcode);
}

/** "A, B, or C" */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  if (names.length === 2) return `${names[0]} or ${names[1]}`;
  return `${names.slice(0, -1).join(', ')}, or ${names[names.length - 1]}`;
}
