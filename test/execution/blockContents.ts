/**
 * Deterministic contents for a shader's uniform, storage and push-constant blocks, written by
 * the block's own layout (Offset, ArrayStride, MatrixStride): floats get small values exact in
 * binary, integers small counts and indexes. A block filled with one bit pattern whatever the
 * member's type would give a loop bound read as a uint billions of iterations, or an index far
 * out of the buffer; by type, a shader of the corpus draws what it was written to draw.
 */
import { Decoration, DecorationsAnalysis, Op, StorageClass, TypesAnalysis, decodeModule, type Module } from '@spvkit/core';

const floatBits = (x: number): number => new Uint32Array(new Float32Array([x]).buffer)[0];

/** The scalar at word `i` of a block: its value by type. */
function scalarBits(kind: 'float' | 'int' | 'uint', i: number): number {
  if (kind === 'float') return floatBits((((i * 7) % 17) - 8) * 0.25);
  if (kind === 'int') return ((i % 9) - 2) >>> 0;
  return i % 7;
}

function fill(module: Module, typeId: number, at: number, out: DataView, stride: { array?: number; matrix?: number }): void {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const t = types.def(typeId);
  if (t === undefined || at >= out.byteLength) return;
  switch (t.opcode) {
    case Op.TypeFloat:
    case Op.TypeInt: {
      // 32-bit scalars only: a wider or narrower one keeps the zeros it has.
      if (t.word(0) !== 32 || at + 4 > out.byteLength) return;
      const kind = t.opcode === Op.TypeFloat ? 'float' : t.word(1) === 1 ? 'int' : 'uint';
      out.setUint32(at, scalarBits(kind, at / 4), true);
      return;
    }
    case Op.TypeBool:
      return;
    case Op.TypeVector:
      for (let c = 0; c < t.word(1); c++) fill(module, t.word(0), at + 4 * c, out, {});
      return;
    case Op.TypeMatrix: {
      // Near the identity (off by multiples of 1/32): the transforms of a vertex shader keep its
      // vertices on screen and w near 1, so the image shows what it computed.
      const column = types.def(t.word(0));
      const rows = column?.word(1) ?? 0;
      if (types.def(column?.word(0) ?? 0)?.word(0) !== 32) return;
      for (let c = 0; c < t.word(1); c++)
        for (let r = 0; r < rows; r++) {
          const byte = at + c * (stride.matrix ?? 16) + 4 * r;
          if (byte + 4 <= out.byteLength) out.setUint32(byte, floatBits((r === c ? 1 : 0) + ((((byte / 4) * 7) % 17) - 8) / 32), true);
        }
      return;
    }
    case Op.TypeArray:
    case Op.TypeRuntimeArray: {
      const step = decorations.find(typeId, Decoration.ArrayStride)?.[0];
      if (step === undefined || step === 0) return;
      const length = t.opcode === Op.TypeArray ? (types.constantValue(t.word(1)) ?? 0) : Math.ceil((out.byteLength - at) / step);
      for (let e = 0; e < length; e++) fill(module, t.word(0), at + e * step, out, { matrix: stride.matrix });
      return;
    }
    case Op.TypeStruct:
      for (let m = 0; m < t.operandCount; m++) {
        const member = decorations.ofMember(typeId, m);
        const offset = member.find((d) => d.decoration === Decoration.Offset)?.params[0];
        if (offset === undefined) continue;
        const matrix = member.find((d) => d.decoration === Decoration.MatrixStride)?.params[0];
        fill(module, t.word(m), at + offset, out, { matrix });
      }
      return;
    default:
      return;
  }
}

/**
 * `size` bytes for the block at descriptor `set`/`binding` of `words`, or for its push-constant
 * block when `binding` is 'push'; undefined when the module declares no such block.
 */
export function blockContents(words: Uint32Array, where: { set: number; binding: number } | 'push', size: number): Uint8Array | undefined {
  const module = decodeModule(words);
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  for (const inst of module.globals) {
    if (inst.opcode !== Op.Variable) continue;
    const storage = inst.word(0);
    if (where === 'push') {
      if (storage !== StorageClass.PushConstant) continue;
    } else if (
      decorations.find(inst.resultId, Decoration.Binding)?.[0] !== where.binding ||
      (decorations.find(inst.resultId, Decoration.DescriptorSet)?.[0] ?? 0) !== where.set
    ) {
      continue;
    }
    const bytes = new Uint8Array(size);
    fill(module, types.def(inst.typeId)!.word(1), 0, new DataView(bytes.buffer), {});
    return bytes;
  }
  return undefined;
}
