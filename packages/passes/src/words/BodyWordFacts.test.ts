import { assemble, checkConsistency, decodeModule, encodeModule } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { BodyWordFactsAnalysis, bodyWordFact, holdBodyWordFact } from './BodyWordFacts.js';
import { FUNCTION_SPANS, bodyEdits, functionSpans } from './bodyWords.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd`;

const load = () => decodeModule(encodeModule(assemble(text)));

describe('BodyWordFacts', () => {
  it('finds a fact once per body words and keeps it across edits outside the functions', () => {
    const module = load();
    const edits = bodyEdits(module);
    const spans = functionSpans(module, edits);
    expect(spans).toHaveLength(1);
    module.removeWhere('debugNames', () => true);
    expect(bodyWordFact(FUNCTION_SPANS, module, edits, () => [])).toBe(spans);
  });

  it('is dropped when the bodies change', () => {
    const module = load();
    const facts = module.analysis(BodyWordFactsAnalysis);
    void module.functions; // decoding the bodies replaces the lazy words
    module.setOperands(module.functions[0].blocks[0].label, [module.functions[0].blocks[0].label.word(0)]);
    expect(module.analysis(BodyWordFactsAnalysis)).not.toBe(facts);
  });

  it('shows a held fact that no longer matches its words to checkConsistency', () => {
    const module = load();
    expect(checkConsistency(module)).toEqual([]);
    holdBodyWordFact(FUNCTION_SPANS, module, bodyEdits(module), []);
    expect(checkConsistency(module)).toEqual([expect.objectContaining({ analysis: 'body-word-facts', cached: 'function spans: stale' })]);
  });
});
