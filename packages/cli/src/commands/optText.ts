// What `spvkit opt` needs only where it reads or writes assembly text: preserving the input's
// text, and disassembling the result. Loaded by import() there, so that a binary-to-binary run
// never initializes the disassembler or @spvkit/preserve-source.
export { preserveSource, snapshotAssembly } from '@spvkit/preserve-source';
export { disassemble } from '@spvkit/core';
