/**
 * The release pass list run fused: {@link encodeReleased}.
 *
 * @example
 * ```ts
 * import { encodeReleased, FUSED_RELEASE_PASSES } from '@spvkit/passes';
 * const words = encodeReleased(decodeModule(bytes), FUSED_RELEASE_PASSES);
 * ```
 */
export { encodeReleased, FUSED_RELEASE_PASSES, runsFused } from './encodeReleased.js';
