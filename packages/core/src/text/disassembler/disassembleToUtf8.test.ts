// disassembleToUtf8 is disassemble's text as UTF-8 bytes: the printer writes only ASCII and
// strings it checked to be UTF-8, so its buffer is exactly the encoding of the text. Checked here
// on strings that are not ASCII, strings that are not UTF-8 (printed as raw words) and every option.
import { describe, expect, it } from 'vitest';
import { encodeLiteralString } from '../../words/literalString.js';
import { decodeModule } from '../../binary/decodeModule.js';
import { Op } from '../../grammar/index.js';
import { assemble } from '../assembler/assemble.js';
import { disassemble, disassembleToUtf8 } from './disassemble.js';

const utf8 = new TextEncoder();

const TEXT = `OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main — ünïcödé ✓ 𝄞"
OpExecutionMode %main LocalSize 8 1 1
%file = OpString "shaders/ファイル.comp"
OpSource GLSL 450 %file "// ça marche
void main() {}
"
OpName %main "mäin"
OpName %x "x-€"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%f1 = OpConstant %float 1.5
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %file 2 3
%x = OpExtInst %float %glsl Sqrt %f1
OpReturn
OpFunctionEnd
`;

describe('disassembleToUtf8', () => {
  const module = assemble(TEXT);
  for (const options of [{}, { rawId: true }, { header: false }, { indent: false }, { offsets: true }]) {
    it(`is the UTF-8 of disassemble(), options ${JSON.stringify(options)}`, () => {
      expect(disassembleToUtf8(module, options)).toEqual(utf8.encode(disassemble(module, options)));
    });
  }

  it('is the UTF-8 of disassemble() where a string is not UTF-8 (raw words)', () => {
    const name = encodeLiteralString('ab');
    name[0] = (name[0] & 0xffff0000) | 0xc3ff; // 0xff is never UTF-8
    const body = [1, ...name];
    const words = Uint32Array.from([0x07230203, 0x00010300, 0, 2, 0, ((1 + body.length) << 16) | Op.Name, ...body, (2 << 16) | Op.TypeVoid, 1]);
    const m = decodeModule(words);
    expect(disassemble(m)).toContain('!');
    expect(disassembleToUtf8(m)).toEqual(utf8.encode(disassemble(m)));
  });
});
