import type { RuleInfo } from '../../report/RuleInfo.js';

/** The rules of the types of memory, call, vector, matrix, image, atomic and barrier instructions. */
export const OPERAND_RULES = {
  'spvkit-types-variable': {
    family: 'types',
    summary:
      "an OpVariable's result type is a pointer into the variable's storage class, its initializer has the pointee type, and Function variables are exactly those inside functions",
  },
  'spvkit-types-ptr-access-chain': {
    family: 'types',
    summary:
      'OpPtrAccessChain and OpInBoundsPtrAccessChain take a pointer base, an integer Element and integer indexes, and point to the type the indexes reach in the same storage class',
  },
  'spvkit-types-copy-memory': {
    family: 'types',
    summary: 'OpCopyMemory copies between pointers to one type; OpCopyMemorySized takes pointers and an integer size',
  },
  'spvkit-types-function': { family: 'types', summary: "an OpFunction's function type is an OpTypeFunction whose return type is the result type" },
  'spvkit-types-parameter': {
    family: 'types',
    summary: "a function's OpFunctionParameters have its function type's parameter types, in order, and are no more than it has",
  },
  'spvkit-types-call': {
    family: 'types',
    summary: "OpFunctionCall calls an OpFunction with one argument of each parameter's type, and its result type is the callee's return type",
  },
  'spvkit-types-vector-shuffle': {
    family: 'types',
    summary: 'OpVectorShuffle takes two vectors of the result component type and one in-bounds component index per result component',
  },
  'spvkit-types-vector-dynamic': {
    family: 'types',
    summary:
      'OpVectorExtractDynamic gives a component of its vector, OpVectorInsertDynamic a vector of the type it is given with a component of that type; both take an int scalar index',
  },
  'spvkit-types-composite-insert': {
    family: 'types',
    summary: 'OpCompositeInsert gives the type of its composite, and the object has the type its indexes reach',
  },
  'spvkit-types-matrix': {
    family: 'types',
    summary:
      'matrix instructions (OpTranspose, OpMatrixTimesScalar, OpVectorTimesMatrix, OpMatrixTimesVector, OpMatrixTimesMatrix, OpOuterProduct) take float matrices and vectors whose sizes and component types fit',
  },
  'spvkit-types-atomic': {
    family: 'types',
    summary:
      'an atomic instruction points to an int (or, where allowed, float) scalar of its result type, and its value and comparator operands have that type',
  },
  'spvkit-types-scope': {
    family: 'types',
    summary: 'Scope and Memory Semantics operands are 32-bit int scalars, OpConstants where the module declares Shader, and a constant Scope names a scope',
  },
  'spvkit-types-sampled-image': {
    family: 'types',
    summary: 'OpSampledImage makes a sampled image from an image and a sampler; OpImage takes the image of a sampled image of its result type',
  },
  'spvkit-types-image': {
    family: 'types',
    summary: "an image instruction's Image or Sampled Image operand is of the kind it takes, with the Dim, MS and Sampled parameters it allows",
  },
  'spvkit-types-image-result': {
    family: 'types',
    summary:
      "an image instruction's result type is the one it computes: a 4-component vector of the image's sampled type for samples, fetches and gathers, an int size for queries",
  },
  'spvkit-types-image-coordinate': {
    family: 'types',
    summary: "image coordinates are float (sampling) or int (fetch, read, write) with at least the components the image's Dim, Arrayed and projection need",
  },
  'spvkit-types-image-operands': {
    family: 'types',
    summary: 'the Dref, Component, Lod, Bias, Grad, Offset, ConstOffset, Sample and MinLod operands of image instructions have the types they take',
  },
} as const satisfies Record<string, RuleInfo>;
