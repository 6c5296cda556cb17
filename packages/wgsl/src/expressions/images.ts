import { ImageOperands, Op } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import type { ExprContext } from './ExprContext.js';

/** An image instruction's WGSL: an expression, or a statement (textureStore). */
export interface ImageExpression {
  readonly text: string;
  readonly statement: boolean;
}

/**
 * The WGSL of image instructions: sampling through an OpSampledImage of a separate texture and
 * sampler (`texture|sampler` in the reference text), fetches, storage reads and writes and size
 * queries. Array layers, which SPIR-V puts in the last coordinate, are a separate argument in
 * WGSL. Returns undefined for other opcodes.
 */
export function imageExpression(ctx: ExprContext, inst: Instruction, op: number, ops: readonly number[]): ImageExpression | undefined {
  const t = ctx.types;
  const imageTypeOf = (id: number): Instruction => {
    let ty = t.def(t.def(id).typeId);
    if (ty.opcode === Op.TypeSampledImage) ty = t.def(ty.word(0));
    return ty;
  };
  const expr = (text: string): ImageExpression => ({ text, statement: false });
  /**
   * Coordinates and the array layer (as i32) of an image of type `img`. SPIR-V lets the coordinate
   * have more components than the image needs (GLSL's shadow lookups pass the depth reference as
   * the last one, and it comes as the Dref operand too); WGSL takes exactly as many, so the
   * coordinate is cut to the dimension's, and the layer is the component after them.
   */
  const coords = (img: Instruction, id: number, float: boolean): [string, string | undefined] => {
    const c = ctx.value(id);
    const n = t.width(t.def(id).typeId);
    // Dim 0 is 1D, 1 is 2D; 3D and Cube take three (the generated enum has no 1D/2D identifiers).
    const dims = img.word(1) === 0 ? 1 : img.word(1) === 1 ? 2 : 3;
    const swizzle = (count: number): string => (count === n ? c : `${c}.${'xyz'.slice(0, count)}`);
    if (img.word(3) !== 1) return [swizzle(dims), undefined];
    const layer = `${c}.${'xyzw'[dims]}`;
    return [dims === 1 ? `${c}.x` : swizzle(dims), float ? `i32(floor(${layer} + 0.5f))` : `i32(${layer})`];
  };
  /** Image operands after mask word `at`: the value ids by operand. */
  const imageOperands = (at: number): Map<number, number[]> => {
    const map = new Map<number, number[]>();
    if (ops.length <= at) return map;
    const mask = ops[at];
    let i = at + 1;
    for (const bit of [
      ImageOperands.Bias,
      ImageOperands.Lod,
      ImageOperands.Grad,
      ImageOperands.ConstOffset,
      ImageOperands.Offset,
      ImageOperands.ConstOffsets,
      ImageOperands.Sample,
      ImageOperands.MinLod,
    ]) {
      if ((mask & bit) === 0) continue;
      const n = bit === ImageOperands.Grad ? 2 : 1;
      map.set(bit, ops.slice(i, i + n));
      i += n;
    }
    const known = ImageOperands.Bias | ImageOperands.Lod | ImageOperands.Grad | ImageOperands.ConstOffset | ImageOperands.Sample;
    if ((mask & ~known) !== 0) throw ctx.refuser.error('these image operands', inst, 'WGSL has no form for them');
    return map;
  };
  /**
   * The texel SPIR-V reads from a depth texture, where WGSL gives the depth as a scalar: Vulkan
   * fills the components a depth format lacks as (D, 0, 0, 1).
   */
  const depthTexel = (text: string): string => {
    const n = t.width(inst.typeId);
    return n === 1 ? text : `vec${n}<f32>(${[text, '0.0f', '0.0f', '1.0f'].slice(0, n).join(', ')})`;
  };
  /** A texel of `n` components from a WGSL vec4 result. */
  const narrow = (text: string): string => {
    const n = t.width(inst.typeId);
    return n === 4 ? text : n === 1 ? `${text}.x` : `${text}.${'xyz'.slice(0, n)}`;
  };
  switch (op) {
    case Op.ImageSampleImplicitLod:
    case Op.ImageSampleExplicitLod:
    case Op.ImageSampleDrefImplicitLod:
    case Op.ImageSampleDrefExplicitLod: {
      const [texture, sampler] = ctx.value(ops[0]).split('|');
      if (sampler === undefined) throw ctx.refuser.error('sampling an image without a separate sampler', inst);
      const img = imageTypeOf(ops[0]);
      const dref = op === Op.ImageSampleDrefImplicitLod || op === Op.ImageSampleDrefExplicitLod;
      if (t.isInt(img.word(0))) throw ctx.refuser.error('sampling an integer texture', inst, 'WGSL filters float textures only; use texelFetch');
      const [c, layer] = coords(img, ops[1], true);
      const io = imageOperands(dref ? 3 : 2);
      const args = [texture, sampler, c, ...(layer !== undefined ? [layer] : [])];
      const offset = io.get(ImageOperands.ConstOffset);
      const tail = offset !== undefined ? [ctx.value(offset[0])] : [];
      if (dref) {
        const d = ctx.value(ops[2]);
        const lod = io.get(ImageOperands.Lod);
        if (op === Op.ImageSampleDrefExplicitLod && lod === undefined) throw ctx.refuser.error('a depth comparison with gradients', inst);
        return expr(`${op === Op.ImageSampleDrefExplicitLod ? 'textureSampleCompareLevel' : 'textureSampleCompare'}(${[...args, d, ...tail].join(', ')})`);
      }
      const bias = io.get(ImageOperands.Bias);
      const lod = io.get(ImageOperands.Lod);
      const grad = io.get(ImageOperands.Grad);
      let call: string;
      if (lod !== undefined) call = `textureSampleLevel(${[...args, ctx.value(lod[0]), ...tail].join(', ')})`;
      else if (grad !== undefined) call = `textureSampleGrad(${[...args, ctx.value(grad[0]), ctx.value(grad[1]), ...tail].join(', ')})`;
      else if (bias !== undefined) call = `textureSampleBias(${[...args, ctx.value(bias[0]), ...tail].join(', ')})`;
      else call = `textureSample(${[...args, ...tail].join(', ')})`;
      return expr(img.word(2) === 1 ? depthTexel(call) : narrow(call));
    }
    case Op.ImageFetch:
    case Op.ImageRead: {
      const img = imageTypeOf(ops[0]);
      const texture = ctx.value(ops[0]).split('|')[0];
      const [c, layer] = coords(img, ops[1], false);
      const io = imageOperands(2);
      const args = [texture, c, ...(layer !== undefined ? [layer] : [])];
      if (img.word(5) !== 2) {
        const sample = io.get(ImageOperands.Sample);
        const lod = io.get(ImageOperands.Lod);
        args.push(sample !== undefined ? ctx.value(sample[0]) : lod !== undefined ? ctx.value(lod[0]) : '0');
      }
      const call = `textureLoad(${args.join(', ')})`;
      return expr(img.word(2) === 1 ? depthTexel(call) : narrow(call));
    }
    case Op.ImageWrite: {
      const img = imageTypeOf(ops[0]);
      const [c, layer] = coords(img, ops[1], false);
      const texelType = t.def(ops[2]).typeId;
      const n = t.width(texelType);
      const scalar = t.wgsl(t.scalarOf(texelType).resultId);
      const texel = n === 4 ? ctx.value(ops[2]) : `vec4<${scalar}>(${[ctx.value(ops[2]), ...Array<string>(4 - n).fill(`${scalar}()`)].join(', ')})`;
      return { text: `textureStore(${[ctx.value(ops[0]), c, ...(layer !== undefined ? [layer] : []), texel].join(', ')})`, statement: true };
    }
    case Op.ImageQuerySize:
    case Op.ImageQuerySizeLod: {
      const img = imageTypeOf(ops[0]);
      const texture = ctx.value(ops[0]).split('|')[0];
      const dims = `textureDimensions(${texture}${op === Op.ImageQuerySizeLod ? `, ${ctx.value(ops[1])}` : ''})`;
      const n = t.width(inst.typeId);
      const scalar = t.wgsl(t.scalarOf(inst.typeId).resultId);
      const cast = (x: string, width: number): string => (width === 1 ? `${scalar}(${x})` : `vec${width}<${scalar}>(${x})`);
      if (img.word(3) === 1) return expr(`${t.wgsl(inst.typeId)}(${cast(dims, n - 1)}, ${scalar}(textureNumLayers(${texture})))`);
      return expr(cast(dims, n));
    }
    case Op.ImageQueryLevels:
    case Op.ImageQuerySamples: {
      const texture = ctx.value(ops[0]).split('|')[0];
      return expr(`${t.wgsl(inst.typeId)}(${op === Op.ImageQueryLevels ? 'textureNumLevels' : 'textureNumSamples'}(${texture}))`);
    }
    case Op.ImageSampleProjImplicitLod:
    case Op.ImageSampleProjExplicitLod:
    case Op.ImageSampleProjDrefImplicitLod:
    case Op.ImageSampleProjDrefExplicitLod:
    case Op.ImageGather:
    case Op.ImageDrefGather:
    case Op.ImageQueryLod:
    case Op.ImageTexelPointer:
      throw ctx.refuser.error('this image instruction', inst, 'not translated');
    default:
      return undefined;
  }
}
