/**
 * The value of a block member as a writer takes it, loosely: numbers, bigints and booleans,
 * vectors and matrices as arrays or typed arrays, arrays, structs. A writer generated for one
 * block (`spvkit types`) takes exactly its members instead; this is what a declaration written
 * for every shader at once (the plugins' `?wgsl` imports) can say.
 */
export type BlockMemberInput = number | bigint | boolean | ArrayLike<number> | ArrayLike<bigint> | readonly BlockMemberInput[] | BlockInput;

/** A block or struct value as a writer takes it: its members by name. */
export interface BlockInput {
  readonly [member: string]: BlockMemberInput;
}

/** The value of a block member as a writer reads it back: vectors and matrices as arrays (column-major). */
export type BlockMemberValue = number | bigint | boolean | BlockMemberValue[] | BlockValue;

/** A block or struct value as a writer reads it back. */
export interface BlockValue {
  [member: string]: BlockMemberValue;
}

/**
 * A writer of one uniform or storage block: writes a JS value into an `ArrayBuffer` at the
 * block's offsets and reads one back. `Input` and `Value` default to the loose types; the module
 * `spvkit types` writes has the exact ones (`CameraInput`, `Camera`), and its writers are
 * `BlockWriter<CameraInput, Camera>`s.
 *
 * @example
 * ```ts
 * import { blockWriters } from './shader.comp?wgsl';
 * import type { Camera, CameraInput } from './shader.types.js'; // spvkit types shader.comp -o shader.types.ts
 * const camera = blockWriters.Camera as BlockWriter<CameraInput, Camera>;
 * device.queue.writeBuffer(buffer, 0, camera.write({ mvp, eye: [0, 1, 5], time: 0.5 }));
 * ```
 */
export interface BlockWriter<Input = BlockInput, Value = BlockValue> {
  /** WGSL's size of the block: the smallest buffer binding it takes (with one element of a runtime-sized array). */
  readonly byteLength: number;
  /** Blocks ending in a runtime-sized array: the bytes the block takes with `count` elements in it. */
  readonly byteLengthFor?: (count: number) => number;
  /** Writes `value` at `byteOffset` of `target` (a new buffer just large enough when none is given) and returns `target`. */
  write(value: Input, target?: ArrayBuffer, byteOffset?: number): ArrayBuffer;
  /** The value at `byteOffset` of `source` (`count`: elements of a runtime-sized array, default as many as `source` holds). */
  read(source: ArrayBuffer, byteOffset?: number, count?: number): Value;
}
