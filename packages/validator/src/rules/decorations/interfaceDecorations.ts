import { Decoration, ExecutionModel, Op, StorageClass } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

/** The word index just past the literal string starting at `w` (the word holding its nul), or `end`. */
function stringEnd(words: Uint32Array, w: number, end: number): number {
  for (; w < end; w++) {
    const x = words[w];
    if ((x & 0xff) === 0 || (x & 0xff00) === 0 || (x & 0xff0000) === 0 || (x & 0xff000000) === 0) return w + 1;
  }
  return end;
}

/**
 * The decorations of entry points' interface variables, as spirv-val checks them: a structure with
 * BuiltIn members is a Block, and an entry point has at most one such Input and one such Output;
 * in Vulkan a BuiltIn variable has no Location or Component, a vertex entry point no Input and a
 * fragment one no Output decorated Flat, NoPerspective, Sample or Centroid (an entry point of
 * several models neither), and a fragment Input of integer (scalar or vector) or 64-bit float
 * scalar type is Flat.
 */
export function checkInterfaceDecorations(c: DecorationsContext): void {
  const { scan, table, env } = c;
  const { count, opcode, operandStart, end, words } = scan;
  // Execution models per entry point function (an OpEntryPoint each).
  const models = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    if (opcode[i] !== Op.EntryPoint || end[i] - operandStart[i] < 2) continue;
    const fn = words[operandStart[i] + 1];
    const list = models.get(fn) ?? [];
    list.push(words[operandStart[i]]);
    models.set(fn, list);
  }
  const builtinBlocks = new Map<number, [number, number]>();
  for (let i = 0; i < count; i++) {
    if (opcode[i] !== Op.EntryPoint || end[i] - operandStart[i] < 3 || c.reporter.isFlagged(i)) continue;
    const fn = words[operandStart[i] + 1];
    const fnModels = models.get(fn) ?? [];
    const several = fnModels.length > 1;
    const vertex = fnModels.includes(ExecutionModel.Vertex);
    const fragment = fnModels.includes(ExecutionModel.Fragment);
    const counts = builtinBlocks.get(fn) ?? [0, 0];
    builtinBlocks.set(fn, counts);
    let reportedCount = false;
    for (let w = stringEnd(words, operandStart[i] + 2, end[i]); w < end[i]; w++) {
      const v = words[w];
      if (c.opcodeOf(v) !== Op.Variable) continue;
      const sc = c.storageClassOfVariable(v);
      const type = c.operand(c.typeOf(v), 1);
      const isStruct = c.opcodeOf(type) === Op.TypeStruct;
      if (isStruct && hasBuiltInMember(c, type)) {
        if (!table.any(type, Decoration.Block)) {
          c.report(
            'spvkit-decorations-builtin-struct-block',
            c.def(type),
            (n) => `${n(type)} has BuiltIn members and is in the interface of ${n(fn)}, but is not decorated Block`,
            [type],
          );
        }
        if (sc === StorageClass.Input) counts[0]++;
        if (sc === StorageClass.Output) counts[1]++;
        if ((counts[0] > 1 || counts[1] > 1) && !reportedCount) {
          reportedCount = true;
          c.report(
            'spvkit-decorations-builtin-blocks',
            i,
            (n) =>
              `${n(fn)} has more than one ${sc === StorageClass.Input ? 'Input' : 'Output'} variable of a structure with BuiltIn members (${n(v)} is another)`,
            [fn, v],
          );
        }
        checkBuiltInLocation(c, v);
      } else if (table.any(v, Decoration.BuiltIn)) checkBuiltInLocation(c, v);
      if (!env.vulkan) continue;
      for (let k = table.start(v); k < table.end(v); k++) {
        const r = table.at(k);
        const kind = table.kind[r];
        if (table.member[r] !== NO_MEMBER) continue;
        if (kind !== Decoration.Flat && kind !== Decoration.NoPerspective && kind !== Decoration.Sample && kind !== Decoration.Centroid) continue;
        if (sc === StorageClass.Input && (several || vertex)) {
          c.report(
            'VUID-StandaloneSpirv-Flat-06202',
            table.source[r],
            (n) =>
              `${n(v)} is decorated ${c.decorationName(kind)} and is an Input of ${n(fn)}, ${several ? 'an entry point of several execution models' : 'a vertex entry point'}`,
            [v, fn],
          );
        } else if (sc === StorageClass.Output && (several || fragment)) {
          c.report(
            'VUID-StandaloneSpirv-Flat-06201',
            table.source[r],
            (n) =>
              `${n(v)} is decorated ${c.decorationName(kind)} and is an Output of ${n(fn)}, ${several ? 'an entry point of several execution models' : 'a fragment entry point'}`,
            [v, fn],
          );
        }
      }
      if (fragment && sc === StorageClass.Input && !table.any(v, Decoration.Flat) && needsFlat(c, type)) {
        c.report(
          'VUID-StandaloneSpirv-Flat-04744',
          c.def(v),
          (n) => `${n(v)} is a fragment Input of integer or 64-bit float type of ${n(fn)}, but is not decorated Flat`,
          [v, fn],
        );
      }
    }
  }
}

function hasBuiltInMember(c: DecorationsContext, struct: number): boolean {
  const { table } = c;
  for (let k = table.start(struct); k < table.end(struct); k++) {
    const r = table.at(k);
    if (table.kind[r] === Decoration.BuiltIn && table.member[r] !== NO_MEMBER) return true;
  }
  return false;
}

function checkBuiltInLocation(c: DecorationsContext, v: number): void {
  if (!c.env.vulkan) return;
  if (c.table.any(v, Decoration.Location) || c.table.any(v, Decoration.Component)) {
    c.report('VUID-StandaloneSpirv-Location-04915', c.def(v), (n) => `${n(v)} is a BuiltIn variable, so it has no Location or Component decoration`, [v]);
  }
}

/** An integer scalar or vector, or a 64-bit float scalar. */
function needsFlat(c: DecorationsContext, type: number): boolean {
  const op = c.opcodeOf(type);
  if (op === Op.TypeFloat) return c.operand(type, 0) === 64;
  if (op === Op.TypeInt) return true;
  return op === Op.TypeVector && c.opcodeOf(c.operand(type, 0)) === Op.TypeInt;
}
