import { describe, expect, it } from 'vitest';
import { assemble } from '../index.js';
import { decodeModule } from './decodeModule.js';
import { encodeGlobals, encodeModule } from './encodeModule.js';
import { HOST_ENDIANNESS, swapWords } from '../words/wordInput.js';

const TEXT = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%one = OpConstant %uint 1
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

/** Where the first OpFunction is in `words`. */
function functionsAt(words: Uint32Array): number {
  let p = 5;
  while ((words[p] & 0xffff) !== 54) p += words[p] >>> 16;
  return p;
}

describe('encodeGlobals', () => {
  it('is what encodeModule writes before the functions, in host byte order', () => {
    const assembled = assemble(TEXT);
    const whole = encodeModule(assembled, { endianness: HOST_ENDIANNESS });
    const head = encodeGlobals(assembled);
    expect(Array.from(head)).toEqual(Array.from(whole.subarray(0, functionsAt(whole))));

    // Decoded from the other byte order: still host order, and the same words.
    const swapped = whole.slice();
    swapWords(swapped);
    const decoded = decodeModule(swapped);
    expect(Array.from(encodeGlobals(decoded))).toEqual(Array.from(head));
  });

  it('follows edits of the globals and the header', () => {
    const module = decodeModule(encodeModule(assemble(TEXT)), { lazyFunctions: false });
    module.header.bound += 3;
    for (const name of [...module.debugNames]) module.remove(name);
    const whole = encodeModule(module, { endianness: HOST_ENDIANNESS });
    expect(Array.from(encodeGlobals(module))).toEqual(Array.from(whole.subarray(0, functionsAt(whole))));
    expect(encodeGlobals(module)[3]).toBe(module.header.bound);
  });
});
