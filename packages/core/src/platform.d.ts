// The Web APIs core uses, present in Node 20 and every browser. Declared here so core does
// not pull in the DOM or Node type libraries (it must run in both).
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare const performance: { now(): number };
