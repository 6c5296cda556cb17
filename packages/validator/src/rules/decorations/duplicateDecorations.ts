import { Decoration, Op } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

const D = Decoration;
/**
 * The decorations an id or member takes once: each was applied twice (same and other values) and
 * rejected by the current spirv-val ("decorated with X multiple times is not allowed"). Those it
 * accepts twice stay out: FuncParamAttr and LinkageAttributes (one attribute each),
 * UserSemantic and UserTypeGOOGLE (one annotation each), and what OpDecorateId applies
 * (AlignmentId, MaxByteOffsetId, CounterBuffer). So do the vendors' decorations that were not
 * tried (the FPGA and cache-control ones, ...): a repeat of one is never reported on a guess.
 */
const ONCE = new Set<number>([
  D.RelaxedPrecision,
  D.SpecId,
  D.Block,
  D.BufferBlock,
  D.RowMajor,
  D.ColMajor,
  D.ArrayStride,
  D.MatrixStride,
  D.GLSLShared,
  D.GLSLPacked,
  D.CPacked,
  D.BuiltIn,
  D.NoPerspective,
  D.Flat,
  D.Patch,
  D.Centroid,
  D.Sample,
  D.Invariant,
  D.Restrict,
  D.Aliased,
  D.Volatile,
  D.Constant,
  D.Coherent,
  D.NonWritable,
  D.NonReadable,
  D.Uniform,
  D.SaturatedConversion,
  D.Stream,
  D.Location,
  D.Component,
  D.Index,
  D.Binding,
  D.DescriptorSet,
  D.Offset,
  D.XfbBuffer,
  D.XfbStride,
  D.FPFastMathMode,
  D.NoContraction,
  D.InputAttachmentIndex,
  D.Alignment,
  D.MaxByteOffset,
  D.NoSignedWrap,
  D.NoUnsignedWrap,
  D.NonUniform,
  D.PerVertexKHR,
  D.PerPrimitiveEXT,
  D.ExplicitInterpAMD,
]);

/**
 * No decoration of {@link ONCE} twice on one id, nor twice on one member of a structure (the same
 * decoration on two members is two properties), as the current spirv-val rejects them ("ID '%2' decorated with
 * Location multiple times is not allowed"), whether the values agree or not. Only the
 * decorations an instruction applies directly count: spirv-val accepts a group's decoration that
 * repeats one applied directly, and a group applied twice to one target is reported by the group
 * rules. Reported at the later decoration.
 */
export function checkDuplicateDecorations(c: DecorationsContext): void {
  const { table, scan } = c;
  /** Per id being walked: (member + 1) * 2^32 + kind of each direct decoration seen. */
  const seen = new Set<number>();
  for (let id = 0; id < scan.idLimit; id++) {
    const from = table.start(id);
    const to = table.end(id);
    if (to - from < 2) continue;
    seen.clear();
    for (let k = from; k < to; k++) {
      const r = table.at(k);
      const source = scan.opcode[table.source[r]];
      if (source === Op.GroupDecorate || source === Op.GroupMemberDecorate || source === Op.DecorateId) continue;
      const kind = table.kind[r];
      if (!ONCE.has(kind)) continue;
      const member = table.member[r];
      const key = (member + 1) * 0x100000000 + kind;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      c.report(
        'spvkit-decorations-duplicate',
        table.source[r],
        member === NO_MEMBER
          ? (n) => `${n(id)} is decorated ${c.decorationName(kind)} more than once`
          : (n) => `${c.memberLabel(id, member)} of ${n(id)} is decorated ${c.decorationName(kind)} more than once`,
        [id],
      );
    }
  }
}
