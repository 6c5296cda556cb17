import { Dim, ImageOperands, Op } from '@spvkit/core';
import { Scalar } from '../../types/TypeQueries.js';
import type { OperandCheck } from './OperandCheck.js';

/** The kinds of image instruction, by what their operands and result are. */
const enum Kind {
  Sample = 1,
  SampleDref,
  Fetch,
  Gather,
  DrefGather,
  Read,
  Write,
  QuerySizeLod,
  QuerySize,
  QueryLod,
  QueryLevels,
  QuerySamples,
}

/** Flags beside the kind (bits 4 and up of the table's entry). */
const PROJ = 16;
const SPARSE = 32;

/** Per opcode: its kind, and PROJ / SPARSE (0: not an image instruction checked here). */
const kinds = new Uint8Array(65536);
function kind(k: Kind, ops: readonly number[], flags = 0): void {
  for (const op of ops) kinds[op] = k | flags;
}
kind(Kind.Sample, [Op.ImageSampleImplicitLod, Op.ImageSampleExplicitLod]);
kind(Kind.Sample, [Op.ImageSampleProjImplicitLod, Op.ImageSampleProjExplicitLod], PROJ);
kind(Kind.SampleDref, [Op.ImageSampleDrefImplicitLod, Op.ImageSampleDrefExplicitLod]);
kind(Kind.SampleDref, [Op.ImageSampleProjDrefImplicitLod, Op.ImageSampleProjDrefExplicitLod], PROJ);
kind(Kind.Sample, [Op.ImageSparseSampleImplicitLod, Op.ImageSparseSampleExplicitLod], SPARSE);
kind(Kind.Sample, [Op.ImageSparseSampleProjImplicitLod, Op.ImageSparseSampleProjExplicitLod], SPARSE | PROJ);
kind(Kind.SampleDref, [Op.ImageSparseSampleDrefImplicitLod, Op.ImageSparseSampleDrefExplicitLod], SPARSE);
kind(Kind.SampleDref, [Op.ImageSparseSampleProjDrefImplicitLod, Op.ImageSparseSampleProjDrefExplicitLod], SPARSE | PROJ);
kind(Kind.Fetch, [Op.ImageFetch]);
kind(Kind.Fetch, [Op.ImageSparseFetch], SPARSE);
kind(Kind.Gather, [Op.ImageGather]);
kind(Kind.Gather, [Op.ImageSparseGather], SPARSE);
kind(Kind.DrefGather, [Op.ImageDrefGather]);
kind(Kind.DrefGather, [Op.ImageSparseDrefGather], SPARSE);
kind(Kind.Read, [Op.ImageRead]);
kind(Kind.Read, [Op.ImageSparseRead], SPARSE);
kind(Kind.Write, [Op.ImageWrite]);
kind(Kind.QuerySizeLod, [Op.ImageQuerySizeLod]);
kind(Kind.QuerySize, [Op.ImageQuerySize]);
kind(Kind.QueryLod, [Op.ImageQueryLod]);
kind(Kind.QueryLevels, [Op.ImageQueryLevels]);
kind(Kind.QuerySamples, [Op.ImageQuerySamples]);

/** Per kind: the operands before the optional Image Operands mask (0: the kind takes none). */
const FIXED = [0, 2, 3, 2, 3, 3, 2, 3, 0, 0, 0, 0, 0] as const;

/** The image type's operands (after its result id). */
const SAMPLED_TYPE = 0;
const DIM = 1;
const ARRAYED = 3;
const MS = 4;
const SAMPLED = 5;

/** The image instructions {@link checkImageInstruction} judges. */
export const CHECKED_IMAGE_INSTRUCTIONS: readonly number[] = [];
for (let op = 0; op < kinds.length; op++) if (kinds[op] !== 0) (CHECKED_IMAGE_INSTRUCTIONS as number[]).push(op);

/** The image types' Image Operands in mask order, with the ids each takes; 0xff: not known here, the operands after it cannot be placed. */
const IMAGE_OPERAND_IDS = new Uint8Array(32).fill(0xff);
for (const [bit, ids] of [
  [ImageOperands.Bias, 1],
  [ImageOperands.Lod, 1],
  [ImageOperands.Grad, 2],
  [ImageOperands.ConstOffset, 1],
  [ImageOperands.Offset, 1],
  [ImageOperands.ConstOffsets, 1],
  [ImageOperands.Sample, 1],
  [ImageOperands.MinLod, 1],
  [ImageOperands.MakeTexelAvailable, 1],
  [ImageOperands.MakeTexelVisible, 1],
  [ImageOperands.NonPrivateTexel, 0],
  [ImageOperands.VolatileTexel, 0],
  [ImageOperands.SignExtend, 0],
  [ImageOperands.ZeroExtend, 0],
  [ImageOperands.Nontemporal, 0],
  [ImageOperands.Offsets, 1],
] as const) {
  IMAGE_OPERAND_IDS[31 - Math.clz32(bit)] = ids;
}

/** OpSampledImage (an image and a sampler make a sampled image) and OpImage (the image of a sampled image). */
export function checkSampledImage(c: OperandCheck): void {
  const { f, result } = c;
  if (c.op === Op.SampledImage) {
    if (c.n < 2) return;
    if (f.opcode(result) !== Op.TypeSampledImage) {
      c.fail('spvkit-types-sampled-image', (name) => `the result type ${name(result)} is not an OpTypeSampledImage`, [result]);
    }
    const image = c.operand(0);
    if (f.opcode(c.type(0)) !== Op.TypeImage) c.fail('spvkit-types-sampled-image', (name) => `the Image ${name(image)} is not an image`, [image]);
    const sampler = c.operand(1);
    if (f.opcode(c.type(1)) !== Op.TypeSampler) c.fail('spvkit-types-sampled-image', (name) => `the Sampler ${name(sampler)} is not a sampler`, [sampler]);
    return;
  }
  if (c.n < 1) return;
  const sampled = c.operand(0);
  if (f.opcode(result) !== Op.TypeImage) {
    c.fail('spvkit-types-sampled-image', (name) => `the result type ${name(result)} is not an OpTypeImage`, [result]);
  } else if (f.opcode(c.type(0)) !== Op.TypeSampledImage) {
    c.fail('spvkit-types-sampled-image', (name) => `${name(sampled)} is not a sampled image`, [sampled]);
  } else if (f.field(c.type(0), 0) !== result) {
    c.fail('spvkit-types-sampled-image', (name) => `the image type of ${name(sampled)} is not the result type ${name(result)}`, [sampled, result]);
  }
}

/**
 * The image instructions (samples, fetches, gathers, reads, writes and queries): the Image or
 * Sampled Image operand, the result type (a struct of a residency code and the texel for the
 * sparse ones), the coordinate and the other operands, each as spirv-val checks it.
 */
export function checkImageInstruction(c: OperandCheck): void {
  const { f, t } = c;
  const entry = kinds[c.op];
  const k = (entry & 15) as Kind;
  const sampledOperand = k === Kind.Sample || k === Kind.SampleDref || k === Kind.Gather || k === Kind.DrefGather || k === Kind.QueryLod;
  if (c.n < 1) return;
  // The image: of the sampled image, or the operand itself.
  const operandType = c.type(0);
  if (f.opcode(operandType) !== (sampledOperand ? Op.TypeSampledImage : Op.TypeImage)) {
    const id = c.operand(0);
    c.fail('spvkit-types-image', (name) => `${name(id)} is not ${sampledOperand ? 'a sampled image' : 'an image'}`, [id]);
    return;
  }
  const image = sampledOperand ? f.field(operandType, 0) : operandType;
  if (f.opcode(image) !== Op.TypeImage) return;
  const dim = f.field(image, DIM);
  const arrayed = f.field(image, ARRAYED);
  if (!imageParameters(c, k, image, dim)) return;
  // The result: the texel type, found in the struct of a sparse instruction.
  let texel = c.result;
  if ((entry & SPARSE) !== 0) {
    const result = c.result;
    if (f.opcode(result) !== Op.TypeStruct || f.count(result) !== 2 || !f.isIntScalar(f.field(result, 0))) {
      c.fail('spvkit-types-image-result', (name) => `the result type ${name(result)} is not a struct of an int scalar and a texel`, [result]);
      return;
    }
    texel = f.field(result, 1);
  }
  const problem = resultProblem(c, k, image, texel, dim, arrayed);
  if (problem !== undefined) c.fail('spvkit-types-image-result', (name) => `the result type ${name(texel)} ${problem}`, [texel]);
  // The coordinate, and the operand after it that some kinds take.
  if (k === Kind.QuerySizeLod) {
    if (c.n > 1 && !f.isIntScalar(c.type(1))) {
      const lod = c.operand(1);
      c.fail('spvkit-types-image-operands', (name) => `the Level of Detail ${name(lod)} is not an int scalar`, [lod]);
    }
    return;
  }
  if (k === Kind.QuerySize || k === Kind.QueryLevels || k === Kind.QuerySamples || c.n < 2) return;
  const plane = planeSize(dim);
  const floats = k !== Kind.Fetch && k !== Kind.Read && k !== Kind.Write;
  const coordinate = c.operand(1);
  const coordinateType = c.type(1);
  if (t.scalar(coordinateType) !== (floats ? Scalar.Float : Scalar.Int)) {
    c.fail('spvkit-types-image-coordinate', (name) => `the coordinate ${name(coordinate)} is not ${floats ? 'a float' : 'an int'} scalar or vector`, [
      coordinate,
    ]);
  } else if (plane > 0) {
    const wanted = plane + (k === Kind.QueryLod ? 0 : (arrayed === 1 ? 1 : 0) + ((entry & PROJ) !== 0 ? 1 : 0));
    const has = t.components(coordinateType);
    if (has < wanted) {
      c.fail('spvkit-types-image-coordinate', (name) => `the coordinate ${name(coordinate)} has ${has} components; the image needs at least ${wanted}`, [
        coordinate,
      ]);
    }
  }
  if (c.n > 2) {
    const third = c.operand(2);
    if (k === Kind.SampleDref || k === Kind.DrefGather) {
      if (!f.isFloatScalar(c.type(2), 32)) c.fail('spvkit-types-image-operands', (name) => `the Dref ${name(third)} is not a 32-bit float scalar`, [third]);
    } else if (k === Kind.Gather) {
      if (!f.isIntScalar(c.type(2), 32)) c.fail('spvkit-types-image-operands', (name) => `the Component ${name(third)} is not a 32-bit int scalar`, [third]);
    } else if (k === Kind.Write) {
      const texelType = c.type(2);
      const kind = t.scalar(texelType);
      if (kind !== Scalar.Int && kind !== Scalar.Float) {
        c.fail('spvkit-types-image-operands', (name) => `the Texel ${name(third)} is not an int or float scalar or vector`, [third]);
      } else if (!sampledTypeIs(c, image, t.scalarType(texelType))) {
        c.fail('spvkit-types-image-operands', (name) => `the components of the Texel ${name(third)} are not of the image's sampled type`, [third]);
      }
    }
  }
  const fixed = FIXED[k];
  if (fixed > 0 && c.n > fixed) imageOperands(c, k, fixed, plane, dim);
}

/** Dim, MS and Sampled as the queries and gathers require them; true where the checks may go on. */
function imageParameters(c: OperandCheck, k: Kind, image: number, dim: number): boolean {
  const { f } = c;
  let problem: string | undefined;
  switch (k) {
    case Kind.Gather:
    case Kind.DrefGather:
      if (dim !== Dim['2D'] && dim !== Dim.Cube && dim !== Dim.Rect) problem = "the image's Dim is not 2D, Cube or Rect";
      break;
    case Kind.QuerySize:
      if (f.field(image, MS) !== 1 && f.field(image, SAMPLED) !== 0 && f.field(image, SAMPLED) !== 2) problem = 'the image has neither MS 1 nor Sampled 0 or 2';
      break;
    case Kind.QuerySamples:
      if (f.field(image, MS) !== 1) problem = "the image's MS is not 1";
      break;
    case Kind.QuerySizeLod:
      if (f.field(image, MS) !== 0) problem = "the image's MS is not 0";
      break;
    default:
      break;
  }
  if (problem === undefined) return true;
  const message = problem;
  c.fail('spvkit-types-image', (name) => `${message} (${name(image)})`, [image]);
  return false;
}

/** What is wrong with the result type (`texel`: the texel type of a sparse instruction) for the kind, or undefined. */
function resultProblem(c: OperandCheck, k: Kind, image: number, texel: number, dim: number, arrayed: number): string | undefined {
  const { t } = c;
  const kind = t.scalar(texel);
  switch (k) {
    case Kind.Sample:
    case Kind.Fetch:
    case Kind.Gather:
    case Kind.DrefGather:
      if ((kind !== Scalar.Int && kind !== Scalar.Float) || !t.isVector(texel)) return 'is not an int or float vector';
      if (t.components(texel) !== 4) return 'does not have 4 components';
      if (!sampledTypeIs(c, image, t.scalarType(texel))) return "has not the image's sampled type as its component type";
      return undefined;
    case Kind.SampleDref:
      if ((kind !== Scalar.Int && kind !== Scalar.Float) || t.isVector(texel)) return 'is not an int or float scalar';
      if (!sampledTypeIs(c, image, texel)) return "is not the image's sampled type";
      return undefined;
    case Kind.Read:
      if (kind !== Scalar.Int && kind !== Scalar.Float) return 'is not an int or float scalar or vector';
      // Vulkan (VUID-StandaloneSpirv-Result-04780) reads all four components.
      if (c.vulkan && t.components(texel) !== 4) return 'does not have 4 components, as a Vulkan image read needs';
      if (!sampledTypeIs(c, image, t.scalarType(texel))) return "has not the image's sampled type as its component type";
      return undefined;
    case Kind.QuerySizeLod:
    case Kind.QuerySize: {
      if (kind !== Scalar.Int) return 'is not an int scalar or vector';
      const plane = dim === Dim.Cube ? 2 : planeSize(dim);
      if (plane === 0) return undefined;
      const wanted = plane + (arrayed === 1 ? 1 : 0);
      if (t.components(texel) !== wanted) return `has ${t.components(texel)} components, not the ${wanted} of the image's size`;
      return undefined;
    }
    case Kind.QueryLevels:
    case Kind.QuerySamples:
      if (kind !== Scalar.Int || t.isVector(texel)) return 'is not an int scalar';
      return undefined;
    case Kind.QueryLod:
      if (kind !== Scalar.Float || !t.isVector(texel)) return 'is not a float vector';
      if (t.components(texel) !== 2) return 'does not have 2 components';
      return undefined;
    default:
      return undefined;
  }
}

/** Whether the image's sampled type is `type` (or void, which leaves it open). */
function sampledTypeIs(c: OperandCheck, image: number, type: number): boolean {
  const sampled = c.f.field(image, SAMPLED_TYPE);
  return sampled === type || c.f.opcode(sampled) === Op.TypeVoid;
}

/** Coordinate components a Dim needs before Arrayed and projection (0: not checked here). */
function planeSize(dim: number): number {
  switch (dim) {
    case Dim['1D']:
    case Dim.Buffer:
      return 1;
    case Dim['2D']:
    case Dim.Rect:
    case Dim.SubpassData:
      return 2;
    case Dim['3D']:
    case Dim.Cube:
      return 3;
    default:
      return 0;
  }
}

/** The optional Image Operands: the mask at operand `at`, then the ids of its bits, lowest bit first. */
function imageOperands(c: OperandCheck, k: Kind, at: number, plane: number, dim: number): void {
  const { f, t } = c;
  const mask = c.operand(at);
  let w = at + 1;
  for (let bit = 0; bit < 32; bit++) {
    if ((mask & (1 << bit)) === 0) continue;
    const ids = IMAGE_OPERAND_IDS[bit];
    if (ids === 0xff || w + ids > c.n) return;
    const id = c.operand(w);
    const type = c.type(w);
    switch (1 << bit) {
      case ImageOperands.Bias:
        if (!f.isFloatScalar(type)) operandFail(c, id, 'the Bias % is not a float scalar');
        break;
      case ImageOperands.Lod:
        if (k === Kind.Fetch) {
          if (!f.isIntScalar(type)) operandFail(c, id, 'the Lod % is not an int scalar, as OpImageFetch takes it');
        } else if (k !== Kind.Read && k !== Kind.Write && !f.isFloatScalar(type)) operandFail(c, id, 'the Lod % is not a float scalar');
        break;
      case ImageOperands.Grad:
        for (let g = 0; g < 2; g++) {
          const d = c.operand(w + g);
          const dt = c.type(w + g);
          if (t.scalar(dt) !== Scalar.Float) {
            c.fail('spvkit-types-image-operands', (name) => `the Grad ${name(d)} is not a float scalar or vector`, [d]);
          } else if (plane > 0 && t.components(dt) !== plane) {
            c.fail('spvkit-types-image-operands', (name) => `the Grad ${name(d)} has ${t.components(dt)} components, not ${plane}`, [d]);
          }
        }
        break;
      case ImageOperands.ConstOffset:
      case ImageOperands.Offset: {
        const what = bit === 3 ? 'ConstOffset' : 'Offset';
        if (t.scalar(type) !== Scalar.Int) operandFail(c, id, `the ${what} % is not an int scalar or vector`);
        else if (plane > 0 && dim !== Dim.Cube && t.components(type) !== plane)
          operandFail(c, id, `the ${what} % has ${t.components(type)} components, not ${plane}`);
        break;
      }
      case ImageOperands.Sample:
        if (!f.isIntScalar(type)) operandFail(c, id, 'the Sample % is not an int scalar');
        break;
      case ImageOperands.MinLod:
        if (!f.isFloatScalar(type)) operandFail(c, id, 'the MinLod % is not a float scalar');
        break;
      default:
        break;
    }
    w += ids;
  }
}

/** Reports image operand `id`, named where `what` has `%`. */
function operandFail(c: OperandCheck, id: number, what: string): void {
  c.fail('spvkit-types-image-operands', (name) => what.replace('%', name(id)), [id]);
}
